import type { ApplicantContext } from './applicant-context';

// The country list may carry the name or the ISO code; both mean Trinidad and Tobago.
const HOME_COUNTRY = new Set(['trinidad and tobago', 'tt', 'tto']);

/** Nationality other than Trinidad and Tobago, or a foreign bank account declared (spec 4 section 2). */
export function isForeignNational(context: ApplicantContext): boolean {
  if (context.hasForeignBankAccount === true) return true;
  const nationality = typeof context.nationality === 'string' ? context.nationality.trim().toLowerCase() : '';
  return nationality !== '' && !HOME_COUNTRY.has(nationality);
}
