import type { FormData, TransformContext } from './types';

/**
 * The basic-info form's change rule (schema `x-transform`): `is_minor` is the flow's isMinor fact for the typed
 * date of birth (the caller's facts include this form's data: factsWithStepData);
 * homeschooled clears the school name; the specification's one agreement flag (`agreed_to_tc_fa: true`, spec 2
 * section 3, what its client sends) stands for both agreements, so both shapes are stored alike. (Which marital statuses a minor may choose is the schema's option rule,
 * `optionsWhen`, applied on both sides: forms/README.md "Option rules".)
 */
export function basicInfoDerive(data: FormData, ctx: TransformContext): FormData {
  const out: FormData = { ...data };
  const minor = ctx.facts?.isMinor === true;
  if (typeof out.dob === 'string' && out.dob) out.is_minor = minor;
  else delete out.is_minor;
  if (out.is_home_schooled === true) delete out.school_name;
  if (out.agreed_to_tc_fa === true) {
    out.terms_viewed ??= true;
    out.financial_agreement_viewed ??= true;
  }
  return out;
}

/**
 * The body of POST /signups/ (spec 2 section 5 "On submit"): a minor's school name only when not
 * homeschooled, homeschooled false for adults, one agreement flag, and the customer type.
 */
export function basicInfoPayload(data: FormData, ctx: TransformContext): FormData {
  const out = basicInfoDerive(data, { today: ctx.today, facts: ctx.facts });
  if (out.is_minor !== true) {
    out.is_home_schooled = false;
    delete out.school_name;
  }
  out.agreed_to_tc_fa = out.terms_viewed === true && out.financial_agreement_viewed === true;
  if (ctx.facts && typeof ctx.facts.isExistingCustomer === 'boolean') out.is_existing_customer = ctx.facts.isExistingCustomer;
  if (out.middle_name === '') delete out.middle_name;
  return out;
}
