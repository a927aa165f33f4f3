import { flow, stepRequest, type StepRequest } from '../../helpers/journey-bodies';

/** A student funded by a parent, whose monthly contribution the employment step then asks for. */
const CHILD_CONTRIBUTION = { employment_status: 'student', is_business_owner: false, source_of_funds: 'Allowance from Parent/Guardian', child_account_contribution: 'Monthly' };

/**
 * One step call: the valid call of a QA journey (endpoint and encoding from the flow file, body and files from
 * tests/fixtures/journeys), and bad fields with the specification's message. A change sets what its rule
 * needs (the answer that shows the field), so it holds whatever valid answers the journey gives.
 */
export interface StepCase extends StepRequest {
  name: string;
  invalid: Array<[field: string, change: Record<string, unknown>, message: string]>;
}

/**
 * The step's valid call, or nothing when the flow file no longer has the step (an analyst removed it): its cases then
 * drop out of the tables instead of stopping every suite that reads them.
 */
function inFlow(step: string): StepRequest | { step: string; removed: true } {
  return flow.steps[step] ? stepRequest(step) : { step, removed: true };
}

const ALL_CASES: Array<StepCase | (Pick<StepCase, 'name' | 'invalid'> & { step: string; removed: true })> = [
  {
    name: 'membership declaration',
    ...inFlow('membership-declaration-agreement'),
    invalid: [
      ['credit_union_name', { is_member_of_another_credit_union: true, credit_union_name: undefined }, 'Credit union name is required.'],
      ['board_credit_union_name', { is_serving_on_credit_union_board: true }, 'Board name is required.'],
      ['is_member_of_another_credit_union', { is_member_of_another_credit_union: 'maybe' }, 'Please answer this question.'],
    ],
  },
  {
    name: 'politically exposed persons',
    ...inFlow('politically-exposed-persons'),
    invalid: [
      ['is_pep', { is_pep: undefined }, 'Please indicate if you are a Politically Exposed Person or related to one.'],
      ['is_close_associate', { is_close_associate: undefined }, 'Please indicate if you are an associate of a PEP.'],
      ['job_title', { is_pep: true, job_title: undefined }, 'Job title is required if you are a PEP or related to one.'],
      ['relationship_type', { is_close_associate: true, relationship_type: undefined }, 'Relationship to PEP is required if you are an associate.'],
      ['associate_name', { is_close_associate: true, relationship_type: 'Business Partner', associate_name: '' }, 'Name of Associated PEP is required if you are an associate.'],
      ['relationship_other', { is_close_associate: true, relationship_type: 'Other', associate_name: 'Kamla Ramdass' }, 'Please describe your relationship to the PEP.'],
    ],
  },
  {
    name: 'residential address',
    ...inFlow('address'),
    invalid: [
      ['address_line_1', { address_line_1: undefined }, 'Missing address line 1'],
      ['city', { city: undefined }, 'Missing city'],
      ['country', { country: 'Narnia' }, 'Invalid country selected.'],
      ['dwelling_status', { dwelling_status: undefined }, 'Missing dwelling status'],
      ['utility_bill_type', { utility_bill_type: 'Gas' }, 'Missing utility bill type'],
    ],
  },
  {
    name: 'mailing address',
    ...stepRequest('mailing-address', { journey: 'adult-foreign-national' }),
    invalid: [
      ['address_line_1', { address_line_1: undefined }, 'Address line 1 is required.'],
      ['city', { city: 'SF' }, 'City must be at least 3 characters.'],
      ['proof_of_address_type', { proof_of_address_type: 'Gas Bill' }, 'Proof of address type is required.'],
    ],
  },
  {
    name: 'adult identification',
    ...inFlow('id-information'),
    invalid: [
      ['secondary_id_type', { primary_id_type: 'national_id', secondary_id_type: 'national_id', secondary_id_number: '12345678', secondary_id_expiry_date: '2031-01-01' }, 'Secondary ID type must be different from primary ID type.'],
      ['primary_id_expiry_date', { primary_id_expiry_date: '2020-01-01' }, 'Primary ID expiry date must be in the future.'],
      ['primary_id_number', { primary_id_type: 'passport', primary_id_number: 'AB12' }, 'Passport number must be 8 letters or digits.'],
      // An adult's passport is exactly 8 (spec 3); a child's may be 9 (its own form).
      ['primary_id_number', { primary_id_type: 'passport', primary_id_number: '098765432' }, 'Passport number must be 8 letters or digits.'],
      ['primary_id_type', { primary_id_type: undefined }, 'Primary ID type is required.'],
    ],
  },
  {
    name: 'child identification',
    ...inFlow('child-id-information'),
    invalid: [
      ['primary_id_type', { primary_id_type: 'drivers_license' }, 'Primary ID type is required.'],
      ['secondary_id_type', { has_secondary_id: true, secondary_id_type: undefined }, 'Secondary ID type is required.'],
    ],
  },
  {
    name: 'parent or guardian',
    ...inFlow('parent-guardian-information'),
    invalid: [
      ['workplace', { workplace: undefined }, 'Workplace is required'],
      ['email', { email: 'rhea' }, 'Invalid email address'],
      ['relationship_to_child', { relationship_to_child: 'uncle' }, 'Relationship to child is required'],
    ],
  },
  {
    name: 'foreign bank',
    ...inFlow('foreign-national-bank-information'),
    invalid: [
      ['bank_name', { bank_name: undefined }, 'Bank name is required.'],
      ['account_number', { account_number: '1234' }, 'Account number must be 8-30 alphanumeric characters.'],
      ['swift_code', { swift_code: 'abc' }, 'SWIFT code must be 8-11 alphanumeric characters if provided.'],
      ['address_line_1', { address_line_1: 'ab' }, 'Bank address must be at least 3 characters.'],
      ['address_line_2', { address_line_2: 'ab' }, 'Bank address line 2 must be between 3 and 60 characters if provided.'],
      ['city', { city: 'x'.repeat(61) }, 'City must not exceed 60 characters.'],
      ['country', { country: 'ZZ' }, 'Invalid country selected.'],
      ['phone', { phone: '12' }, 'Invalid bank telephone number format. Use international format if applicable (e.g., +12223334444).'],
    ],
  },
  {
    name: 'employment',
    ...inFlow('employment-information'),
    invalid: [
      ['employment_status', { employment_status: 'astronaut' }, 'Invalid employment status selected.'],
      ['employer_name', { employment_status: 'employed', employer_name: undefined }, 'Employer/Business name is required.'],
      ['occupation', { occupation: 'Wizard' }, 'Invalid occupation.'],
      ['custom_occupation', { occupation: 'Other' }, 'Please specify your occupation.'],
      ['business_type', { is_business_owner: true }, 'Business type is required for business owners.'],
      ['work_phone', { work_phone: '+1' }, 'Invalid work phone number format.'],
      ['source_of_funds', { source_of_funds: undefined }, 'Source of funds is required.'],
      ['monthly_remuneration', { monthly_remuneration: undefined }, 'Monthly remuneration is required.'],
      // A number in a multipart part is read only as written in decimals ("0x10" was stored as 16), and money in cents.
      ['child_account_contribution_amount', { ...CHILD_CONTRIBUTION, child_account_contribution_amount: '0x10' }, 'Contribution amount must be a number.'],
      ['child_account_contribution_amount', { ...CHILD_CONTRIBUTION, child_account_contribution_amount: '1e3' }, 'Contribution amount must be a number.'],
      ['child_account_contribution_amount', { ...CHILD_CONTRIBUTION, child_account_contribution_amount: '150.123' }, 'Enter the amount in dollars and cents (at most 2 decimal places).'],
    ],
  },
  {
    name: 'beneficiaries',
    ...inFlow('designation-of-beneficiary'),
    invalid: [
      ['beneficiaries', { beneficiaries: [{ first_name: 'Ava', last_name: 'Persad', dob: '2015-02-02', gender: 'female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: 60, id_type: 'birth_certificate', id_number: 'BC99' }] }, 'Total percentage must equal 100% before proceeding.'],
      ['beneficiaries.0.first_name', { beneficiaries: [{ first_name: '-', last_name: 'Persad', dob: '2015-02-02', gender: 'female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: 100, id_type: 'birth_certificate', id_number: 'BC99' }] }, 'First name must start with a letter and can only contain letters, spaces, hyphens, apostrophes and periods.'],
      ['beneficiaries.0.percent_of_beneficiary_interest', { beneficiaries: [{ first_name: 'Ava', last_name: 'Persad', dob: '2015-02-02', gender: 'female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: 0, id_type: 'birth_certificate', id_number: 'BC99' }] }, 'Percentage must be greater than 0.'],
      // Shares in hundredths of a percent: 50.004 and 49.996 made 100 only once the total was rounded.
      ['beneficiaries.0.percent_of_beneficiary_interest', { beneficiaries: [50.004, 49.996].map((share, i) => ({ first_name: ['Ava', 'Ben'][i], last_name: 'Persad', dob: '2015-02-02', gender: 'female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: share, id_type: 'birth_certificate', id_number: `BC9${i}` })) }, 'Percentage can have at most 2 decimal places.'],
      // The same person twice (the ID number in other letter case): the list is refused, whatever the shares.
      ['beneficiaries', { beneficiaries: ['BC99', 'bc99'].map((id_number, i) => ({ first_name: ['Ava', 'Ben'][i], last_name: 'Persad', dob: '2015-02-02', gender: 'female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: 50, id_type: 'birth_certificate', id_number })) }, 'The same person is listed twice: each beneficiary needs a different ID type and number.'],
      ['beneficiaries.0.dob', { beneficiaries: [{ first_name: 'Ava', last_name: 'Persad', dob: '2999-02-02', gender: 'female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: 100, id_type: 'birth_certificate', id_number: 'BC99' }] }, 'Date of birth must be in the past.'],
      ['beneficiaries.0.gender', { beneficiaries: [{ first_name: 'Ava', last_name: 'Persad', dob: '2015-02-02', gender: 'Female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: 100, id_type: 'birth_certificate', id_number: 'BC99' }] }, 'Please select Male, Female or Other.'],
    ],
  },
  {
    name: 'power of attorney',
    ...inFlow('power-of-attorney'),
    invalid: [
      ['dob', { dob: '2015-01-01' }, 'Must be at least 18 years old'],
      ['email', { email: 'kevin' }, 'Invalid email address'],
      ['phone', { phone: 'call me' }, 'Invalid phone number format'],
      ['id_number', { id_type: 'drivers_license', id_number: 'DL1' }, "Driver's License number must be exactly 10 letters or digits."],
    ],
  },
  {
    name: 'branch',
    ...inFlow('branch'),
    invalid: [
      ['home_branch', { home_branch: undefined }, 'Branch selection is required.'],
      ['home_branch', { home_branch: 'mars' }, 'Invalid branch selected.'],
      ['preferred_contact_method', { preferred_contact_method: 'pigeon' }, 'Invalid contact method selected.'],
      ['best_contact_time', { best_contact_time: undefined }, 'Best contact time is required.'],
    ],
  },
];

/** The cases of the steps the flow file has. */
export const STEP_CASES: StepCase[] = ALL_CASES.filter((c): c is StepCase => !('removed' in c));
