import type { OtpConfig } from './flow-types';

/**
 * The code checks an otp step can name (its `otp.operation` with its `otp.identifierType`), each with the
 * outbox purpose of the message that carries the code. The server proves each one at final submission
 * (src/server/routes/signups/submit-application.ts); the checker refuses any other pair.
 *  - signup:email, signup:mobile: a code to the email or mobile the applicant typed.
 *  - account_claim:on_file: a code to the mobile (else email) the credit union holds for the member whose
 *    accounts the applicant claims, never to a contact typed in the application.
 * `maxResends`: the resends the server allows after the first code; a step's `otp.maxResends` may offer fewer, never
 * more (the page's further Resends would be refused).
 */
export const MAX_MOBILE_RESENDS = 3;
/** Email codes are cheaper but still capped, so a script cannot mail a victim without end. */
export const MAX_EMAIL_RESENDS = 10;

export const OTP_OPERATIONS = {
  'signup:email': { purpose: 'signup_email_code', maxResends: MAX_EMAIL_RESENDS },
  'signup:mobile': { purpose: 'signup_mobile_code', maxResends: MAX_MOBILE_RESENDS },
  'account_claim:on_file': { purpose: 'account_claim_code', maxResends: MAX_MOBILE_RESENDS },
  'sign_in:mobile': { purpose: 'sign_in_code', maxResends: MAX_MOBILE_RESENDS },
} as const;

export type OtpOperationKey = keyof typeof OTP_OPERATIONS;

export function otpKey(otp: Pick<OtpConfig, 'operation' | 'identifierType'>): string {
  return `${otp.operation}:${otp.identifierType}`;
}

/** The outbox purpose of the step's code (what QA's replays read from the development outbox). */
export function otpPurpose(otp: Pick<OtpConfig, 'operation' | 'identifierType'>): string | undefined {
  return (OTP_OPERATIONS as Record<string, { purpose: string }>)[otpKey(otp)]?.purpose;
}
