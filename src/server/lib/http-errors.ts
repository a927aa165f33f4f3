import { REQUEST_TEXTS } from '../../shared/messages.js';
/** An error with an HTTP status and a message that is safe to show; field errors go under `errors`. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = (message = REQUEST_TEXTS.signInRequired) => new HttpError(401, message);
export const forbidden = (message = REQUEST_TEXTS.accessDenied) => new HttpError(403, message);
export const notFound = (message = REQUEST_TEXTS.notFound) => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new HttpError(409, message, errors);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
export const tooMany = (message: string, retryAfterSeconds?: number) =>
  new HttpError(429, message, undefined, retryAfterSeconds ? { 'retry-after': String(Math.ceil(retryAfterSeconds)) } : undefined);

/** The server's not-found answers, one wording each (an id that does not exist, or that this caller may not see). */
export const missing = (what: 'signup' | 'user' | 'account' | 'document') => notFound(REQUEST_TEXTS[`${what}NotFound`]);
