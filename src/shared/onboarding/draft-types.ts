import type { ApplicantContext } from '../facts/applicant-context';

// What GET /api/onboarding/draft answers (src/server/lib/draft-state.ts), read by the wizard's resume page.

export type DraftStepStatus = 'done' | 'skipped' | 'reopened' | 'todo';

export interface DraftStep {
  step: string;
  title: string;
  route: string;
  status: DraftStepStatus;
  /** Why a step needs the applicant again (reopened, or new since the application was started). */
  reason?: string;
  /** Reopened: each field at fault with its reason ('This question is new.' or the form's message). */
  fields?: Record<string, string>;
  /** What the step stored, without passwords or files (the form is filled from it). */
  data?: Record<string, unknown>;
  /** The step's documents, by name. */
  files?: Array<{ field: string; name: string; size_bytes: number }>;
}

export interface DraftState {
  signup_id: string;
  /** The step the applicant continues on. */
  landing: string;
  /** The steps counted done (skipped ones too), in path order. */
  completed: string[];
  /** The facts and remembered values the wizard keeps (without the applicant token). */
  applicant: ApplicantContext;
  steps: DraftStep[];
  config_version: string;
  /** The version the application was started under (null for applications older than versions). */
  started_under: string | null;
}

/** A reviewer's request for changes to an application (signups.change_request). */
export interface ChangeRequest {
  steps: string[];
  message: string;
  requested_on: string;
  requested_by: number;
  /** When the applicant sent the application again, and which steps they had sent again by then. */
  resubmitted_on?: string;
  changed?: string[];
}
