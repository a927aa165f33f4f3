import { HOME_COUNTRY } from './product.js';

/**
 * The one stored and compared form of a mobile number: `+` and digits only (E.164 style), so
 * `+1 868 300 0002`, `+1 (868) 300-0002`, `1-868-300-0002`, `868 300 0002`, `300-0002` and
 * `+18683000002` are the same number. A leading `+` or `00` means the digits already start with a
 * country code; ten digits starting 2-9 are a North American number (+1); seven digits are a local
 * number in the home area (HOME_COUNTRY: Trinidad and Tobago, +1 868). A trunk 0 in brackets after the country code
 * (`+44 (0)7700 900123`) is dropped. Used by every place that stores or looks up a member's, user's or
 * applicant's mobile (admin user form, sign-up, uniqueness checks, searches); the forms' patterns
 * decide what may be typed.
 */
export function normaliseMobile(text: string): string {
  // "+44 (0)7700 ...": the bracketed trunk 0 after a country code is not dialled from abroad.
  const trimmed = text.trim().replace(/^[\s(]+/, '').replace(/^((?:\+|00)\d{1,3})\s*\(0\)/, '$1');
  let digits = trimmed.replace(/\D/g, '');
  if (!digits) return '';
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (trimmed.startsWith('00')) {
    digits = digits.slice(2);
    return `+${digits}`;
  }
  if (digits.length === 7) return `+${HOME_COUNTRY.callingCode}${HOME_COUNTRY.areaCode}${digits}`;
  if (digits.length === 10 && /^[2-9]/.test(digits)) return `+${HOME_COUNTRY.callingCode}${digits}`;
  return `+${digits}`;
}

/** The digits of a search text that looks like (part of) a phone number, for matching stored numbers; else null. */
export function mobileSearchDigits(search: string): string | null {
  if (!/^[\d\s()+.-]+$/.test(search)) return null;
  const digits = search.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
}
