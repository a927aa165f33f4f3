import { flow, stepRequest, type StepRequest } from '../../helpers/journey-bodies';

/** A student funded by a parent, whose monthly contribution the employment step then asks for. */
const CHILD_CONTRIBUTION = { employment_status: 'student', is_business_owner: false, source_of_funds: 'Allowance from Parent/Guardian', child_account_contribution: 'Monthly' };

/**
 * One step call: the valid call of a QA journey (endpoint and encoding from the flow file, body and files from
 * tests/fixtures/journeys), and bad fields with the keyword of the step's form they break: the test reads that
 * keyword's message from the form (tests/helpers/form-messages.ts), as an analyst words it. A change sets what its
 * rule needs (the answer that shows the field), so it holds whatever valid answers the journey gives.
 */
export interface StepCase extends StepRequest {
  name: string;
  /** The step's form (from the flow file), whose messages the refusals carry. */
  form: string;
  invalid: Array<[field: string, change: Record<string, unknown>, keyword: string]>;
}

/**
 * The step's valid call, or nothing when the flow file no longer has the step (an analyst removed it): its cases then
 * drop out of the tables instead of stopping every suite that reads them.
 */
function inFlow(step: string, journey?: string): (StepRequest & { form: string }) | { step: string; removed: true } {
  return flow.steps[step] ? { ...stepRequest(step, { journey }), form: flow.steps[step].form! } : { step, removed: true };
}

const ALL_CASES: Array<StepCase | (Pick<StepCase, 'name' | 'invalid'> & { step: string; removed: true })> = [
  {
    name: 'membership declaration',
    ...inFlow('membership-declaration-agreement'),
    invalid: [
      ['credit_union_name', { is_member_of_another_credit_union: true, credit_union_name: undefined }, 'required'],
      ['board_credit_union_name', { is_serving_on_credit_union_board: true }, 'required'],
      ['is_member_of_another_credit_union', { is_member_of_another_credit_union: 'maybe' }, 'type'],
    ],
  },
  {
    name: 'politically exposed persons',
    ...inFlow('politically-exposed-persons'),
    invalid: [
      ['is_pep', { is_pep: undefined }, 'required'],
      ['is_close_associate', { is_close_associate: undefined }, 'required'],
      ['job_title', { is_pep: true, job_title: undefined }, 'required'],
      ['relationship_type', { is_close_associate: true, relationship_type: undefined }, 'required'],
      ['associate_name', { is_close_associate: true, relationship_type: 'Business Partner', associate_name: '' }, 'minLength'],
      ['relationship_other', { is_close_associate: true, relationship_type: 'Other', associate_name: 'Kamla Ramdass' }, 'required'],
    ],
  },
  {
    name: 'residential address',
    ...inFlow('address'),
    invalid: [
      ['address_line_1', { address_line_1: undefined }, 'required'],
      ['city', { city: undefined }, 'required'],
      ['country', { country: 'Narnia' }, 'oneOf'],
      ['dwelling_status', { dwelling_status: undefined }, 'required'],
      ['utility_bill_type', { utility_bill_type: 'Gas' }, 'oneOf'],
    ],
  },
  {
    name: 'mailing address',
    ...inFlow('mailing-address', 'adult-foreign-national'),
    invalid: [
      ['address_line_1', { address_line_1: undefined }, 'required'],
      ['city', { city: 'SF' }, 'minLength'],
      ['proof_of_address_type', { proof_of_address_type: 'Gas Bill' }, 'oneOf'],
    ],
  },
  {
    name: 'adult identification',
    ...inFlow('id-information'),
    invalid: [
      ['secondary_id_type', { primary_id_type: 'national_id', secondary_id_type: 'national_id', secondary_id_number: '12345678', secondary_id_expiry_date: '2031-01-01' }, 'not'],
      ['primary_id_expiry_date', { primary_id_expiry_date: '2020-01-01' }, 'afterToday'],
      ['primary_id_number', { primary_id_type: 'passport', primary_id_number: 'AB12' }, 'pattern'],
      // An adult's passport is exactly 8 (spec 3); a child's may be 9 (its own form).
      ['primary_id_number', { primary_id_type: 'passport', primary_id_number: '098765432' }, 'pattern'],
      ['primary_id_type', { primary_id_type: undefined }, 'required'],
    ],
  },
  {
    name: 'child identification',
    ...inFlow('child-id-information'),
    invalid: [
      ['primary_id_type', { primary_id_type: 'drivers_license' }, 'oneOf'],
      ['secondary_id_type', { has_secondary_id: true, secondary_id_type: undefined }, 'required'],
    ],
  },
  {
    name: 'parent or guardian',
    ...inFlow('parent-guardian-information'),
    invalid: [
      ['workplace', { workplace: undefined }, 'required'],
      ['email', { email: 'rhea' }, 'format'],
      ['relationship_to_child', { relationship_to_child: 'uncle' }, 'oneOf'],
    ],
  },
  {
    name: 'foreign bank',
    ...inFlow('foreign-national-bank-information'),
    invalid: [
      ['bank_name', { bank_name: undefined }, 'required'],
      ['account_number', { account_number: '1234' }, 'pattern'],
      ['swift_code', { swift_code: 'abc' }, 'pattern'],
      ['address_line_1', { address_line_1: 'ab' }, 'minLength'],
      ['address_line_2', { address_line_2: 'ab' }, 'pattern'],
      ['city', { city: 'x'.repeat(61) }, 'maxLength'],
      ['country', { country: 'ZZ' }, 'oneOf'],
      ['phone', { phone: '12' }, 'pattern'],
    ],
  },
  {
    name: 'employment',
    ...inFlow('employment-information'),
    invalid: [
      ['employment_status', { employment_status: 'astronaut' }, 'oneOf'],
      ['employer_name', { employment_status: 'employed', employer_name: undefined }, 'required'],
      ['occupation', { occupation: 'Wizard' }, 'oneOf'],
      ['custom_occupation', { occupation: 'Other' }, 'required'],
      ['business_type', { is_business_owner: true }, 'required'],
      ['work_phone', { work_phone: '+1' }, 'pattern'],
      ['source_of_funds', { source_of_funds: undefined }, 'required'],
      ['monthly_remuneration', { monthly_remuneration: undefined }, 'required'],
      // A number in a multipart part is read only as written in decimals ("0x10" was stored as 16), and money in cents.
      ['child_account_contribution_amount', { ...CHILD_CONTRIBUTION, child_account_contribution_amount: '0x10' }, 'type'],
      ['child_account_contribution_amount', { ...CHILD_CONTRIBUTION, child_account_contribution_amount: '1e3' }, 'type'],
      ['child_account_contribution_amount', { ...CHILD_CONTRIBUTION, child_account_contribution_amount: '150.123' }, 'multipleOf'],
    ],
  },
  {
    name: 'beneficiaries',
    ...inFlow('designation-of-beneficiary'),
    invalid: [
      ['beneficiaries', { beneficiaries: [{ first_name: 'Ava', last_name: 'Persad', dob: '2015-02-02', gender: 'female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: 60, id_type: 'birth_certificate', id_number: 'BC99' }] }, 'totalPercent'],
      ['beneficiaries.0.first_name', { beneficiaries: [{ first_name: '-', last_name: 'Persad', dob: '2015-02-02', gender: 'female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: 100, id_type: 'birth_certificate', id_number: 'BC99' }] }, 'pattern'],
      ['beneficiaries.0.percent_of_beneficiary_interest', { beneficiaries: [{ first_name: 'Ava', last_name: 'Persad', dob: '2015-02-02', gender: 'female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: 0, id_type: 'birth_certificate', id_number: 'BC99' }] }, 'minimum'],
      // Shares in hundredths of a percent: 50.004 and 49.996 made 100 only once the total was rounded.
      ['beneficiaries.0.percent_of_beneficiary_interest', { beneficiaries: [50.004, 49.996].map((share, i) => ({ first_name: ['Ava', 'Ben'][i], last_name: 'Persad', dob: '2015-02-02', gender: 'female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: share, id_type: 'birth_certificate', id_number: `BC9${i}` })) }, 'multipleOf'],
      // The same person twice (the ID number in other letter case): the list is refused, whatever the shares.
      ['beneficiaries', { beneficiaries: ['BC99', 'bc99'].map((id_number, i) => ({ first_name: ['Ava', 'Ben'][i], last_name: 'Persad', dob: '2015-02-02', gender: 'female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: 50, id_type: 'birth_certificate', id_number })) }, 'uniqueBy'],
      ['beneficiaries.0.dob', { beneficiaries: [{ first_name: 'Ava', last_name: 'Persad', dob: '2999-02-02', gender: 'female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: 100, id_type: 'birth_certificate', id_number: 'BC99' }] }, 'notAfterToday'],
      ['beneficiaries.0.gender', { beneficiaries: [{ first_name: 'Ava', last_name: 'Persad', dob: '2015-02-02', gender: 'Female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: 100, id_type: 'birth_certificate', id_number: 'BC99' }] }, 'oneOf'],
    ],
  },
  {
    name: 'power of attorney',
    ...inFlow('power-of-attorney'),
    invalid: [
      ['dob', { dob: '2015-01-01' }, 'minAgeYears'],
      ['email', { email: 'kevin' }, 'format'],
      ['phone', { phone: 'call me' }, 'pattern'],
      ['id_number', { id_type: 'drivers_license', id_number: 'DL1' }, 'pattern'],
    ],
  },
  {
    name: 'branch',
    ...inFlow('branch'),
    invalid: [
      ['home_branch', { home_branch: undefined }, 'required'],
      ['home_branch', { home_branch: 'mars' }, 'oneOf'],
      ['preferred_contact_method', { preferred_contact_method: 'pigeon' }, 'oneOf'],
      ['best_contact_time', { best_contact_time: undefined }, 'required'],
    ],
  },
];

/** The cases of the steps the flow file has. */
export const STEP_CASES: StepCase[] = ALL_CASES.filter((c): c is StepCase => !('removed' in c));
