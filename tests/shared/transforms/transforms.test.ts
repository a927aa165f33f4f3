import { computeFacts, type FactDeclarations } from '../../../src/shared/facts/declared-facts';
import { basicInfoDerive, basicInfoPayload } from '../../../src/shared/transforms/basic-info';
import { deriveFormData, formRuleErrors } from '../../../src/shared/transforms/form-rules';
import { transforms } from '../../../src/shared/transforms/index';
import {
  beneficiariesPayload,
  employmentDerive,
  employmentPayload,
  foreignBankPayload,
  identificationDerive,
  mailingAddressDerive,
  membershipDerive,
  pepPayload,
} from '../../../src/shared/transforms/step-rules';
import { resolveForm } from '../../../src/shared/forms/form-registry';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';
import { fieldMessage } from '../../helpers/form-messages';
import flow from '../../../flows/onboarding.flow.json';

const today = '2026-06-15';
// The facts the wizard passes a transform: the flow's declared facts with the form's own date of birth counted.
const factsOf = (dob: string, extra: Record<string, unknown> = {}) => computeFacts((flow as { facts: FactDeclarations }).facts, { dob, ...extra }, today);

describe('basic info', () => {
  it('derives is_minor and clears the school name when homeschooled', () => {
    expect(basicInfoDerive({ dob: '2012-01-01', school_name: 'QRC', is_home_schooled: true }, { today, facts: factsOf('2012-01-01') })).toEqual({ dob: '2012-01-01', is_minor: true, is_home_schooled: true });
  });
  it('leaves marital status to the schema\'s option rule (no list of statuses in TypeScript)', () => {
    expect(basicInfoDerive({ dob: '2012-01-01', marital_status: 'Married' }, { today, previous: { dob: '1990-01-01' }, facts: factsOf('2012-01-01') }).marital_status).toBe('Married');
    const schema = resolveForm(readFormsDir(), 'onboarding/basic-info').schema;
    expect(formRuleErrors(schema, { dob: '2012-01-01', marital_status: 'Married' }, { today, facts: factsOf('2012-01-01') })).toEqual({ marital_status: fieldMessage('onboarding/basic-info', 'marital_status', 'optionsWhen') });
    expect(formRuleErrors(schema, { dob: '1990-01-01', marital_status: 'Married' }, { today, facts: factsOf('1990-01-01') })).toEqual({});
  });
  it('builds the signup body: school only when not homeschooled, homeschooled false for adults, one agreement flag', () => {
    const minor = basicInfoPayload({ dob: '2012-01-01', marital_status: 'Single', school_name: 'QRC', terms_viewed: true, financial_agreement_viewed: true }, { today, facts: factsOf('2012-01-01', { customerType: 'existing' }) });
    expect(minor).toMatchObject({ marital_status: 'Single', school_name: 'QRC', agreed_to_tc_fa: true, is_existing_customer: true, is_minor: true });
    const adult = basicInfoPayload({ dob: '1990-01-01', school_name: 'QRC', is_home_schooled: true, terms_viewed: true }, { today, facts: factsOf('1990-01-01') });
    expect(adult).toMatchObject({ is_home_schooled: false, agreed_to_tc_fa: false, is_minor: false });
    expect(adult).not.toHaveProperty('school_name');
  });
});

describe('step rules', () => {
  it('clears names when a membership answer is No', () => {
    expect(membershipDerive({ is_member_of_another_credit_union: false, credit_union_name: 'X', is_serving_on_credit_union_board: true, board_credit_union_name: 'B' })).toEqual({ is_member_of_another_credit_union: false, is_serving_on_credit_union_board: true, board_credit_union_name: 'B' });
  });
  it('confirms the PEP declaration and drops details of a No', () => {
    expect(pepPayload({ is_pep: false, job_title: 'x', is_close_associate: false, associate_name: 'y' })).toEqual({ is_pep: false, is_close_associate: false, is_confirmed: true });
  });
  it('sets a Birth Certificate expiry to 9999-12-31 (the form\'s read-only branch), clears it when the type changes, and clears an unticked second child ID', () => {
    for (const formId of ['onboarding/id-information', 'onboarding/child-id-information']) {
      const { schema } = resolveForm(readFormsDir(), formId);
      expect(deriveFormData(schema, { primary_id_type: 'birth_certificate' }, { today }).primary_id_expiry_date, formId).toBe('9999-12-31');
      expect(deriveFormData(schema, { primary_id_type: 'passport', primary_id_expiry_date: '9999-12-31' }, { today, previous: { primary_id_type: 'birth_certificate', primary_id_expiry_date: '9999-12-31' } }), formId).not.toHaveProperty('primary_id_expiry_date');
      expect(deriveFormData(schema, { primary_id_type: 'passport', primary_id_expiry_date: '2030-01-31' }, { today, previous: { primary_id_type: 'passport' } }).primary_id_expiry_date, formId).toBe('2030-01-31');
    }
    expect(identificationDerive({ holder_type: 'child', has_secondary_id: false, secondary_id_type: 'passport', secondary_id_number: 'X' }, { today })).toEqual({ holder_type: 'child', has_secondary_id: false });
  });
  it('keeps doing so when an analyst renames the option in JSON (no ID type named in TypeScript)', () => {
    // 'birth_certificate' renamed 'birth_cert' in the lists and the forms' if/then: the child was stuck on a read-only,
    // empty, required expiry date in the browser ("Primary ID expiry date is required.").
    const sources = readFormsDir();
    const renamed = JSON.parse(JSON.stringify(sources).replaceAll('"birth_certificate"', '"birth_cert"'));
    const { schema } = resolveForm(renamed, 'onboarding/child-id-information');
    const data = deriveFormData(schema, { primary_id_type: 'birth_cert' }, { today });
    expect(data.primary_id_expiry_date).toBe('9999-12-31');
    expect(deriveFormData(schema, { ...data, primary_id_type: 'passport' }, { today, previous: data })).not.toHaveProperty('primary_id_expiry_date');
  });
  it("clears the mailing fields when 'same as residential' is ticked", () => {
    expect(mailingAddressDerive({ same_as_residential: true, address_line_1: 'x', city: 'y', country: 'TT' })).toEqual({ same_as_residential: true });
  });
  it('strips separators from the foreign account and phone numbers', () => {
    expect(foreignBankPayload({ account_number: '0012-3456 789', phone: '+1 (416) 974-5151', swift_code: '' })).toEqual({ account_number: '00123456789', phone: '+14169745151' });
    expect(foreignBankPayload({ no_foreign_bank_account: true, bank_name: 'X' })).toEqual({ no_foreign_bank_account: true });
  });
  it('takes a SWIFT/BIC code typed in lower case (the form refused "bncacamm" saying it must be 8-11 alphanumeric characters) and sends it in capitals', async () => {
    const { createAjv } = await import('../../../src/shared/create-ajv');
    const schema = resolveForm(readFormsDir(), 'onboarding/foreign-national-bank-information').schema;
    const validate = createAjv().compile(schema);
    const body = { bank_name: 'Banque Nationale du Canada', account_number: '0012-3456 7890', swift_code: 'bncacamm', address_line_1: '800 Rue Saint-Jacques', city: 'Montréal', country: 'CA', phone: '+1 514 394-5000' };
    validate(body);
    expect((validate.errors ?? []).map((e) => e.instancePath)).not.toContain('/swift_code');
    expect(foreignBankPayload(body)).toMatchObject({ swift_code: 'BNCACAMM' });
  });
  it('couples business owner and self-employed both ways', () => {
    expect(employmentDerive({ employment_status: 'employed', is_business_owner: true }, { today, previous: { employment_status: 'employed', is_business_owner: false } }).employment_status).toBe('self-employed');
    expect(employmentDerive({ employment_status: 'self-employed', is_business_owner: false }, { today, previous: { employment_status: 'employed' } }).is_business_owner).toBe(true);
    expect(employmentDerive({ employment_status: 'retired', is_business_owner: true, business_type: 'Retail' }, { today })).toMatchObject({ is_business_owner: false });
    expect(employmentDerive({ employment_status: 'employed', is_business_owner: false, business_type: 'Retail' }, { today })).not.toHaveProperty('business_type');
  });
  it('strips separators from the work phone', () => {
    expect(employmentPayload({ employment_status: 'employed', work_phone: '(868) 555-0101' }, { today, facts: { isMinor: false } })).toMatchObject({ work_phone: '8685550101' });
  });
  it('sends empty beneficiary middle names and second lines as null and percentages as numbers', () => {
    expect(beneficiariesPayload({ beneficiaries: [{ middle_name: '', address_line_2: ' ', percent_of_beneficiary_interest: '50' }] })).toEqual({ beneficiaries: [{ middle_name: null, address_line_2: null, percent_of_beneficiary_interest: 50 }] });
  });
});

describe('date keywords', () => {
  const sources = readFormsDir();
  it('apply the messages of the schema against today', () => {
    const poa = resolveForm(sources, 'onboarding/power-of-attorney').schema;
    expect(formRuleErrors(poa, { dob: '2010-01-01' }, { today })).toEqual({ dob: fieldMessage('onboarding/power-of-attorney', 'dob', 'minAgeYears') });
    const ben = resolveForm(sources, 'onboarding/designation-of-beneficiary').schema;
    expect(formRuleErrors(ben, { beneficiaries: [{ dob: '2030-01-01' }] }, { today })).toEqual({ 'beneficiaries.0.dob': fieldMessage('onboarding/designation-of-beneficiary', 'beneficiaries.0.dob', 'notAfterToday') });
  });

  it('an age rule refuses a birth date after today, with notAfterToday beside it or not (a holder born in 2090 was "at least 18")', () => {
    const dob = (rules: Record<string, unknown>) => ({ type: 'object', properties: { dob: { type: 'string', format: 'date', ...rules, errorMessage: { minAgeYears: 'At least 18.', maxAgeYears: 'At most 120.', notAfterToday: 'Not in the future.' } } } });
    const future = { dob: '2090-06-15' };
    expect(formRuleErrors(dob({ minAgeYears: 18 }), future, { today })).toEqual({ dob: 'At least 18.' });
    expect(formRuleErrors(dob({ maxAgeYears: 120 }), future, { today })).toEqual({ dob: 'At most 120.' });
    expect(formRuleErrors(dob({ notAfterToday: true, minAgeYears: 18 }), future, { today })).toEqual({ dob: 'Not in the future.' });
    // A day that is not on the calendar is the format's to refuse; the age rules say nothing of it.
    expect(formRuleErrors(dob({ minAgeYears: 18 }), { dob: '2090-02-30' }, { today })).toEqual({});
    const poa = resolveForm(sources, 'onboarding/power-of-attorney').schema;
    expect(formRuleErrors(poa, future, { today })).toEqual({ dob: expect.any(String) });
  });
});

describe('registry', () => {
  it('has every transform the flow file and the form schemas name', () => {
    const named = Object.values(flow.steps).map((s) => (s as { submit?: { transform?: string } }).submit?.transform).filter(Boolean);
    const sources = readFormsDir();
    for (const schema of Object.values(sources.schemas)) if (schema['x-transform']) named.push(schema['x-transform']);
    for (const name of named) expect(transforms[name as string], String(name)).toBeTypeOf('function');
  });
});
