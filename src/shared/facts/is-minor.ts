import type { ApplicantContext } from './applicant-context';

/** Whole years between a YYYY-MM-DD birth date and `today` (YYYY-MM-DD), counting the birthday itself. */
export function ageOn(dob: string, today: string): number {
  const [by, bm, bd] = dob.slice(0, 10).split('-').map(Number);
  const [ty, tm, td] = today.slice(0, 10).split('-').map(Number);
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/** Under 18 on the day of the check (DESIGN.md section 4); unknown birth date is not a minor. */
export function isMinor(context: ApplicantContext, today: string): boolean {
  if (typeof context.dob !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(context.dob)) return false;
  return ageOn(context.dob, today) < 18;
}
