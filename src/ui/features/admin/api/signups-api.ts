import type { JsonObject } from '../../../../shared/forms/form-registry';
import { api, http } from '../../../lib/api-client';
import type { AccountClaimReview, AuditEntry, SignupApplicant } from '../../../../shared/api-types';

/** A submitted application as GET /signups lists it (spec 2 section 3). */
export interface AdminSignup extends SignupApplicant {
  id: string;
  status: string;
  is_existing_customer: boolean;
  is_minor: boolean;
  comments: string | null;
  created_on: string;
  submitted_on: string | null;
  decided_on: string | null;
  user_id: number | null;
  member_id: number | null;
}

export interface SignupStep {
  step: string;
  title: string;
  form: string | null;
  data: Record<string, unknown>;
  updated_on: string;
  /** The configuration version the step was validated under. */
  config_version?: string | null;
  /** That version's form, when it has changed since (the review shows the step with it). */
  form_then?: { schema: JsonObject; uiSchema: JsonObject };
}

export interface SignupDocument {
  id: string;
  step: string;
  field: string;
  original_name: string;
  content_type: string;
  size_bytes: number;
  created_on: string;
}

export function fetchSignups(page: number, pageSize: number) {
  return http.get<{ signups: AdminSignup[]; total: number }>('/signups', { params: { page, page_size: pageSize } });
}

export function fetchSignup(id: string) {
  return http.get<{ signup: AdminSignup; steps: SignupStep[]; files: SignupDocument[]; audit: AuditEntry[]; claim: AccountClaimReview | null }>(`/signups/${encodeURIComponent(id)}`);
}

export function approveSignup(signupId: string) {
  return http.put<{ message: string }>('/signups/approve', { signup_id: signupId });
}

export function rejectSignup(signupId: string) {
  return http.put<{ message: string }>('/signups/reject', { signup_id: signupId });
}

export function commentOnSignup(signupId: string, comments: string) {
  return http.put<{ message: string }>('/signups/comment', { signup_id: signupId, comments });
}

/** Downloads a document through the API (the session goes with it) and hands it to the browser as a file. */
export async function downloadSignupDocument(signupId: string, file: SignupDocument): Promise<void> {
  const res = await api.get<Blob>(`/signups/${encodeURIComponent(signupId)}/files/${encodeURIComponent(file.id)}`, { responseType: 'blob' });
  const url = URL.createObjectURL(res.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.original_name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
