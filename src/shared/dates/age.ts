const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD that is a day of the calendar (not 2024-02-30 or 2001-13-01). */
export function isCalendarDay(text: unknown): text is string {
  if (typeof text !== 'string' || !DAY.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Whole years from a birth date to a day (both YYYY-MM-DD), the birthday itself counting; null when either is
 * not a calendar day or the birth date is after the day (nobody has a negative age: such a date is refused by its form).
 */
export function ageInYears(dob: unknown, day: string): number | null {
  if (!isCalendarDay(dob) || !DAY.test(day) || dob > day) return null;
  const [by, bm, bd] = dob.split('-').map(Number);
  const [ty, tm, td] = day.split('-').map(Number);
  let years = ty - by;
  if (tm < bm || (tm === bm && td < bd)) years -= 1;
  return years;
}

/** A birth date (YYYY-MM-DD) that makes someone exactly `years` old on `day` (29 February becomes the 28th). */
export function birthDateForAge(years: number, day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const dd = m === 2 && d === 29 ? 28 : d;
  return `${String(y - years).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
}

/** A stored date (a YYYY-MM-DD string, a timestamp string, or a Date from a `date` column) as YYYY-MM-DD. */
export function dateOnly(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;
}

const DAY_MS = 86_400_000;
const utc = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
};

/** Whole days from `day` to `date` (both YYYY-MM-DD): 0 on the day itself, negative once the date has passed; null when either is not a calendar day. */
export function daysUntil(date: unknown, day: string): number | null {
  if (!isCalendarDay(date) || !isCalendarDay(day)) return null;
  return Math.round((utc(date) - utc(day)) / DAY_MS);
}

/** The day (YYYY-MM-DD) `days` after `day` (before it when negative). */
export function dayAfter(day: string, days: number): string {
  return new Date(utc(day) + days * DAY_MS).toISOString().slice(0, 10);
}
