import type { FormData, TransformContext } from './types';

const ADULT_MARITAL_STATUSES = ['Single', 'Married', 'Common-Law', 'Divorced', 'Widowed'];

/**
 * The basic-info form's change rule (schema `x-transform`): `is_minor` is the flow's isMinor fact for the typed
 * date of birth (the caller's facts include this form's data: factsWithStepData);
 * homeschooled clears the school name; when the date of birth changes, a marital status invalid for the
 * new age resets to Single (minor) or empty (spec 3 section 4).
 */
export function basicInfoDerive(data: FormData, ctx: TransformContext): FormData {
  const out: FormData = { ...data };
  const minor = ctx.facts?.isMinor === true;
  if (typeof out.dob === 'string' && out.dob) out.is_minor = minor;
  else delete out.is_minor;
  if (out.is_home_schooled === true) delete out.school_name;
  if (ctx.previous && ctx.previous.dob !== out.dob && typeof out.marital_status === 'string') {
    const valid = minor ? out.marital_status === 'Single' : ADULT_MARITAL_STATUSES.includes(out.marital_status);
    if (!valid) {
      if (minor) out.marital_status = 'Single';
      else delete out.marital_status;
    }
  }
  if (minor && out.marital_status === undefined && ctx.previous && ctx.previous.dob !== out.dob) out.marital_status = 'Single';
  return out;
}

/**
 * The body of POST /signups/ (spec 2 section 5 "On submit"): a minor's school name only when not
 * homeschooled, Single for minors, homeschooled false for adults, one agreement flag, and the customer type.
 */
export function basicInfoPayload(data: FormData, ctx: TransformContext): FormData {
  const out = basicInfoDerive(data, { today: ctx.today, facts: ctx.facts });
  const minor = out.is_minor === true;
  if (minor) {
    out.marital_status = 'Single';
    if (out.is_home_schooled === true) delete out.school_name;
  } else {
    out.is_home_schooled = false;
    delete out.school_name;
  }
  out.agreed_to_tc_fa = out.terms_viewed === true && out.financial_agreement_viewed === true;
  if (ctx.facts && typeof ctx.facts.isExistingCustomer === 'boolean') out.is_existing_customer = ctx.facts.isExistingCustomer;
  if (out.middle_name === '') delete out.middle_name;
  return out;
}
