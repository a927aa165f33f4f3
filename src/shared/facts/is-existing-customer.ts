import type { ApplicantContext } from './applicant-context';

/** The applicant chose "existing customer" on the first step. */
export function isExistingCustomer(context: ApplicantContext): boolean {
  return context.customerType === 'existing';
}
