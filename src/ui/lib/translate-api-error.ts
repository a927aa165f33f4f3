import { REQUEST_TEXTS } from '../../shared/messages';
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

const STATUS_FALLBACK: Record<number, string> = {
  400: 'Invalid request. Please check your input.',
  401: 'Authentication required. Please log in.',
  403: 'Access denied.',
  404: 'Resource not found.',
};

const MESSAGE_KEYS = ['detail', 'message', 'error', 'description', 'errorMessage'] as const;
const FIELD_KEYS = ['errors', 'fieldErrors', 'validation_errors', 'field_errors', 'validationErrors'] as const;

function fallbackFor(status: number): string {
  if (status >= 500) return 'Server error. Please try again later.';
  return STATUS_FALLBACK[status] ?? 'An error occurred. Please try again.';
}

/** Server text cleanup (spec 2 section 8): integrity errors to friendly wording, database details stripped. */
export function cleanServerText(text: string): string {
  const lower = text.toLowerCase();
  const isUnique = /unique|duplicate|already exists|integrity/.test(lower);
  if (isUnique && /mobile/.test(lower)) return REQUEST_TEXTS.mobileTaken;
  if (isUnique && /email/.test(lower)) return REQUEST_TEXTS.emailTaken;
  if (isUnique) return 'This information is already registered in our system';
  if (text.trim() === 'Error creating signup') return 'Registration failed. Please check your information and try again';
  if (/\b(sql|select|insert|update|violates|constraint|relation|postgres|sqlstate)\b/.test(lower)) return 'An unexpected error occurred';
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
    return { status: null, message: 'Network error. Please check your connection.', fieldErrors: {} };
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
  else if (status >= 500) message = `${message} (Server Error ${status})`;
  else if (status === 404) message = `${message} (Not Found)`;
  return { status, message, fieldErrors };
}
