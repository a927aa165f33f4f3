import type { ApplicantContext } from './applicant-context';
import { hasSignupId } from './has-signup-id';
import { isExistingCustomer } from './is-existing-customer';
import { isForeignNational } from './is-foreign-national';
import { isMinor } from './is-minor';

export type Fact = (context: ApplicantContext, today: string) => boolean;
export type Facts = Record<string, boolean>;

/** Named facts a flow's conditions may test; the flow file refers to them by these names. */
export const facts: Record<string, Fact> = {
  isMinor,
  isExistingCustomer,
  isForeignNational,
  hasSignupId,
};

/** Today as YYYY-MM-DD in local time (the applicant's day). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Every named fact evaluated for one applicant on one day. */
export function computeFacts(context: ApplicantContext, today: string = todayIso()): Facts {
  return Object.fromEntries(Object.entries(facts).map(([name, fact]) => [name, fact(context, today)]));
}
