import { REQUEST_TEXTS } from '../../shared/request-texts';
import { fillText } from '../../shared/fill-text';
/** The shared error translation of spec 2 section 8: any failed call -> one general message + field messages. */
export interface TranslatedError {
  status: number | null;
  message: string;
  fieldErrors: Record<string, string>;
}

interface ErrorLike {
  response?: { status: number; data?: unknown };
  request?: unknown;
  message?: string;
}

/** The words for an answer that brings none (forms/messages/requests.json), by status. */
const STATUS_FALLBACK: Record<number, keyof typeof REQUEST_TEXTS> = { 400: 'invalidRequest', 401: 'signInRequired', 403: 'accessDenied', 404: 'notFound' };

const MESSAGE_KEYS = ['detail', 'message', 'error', 'description', 'errorMessage'] as const;
const FIELD_KEYS = ['errors', 'fieldErrors', 'validation_errors', 'field_errors', 'validationErrors'] as const;

function fallbackFor(status: number): string {
  if (status >= 500) return REQUEST_TEXTS.serverError;
  return REQUEST_TEXTS[STATUS_FALLBACK[status] ?? 'otherError'];
}

/** Server text cleanup (spec 2 section 8): integrity errors to friendly wording, database details stripped. */
export function cleanServerText(text: string): string {
  const lower = text.toLowerCase();
  const isUnique = /unique|duplicate|already exists|integrity/.test(lower);
  if (isUnique && /mobile/.test(lower)) return REQUEST_TEXTS.mobileTaken;
  if (isUnique && /email/.test(lower)) return REQUEST_TEXTS.emailTaken;
  if (isUnique) return REQUEST_TEXTS.alreadyRegistered;
  if (text.trim() === 'Error creating signup') return REQUEST_TEXTS.registrationFailed;
  if (/\b(sql|select|insert|update|violates|constraint|relation|postgres|sqlstate)\b/.test(lower)) return REQUEST_TEXTS.unexpectedError;
  return text;
}

function readFieldErrors(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of FIELD_KEYS) {
    const value = body[key];
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [field, message] of Object.entries(value as Record<string, unknown>)) {
        const text = Array.isArray(message) ? message[0] : message;
        if (typeof text === 'string' && !(field in out)) out[field] = cleanServerText(text);
      }
    }
  }
  return out;
}

/** Translates an axios-like error into the message the user sees (spec 2 section 8). */
export function translateApiError(error: unknown): TranslatedError {
  const e = (error ?? {}) as ErrorLike;
  if (!e.response) {
    return { status: null, message: REQUEST_TEXTS.networkError, fieldErrors: {} };
  }
  const { status } = e.response;
  const body = e.response.data;
  if (!body || typeof body !== 'object') {
    return { status, message: fallbackFor(status), fieldErrors: {} };
  }
  const record = body as Record<string, unknown>;
  const fieldErrors = readFieldErrors(record);
  let message: string | undefined;

  if (Array.isArray(record.detail)) {
    // FastAPI-style list: each entry's last location element names the field.
    const general: string[] = [];
    for (const entry of record.detail as Array<{ loc?: unknown[]; msg?: string }>) {
      const loc = entry?.loc;
      const field = Array.isArray(loc) && loc.length > 0 ? String(loc[loc.length - 1]) : undefined;
      const msg = typeof entry?.msg === 'string' ? cleanServerText(entry.msg) : undefined;
      if (!msg) continue;
      if (field && field !== 'body' && !(field in fieldErrors)) fieldErrors[field] = msg;
      else general.push(msg);
    }
    if (general.length) message = general.join(' ');
  } else {
    for (const key of MESSAGE_KEYS) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) {
        message = cleanServerText(value);
        break;
      }
    }
  }

  if (!message) message = fallbackFor(status);
  else if (status >= 500) message = fillText(REQUEST_TEXTS.withServerError, { message, status });
  else if (status === 404) message = fillText(REQUEST_TEXTS.withNotFound, { message });
  return { status, message, fieldErrors };
}
