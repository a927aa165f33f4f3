import { JPEG, PDF, PNG } from './onboarding-helpers';

export interface FileSpec {
  field: string;
  name: string;
  content: Buffer;
}

/** One step call: a valid body (and files), and bad fields with the specification's message. */
export interface StepCase {
  name: string;
  method: 'POST' | 'PUT';
  url: string;
  encoding: 'json' | 'multipart';
  step: string;
  body: Record<string, unknown>;
  files?: FileSpec[];
  invalid: Array<[field: string, change: Record<string, unknown>, message: string]>;
}

const pdf = (field: string, name = 'doc.pdf'): FileSpec => ({ field, name, content: PDF() });

export const STEP_CASES: StepCase[] = [
  {
    name: 'membership declaration',
    method: 'POST',
    url: '/api/membership-declarations/',
    encoding: 'json',
    step: 'membership-declaration-agreement',
    body: { is_member_of_another_credit_union: true, credit_union_name: 'Eastern Credit Union', is_serving_on_credit_union_board: false },
    invalid: [
      ['credit_union_name', { credit_union_name: undefined }, 'Credit union name is required.'],
      ['board_credit_union_name', { is_serving_on_credit_union_board: true }, 'Board name is required.'],
      ['is_member_of_another_credit_union', { is_member_of_another_credit_union: 'maybe' }, 'Please answer this question.'],
    ],
  },
  {
    name: 'politically exposed persons',
    method: 'POST',
    url: '/api/peps',
    encoding: 'json',
    step: 'politically-exposed-persons',
    body: { is_pep: true, domestic_foreign_roles: ['Government Minister'], job_title: 'Minister of Finance', is_close_associate: true, relationship_type: 'Business Partner', associate_name: 'A. Person', is_confirmed: true },
    invalid: [
      ['is_pep', { is_pep: undefined }, 'Please indicate if you are a Politically Exposed Person or related to one.'],
      ['is_close_associate', { is_close_associate: undefined }, 'Please indicate if you are an associate of a PEP.'],
      ['job_title', { job_title: undefined }, 'Job title is required if you are a PEP or related to one.'],
      ['relationship_type', { relationship_type: undefined }, 'Relationship to PEP is required if you are an associate.'],
      ['associate_name', { associate_name: '' }, 'Name of Associated PEP is required if you are an associate.'],
    ],
  },
  {
    name: 'residential address',
    method: 'POST',
    url: '/api/addresses/',
    encoding: 'multipart',
    step: 'address',
    body: { address_type: 'residential', address_line_1: '12 Frederick Street', city: 'Port of Spain', country: 'TT', dwelling_status: 'Owned', utility_bill_type: 'Electricity' },
    files: [pdf('proof_of_address_files', 'bill.pdf'), { field: 'proof_of_address_files', name: 'bill.png', content: PNG() }],
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
    method: 'POST',
    url: '/api/addresses/',
    encoding: 'multipart',
    step: 'mailing-address',
    body: { address_type: 'mailing', same_as_residential: false, address_line_1: 'P.O. Box 123', city: 'San Fernando', country: 'TT', proof_of_address_type: 'Water Bill' },
    files: [pdf('proof_of_address_files')],
    invalid: [
      ['address_line_1', { address_line_1: undefined }, 'Address line 1 is required.'],
      ['city', { city: 'SF' }, 'City must be at least 3 characters.'],
      ['proof_of_address_type', { proof_of_address_type: 'Gas Bill' }, 'Proof of address type is required.'],
    ],
  },
  {
    name: 'adult identification',
    method: 'POST',
    url: '/api/identifications/',
    encoding: 'multipart',
    step: 'id-information',
    body: {
      holder_type: 'adult',
      primary_id_type: 'national_id',
      primary_id_number: '19920314001',
      primary_id_expiry_date: '2030-01-31',
      secondary_id_type: 'birth_certificate',
      secondary_id_number: 'BC123456',
      secondary_id_expiry_date: '9999-12-31',
    },
    files: [pdf('primary_id_files', 'id-front.pdf'), { field: 'primary_id_files', name: 'id-back.jpg', content: JPEG() }, pdf('secondary_id_files', 'bc.pdf')],
    invalid: [
      ['secondary_id_type', { secondary_id_type: 'national_id', secondary_id_number: '12345678', secondary_id_expiry_date: '2031-01-01' }, 'Secondary ID type must be different from primary ID type.'],
      ['primary_id_expiry_date', { primary_id_expiry_date: '2020-01-01' }, 'Primary ID expiry date must be in the future.'],
      ['primary_id_number', { primary_id_type: 'passport', primary_id_number: 'AB12' }, 'Passport number must be exactly 8 letters or digits.'],
      ['primary_id_type', { primary_id_type: undefined }, 'Primary ID type is required.'],
    ],
  },
  {
    name: 'child identification',
    method: 'POST',
    url: '/api/identifications/',
    encoding: 'multipart',
    step: 'child-id-information',
    body: { holder_type: 'child', primary_id_type: 'birth_certificate', primary_id_number: 'BC2012001', primary_id_expiry_date: '9999-12-31', has_secondary_id: false },
    files: [pdf('primary_id_files', 'birth.pdf')],
    invalid: [
      ['primary_id_type', { primary_id_type: 'drivers_license' }, 'Primary ID type is required.'],
      ['secondary_id_type', { has_secondary_id: true }, 'Secondary ID type is required.'],
    ],
  },
  {
    name: 'parent or guardian',
    method: 'POST',
    url: '/api/guardians/',
    encoding: 'multipart',
    step: 'parent-guardian-information',
    body: { first_name: 'Rhea', last_name: 'Persad', occupation: 'Nurse', workplace: 'General Hospital', email: 'rhea@example.com', mobile: '+18685550199', relationship_to_child: 'parent' },
    files: [pdf('guardian_files')],
    invalid: [
      ['workplace', { workplace: undefined }, 'Workplace is required'],
      ['email', { email: 'rhea' }, 'Invalid email address'],
      ['relationship_to_child', { relationship_to_child: 'uncle' }, 'Relationship to child is required'],
    ],
  },
  {
    name: 'foreign bank',
    method: 'POST',
    url: '/api/foreign-nationals/',
    encoding: 'json',
    step: 'foreign-national-bank-information',
    body: { bank_name: 'Bank of Nova Scotia', account_number: '1234567890', swift_code: 'NOSCCATT', address_line_1: '44 King Street West', city: 'Toronto', country: 'CA', phone: '+14165551234' },
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
    method: 'POST',
    url: '/api/employments/',
    encoding: 'multipart',
    step: 'employment-information',
    body: {
      employment_status: 'employed',
      is_business_owner: false,
      employer_name: 'Atlantic LNG',
      occupation: 'Engineer',
      work_phone: '+18686250000',
      address_line_1: '1 Atlantic Avenue',
      city: 'Point Fortin',
      country: 'TT',
      monthly_remuneration: '$15,000 - $19,999',
      value_of_assets: 'Under $100,000',
      source_of_funds: 'Salary/Wages',
    },
    files: [pdf('proof_of_employment_files', 'job-letter.pdf')],
    invalid: [
      ['employment_status', { employment_status: 'astronaut' }, 'Invalid employment status selected.'],
      ['employer_name', { employer_name: undefined }, 'Employer/Business name is required.'],
      ['occupation', { occupation: 'Wizard' }, 'Invalid occupation.'],
      ['custom_occupation', { occupation: 'Other' }, 'Please specify your occupation.'],
      ['business_type', { is_business_owner: true }, 'Business type is required for business owners.'],
      ['work_phone', { work_phone: '+1' }, 'Invalid work phone number format.'],
      ['source_of_funds', { source_of_funds: undefined }, 'Source of funds is required.'],
      ['monthly_remuneration', { monthly_remuneration: undefined }, 'Monthly remuneration is required.'],
    ],
  },
  {
    name: 'beneficiaries',
    method: 'POST',
    url: '/api/beneficiaries/',
    encoding: 'json',
    step: 'designation-of-beneficiary',
    body: {
      beneficiaries: [
        { first_name: 'Ava', last_name: 'Persad', middle_name: null, dob: '2015-02-02', gender: 'female', address_line_1: '12 Frederick Street', address_line_2: null, city: 'Port of Spain', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: 66.67, id_type: 'birth_certificate', id_number: 'BC99' },
        { first_name: 'Omar', last_name: 'Persad', middle_name: null, dob: '1990-01-01', gender: 'male', address_line_1: '12 Frederick Street', address_line_2: null, city: 'Port of Spain', country: 'TT', relationship_to_beneficiary: 'spouse', percent_of_beneficiary_interest: 33.33, id_type: 'passport', id_number: 'TA123456' },
      ],
    },
    invalid: [
      ['beneficiaries', { beneficiaries: [{ first_name: 'Ava', last_name: 'Persad', dob: '2015-02-02', gender: 'female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: 60, id_type: 'birth_certificate', id_number: 'BC99' }] }, 'Total percentage must equal 100% before proceeding.'],
      ['beneficiaries.0.first_name', { beneficiaries: [{ first_name: 'A', last_name: 'Persad', dob: '2015-02-02', gender: 'female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: 100, id_type: 'birth_certificate', id_number: 'BC99' }] }, 'First name must be at least 2 characters.'],
      ['beneficiaries.0.percent_of_beneficiary_interest', { beneficiaries: [{ first_name: 'Ava', last_name: 'Persad', dob: '2015-02-02', gender: 'female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: 0, id_type: 'birth_certificate', id_number: 'BC99' }] }, 'Percentage must be greater than 0.'],
      ['beneficiaries.0.dob', { beneficiaries: [{ first_name: 'Ava', last_name: 'Persad', dob: '2999-02-02', gender: 'female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: 100, id_type: 'birth_certificate', id_number: 'BC99' }] }, 'Date of birth must be in the past.'],
      ['beneficiaries.0.gender', { beneficiaries: [{ first_name: 'Ava', last_name: 'Persad', dob: '2015-02-02', gender: 'Female', address_line_1: 'x', city: 'y', country: 'TT', relationship_to_beneficiary: 'child', percent_of_beneficiary_interest: 100, id_type: 'birth_certificate', id_number: 'BC99' }] }, 'Please select Male, Female or Other.'],
    ],
  },
  {
    name: 'power of attorney',
    method: 'POST',
    url: '/api/power-of-attorneys/',
    encoding: 'multipart',
    step: 'power-of-attorney',
    body: { first_name: 'Kevin', last_name: 'Ali', dob: '1970-05-05', gender: 'male', relationship_to_principal: 'sibling', email: 'kevin@example.com', phone: '+18685550123', address_line_1: '3 Main Road', city: 'Chaguanas', country: 'TT', id_type: 'drivers_license', id_number: 'DL12345678' },
    files: [pdf('id_document_files', 'dl.pdf'), pdf('power_of_attorney_files', 'poa.pdf')],
    invalid: [
      ['dob', { dob: '2015-01-01' }, 'Must be at least 18 years old'],
      ['email', { email: 'kevin' }, 'Invalid email address'],
      ['phone', { phone: 'call me' }, 'Invalid phone number format'],
      ['id_number', { id_number: 'DL1' }, "Driver's License number must be exactly 10 letters or digits."],
    ],
  },
  {
    name: 'branch',
    method: 'PUT',
    url: '/api/signups/home-branch',
    encoding: 'json',
    step: 'branch',
    body: { home_branch: 'port_of_spain', preferred_contact_method: 'email', best_contact_time: 'morning' },
    invalid: [
      ['home_branch', { home_branch: undefined }, 'Branch selection is required.'],
      ['home_branch', { home_branch: 'mars' }, 'Invalid branch selected.'],
      ['preferred_contact_method', { preferred_contact_method: 'pigeon' }, 'Invalid contact method selected.'],
      ['best_contact_time', { best_contact_time: undefined }, 'Best contact time is required.'],
    ],
  },
];
