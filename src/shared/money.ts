/** Money helpers shared by the browser and the server: amounts travel as dollars, live as integer cents. */

/** The largest single transfer the product accepts, in dollars (far below 2^53 cents). */
export const MAX_TRANSFER_DOLLARS = 1_000_000_000;

/**
 * Converts a dollar amount with at most two decimals to integer cents, exactly (no float drift):
 * the number's shortest decimal form is parsed as text. Returns null for anything else
 * (non-numbers, NaN, zero, negatives, fractions of a cent, exponent forms, above the maximum).
 */
export function dollarsToCents(amount: unknown): number | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || amount > MAX_TRANSFER_DOLLARS) return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(amount));
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents > 0 ? cents : null;
}

/**
 * Reads what a person typed ('$1,250.50', ' 20 ', '1 000') as a number of dollars: the spec strips $, commas and
 * spaces, here only where they group thousands. '1,00' or '12,5' (a comma for the decimal point, as much of the
 * world writes it) is no amount rather than 100 or 125: undefined, and the form says the amount is not valid.
 */
export function parseTypedAmount(text: string): number | undefined {
  const cleaned = text.replace(/\$/g, '').trim();
  if (!/^(?:\d{1,3}(?:[,\s]\d{3})+|\d+)(?:\.\d*)?$|^\.\d+$/.test(cleaned)) return undefined;
  return Number(cleaned.replace(/[,\s]/g, ''));
}

/** Cents as dollars (a JSON number); exact enough to display because it is always formatted from cents. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** 'TTD $1,250.50' from 125050 cents (negative amounts as '-TTD $12.00'). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}TTD $${whole}.${String(abs % 100).padStart(2, '0')}`;
}
