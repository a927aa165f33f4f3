import { formatCents } from './money.js';
// Messages the server sends and the browser shows, written once (spec 2 section 8 and the call tables).

/** The general message of a refused body whose field messages say what to fix. */
export const FIX_FIELDS = 'Please correct the highlighted fields.';
/** A body of another type than JSON (text, XML, multipart) on a route that reads JSON: a 415. */
export const JSON_ONLY_MESSAGE = 'Send the request body as JSON (Content-Type: application/json).';
/** An email address or mobile number another account already holds. */
export const EMAIL_TAKEN = 'This email address is already registered with another account';
export const MOBILE_TAKEN = 'This mobile number is already registered with another account';

/** Transfers to another member: the confirmation code and the limits (DESIGN.md "Transfers to another member"). */
/** A transfer of more than its account holds: the server's refusal, and the form's before the member confirms. */
export function insufficientFundsMessage(availableCents?: number): string {
  return availableCents === undefined
    ? 'Insufficient funds: the amount is more than the available balance.'
    : `Insufficient funds: the amount is more than the available balance of ${formatCents(availableCents)}.`;
}

export const TRANSFER_TEXTS = {
  codeSent: 'We sent a 6-digit code to confirm this transfer.',
  noCode: 'No code is waiting for this transfer. Request a new code.',
  differentTransfer: 'This code was sent for a different transfer. Request a new code.',
  invalidCode: 'Incorrect code. Check the code in your message and try again.',
  expiredCode: 'This code has expired. Request a new code.',
  tooManyCodes: 'Too many transfer codes were requested. Please try again in an hour.',
  noContact: 'A transfer to another member needs a mobile number on file to receive its code. Please contact the credit union.',
  notFound: 'No account with this number and type was found. Check the destination account number and type.',
  tooManyNotFound: 'Too many account numbers you entered were not found. Check the number with the other member, and try again in an hour.',
  keyUsed: 'This Idempotency-Key was already used for a different transfer. Start a new transfer to send again.',
  alreadyMade: 'This transfer has already been made: it needs no code. Start a new transfer to send again.',
} as const;

/** A reviewer's request for changes: its limit and its messages, for the server's body schema and the dialog alike. */
export const REQUEST_CHANGES = {
  maxMessage: 1000,
  noSteps: 'Please choose at least one step to change.',
  noMessage: 'Please write what the applicant should change.',
  tooLong: 'The message cannot exceed 1000 characters.',
} as const;

/** An administrator giving their own account another role: refused by the server, said beside their own Role field. */
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own role: another administrator must do it.';

/** A customer whose online access no membership backs (an administrator created the user): why the member area is empty. */
export const NO_MEMBERSHIP_MESSAGE = 'Your online banking is not linked to a membership yet, so there are no accounts to show. Please contact the credit union.';

/** A chosen document of 0 bytes: refused by the page at once and by the server, each naming the file. */
export const EMPTY_FILE_MESSAGE = 'The file is empty. Please choose the document itself.';

/** Shares that add up to more than their total (spec 4, beneficiaries): at Add, and for a record sent on its own. */
export const TOTAL_EXCEEDED_MESSAGE = 'Total percentage cannot exceed 100%';
