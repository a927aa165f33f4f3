import type { ColumnType, Generated, Selectable } from 'kysely';
import type { SignupApplicant } from '../../../shared/api-types.js';
import type { SignupStatus } from '../../../shared/statuses.js';
import type { ChangeRequest } from '../../../shared/onboarding/draft-types.js';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;


/** An onboarding application; `id` is issued by the server on POST /signups/ (DESIGN.md section 4). */
export interface SignupsTable extends SignupApplicant {
  id: string;
  status: Generated<SignupStatus>;
  /** SHA-256 of the applicant token (>= 128 bits) issued with the signup; never stored in clear. */
  applicant_token_hash: string;
  token_expires_on: Timestamp;
  gender: string | null;
  nationality: string | null;
  has_foreign_bank_account: Generated<boolean>;
  is_existing_customer: Generated<boolean>;
  is_minor: Generated<boolean>;
  /** argon2id of the password chosen at signup; becomes the member's password on approval. */
  password_hash: string;
  /** Existing customers: the member record matched by POST /onboarding/verify-account. */
  member_id: number | null;
  /** The online user created or linked on approval. */
  user_id: number | null;
  email_verified_on: NullableTimestamp;
  mobile_verified_on: NullableTimestamp;
  comments: string | null;
  created_on: ColumnType<Date, Date | string | undefined, never>;
  updated_on: Timestamp;
  submitted_on: NullableTimestamp;
  decided_on: NullableTimestamp;
  decided_by: number | null;
  /** The configuration (config_versions.hash) the application was started under. */
  config_version: ColumnType<string | null, string | null | undefined, string | null>;
  /** Reminder emails sent since the draft's last change (flows/onboarding.flow.json `resume.reminderDays`). */
  reminders_sent: Generated<number>;
  /** The reviewer's request for changes (lib/change-requests.ts), kept after the application is sent again. */
  change_request: ColumnType<ChangeRequest | null, string | null | undefined, string | null>;
  /** The names, email and mobile as the administrator's search reads them (accents folded): computed by the database, never written. */
  search_text: ColumnType<string, never, never>;
  /** The administrator who claimed the application (assignment), and since when. */
  assignee_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  assigned_on: NullableTimestamp;
  /** Risk flags computed from the application (lib/risk-flags.ts, rules in flows/review.json). */
  risk_flags: ColumnType<string[], string[] | undefined, string[]>;
  risk_flags_on: NullableTimestamp;
}

/** A request to continue an application from another device: the code went to `contact` (signup_id null: none matched). */
export interface SignupResumesTable {
  id: string;
  signup_id: string | null;
  contact: string;
  created_on: ColumnType<Date, Date | string | undefined, never>;
}

/** One approval of an application by one administrator (four eyes: a flagged application needs two). */
export interface SignupApprovalsTable {
  signup_id: string;
  admin_user_id: number;
  approved_on: ColumnType<Date, Date | string | undefined, never>;
}

/** A consent the applicant gave (terms, declarations): when, from which address, under which text version. */
export interface SignupConsentsTable {
  signup_id: string;
  consent: string;
  step: string;
  text_version: string;
  client_ip: string | null;
  agreed_on: ColumnType<Date, Date | string, Date | string>;
}

/** How many applications each back-office status holds, kept by a trigger on `signups` (drafts are not counted). */
export interface SignupStatusCountsTable {
  status: SignupStatus;
  total: number;
}

/** One row per (signup, step): the validated body of that step; resubmitting replaces it. */
export interface SignupStepsTable {
  signup_id: string;
  step: string;
  data: ColumnType<unknown, string | unknown, string | unknown>;
  updated_on: Timestamp;
  /** The configuration (config_versions.hash) the step was validated under. */
  config_version: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Uploaded documents: stored under a random name outside anything served. */
export interface SignupFilesTable {
  id: string;
  signup_id: string;
  step: string;
  field: string;
  original_name: string;
  stored_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  created_on: ColumnType<Date, Date | string | undefined, never>;
}

export type Signup = Selectable<SignupsTable>;
