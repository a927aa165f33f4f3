import axios, { type AxiosError, type AxiosResponse } from 'axios';
import { API_KEY_HEADER, API_SECRET_HEADER, API_TIMEOUT_MS, APPLICANT_TOKEN_HEADER, TOKEN_HEADER } from '../../shared/product';
import { isSessionEndingUnauthorized, sessionEndedByServer, sessionToken, setSessionToken } from './session-token';

export { isSessionEndingUnauthorized, setSessionToken, setUnauthorizedHandler } from './session-token';

/**
 * The one axios instance (spec 1 section 7): 30 s timeout, JSON, the client-identification headers,
 * and the session token header when one is held. The browser's real credential is the HttpOnly
 * session cookie; the token from /device-verifications/verify is kept in memory only, never in storage.
 */
export const api = axios.create({
  baseURL: '/api',
  timeout: API_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json', [API_KEY_HEADER]: __API_KEY__, [API_SECRET_HEADER]: __API_SECRET__ },
  withCredentials: true,
});

api.interceptors.request.use((config) => {
  const token = sessionToken();
  if (token) config.headers.set(TOKEN_HEADER, token);
  if (typeof FormData !== 'undefined' && config.data instanceof FormData) config.headers.delete('Content-Type');
  return config;
});

api.interceptors.response.use(
  (response: AxiosResponse) => {
    const url = response.config.url ?? '';
    const token = (response.data as { access_token?: unknown } | undefined)?.access_token;
    if (url.includes('/device-verifications/verify') && typeof token === 'string' && token) setSessionToken(token);
    return response;
  },
  (error: AxiosError) => {
    const applicant = Boolean(error.config?.headers?.[APPLICANT_TOKEN_HEADER]);
    if (isSessionEndingUnauthorized(error.response?.status, error.config?.url, { method: error.config?.method, applicant })) sessionEndedByServer();
    return Promise.reject(error);
  },
);

type Config = Parameters<typeof api.request>[0];
/** Calls resolve to the response body (spec 1 section 7). */
export const http = {
  get: <T>(url: string, config?: Config) => api.get<T>(url, config).then((r) => r.data),
  post: <T>(url: string, data?: unknown, config?: Config) => api.post<T>(url, data, config).then((r) => r.data),
  put: <T>(url: string, data?: unknown, config?: Config) => api.put<T>(url, data, config).then((r) => r.data),
  delete: <T>(url: string, config?: Config) => api.delete<T>(url, config).then((r) => r.data),
};
