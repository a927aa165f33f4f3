import { translateApiError } from '../../lib/translate-api-error';
import { AUTH_TEXTS } from '../../../shared/auth-texts';
import { RESEND_COOLDOWN_SECONDS } from '../../../shared/resend-wait';

interface ErrorLike {
  response?: { status: number; headers?: Record<string, unknown>; data?: { detail?: unknown; message?: unknown; error?: unknown; errors?: Record<string, string> } };
}

function status(error: unknown): number | undefined {
  return (error as ErrorLike)?.response?.status;
}

function serverText(error: unknown): string | undefined {
  const data = (error as ErrorLike)?.response?.data;
  for (const value of [data?.detail, data?.message, data?.error]) if (typeof value === 'string' && value.trim()) return value;
  return undefined;
}

/** Login error catalogue (spec 1 section 8, its words in forms/messages/auth.json); other statuses pass the server's text through. */
export function loginErrorMessage(error: unknown): string {
  switch (status(error)) {
    case 401:
      return AUTH_TEXTS.invalidCredentials;
    case 403:
      return AUTH_TEXTS.accountLocked;
    case 429:
      return AUTH_TEXTS.tooManyLogins;
    case 500:
      return AUTH_TEXTS.serverError;
    default:
      return translateApiError(error).message;
  }
}

/** Reset, send code. */
export function resetSendErrorMessage(error: unknown): string {
  switch (status(error)) {
    case 404:
      return AUTH_TEXTS.emailNotFound;
    case 422:
      return serverText(error) ?? AUTH_TEXTS.invalidRequestFormat;
    case 429: {
      // The wait after a code just sent (another window of the same person, or a reload that lost the code step):
      // says what to do and when, where the hour's limit keeps the specification's words.
      const wait = Number((error as ErrorLike).response?.headers?.['retry-after']);
      return wait > 0 && wait <= RESEND_COOLDOWN_SECONDS ? AUTH_TEXTS.resetSentMomentsAgo : AUTH_TEXTS.tooManyResets;
    }
    case 500:
      return AUTH_TEXTS.serverError;
    case undefined:
      return translateApiError(error).message;
    default:
      return serverText(error) ?? AUTH_TEXTS.resetSendFailed;
  }
}

/** Reset, verify code. */
export function resetVerifyErrorMessage(error: unknown): string {
  switch (status(error)) {
    case 401:
      return AUTH_TEXTS.invalidCode;
    case 403:
      return AUTH_TEXTS.expiredCode;
    case 429:
      return AUTH_TEXTS.tooManyVerifications;
    case 500:
      return serverText(error) ?? AUTH_TEXTS.resetVerifyFailed;
    case undefined:
      return translateApiError(error).message;
    default:
      return serverText(error) ?? AUTH_TEXTS.resetVerifyFailed;
  }
}

/** Reset, update password; the field message (which rule failed) is returned too. */
export function resetUpdateError(error: unknown): { message: string; field?: string } {
  const field = (error as ErrorLike)?.response?.data?.errors?.new_password;
  switch (status(error)) {
    case 401:
      return { message: AUTH_TEXTS.invalidResetToken };
    case 400:
      // Spec 1 section 8's words for a password the policy refuses; the current password refused has its own.
      return { message: field === AUTH_TEXTS.samePassword ? AUTH_TEXTS.samePassword : AUTH_TEXTS.invalidPasswordFormat, field };
    case 500:
      return { message: serverText(error) ?? AUTH_TEXTS.resetUpdateFailed };
    case undefined:
      return { message: translateApiError(error).message };
    default:
      return { message: serverText(error) ?? AUTH_TEXTS.resetUpdateFailed };
  }
}
