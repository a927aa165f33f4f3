import type { StepRef } from '../../../shared/flow/flow-types';
import { APPLICANT_TOKEN_HEADER } from '../../../shared/product';
import type { FileStore } from '../../forms/file-store';
import { funnelHeaders } from './funnel-events';

/** Turns a body into multipart: a file field (names held in the FileStore) becomes one part per file. */
export function toMultipart(body: Record<string, unknown>, files: FileStore): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && files.has(v))) {
      for (const name of value as string[]) form.append(key, files.get(name)!, name);
    } else if (Array.isArray(value)) {
      for (const item of value) form.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    } else {
      form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
  }
  return form;
}

/** Per-file progress from a multipart upload's loaded bytes: files fill in the order they were appended. */
export function perFileProgress(body: Record<string, unknown>, files: FileStore, loaded: number): Record<string, number> {
  const out: Record<string, number> = {};
  let offset = 0;
  for (const value of Object.values(body)) {
    if (!Array.isArray(value)) continue;
    for (const name of value) {
      const file = typeof name === 'string' ? files.get(name) : undefined;
      if (!file) continue;
      const done = Math.max(0, Math.min(file.size, loaded - offset));
      out[name as string] = file.size ? Math.round((done / file.size) * 100) : 100;
      offset += file.size;
    }
  }
  return out;
}

/** Headers and body additions for an applicant call: the applicant token, the funnel's visit and step, and signup_id when the step wants it. */
export function applicantCall(step: StepRef, applicant: Record<string, unknown>, body: Record<string, unknown>): { body: Record<string, unknown>; headers: Record<string, string> } {
  // The funnel counts the call under the wizard's visit and this step (names only, nothing the applicant typed).
  const headers: Record<string, string> = funnelHeaders(step.id);
  if (typeof applicant.applicantToken === 'string') headers[APPLICANT_TOKEN_HEADER] = applicant.applicantToken;
  const include = step.submit?.includeSignupId ?? Boolean(step.requiresSignupId);
  return { body: include && applicant.signupId ? { ...body, signup_id: applicant.signupId } : body, headers };
}

