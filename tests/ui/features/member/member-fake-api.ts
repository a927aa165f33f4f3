import type { AxiosAdapter, AxiosRequestConfig, AxiosResponse } from 'axios';
import { AxiosError } from 'axios';
import { Suspense } from 'react';
import { Outlet, type InitialEntry } from 'react-router-dom';
import { createElement } from 'react';
import { api } from '../../../../src/ui/lib/api-client';
import { memberRoutes } from '../../../../src/ui/features/member/routes';
import { PageLoader } from '../../../../src/ui/components/page-loader';
import { clearSession, startSession } from '../../../../src/ui/features/auth/session-store';
import { ROLES } from '../../../../src/shared/product';
import { renderRoutes } from '../../render-app';

export interface MemberCall {
  method: string;
  url: string;
  params: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: any;
}

type Answer = { status: number; data: unknown };
/** An answer, or a promise of one (an answer held back until the test lets it go). */
type Handler = (call: MemberCall) => Answer | Promise<Answer>;

/** Answers the member pages' calls in a screen test from handlers keyed by "METHOD url" (the server side is proven by tests/server/member). */
export function fakeMemberApi(handlers: Record<string, Handler>) {
  const calls: MemberCall[] = [];
  const adapter: AxiosAdapter = async (config: AxiosRequestConfig) => {
    const call: MemberCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: { ...(config.params ?? {}) },
      headers: { ...(config.headers ?? {}) },
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.url}`];
    const { status, data } = handler ? await handler(call) : { status: 404, data: { status: 404, message: `No route ${call.url}` } };
    const response = { status, data, statusText: String(status), headers: {}, config } as AxiosResponse;
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config as any, {}, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return calls;
}

export const refusal = (status: number, message: string, errors?: Record<string, string>) => ({ status, data: { status, message, ...(errors ? { errors } : {}), request_id: 'r1' } });

/** A signed-in member at `path`, with only the member area's routes. */
export function renderMemberAt(path: InitialEntry) {
  clearSession();
  startSession({ id: 3, email: 'member@cu.example', name: 'Marcus Member', first_name: 'Marcus', role_id: ROLES.CUSTOMER });
  const routes = [{ element: createElement(Suspense, { fallback: createElement(PageLoader) }, createElement(Outlet)), children: [...memberRoutes, { path: '/login', element: createElement('h1', null, 'Sign In') }] }];
  return renderRoutes(routes, path);
}
