import type { FormData, TransformContext } from './types';

function without(data: FormData, fields: string[]): FormData {
  const out = { ...data };
  for (const field of fields) delete out[field];
  return out;
}

/** Membership declaration: answering No clears the associated name (spec 3 section 4). */
export function membershipDerive(data: FormData): FormData {
  let out = { ...data };
  if (out.is_member_of_another_credit_union !== true) out = without(out, ['credit_union_name']);
  if (out.is_serving_on_credit_union_board !== true) out = without(out, ['board_credit_union_name']);
  return out;
}

const PEP_FIELDS = ['domestic_foreign_roles', 'international_roles', 'immediate_family_members', 'job_title'];
const ASSOCIATE_FIELDS = ['relationship_type', 'associate_name'];

/** PEP: No clears the PEP details; not an associate clears the associate details. */
export function pepDerive(data: FormData): FormData {
  let out = { ...data };
  if (out.is_pep !== true) out = without(out, PEP_FIELDS);
  if (out.is_close_associate !== true) out = without(out, ASSOCIATE_FIELDS);
  return out;
}

/** The body of POST /peps: the declaration is confirmed by submitting it (spec 4 section 7). */
export function pepPayload(data: FormData): FormData {
  return { ...pepDerive(data), is_confirmed: true };
}

/**
 * ID forms: unticking the child's second ID clears its fields (spec 3 section 4). A Birth Certificate's expiry,
 * 9999-12-31 and read-only, is the form's own if/then (withPinnedReadOnlyFields fills and clears it), so no type is
 * named here.
 */
export function identificationDerive(data: FormData, _ctx: TransformContext): FormData {
  let out = { ...data };
  if (out.holder_type === 'child' && out.has_secondary_id !== true) {
    out = without(out, ['secondary_id_type', 'secondary_id_number', 'secondary_id_expiry_date', 'secondary_id_files']);
  }
  return out;
}

/** Mailing address: 'same as residential' clears the fields below it (spec 4 section 2). */
export function mailingAddressDerive(data: FormData): FormData {
  if (data.same_as_residential !== true) return { ...data };
  return without(data, ['address_line_1', 'address_line_2', 'city', 'country', 'proof_of_address_type']);
}

const BANK_FIELDS = ['bank_name', 'account_number', 'swift_code', 'address_line_1', 'address_line_2', 'city', 'country', 'phone'];

/** Foreign bank: 'I do not have a Foreign Bank Account' clears the bank fields (spec 4 section 2). */
export function foreignBankDerive(data: FormData): FormData {
  if (data.no_foreign_bank_account !== true) return { ...data };
  return without(data, BANK_FIELDS);
}

/**
 * The body of POST /foreign-nationals/: account number without spaces and hyphens, phone without separators, the
 * SWIFT/BIC code in capitals (the form takes it as typed: "bncacamm" was refused as not 8-11 alphanumeric characters).
 */
export function foreignBankPayload(data: FormData): FormData {
  const out = foreignBankDerive(data);
  if (typeof out.account_number === 'string') out.account_number = out.account_number.replace(/[\s-]/g, '');
  if (typeof out.phone === 'string') out.phone = out.phone.replace(/[\s()-]/g, '');
  if (typeof out.swift_code === 'string') out.swift_code = out.swift_code.toUpperCase();
  if (out.swift_code === '') delete out.swift_code;
  if (out.address_line_2 === '') delete out.address_line_2;
  return out;
}

/**
 * Employment (spec 4 section 4): ticking business owner sets self-employed; unticking clears the
 * business type; self-employed sets business owner; a status other than self-employed or employed
 * clears business owner; 'Other' fields only with Other; the child flag comes from the facts.
 */
export function employmentDerive(data: FormData, ctx: TransformContext): FormData {
  let out = { ...data };
  const prev = ctx.previous;
  if (prev && out.is_business_owner === true && prev.is_business_owner !== true) out.employment_status = 'self-employed';
  else if (out.employment_status === 'self-employed' && (!prev || prev.employment_status !== 'self-employed')) out.is_business_owner = true;
  if (typeof out.employment_status === 'string' && !['self-employed', 'employed'].includes(out.employment_status)) out.is_business_owner = false;
  if (out.is_business_owner !== true) out = without(out, ['business_type', 'other_business_type']);
  if (out.occupation !== 'Other') out = without(out, ['custom_occupation']);
  if (out.business_type !== 'Other') out = without(out, ['other_business_type']);
  if (typeof ctx.facts?.isMinor === 'boolean') out.is_minor = ctx.facts.isMinor;
  if (out.is_minor !== true) out = without(out, ['child_account_contribution', 'child_account_contribution_amount']);
  return out;
}

/**
 * The body of POST /employments/: the work phone without separators. (Minimal mode's 'Not Applicable' fields and
 * country are the form's: its branch for those statuses pins them, and stepPayload adds them after this.)
 */
export function employmentPayload(data: FormData, ctx: TransformContext): FormData {
  const out = employmentDerive(data, { ...ctx, previous: undefined });
  if (typeof out.work_phone === 'string') {
    out.work_phone = out.work_phone.replace(/[\s()-]/g, '');
    if (out.work_phone === '') delete out.work_phone;
  }
  return out;
}

/** The body of POST /beneficiaries/: empty middle name and address line 2 sent as null, percent as a number. */
export function beneficiariesPayload(data: FormData): FormData {
  const list = Array.isArray(data.beneficiaries) ? (data.beneficiaries as FormData[]) : [];
  return {
    ...data,
    beneficiaries: list.map((b) => ({
      ...b,
      middle_name: typeof b.middle_name === 'string' && b.middle_name.trim() ? b.middle_name : null,
      address_line_2: typeof b.address_line_2 === 'string' && b.address_line_2.trim() ? b.address_line_2 : null,
      percent_of_beneficiary_interest: Number(b.percent_of_beneficiary_interest),
    })),
  };
}
