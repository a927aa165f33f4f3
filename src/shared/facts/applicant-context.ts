/**
 * What the wizard knows about the applicant, filled by the steps' `remember` entries (flow file) and
 * saved with the progress. Keys beyond these are allowed: a new `remember` entry needs no TypeScript.
 */
export interface ApplicantContext {
  signupId?: string;
  applicantToken?: string;
  customerType?: 'new' | 'existing' | string;
  dob?: string;
  nationality?: string;
  hasForeignBankAccount?: boolean;
  email?: string;
  mobile?: string;
  [key: string]: unknown;
}
