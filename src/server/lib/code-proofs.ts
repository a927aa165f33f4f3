import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { Signup } from '../db/tables/signups.table.js';
import type { StepRef } from '../../shared/flow/flow-types.js';
import { provenClaim } from './account-claims.js';
import { otpKey, type OtpOperationKey } from '../../shared/flow/otp-operations.js';
import { ONBOARDING_TEXTS } from '../../shared/messages.js';

type Db = Kysely<Database>;

/**
 * How the server knows each code check of the flow was passed (src/shared/flow/otp-operations.ts names
 * them): an otp step on the applicant's path that is not proven here blocks final submission, with its message from
 * forms/messages/onboarding.json (read when said: the server's start may replace the file's texts, CONFIG_ROOT).
 */
const OTP_PROOFS: Record<Exclude<OtpOperationKey, 'sign_in:mobile'>, { proven: (db: Db, signup: Signup) => Promise<boolean>; message: () => string }> = {
  'signup:email': { proven: async (_db, signup) => signup.email_verified_on !== null, message: () => ONBOARDING_TEXTS.verifyEmailFirst },
  'signup:mobile': { proven: async (_db, signup) => signup.mobile_verified_on !== null, message: () => ONBOARDING_TEXTS.verifyMobileFirst },
  'account_claim:on_file': {
    proven: async (db, signup) => (await provenClaim(db, signup)) !== undefined,
    message: () => ONBOARDING_TEXTS.enterClaimCodeFirst,
  },
};

/** The otp steps of this path whose code the applicant has not entered, with the message for each. */
export async function unprovenCodeSteps(db: Db, signup: Signup, stepsOnPath: StepRef[]): Promise<Array<{ step: StepRef; message: string }>> {
  const out: Array<{ step: StepRef; message: string }> = [];
  for (const step of stepsOnPath) {
    if (step.kind !== 'otp' || !step.otp) continue;
    const proof = (OTP_PROOFS as Record<string, (typeof OTP_PROOFS)['signup:email']>)[otpKey(step.otp)];
    if (!proof) throw new Error(`No server proof for the code check "${otpKey(step.otp)}" of step ${step.id}`);
    if (!(await proof.proven(db, signup))) out.push({ step, message: proof.message() });
  }
  return out;
}

