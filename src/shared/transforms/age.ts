/** Whole years between a date of birth and a day (both YYYY-MM-DD); null when either is not a date. */
export function ageInYears(dob: unknown, today: string): number | null {
  if (typeof dob !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(dob) || !/^\d{4}-\d{2}-\d{2}$/.test(today)) return null;
  const [by, bm, bd] = dob.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  let years = ty - by;
  if (tm < bm || (tm === bm && td < bd)) years -= 1;
  return years;
}

/**
 * Minor means under 18 on the day of the check (DESIGN.md section 4); an unknown dob, or one after today (which
 * the form refuses with its own message), is not a minor.
 */
export function isMinorOn(dob: unknown, today: string): boolean {
  const age = ageInYears(dob, today);
  return age !== null && age >= 0 && age < 18;
}

/** Today's date as YYYY-MM-DD (UTC) from a Date; both sides use it so the day boundary agrees. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
