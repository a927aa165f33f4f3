import type { AxiosAdapter, AxiosRequestConfig, AxiosResponse } from 'axios';
import { AxiosError } from 'axios';
import { api } from '../../../src/ui/lib/api-client';

export interface RecordedCall {
  url: string;
  body: any;
}

type Handler = (body: any) => { status: number; data: unknown; headers?: Record<string, string> };

/**
 * Answers the UI's calls in a screen test from a table of handlers (these tests are about the screens; the
 * server's side is proven by tests/server/auth against the real app).
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const adapter: AxiosAdapter = async (config: AxiosRequestConfig) => {
    const url = config.url ?? '';
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ url, body });
    const handler = handlers[url];
    const { status, data, headers = {} } = handler ? handler(body) : { status: 404, data: { status: 404, message: `No route ${url}` } };
    const response = { status, data, statusText: String(status), headers, config } as AxiosResponse;
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config as any, {}, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return calls;
}

export function errorBody(status: number, message: string, errors?: Record<string, string>) {
  return { status, data: { status, message, detail: message, ...(errors ? { errors } : {}), request_id: 'r1' } };
}
