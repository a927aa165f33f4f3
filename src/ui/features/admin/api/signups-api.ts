import type { JsonObject } from '../../../../shared/forms/form-registry';
import type { ChangeRequest } from '../../../../shared/onboarding/draft-types';
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
  /** Risk flag ids (flows/review.json); the answer's `flag_labels` gives their words. */
  risk_flags: string[];
  assignee_user_id: number | null;
  assignee_name: string | null;
  assigned_on: string | null;
  /** In the list: who approved it so far (an application awaiting its second approval). */
  approved_by?: number[];
}

/** A consent the applicant gave: when, from which address, and the version of the text they saw. */
export interface SignupConsent {
  consent: string;
  label: string;
  step: string;
  text_version: string;
  current_version: boolean;
  client_ip: string | null;
  agreed_on: string;
}

export interface SignupApproval {
  admin_user_id: number;
  admin_name: string | null;
  approved_on: string;
}

/** The list's filters: a status filter name (shared/statuses.ts), search text, and only the caller's. */
export interface SignupListQuery {
  page: number;
  pageSize: number;
  status?: string;
  search?: string;
  mine?: boolean;
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
  /** Sent again by the applicant after a request for changes. */
  changed_after_request?: boolean;
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

export function fetchSignups({ page, pageSize, status, search, mine }: SignupListQuery) {
  const params = { page, page_size: pageSize, ...(status ? { status } : {}), ...(search ? { search } : {}), ...(mine ? { mine: true } : {}) };
  return http.get<{ signups: AdminSignup[]; total: number; flag_labels: Record<string, string> }>('/signups', { params });
}

export function fetchSignup(id: string) {
  return http.get<{
    signup: AdminSignup;
    steps: SignupStep[];
    files: SignupDocument[];
    audit: AuditEntry[];
    claim: AccountClaimReview | null;
    consents: SignupConsent[];
    approvals: SignupApproval[];
    approvals_needed: number;
    flag_labels: Record<string, string>;
    change_request: ChangeRequest | null;
  }>(`/signups/${encodeURIComponent(id)}`);
}

/** The administrators an application can be assigned to. */
export function fetchAssignees() {
  return http.get<{ administrators: Array<{ id: number; name: string; email?: string }> }>('/signups/assignees');
}

export function claimSignup(signupId: string) {
  return http.put<{ message: string }>('/signups/claim', { signup_id: signupId });
}

export function releaseSignup(signupId: string) {
  return http.put<{ message: string }>('/signups/release', { signup_id: signupId });
}

export function reassignSignup(signupId: string, userId: number) {
  return http.put<{ message: string }>('/signups/reassign', { signup_id: signupId, user_id: userId });
}

/** Sends the application back to the applicant for these steps, with the reviewer's message. */
export function requestSignupChanges(signupId: string, steps: string[], message: string) {
  return http.put<{ message: string }>('/signups/request-changes', { signup_id: signupId, steps, message });
}

export function referSignup(signupId: string, reason?: string) {
  return http.put<{ message: string }>('/signups/refer', { signup_id: signupId, ...(reason ? { reason } : {}) });
}

export function approveSignup(signupId: string) {
  return http.put<{ message: string; status: string }>('/signups/approve', { signup_id: signupId });
}

/** The reason (optional) is the credit union's own record, in the audit trail; the applicant's email does not carry it. */
export function rejectSignup(signupId: string, reason?: string) {
  return http.put<{ message: string }>('/signups/reject', { signup_id: signupId, ...(reason ? { reason } : {}) });
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
