import type { ApplicantContext } from './applicant-context';

/** The server has issued a signup id for this applicant (POST /signups/). */
export function hasSignupId(context: ApplicantContext): boolean {
  return typeof context.signupId === 'string' && context.signupId.length > 0;
}
