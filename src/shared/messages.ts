// Messages the server sends and the browser shows, written once (spec 2 section 8 and the call tables).

/** The general message of a refused body whose field messages say what to fix. */
export const FIX_FIELDS = 'Please correct the highlighted fields.';
/** An email address or mobile number another account already holds. */
export const EMAIL_TAKEN = 'This email address is already registered with another account';
export const MOBILE_TAKEN = 'This mobile number is already registered with another account';
