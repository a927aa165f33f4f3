import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { api } from '../../../src/ui/lib/api-client';
import type { TestApp } from '../../helpers/test-app';

/**
 * Points the UI's one axios instance at a real app built in the test (real routes, real database) through
 * `inject`, so screen tests exercise the true server answers instead of hand-written replies.
 */
export function routeApiTo(t: TestApp): () => void {
  const original = api.defaults.adapter;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = api.getUri(config);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(AxiosHeaders.from(config.headers as any).toJSON())) if (typeof v === 'string') headers[k.toLowerCase()] = v;
    // As axios's browser adapter does: no body, no Content-Type (Fastify refuses an empty JSON body).
    if (config.data === undefined) delete headers['content-type'];
    const res = await t.call({
      method: (config.method ?? 'get').toUpperCase() as any,
      url: url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url,
      headers,
      payload: config.data === undefined ? undefined : typeof config.data === 'string' ? config.data : JSON.stringify(config.data),
    });
    let data: unknown = res.body;
    try {
      data = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      // not JSON: keep the text
    }
    const response = { data, status: res.statusCode, statusText: res.statusMessage, headers: res.headers as any, config, request: {} };
    if (res.statusCode >= 400) {
      throw new AxiosError(`Request failed with status code ${res.statusCode}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
    }
    return response;
  };
  api.defaults.adapter = adapter;
  return () => {
    api.defaults.adapter = original;
  };
}
