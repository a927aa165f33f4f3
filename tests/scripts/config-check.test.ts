import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { checkConfig, formatProblems, type CheckOptions } from '../../src/shared/config-check/check-config';
import { KNOWN_UI_OPTIONS, WIDGET_NAMES } from '../../src/shared/forms/widget-names';
import { transforms } from '../../src/shared/transforms';
import { configCheckProblems } from '../../scripts/lib/config-check-run';
import { copyConfig } from './config-copy';
import { ROUTE_FORM_FIELDS } from '../../src/shared/forms/route-form-fields';
import { fieldsOf } from '../../src/shared/config-check/schema-walk';
import { readFormsDir } from '../../src/shared/forms/read-forms-dir';
import { resolveForm } from '../../src/shared/forms/form-registry';

const FLOW = 'flows/mini.flow.json';
const base = (root: string): CheckOptions => ({ root, widgetNames: WIDGET_NAMES, transformNames: Object.keys(transforms) });

function problemsAfter(change: (c: ReturnType<typeof copyConfig>) => void, options: Partial<CheckOptions> = {}) {
  const config = copyConfig();
  change(config);
  return checkConfig({ ...base(config.root), ...options });
}

/**
 * A choice step "Account Type" before employment, whose "Joint" sets accountType; joint applicants go past
 * employment to the beneficiaries ('employment-information'), or see an information page first and go on ('info-only').
 */
function accountTypeChoice(c: ReturnType<typeof copyConfig>, variant: 'employment-information' | 'info-only') {
  c.edit('flows/onboarding.flow.json', (f) => {
    f.facts.isJoint = { label: 'a joint applicant', rule: { equals: { of: 'accountType', value: 'joint' } } };
    for (const id of ['mailing-address', 'foreign-national-bank-information']) for (const t of f.steps[id].next) if (t.to === 'employment-information') t.to = 'account-type';
    const joint = { when: { properties: { isJoint: { const: true } }, required: ['isJoint'] }, to: variant === 'info-only' ? 'joint-notice' : 'designation-of-beneficiary' };
    f.steps['account-type'] = { route: '/account-type', title: 'Account Type', kind: 'choice', requiresSignupId: true, choices: [{ label: 'Personal', set: { accountType: 'personal' } }, { label: 'Joint', set: { accountType: 'joint' } }], next: [joint, { to: 'employment-information' }] };
    f.steps['joint-notice'] = { route: '/joint-notice', title: 'Joint Accounts', kind: 'info', requiresSignupId: true, content: { paragraphs: ['Bring the other holder to the branch.'] }, next: [{ to: 'employment-information' }] };
  });
}

/** A fact on the mailing address's country (kept by the mailing address step), for conditions placed before and after it. */
function mailsAbroad(c: ReturnType<typeof copyConfig>) {
  c.edit('flows/onboarding.flow.json', (f) => {
    f.facts.mailsAbroad = { label: 'mailing abroad', rule: { allOf: [{ present: 'mailingCountry' }, { not: { equals: { of: 'mailingCountry', value: 'TT' } } }] } };
    f.steps['mailing-address'].remember = { mailingCountry: 'data.country' };
  });
}

describe('config:check', () => {
  it('passes the engine’s mini config and the repository’s own config', () => {
    expect(formatProblems(checkConfig(base(copyConfig().root)))).toBe('');
    expect(formatProblems(checkConfig(base(copyConfig('repository').root)))).toBe('');
  });

  it('knows the fields of every form a hand-written route serves (route-form-fields.ts), and no more', () => {
    const sources = readFormsDir();
    for (const [formId, fields] of Object.entries(ROUTE_FORM_FIELDS)) expect([...fieldsOf(resolveForm(sources, formId).schema)].sort(), formId).toEqual([...fields].sort());
  });

  it('a file that is not JSON is reported alone (not its echoes: its form missing, its UI file without a schema); a key given twice still reads', () => {
    const broken = copyConfig('repository');
    fs.writeFileSync(`${broken.root}/forms/onboarding/basic-info.schema.json`, fs.readFileSync(`${broken.root}/forms/onboarding/basic-info.schema.json`, 'utf8').replace('"title"', '"title" "x",'));
    const problems = checkConfig(base(broken.root));
    expect(problems.map((p) => p.file)).toEqual(['forms/onboarding/basic-info.schema.json']);
    expect(problems[0].message).toMatch(/^not valid JSON/);
    const twice = copyConfig('repository');
    const flowFile = `${twice.root}/flows/onboarding.flow.json`;
    fs.writeFileSync(flowFile, fs.readFileSync(flowFile, 'utf8').replace('"steps": {', '"steps": {\n    "branch": { "route": "/x" },'));
    const found = checkConfig(base(twice.root));
    expect(found).toContainEqual(expect.objectContaining({ file: 'flows/onboarding.flow.json', message: expect.stringMatching(/"branch" appears twice/) }));
    expect(found.filter((p) => /no flow file declares|Declared facts: none/.test(`${p.message} ${p.hint}`))).toEqual([]);
  });

  it('an age rule without notAfterToday beside it is named: a birth date after today would be refused in the age rule\'s words', () => {
    const file = 'forms/onboarding/branch.schema.json';
    const config = copyConfig('repository');
    const dob = { type: 'string', format: 'date', minAgeYears: 18, errorMessage: { minAgeYears: 'Must be at least 18 years old.' } };
    config.edit(file, (schema) => (schema.properties.holder_dob = dob));
    expect(checkConfig(base(config.root))).toContainEqual(expect.objectContaining({ file, path: '/properties/holder_dob/minAgeYears', message: expect.stringMatching(/no notAfterToday/) }));
    config.edit(file, (schema) => (schema.properties.holder_dob = { ...dob, notAfterToday: true, errorMessage: { ...dob.errorMessage, notAfterToday: 'Not in the future.' } }));
    expect(checkConfig(base(config.root)).filter((p) => /notAfterToday/.test(p.message))).toEqual([]);
  });

  it('a $ref to nothing and a pattern that is no regular expression are reported once, where they are written', () => {
    const file = 'forms/onboarding/branch.schema.json';
    const after = (change: (schema: any, field: string) => void) => {
      const config = copyConfig('repository');
      config.edit(file, (schema) => change(schema, Object.keys(schema.properties)[0]));
      return checkConfig(base(config.root)).filter((p) => p.file === file);
    };
    const field = Object.keys(copyConfig('repository').read(file).properties)[0];
    const ref = after((schema) => (schema.properties.extra_ref = { $ref: '#/definitions/nowhere' }));
    expect(ref.map((p) => p.path)).toEqual(['/properties/extra_ref/$ref']);
    const pattern = after((schema, name) => (schema.properties[name].pattern = '([a-z'));
    expect(pattern.map((p) => p.path)).toEqual([`/properties/${field}/pattern`]);
  });

  it('checks a banner\'s condition as a transition\'s: an unknown fact, and one no applicant has', () => {
    const config = copyConfig('repository');
    config.edit('flows/onboarding.flow.json', (f) => {
      f.steps.branch.banners = [{ when: { properties: { isMinr: { const: true } }, required: ['isMinr'] }, title: 'Typo' }, { when: { properties: { isMinor: { const: 'yes' } }, required: ['isMinor'] }, title: 'Never' }];
    });
    const problems = checkConfig(base(config.root));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'flows/onboarding.flow.json', path: '/steps/branch/banners/0/when', message: 'unknown fact "isMinr"' }));
    expect(problems).toContainEqual(expect.objectContaining({ path: '/steps/branch/banners/1/when', message: expect.stringMatching(/no applicant ever sees this banner/) }));
  });

  it("refuses a transfer form without a message its page shows by name (the member would see the name)", () => {
    const config = copyConfig('repository');
    config.edit('forms/member/transfer-to-self.ui.json', (u) => {
      u['ui:options'].needsSecondAcount = u['ui:options'].needsSecondAccount;
      delete u['ui:options'].needsSecondAccount;
    });
    config.edit('forms/member/transfer-to-member.ui.json', (u) => (u['ui:options'].noSourceAccount = ' '));
    const problems = checkConfig(base(config.root));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'forms/member/transfer-to-self.ui.json', path: '/ui:options', message: expect.stringMatching(/"needsSecondAccount" from here, and it is missing/), hint: expect.stringMatching(/this page reads noSourceAccount, needsSecondAccount\b.*; "ui:options" now also holds needsSecondAcount: a misspelt name/) }));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'forms/member/transfer-to-member.ui.json', path: '/ui:options/noSourceAccount', message: expect.stringMatching(/shows "noSourceAccount" as a message, and it holds " ": people would see no words/) }));
  });

  it("refuses a flow whose stepTexts lack a word every step's page shows (the pages have none of their own)", () => {
    const config = copyConfig('repository');
    config.edit('flows/onboarding.flow.json', (f) => {
      delete f.stepTexts.stay;
      f.stepTexts.next = '';
    });
    const problems = checkConfig(base(config.root));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'flows/onboarding.flow.json', path: '/stepTexts/stay', message: expect.stringMatching(/shows "stay" from the flow's stepTexts, and it is missing/) }));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'flows/onboarding.flow.json', path: '/stepTexts/next', message: expect.stringMatching(/and it is "": people would see no words there/) }));
  });

  it("refuses a hand-written page's form without its button's words (the page has none of its own)", () => {
    const config = copyConfig('repository');
    config.edit('forms/auth/sign-in.ui.json', (u) => delete u['ui:submitButtonOptions']);
    config.edit('forms/member/transfer-code.ui.json', (u) => (u['ui:submitButtonOptions'].submitText = ' '));
    const problems = checkConfig(base(config.root));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'forms/auth/sign-in.ui.json', path: '/ui:submitButtonOptions', message: expect.stringMatching(/the page of auth\/sign-in words its button from here, and it is missing/) }));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'forms/member/transfer-code.ui.json', path: '/ui:submitButtonOptions/submitText', message: expect.stringMatching(/it holds " ": the button would have no words/) }));
  });

  it('reports each step that cannot share its endpoint at its submit.endpoint, all at once, naming what to change', () => {
    const config = copyConfig('repository');
    const flowFile = 'flows/onboarding.flow.json';
    const steps = config.read(flowFile).steps as Record<string, any>;
    // Form steps the generic step route serves (no server action), each on an endpoint of its own today, by encoding;
    // and the steps that share one, told apart by a field (the two addresses).
    const generic = Object.entries(steps).filter(([, s]) => s.kind === 'form' && s.submit && !s.submit.action && !s.submit.parts);
    const alone = (encoding: string) => generic.filter(([, s]) => (s.submit.encoding ?? 'json') === encoding && generic.filter(([, o]) => o.submit.endpoint === s.submit.endpoint).length === 1);
    const [[jsonA, jsonStep], [jsonB]] = alone('json');
    const [[multipartA]] = alone('multipart');
    const shared = generic.filter(([, s]) => generic.filter(([, o]) => o.submit.endpoint === s.submit.endpoint).length > 1);
    const [[, sharedStep]] = shared;
    const [[multipartB]] = alone('multipart').filter(([id]) => id !== multipartA && sharedStep.submit.encoding === 'multipart');
    config.edit(flowFile, (f) => {
      f.steps[jsonB].submit.endpoint = jsonStep.submit.endpoint; // nothing tells the two apart
      f.steps[multipartA].submit.endpoint = jsonStep.submit.endpoint; // another encoding
      f.steps[multipartB].submit.endpoint = sharedStep.submit.endpoint; // its form lacks the field the others fix
    });
    const problems = checkConfig(base(config.root));
    const at = (id: string) => expect.objectContaining({ file: flowFile, path: `/steps/${id}/submit/endpoint` });
    expect(problems).toEqual(expect.arrayContaining([at(jsonB), at(multipartA), at(multipartB)]));
    const of = (id: string) => problems.find((p) => p.path === `/steps/${id}/submit/endpoint`)!;
    expect(of(jsonB).message).toContain(`steps ${jsonA}, ${jsonB} share POST ${jsonStep.submit.endpoint}, and no field of their forms tells them apart`);
    expect(of(multipartA).message).toContain(`step "${multipartA}" sends POST ${jsonStep.submit.endpoint} as multipart, and ${jsonA}, ${jsonB} as json`);
    expect(of(multipartB).message).toMatch(new RegExp(`told apart by "\\w+", and the form of "${multipartB}" \\(${steps[multipartB].form}\\) has no "\\w+" with a "const" of its own`));
    expect(of(multipartB).hint).toContain(`an endpoint of its own`);
  });

  it('refuses a new field on a form whose route keeps fixed columns (it would be checked, then dropped)', () => {
    const config = copyConfig('repository');
    config.edit('forms/admin/user.schema.json', (s) => (s.properties.employee_number = { type: 'string', title: 'Employee number' }));
    const problems = checkConfig(base(config.root));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'forms/admin/user.schema.json', path: '/properties/employee_number', message: expect.stringMatching(/"employee_number" would be checked and then dropped: the server's route for admin\/user keeps only first_name/), hint: expect.stringMatching(/needs a developer/) }));
  });

  it("refuses a field a branch requires whose showWhen hides it for some of those answers (the analyst review's membership name)", () => {
    const config = copyConfig('repository');
    const uiFile = 'forms/onboarding/membership-declaration-agreement.ui.json';
    // Shown while the applicant serves on a board; the schema requires it while they belong to another credit union.
    config.edit(uiFile, (u) => (u.credit_union_name = { ...u.credit_union_name, 'ui:options': { ...u.credit_union_name?.['ui:options'], showWhen: { properties: { is_serving_on_credit_union_board: { const: true } }, required: ['is_serving_on_credit_union_board'] } } }));
    const problems = checkConfig(base(config.root));
    expect(problems).toContainEqual(expect.objectContaining({ file: uiFile, path: '/credit_union_name/ui:options/showWhen', message: expect.stringMatching(/"credit_union_name" is required when \{"is_member_of_another_credit_union":true,"is_serving_on_credit_union_board":false\} .* its showWhen hides it then/), hint: expect.stringMatching(/same condition/) }));
    // The repository's forms, whose conditions agree, check out.
    expect(checkConfig(base(copyConfig('repository').root)).filter((p) => p.message.includes('its showWhen hides it then'))).toEqual([]);
  });

  const cases: Array<[string, (c: ReturnType<typeof copyConfig>) => void, { file: string; path: string; message: RegExp; hint: RegExp; line?: number; column?: number }]> = [
    ['a step naming a missing form', (c) => c.edit(FLOW, (f) => (f.steps.guardian.form = 'mini/guardians')), { file: FLOW, path: '/steps/guardian/form', message: /form "mini\/guardians" not found/, hint: /mini\/guardian\b/ }],
    ['a transition to a missing step', (c) => c.edit(FLOW, (f) => (f.steps.guardian.next[0].to = 'documentz')), { file: FLOW, path: '/steps/guardian/next/0/to', message: /missing step "documentz"/, hint: /documents/ }],
    ['a misspelt widget', (c) => c.edit('forms/mini/guardian.ui.json', (u) => (u.is_parent['ui:widget'] = 'yesno')), { file: 'forms/mini/guardian.ui.json', path: '/is_parent/ui:widget', message: /unknown widget "yesno"/, hint: /yes-no/ }],
    ['a misspelt flow key (meta-schema)', (c) => c.edit(FLOW, (f) => (f.steps.guardian.skipable = true)), { file: FLOW, path: '/steps/guardian', message: /unknown key "skipable"/, hint: /flow\.schema\.json/ }],
    ['a missing list', (c) => c.edit('forms/mini/about-you.schema.json', (s) => (s.properties.nationality.$ref = '../lists/nations.json')), { file: 'forms/mini/about-you.schema.json', path: '/properties/nationality/$ref', message: /list "..\/lists\/nations.json" not found/, hint: /countries/ }],
    ['an unknown transform', (c) => c.edit(FLOW, (f) => (f.steps.guardian.submit.transform = 'guardianPayloadX')), { file: FLOW, path: '/steps/guardian/submit/transform', message: /unknown transform "guardianPayloadX"/, hint: /src\/shared\/transforms/ }],
    ['an unknown fact', (c) => c.edit(FLOW, (f) => (f.steps['about-you'].next[0].when = { properties: { isChild: { const: true } }, required: ['isChild'] })), { file: FLOW, path: '/steps/about-you/next/0/when', message: /unknown fact "isChild"/, hint: /isMinor/ }],
    ['an unreachable step', (c) => c.edit(FLOW, (f) => (f.steps.orphan = { route: '/mini/orphan', title: 'Orphan', kind: 'info', next: [{ to: 'done' }] })), { file: FLOW, path: '/steps/orphan', message: /unreachable/, hint: /transition/ }],
    ['a dead end', (c) => c.edit(FLOW, (f) => (f.steps.guardian.next = [])), { file: FLOW, path: '/steps/guardian/next', message: /dead end/, hint: /kind success/ }],
    ['a condition that can never hold', (c) => c.edit(FLOW, (f) => (f.steps['about-you'].next[0].when = { properties: { isMinor: { const: 'yes' } }, required: ['isMinor'] })), { file: FLOW, path: '/steps/about-you/next/0/when', message: /never hold/, hint: /true\/false/ }],
    ['a condition that always holds', (c) => c.edit(FLOW, (f) => (f.steps['about-you'].next[0].when = { properties: { isMinor: { type: 'boolean' } } })), { file: FLOW, path: '/steps/about-you/next/0/when', message: /always holds/, hint: /never taken/ }],
    ['a ui-schema entry naming a field the schema lacks', (c) => c.edit('forms/mini/guardian.ui.json', (u) => (u.guardian_nmae = { 'ui:autofocus': true })), { file: 'forms/mini/guardian.ui.json', path: '/guardian_nmae', message: /not a field/, hint: /guardian_name/ }],
    ['a form open to unknown fields (form meta-schema)', (c) => c.edit('forms/mini/guardian.schema.json', (s) => (s.additionalProperties = true)), { file: 'forms/mini/guardian.schema.json', path: '/additionalProperties', message: /must be equal to constant/, hint: /form\.meta\.schema\.json/ }],
    ['a mistyped file limit (form meta-schema)', (c) => c.edit('forms/mini/guardian.schema.json', (s) => (s.properties.guardian_name.maxFileSize = '5MB')), { file: 'forms/mini/guardian.schema.json', path: '/properties/guardian_name/maxFileSize', message: /must be integer/, hint: /form\.meta\.schema\.json/ }],
    ['a misspelt ui key (ui meta-schema)', (c) => c.edit('forms/mini/guardian.ui.json', (u) => (u['ui:ordr'] = ['guardian_name'])), { file: 'forms/mini/guardian.ui.json', path: '/ui:ordr', message: /unknown key "ui:ordr"/, hint: /form\.ui\.meta\.schema\.json/ }],
    // RJSF offers only the values "ui:enumOrder" names (the admin user forms offer Male and Female, the schema takes "other" too).
    [
      'an option order naming a value the field lacks (its option would not be offered)',
      (c) => {
        c.edit('forms/mini/guardian.schema.json', (s) => (s.properties.contact_time = { type: 'string', title: 'Best time', enum: ['morning', 'evening'] }));
        c.edit('forms/mini/guardian.ui.json', (u) => (u.contact_time = { 'ui:enumNames': ['Morning', 'Evening'], 'ui:enumOrder': ['evening', 'mornin'] }));
      },
      { file: 'forms/mini/guardian.ui.json', path: '/contact_time/ui:enumOrder/1', message: /names "mornin", which is not a value of "contact_time"/, hint: /"morning"/ },
    ],
    ['an option order on a list field (it changes nothing)', (c) => c.edit('forms/mini/about-you.ui.json', (u) => (u.nationality = { ...u.nationality, 'ui:enumOrder': ['TT', '*'] })), { file: 'forms/mini/about-you.ui.json', path: '/nationality/ui:enumOrder', message: /not written as a bare "enum": it changes nothing/, hint: /oneOf/ }],
    ['a section (ui:groups) naming a field the schema lacks', (c) => c.edit('forms/mini/guardian.ui.json', (u) => (u['ui:groups'] = [{ title: 'Guardian', fields: ['guardian_nmae', 'is_parent'] }])), { file: 'forms/mini/guardian.ui.json', path: '/ui:groups/0/fields/0', message: /group "Guardian" names "guardian_nmae", which is not a field/, hint: /guardian_name/ }],
    ['a field in two sections', (c) => c.edit('forms/mini/guardian.ui.json', (u) => (u['ui:groups'] = [{ title: 'Guardian', fields: ['guardian_name'] }, { title: 'Parent', fields: ['is_parent', 'guardian_name'] }])), { file: 'forms/mini/guardian.ui.json', path: '/ui:groups/1/fields/1', message: /"guardian_name" is in two groups/, hint: /one group/ }],
    ['a section without a title (ui meta-schema)', (c) => c.edit('forms/mini/guardian.ui.json', (u) => (u['ui:groups'] = [{ fields: ['guardian_name'] }])), { file: 'forms/mini/guardian.ui.json', path: '/ui:groups/0', message: /title/, hint: /form\.ui\.meta\.schema\.json/ }],
    ['a skip condition on a step that cannot be skipped', (c) => c.edit(FLOW, (f) => (f.steps.guardian.skipWhen = { required: ['guardian_name'] })), { file: FLOW, path: '/steps/guardian/skipWhen', message: /skipWhen on a step that is not skippable/, hint: /skippable/ }],
    ['a skip condition naming a field the form lacks', (c) => c.edit(FLOW, (f) => (f.steps.documents.skipWhen = { properties: { filez: { maxItems: 0 } } })), { file: FLOW, path: '/steps/documents/skipWhen', message: /skipWhen names "filez", which is not a field of mini\/documents/, hint: /Fields:/ }],
    ['a skip condition keyword the wizard cannot evaluate', (c) => c.edit(FLOW, (f) => (f.steps.documents.skipWhen = { properties: { proof_files: { minLength: 1 } } })), { file: FLOW, path: '/steps/documents/skipWhen/properties/proof_files/minLength', message: /cannot evaluate/, hint: /maxItems/ }],
    ['a required field with no message', (c) => c.edit('forms/mini/guardian.schema.json', (s) => delete s.errorMessage.required.is_parent), { file: 'forms/mini/guardian.schema.json', path: '/required', message: /"is_parent" has no message/, hint: /errorMessage/ }],
    ['an integer field the database cannot hold', (c) => c.edit('forms/mini/guardian.schema.json', (s) => (s.properties.guardian_age = { type: 'integer', minimum: 0, title: 'Age', errorMessage: 'Enter an age' })), { file: 'forms/mini/guardian.schema.json', path: '/properties/guardian_age', message: /integer field without bounds/, hint: /"maximum"/ }],
    ['a field missing from ui:order', (c) => c.edit('forms/mini/about-you.ui.json', (u) => (u['ui:order'] = ['first_name', 'dob'])), { file: 'forms/mini/about-you.ui.json', path: '/ui:order', message: /leaves out "nationality"/, hint: /"\*"/ }],
    ['a required field not in properties', (c) => c.edit('forms/mini/guardian.schema.json', (s) => s.required.push('guardian_phone')), { file: 'forms/mini/guardian.schema.json', path: '/required/2', message: /required field "guardian_phone" is not in "properties"/, hint: /guardian_name, is_parent/ }],
    ['a required field in a branch that no branch declares', (c) => c.edit('forms/mini/guardian.schema.json', (s) => Object.assign(s, { if: { properties: { is_parent: { const: false } }, required: ['is_parent'] }, then: { required: ['relationship'] } })), { file: 'forms/mini/guardian.schema.json', path: '/then/required/0', message: /"relationship" is not in "properties"/, hint: /Fields here/ }],
    ['an if naming a misspelt field (the rule it guards is off)', (c) => c.edit('forms/mini/guardian.schema.json', (s) => Object.assign(s, { if: { properties: { is_parnet: { const: false } }, required: ['is_parnet'] }, then: { properties: { guardian_name: { maxLength: 5 } } } })), { file: 'forms/mini/guardian.schema.json', path: '/if/properties/is_parnet', message: /names "is_parnet", which is not a field here/, hint: /is_parent/ }],
    ['an if comparing a true/false field with "true"', (c) => c.edit('forms/mini/guardian.schema.json', (s) => Object.assign(s, { allOf: [{ if: { properties: { is_parent: { const: 'true' } }, required: ['is_parent'] }, then: { properties: { guardian_name: { maxLength: 5 } } } }] })), { file: 'forms/mini/guardian.schema.json', path: '/allOf/0/if/properties/is_parent/const', message: /compares "is_parent" with "true", a value it never holds: the field is "boolean"/, hint: /without quotes/ }],
    ['a showWhen comparing a text field with a number (the field never shows)', (c) => c.edit('forms/mini/guardian.ui.json', (u) => (u.is_parent = { ...u.is_parent, 'ui:options': { showWhen: { properties: { guardian_name: { const: 500 } }, required: ['guardian_name'] } } })), { file: 'forms/mini/guardian.ui.json', path: '/is_parent/ui:options/showWhen/properties/guardian_name/const', message: /compares "guardian_name" with 500, a value it never holds: the field is "string", never a number/, hint: /as the field holds it/ }],
    ['a message for a keyword the field does not use', (c) => c.edit('forms/mini/guardian.schema.json', (s) => (s.properties.guardian_name.errorMessage.maxLength = 'Too long')), { file: 'forms/mini/guardian.schema.json', path: '/properties/guardian_name/errorMessage/maxLength', message: /a message for "maxLength", which this schema does not use/, hint: /minLength/ }],
    ['a message for a field that does not exist', (c) => c.edit('forms/mini/guardian.schema.json', (s) => (s.errorMessage.required.guardian_phone = 'Phone is required')), { file: 'forms/mini/guardian.schema.json', path: '/errorMessage/required/guardian_phone', message: /a message for "guardian_phone", which is not a field/, hint: /guardian_name/ }],
    ['a showWhen naming a missing field', (c) => c.edit('forms/mini/guardian.ui.json', (u) => (u.guardian_name = { 'ui:options': { showWhen: { properties: { is_parnet: { const: true } }, required: ['is_parnet'] } } })), { file: 'forms/mini/guardian.ui.json', path: '/guardian_name/ui:options/showWhen', message: /showWhen names "is_parnet"/, hint: /is_parent/ }],
    ['a duplicate enum value in a form', (c) => c.edit('forms/mini/guardian.schema.json', (s) => (s.properties.relationship = { type: 'string', title: 'Relationship', enum: ['Mother', 'Father', 'Mother'] })), { file: 'forms/mini/guardian.schema.json', path: '/properties/relationship/enum/2', message: /"Mother" is listed twice/, hint: /own value/ }],
    ['a duplicate option value in a list', (c) => c.edit('forms/lists/countries.json', (l) => l.oneOf.push({ ...l.oneOf[0] })), { file: 'forms/lists/countries.json', path: '/oneOf/3/const', message: /is listed twice/, hint: /own value/ }],
    ['two options of a list with one title', (c) => c.edit('forms/lists/countries.json', (l) => l.oneOf.push({ const: 'ZZ', title: ` ${l.oneOf[0].title.toUpperCase()}` })), { file: 'forms/lists/countries.json', path: '/oneOf/3/title', message: /is also the title of option 0 .*people would see two options alike/, hint: /its own words/ }],
    ['a misspelt schema keyword (ajv strict mode)', (c) => c.edit('forms/mini/guardian.schema.json', (s) => (s.properties.guardian_name.maxlength = 50)), { file: 'forms/mini/guardian.schema.json', path: '/properties/guardian_name/maxlength', message: /unknown schema keyword "maxlength"/, hint: /"maxLength"/ }],
    ['an unknown format (ajv strict mode)', (c) => c.edit('forms/mini/guardian.schema.json', (s) => (s.properties.guardian_name.format = 'dat')), { file: 'forms/mini/guardian.schema.json', path: '/properties/guardian_name', message: /strict mode.*unknown format "dat"/, hint: /form\.meta\.schema\.json/ }],
    ['a cycle of steps', (c) => c.edit(FLOW, (f) => (f.steps.documents.next = [{ to: 'guardian' }])), { file: FLOW, path: '/steps/documents/next/0/to', message: /a cycle: guardian → documents → guardian/, hint: /forward/ }],
    ['conditions that never hold together', (c) => c.edit(FLOW, (f) => (f.steps.guardian.next = [{ when: { properties: { isMinor: { const: false } }, required: ['isMinor'] }, to: 'done' }, { to: 'documents' }])), { file: FLOW, path: '/steps/guardian/next/0/when', message: /never holds together with the ones that lead to "guardian"/, hint: /first that holds/ }],
    ['an option rule allowing a value the field does not offer', (c) => c.edit('forms/mini/about-you.schema.json', (s) => (s.properties.nationality.optionsWhen = [{ only: ['ZZ'], message: 'Pick a listed country.' }])), { file: 'forms/mini/about-you.schema.json', path: '/properties/nationality/optionsWhen/0/only/0', message: /allows "ZZ", which the field does not offer/, hint: /Options:/ }],
    ['an option rule testing a fact no flow declares', (c) => c.edit('forms/mini/about-you.schema.json', (s) => (s.properties.nationality.optionsWhen = [{ when: { properties: { isChild: { const: true } }, required: ['isChild'] }, only: [], message: 'No.' }])), { file: 'forms/mini/about-you.schema.json', path: '/properties/nationality/optionsWhen/0/when', message: /tests "isChild", which no flow file declares/, hint: /isMinor/ }],
    ['markdown in a description (the build leaves the markdown renderer out)', (c) => c.edit('forms/mini/guardian.ui.json', (u) => (u.guardian_name = { 'ui:options': { enableMarkdownInDescription: true } })), { file: 'forms/mini/guardian.ui.json', path: '/guardian_name/ui:options/enableMarkdownInDescription', message: /markdown is not available/, hint: /form\.ui\.meta\.schema\.json/ }],
    ['a field keyword the form meta-schema does not list', (c) => c.edit('forms/mini/guardian.schema.json', (s) => (s.properties.guardian_name.placeholder = 'Jane Doe')), { file: 'forms/mini/guardian.schema.json', path: '/properties/guardian_name/placeholder', message: /unknown schema keyword "placeholder"/, hint: /form\.meta\.schema\.json/ }],
    ['a step route that is one of the app\'s own pages', (c) => c.edit(FLOW, (f) => (f.steps.guardian.route = '/continue')), { file: FLOW, path: '/steps/guardian/route', message: /route \/continue is the app's own page/, hint: /\/login/ }],
    ['a step route under an area of the app', (c) => c.edit(FLOW, (f) => (f.steps.guardian.route = '/admin/users')), { file: FLOW, path: '/steps/guardian/route', message: /the app's own page \(\/admin\)/, hint: /own/ }],
    ['a file upload on a text field', (c) => c.edit('forms/mini/guardian.ui.json', (u) => (u.guardian_name = { 'ui:widget': 'file-upload' })), { file: 'forms/mini/guardian.ui.json', path: '/guardian_name/ui:widget', message: /widget "file-upload" cannot draw "guardian_name", a field of type string/, hint: /text/ }],
    ['Yes/No on a list of options', (c) => { c.edit('forms/mini/guardian.schema.json', (s) => (s.properties.guardian_name = { ...s.properties.guardian_name, enum: ['A', 'B', 'C'] })); c.edit('forms/mini/guardian.ui.json', (u) => (u.guardian_name = { 'ui:widget': 'yes-no' })); }, { file: 'forms/mini/guardian.ui.json', path: '/guardian_name/ui:widget', message: /"yes-no" cannot draw/, hint: /select/ }],
    ['a default the field does not offer', (c) => c.edit('forms/mini/guardian.schema.json', (s) => (s.properties.guardian_name = { ...s.properties.guardian_name, enum: ['A', 'B'], default: 'C' })), { file: 'forms/mini/guardian.schema.json', path: '/properties/guardian_name/default', message: /default "C" is not one of the field's options/, hint: /"A", "B"/ }],
    ['a minLength above the maxLength', (c) => c.edit('forms/mini/guardian.schema.json', (s) => Object.assign(s.properties.guardian_name, { minLength: 150, maxLength: 100 })), { file: 'forms/mini/guardian.schema.json', path: '/properties/guardian_name/minLength', message: /minLength 150 is above maxLength 100: no answer can pass/, hint: /at most/ }],
    ['a field required of everyone but shown only sometimes', (c) => c.edit('forms/mini/guardian.ui.json', (u) => (u.guardian_name = { 'ui:options': { showWhen: { properties: { is_parent: { const: true } }, required: ['is_parent'] } } })), { file: 'forms/mini/guardian.ui.json', path: '/guardian_name/ui:options/showWhen', message: /"guardian_name" is required of everyone but shown only while its showWhen holds/, hint: /"if"\/"then"/ }],
    ['a field required of everyone but drawn hidden, with no default', (c) => c.edit('forms/mini/guardian.ui.json', (u) => (u.guardian_name = { 'ui:widget': 'hidden' })), { file: 'forms/mini/guardian.ui.json', path: '/guardian_name', message: /"guardian_name" is required of everyone but hidden \(ui:widget "hidden"\), with no default/, hint: /default/ }],
    ['a field required of everyone but read-only, with no default', (c) => c.edit('forms/mini/guardian.schema.json', (s) => (s.properties.guardian_name.readOnly = true)), { file: 'forms/mini/guardian.ui.json', path: '/guardian_name', message: /"guardian_name" is required of everyone but read-only, with no default/, hint: /optional/ }],
    ['a rule with no message of its own', (c) => c.edit('forms/mini/guardian.schema.json', (s) => (s.properties.guardian_name.pattern = '^[A-Z]')), { file: 'forms/mini/guardian.schema.json', path: '/properties/guardian_name/pattern', message: /"pattern" has no message/, hint: /"errorMessage": \{ "pattern"/ }],
    ['a missing endpoint', () => undefined, { file: FLOW, path: '/steps/guardian/submit/endpoint', message: /no API route answers POST \/api\/mini\/guardians\//, hint: /trailing slash/ }],
    ['broken JSON', (c) => fs.writeFileSync(`${c.root}/forms/mini/guardian.ui.json`, '{ "is_parent": }'), { file: 'forms/mini/guardian.ui.json', path: '', message: /not valid JSON: expected a value/, hint: /comma/, line: 1, column: 16 }],
    ['a key given twice (JSON.parse would keep the last)', (c) => fs.writeFileSync(`${c.root}/flows/mini.flow.json`, '{\n  "initial": "start",\n  "initial": "other",\n  "steps": {}\n}'), { file: FLOW, path: '', message: /the key "initial" appears twice in this object/, hint: /Rename one of the two/, line: 3, column: 3 }],
    ['broken JSON on a later line', (c) => fs.writeFileSync(`${c.root}/flows/mini.flow.json`, '{\n  "initial": "start",\n  "steps": {}\n  "facts": {}\n}'), { file: FLOW, path: '', message: /expected "," or "}"/, hint: /missing comma/, line: 4, column: 3 }],
  ];

  it.each(cases)('finds %s, with file, JSON path and a hint', (_name, change, expected) => {
    const options = _name === 'a missing endpoint' ? { hasEndpoint: (m: string, p: string) => !(m === 'POST' && p === '/mini/guardians/') && p !== '/mini/guardians' ? true : p === '/mini/guardians' } : {};
    const problems = problemsAfter(change, options);
    const match = problems.find((p) => p.file === expected.file && p.path === expected.path && expected.message.test(p.message));
    expect(match, formatProblems(problems)).toBeDefined();
    expect(match!.hint).toMatch(expected.hint);
    if (expected.line) expect({ line: match!.line, column: match!.column }).toEqual({ line: expected.line, column: expected.column });
  });

  // One call per record (`submit.parts`), on the repository's own flow: its slots and lists must fit the step's form.
  const ONBOARDING = 'flows/onboarding.flow.json';
  const partsCases: Array<[string, (f: any) => void, { path: string; message: RegExp; hint: RegExp }]> = [
    ['a slot prefix no field of the form has', (f) => (f.steps['id-information'].submit.parts.slots.false.prefix = 'second_'), { path: '/steps/id-information/submit/parts/slots/false/prefix', message: /no field of the step's form starts with "second_"/, hint: /secondary_id_type/ }],
    ['a key that is a field of the form', (f) => (f.steps['id-information'].submit.parts.key = 'holder_type'), { path: '/steps/id-information/submit/parts/key', message: /"holder_type" is a field of the step's form/, hint: /is_primary_id/ }],
    ['a slot setting a field the form lacks', (f) => (f.steps['child-id-information'].submit.parts.slots.false.set = { has_second_id: true }), { path: '/steps/child-id-information/submit/parts/slots/false/set/has_second_id', message: /"has_second_id" is not a field/, hint: /has_secondary_id/ }],
    ['a list the form does not have', (f) => (f.steps['designation-of-beneficiary'].submit.parts.list = 'beneficiary'), { path: '/steps/designation-of-beneficiary/submit/parts/list', message: /"beneficiary" is not a list of records/, hint: /beneficiaries/ }],
    ['a match field the records lack', (f) => (f.steps['designation-of-beneficiary'].submit.parts.match = ['id_numbr']), { path: '/steps/designation-of-beneficiary/submit/parts/match', message: /"id_numbr" is not a field of the records/, hint: /id_number/ }],
    ['parts on a step served by a server action', (f) => (f.steps.branch.submit.parts = { list: 'x', match: ['y'] }), { path: '/steps/branch/submit/parts', message: /parts on a step the generic step route does not store/, hint: /action/ }],
  ];
  it.each(partsCases)('finds %s (submit.parts)', (_name, change, expected) => {
    const config = copyConfig('repository');
    config.edit(ONBOARDING, change);
    const problems = checkConfig(base(config.root));
    const match = problems.find((p) => p.file === ONBOARDING && p.path === expected.path && expected.message.test(p.message));
    expect(match, formatProblems(problems)).toBeDefined();
    expect(match!.hint).toMatch(expected.hint);
  });

  // Mistakes an analyst made in review (2026-11-28) that passed the checker and then lost answers, showed a password,
  // or left applicants stuck: each reported where it was made, on the repository's own configuration.
  const reviewCases: Array<[string, (c: ReturnType<typeof copyConfig>) => void, { file: string; path: string; message: RegExp; hint: RegExp }]> = [
    ['a form step without submit (its answers sent nowhere)', (c) => c.edit(ONBOARDING, (f) => delete f.steps.branch.submit), { file: ONBOARDING, path: '/steps/branch/submit', message: /form step "branch" has no "submit": its answers are sent nowhere/, hint: /generic step route/ }],
    ['an endpoint written with /api', (c) => c.edit(ONBOARDING, (f) => (f.steps['membership-declaration-agreement'].submit.endpoint = `/api${f.steps['membership-declaration-agreement'].submit.endpoint}`)), { file: ONBOARDING, path: '/steps/membership-declaration-agreement/submit/endpoint', message: /starts with \/api: the wizard adds it/, hint: /without \/api/ }],
    ['a misspelt remember path', (c) => c.edit(ONBOARDING, (f) => (f.steps['basic-info'].remember.nationality = 'data.nationalty')), { file: ONBOARDING, path: '/steps/basic-info/remember/nationality', message: /"nationalty" is not a field of onboarding\/basic-info/, hint: /nationality/ }],
    ['a free-input widget on a list of options', (c) => c.edit('forms/onboarding/branch.ui.json', (u) => (u.preferred_contact_method = { 'ui:widget': 'date' })), { file: 'forms/onboarding/branch.ui.json', path: '/preferred_contact_method/ui:widget', message: /widget "date" takes free input, but "preferred_contact_method" offers options/, hint: /radio/ }],
    ['a default its const refuses', (c) => c.edit('forms/onboarding/address.schema.json', (s) => (s.properties.address_type.default = 'mailing')), { file: 'forms/onboarding/address.schema.json', path: '/properties/address_type/default', message: /default "mailing" breaks the field's own rules \(const/, hint: /const/ }],
    ['a date default in another format', (c) => c.edit('forms/onboarding/branch.schema.json', (s) => (s.properties.visit_date = { type: 'string', format: 'date', title: 'Visit date', default: '31/12/2024', errorMessage: { format: 'Enter a date.' } })), { file: 'forms/onboarding/branch.schema.json', path: '/properties/visit_date/default', message: /default "31\/12\/2024" breaks the field's own rules \(format/, hint: /YYYY-MM-DD/ }],
    ['an empty message', (c) => c.edit('forms/onboarding/branch.schema.json', (s) => (s.errorMessage.required.home_branch = ' ')), { file: 'forms/onboarding/branch.schema.json', path: '/errorMessage/required/home_branch', message: /an empty message/, hint: /general message/ }],
    ['a list option without a title', (c) => c.edit('forms/lists/contact-times.json', (l) => l.oneOf.push({ const: 'evening' })), { file: 'forms/onboarding/branch.schema.json', path: '/properties/best_contact_time/oneOf/3', message: /option "evening" has no title/, hint: /"title"/ }],
    ['a list option of another type', (c) => c.edit('forms/lists/contact-times.json', (l) => l.oneOf.push({ const: 5, title: 'Five' })), { file: 'forms/onboarding/branch.schema.json', path: '/properties/best_contact_time/oneOf/3/const', message: /option 5 is a number, but the field holds string/, hint: /string/ }],
    ['a password drawn as text', (c) => c.edit('forms/onboarding/basic-info.ui.json', (u) => (u.confirmed_password = { 'ui:autocomplete': 'new-password' })), { file: 'forms/onboarding/basic-info.ui.json', path: '/confirmed_password', message: /"confirmed_password" is a password drawn as text/, hint: /"ui:widget": "password"/ }],
    ['a placeholder the text is not filled with', (c) => c.edit(ONBOARDING, (f) => (f.resume.texts.continueHint = f.resume.texts.continueHint.replace('{link}', '{url}'))), { file: ONBOARDING, path: '/resume/texts/continueHint', message: /\{url\} is never filled in this text/, hint: /\{link\}/ }],
    ['a placeholder in the wrong case', (c) => c.edit(ONBOARDING, (f) => (f.resume.texts.reminderBody = f.resume.texts.reminderBody.replace('{firstName}', '{firstname}'))), { file: ONBOARDING, path: '/resume/texts/reminderBody', message: /\{firstname\} is never filled/, hint: /\{firstName\}/ }],
    ['a choice setting a value no fact compares with', (c) => c.edit(ONBOARDING, (f) => (f.steps['new-or-existing-customer'].choices[1].set.customerType = 'Existing')), { file: ONBOARDING, path: '/facts/isExistingCustomer/rule/equals/value', message: /fact "isExistingCustomer" compares "customerType" with "existing", which no choice sets: it never holds/, hint: /"Existing"/ }],
    ['an agreement without its document', (c) => c.edit('forms/onboarding/basic-info.ui.json', (u) => delete u.terms_viewed['ui:options'].document), { file: 'forms/onboarding/basic-info.ui.json', path: '/terms_viewed/ui:widget', message: /widget "agreement" on "terms_viewed" needs "ui:options.document"/, hint: /"document"/ }],
    ['a misspelt ui:options name', (c) => c.edit('forms/onboarding/basic-info.ui.json', (u) => (u.terms_viewed['ui:options'].viewFristHint = u.terms_viewed['ui:options'].viewFirstHint)), { file: 'forms/onboarding/basic-info.ui.json', path: '/terms_viewed/ui:options/viewFristHint', message: /"ui:options.viewFristHint" is read by nothing/, hint: /"viewFirstHint"/ }],
    ['a misspelt step text', (c) => c.edit(ONBOARDING, (f) => (f.steps.success.texts.sumbit = 'Send')), { file: ONBOARDING, path: '/steps/success/texts/sumbit', message: /no page reads the text "sumbit"/, hint: /Did you mean "submit"\?/ }],
    ['a misspelt text for every step', (c) => c.edit(ONBOARDING, (f) => (f.stepTexts.bakc = 'Previous')), { file: ONBOARDING, path: '/stepTexts/bakc', message: /no page reads the text "bakc"/, hint: /Did you mean "back"\?/ }],
    // It would reword every form's own button (its submitText) on every step.
    ['a submit text for every step', (c) => c.edit(ONBOARDING, (f) => (f.stepTexts.submit = 'Continue')), { file: ONBOARDING, path: '/stepTexts/submit', message: /"submit" cannot be worded for every step/, hint: /"next"/ }],
    ['a placeholder a text for every step does not fill', (c) => c.edit(ONBOARDING, (f) => (f.stepTexts.sending = 'Sending {step}…')), { file: ONBOARDING, path: '/stepTexts/sending', message: /\{step\} is never filled/, hint: /no placeholders/ }],
    ['bounds no number meets', (c) => c.edit('forms/onboarding/branch.schema.json', (s) => (s.properties.party_size = { type: 'integer', title: 'Party', minimum: 10, exclusiveMaximum: 10, errorMessage: 'Enter a number.' })), { file: 'forms/onboarding/branch.schema.json', path: '/properties/party_size/minimum', message: /minimum 10 is above exclusiveMaximum 10/, hint: /at most/ }],
    // A branch on a new fact at a step before the answer it reads (review9): the wizard never takes it, the final
    // submission's check (every answer stored) asks for its step, and the applicant cannot finish.
    ['a branch on a fact before the step that keeps its answer', (c) => c.edit(ONBOARDING, (f) => {
      f.facts.livesAbroad = { label: 'living abroad', rule: { allOf: [{ present: 'residenceCountry' }, { not: { equals: { of: 'residenceCountry', value: 'TT' } } }] } };
      f.steps.address.remember = { residenceCountry: 'data.country' };
      f.steps['living-abroad'] = { route: '/living-abroad', title: 'Living Abroad', kind: 'info', requiresSignupId: true, content: { paragraphs: ['Statements are sent by email.'] }, next: [{ to: 'address' }] };
      f.steps['due-diligence'].next = [{ when: { properties: { livesAbroad: { const: true } }, required: ['livesAbroad'] }, to: 'living-abroad' }, { to: 'address' }];
    }), { file: ONBOARDING, path: '/steps/due-diligence/next/0/when', message: /reads "livesAbroad", made of "residenceCountry", which the step "address" keeps only after "due-diligence".*cannot finish/, hint: /Branch on "livesAbroad" in the "next" of "address" or a later step/ }],
    // A widget option of the wrong kind: school-search sliced its list to NaN names and showed none (review9).
    ['a widget option of the wrong kind', (c) => c.edit('forms/onboarding/basic-info.ui.json', (u) => (u.school_name['ui:options'].browseLimit = 'ten')), { file: 'forms/onboarding/basic-info.ui.json', path: '/school_name/ui:options/browseLimit', message: /must be integer/, hint: /form\.ui\.meta\.schema\.json/ }],
    ['a banner on a fact its step keeps the answer of', (c) => c.edit(ONBOARDING, (f) => {
      f.facts.livesAbroad = { label: 'living abroad', rule: { allOf: [{ present: 'residenceCountry' }, { not: { equals: { of: 'residenceCountry', value: 'TT' } } }] } };
      f.steps.address.remember = { residenceCountry: 'data.country' };
      f.steps['mailing-address'].banners = [{ when: { properties: { livesAbroad: { const: true } }, required: ['livesAbroad'] }, severity: 'info', title: 'Abroad', text: 'Give a mailing address abroad.' }];
      f.steps.address.banners = [{ when: { properties: { livesAbroad: { const: true } }, required: ['livesAbroad'] }, severity: 'info', title: 'Abroad', text: 'Give your address abroad.' }];
    }), { file: ONBOARDING, path: '/steps/address/banners/0/when', message: /this banner reads "livesAbroad", made of "residenceCountry", which "address" keeps only at or after "address"/, hint: /Put the banner on a step after "address"/ }],
    // A form's condition on a fact kept only by a later step (review10: an option rule on employment read the annual
    // income a later Source of Wealth step keeps; it never held while the applicant answered, and a high earner's
    // "Business Income" was stored and submitted).
    ['an option rule reading a fact a later step keeps', (c) => {
      mailsAbroad(c);
      c.edit('forms/onboarding/address.schema.json', (s) => (s.properties.dwelling_status.optionsWhen = [{ when: { properties: { mailsAbroad: { const: true } }, required: ['mailsAbroad'] }, only: ['Owned'], message: 'Owners only.' }]));
    }, { file: 'forms/onboarding/address.schema.json', path: '/properties/dwelling_status/optionsWhen/0/when', message: /the option rule of "dwelling_status" reads "mailsAbroad", made of "mailingCountry", which "mailing-address" keeps only after "address"/, hint: /Put the rule on the form of "mailing-address" or a later step/ }],
    ['a showWhen reading a fact a later step keeps', (c) => {
      mailsAbroad(c);
      c.edit('forms/onboarding/address.ui.json', (u) => (u.address_line_2 = { ...u.address_line_2, 'ui:options': { showWhen: { properties: { mailsAbroad: { const: true } }, required: ['mailsAbroad'] } } }));
    }, { file: 'forms/onboarding/address.ui.json', path: '/address_line_2/ui:options/showWhen', message: /the showWhen of "address_line_2" reads "mailsAbroad".*only after "address"/, hint: /mailing-address/ }],
    // Basic info's route renamed (review10): the restart route, where a later step sends an applicant without an
    // application, stayed /basic-info, a page that no longer exists.
    ['a restart route no step has (basic info\'s route renamed)', (c) => c.edit(ONBOARDING, (f) => (f.steps['basic-info'].route = '/about-you')), { file: ONBOARDING, path: '/restartRoute', message: /the restart route "\/basic-info" is no step's route/, hint: /"\/about-you"/ }],
    ['a restart route on a step that needs an application itself', (c) => c.edit(ONBOARDING, (f) => (f.restartRoute = f.steps['email-verification'].route)), { file: ONBOARDING, path: '/restartRoute', message: /is the route of "email-verification", which needs an application itself/, hint: /"\/basic-info"/ }],
    // A branch on a new choice step (review10): a joint applicant skipped employment in the browser, and the final
    // submission, which never learns a choice, asked for it: "Employment Information is missing".
    ['a branch on a choice the server never learns, past a step it requires', (c) => accountTypeChoice(c, 'employment-information'), { file: ONBOARDING, path: '/facts/isJoint', message: /"isJoint" is made of "accountType", which only the choice step "account-type" keeps.*skip "employment-information", which the final submission .* asks for/, hint: /Ask it with a form step instead.*"remember": \{ "accountType": "data.<field>" \}/ }],
    // Widget options the UI meta-schema left untyped, or the checker did not know (review10): "no" turned auto-submit on.
    ['an otp\'s autoSubmit written as a word', (c) => c.edit('forms/onboarding/email-verification.ui.json', (u) => (u.code['ui:options'] = { autoSubmit: 'no' })), { file: 'forms/onboarding/email-verification.ui.json', path: '/code/ui:options/autoSubmit', message: /must be boolean/, hint: /form\.ui\.meta\.schema\.json/ }],
    ['school-search\'s list of schools written as one text', (c) => c.edit('forms/onboarding/basic-info.ui.json', (u) => (u.school_name['ui:options'].schools = "Queen's Royal College, Fatima College")), { file: 'forms/onboarding/basic-info.ui.json', path: '/school_name/ui:options/schools', message: /must be array/, hint: /form\.ui\.meta\.schema\.json/ }],
    ['a misspelt schools option (forms/README.md documents it)', (c) => c.edit('forms/onboarding/basic-info.ui.json', (u) => (u.school_name['ui:options'].schoools = ["Queen's Royal College"])), { file: 'forms/onboarding/basic-info.ui.json', path: '/school_name/ui:options/schoools', message: /is read by nothing/, hint: /Did you mean "schools"/ }],
    // Options that would show as their raw values (review9, 2026-11-28).
    ['an option added to an enum without its name in ui:enumNames', (c) => c.edit('forms/admin/user.schema.json', (s) => s.properties.gender.enum.push('prefer_not_to_say')), { file: 'forms/admin/user.ui.json', path: '/gender/ui:enumNames', message: /gives 3 names for the 4 values of "gender" .*"prefer_not_to_say" would show as its raw value/, hint: /One name per value/ }],
    ['a list written as a bare enum with no names', (c) => c.edit('forms/onboarding/branch.schema.json', (s) => (s.properties.visit_reason = { type: 'string', title: 'Reason for the visit', enum: ['open_account', 'loan'], errorMessage: 'Choose a reason.' })), { file: 'forms/onboarding/branch.schema.json', path: '/properties/visit_reason/enum', message: /the options of "visit_reason" \("open_account", "loan"\) have no titles/, hint: /"oneOf".*ui:enumNames/ }],
  ];
  it('passes a branch on a choice that only adds a page without a call (the server asks for nothing it skips)', () => {
    const config = copyConfig('repository');
    accountTypeChoice(config, 'info-only');
    expect(checkConfig(base(config.root)).filter((p) => p.path === '/facts/isJoint')).toEqual([]);
  });

  it('passes a form condition on a fact its own step or an earlier one keeps', () => {
    const config = copyConfig('repository');
    mailsAbroad(config);
    config.edit('forms/onboarding/mailing-address.ui.json', (u) => (u.address_line_2 = { ...u.address_line_2, 'ui:options': { showWhen: { properties: { mailsAbroad: { const: true } }, required: ['mailsAbroad'] } } }));
    config.edit('forms/onboarding/employment-information.schema.json', (s) => (s.properties.source_of_funds.optionsWhen = [{ when: { properties: { mailsAbroad: { const: true } }, required: ['mailsAbroad'] }, only: ['Salary/Wages'], message: 'Salary only.' }]));
    expect(formatProblems(checkConfig(base(config.root)))).toBe('');
  });

  it.each(reviewCases)('finds %s', (_name, change, expected) => {
    const config = copyConfig('repository');
    change(config);
    const problems = checkConfig(base(config.root));
    const match = problems.find((p) => p.file === expected.file && p.path === expected.path && expected.message.test(p.message));
    expect(match, formatProblems(problems)).toBeDefined();
    expect(match!.hint).toMatch(expected.hint);
  });

  it('knows and types every ui:options name the form widgets read, so a misspelt or mistyped one is reported', () => {
    // Read by the widgets and templates of src/ui/forms from a UI schema's ui:options (names the code sets itself,
    // and RJSF's, excepted): each must be in KNOWN_UI_OPTIONS (a misspelling of it is named) and typed in the UI
    // meta-schema (a value of the wrong kind is named; "no" for a yes/no option would read as true).
    const setByCode = new Set(['allowedOptions', 'optionsWidget', 'widget', 'enumOptions', 'mui', 'emptyValue', 'autocomplete']);
    const dir = path.resolve(import.meta.dirname, '../../src/ui/forms');
    const read = new Set<string>();
    for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
      if (!/\.tsx?$/.test(file)) continue;
      for (const m of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/\boptions\??\.([a-zA-Z]+)\b/g)) if (!setByCode.has(m[1])) read.add(m[1]);
    }
    expect(read.size).toBeGreaterThan(20);
    const typed = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../forms/form.ui.meta.schema.json'), 'utf8')).definitions.fieldUi.properties['ui:options'].properties;
    expect([...read].filter((name) => !KNOWN_UI_OPTIONS.includes(name)), 'missing from KNOWN_UI_OPTIONS').toEqual([]);
    expect([...read].filter((name) => !typed[name]?.type), 'untyped in forms/form.ui.meta.schema.json').toEqual([]);
  });

  it("accepts the texts the step pages read: a form step's sending state, an OTP step's Next (refused as misspelt before)", () => {
    const config = copyConfig('repository');
    config.edit('flows/onboarding.flow.json', (f) => {
      f.steps['basic-info'].texts = { ...f.steps['basic-info'].texts, sending: 'Saving your details…' };
      f.steps['email-verification'].texts = { ...f.steps['email-verification'].texts, next: 'Continue' };
    });
    expect(checkConfig(base(config.root)).filter((p) => /no page reads the text/.test(p.message))).toEqual([]);
  });

  it('checks the message files against the messages the app reads: a missing, misspelt or empty one, and a placeholder it does not fill', () => {
    const checkConfigOf = (change: (config: ReturnType<typeof copyConfig>) => void) => {
      const config = copyConfig('repository');
      change(config);
      return checkConfig(base(config.root));
    };
    const file = 'forms/messages/transfers.json';
    const [first, second] = Object.keys(copyConfig('repository').read(file)).filter((key) => key !== '$comment');
    const found = checkConfigOf((c) => c.edit(file, (messages) => {
      messages[`${first}x`] = messages[first];
      delete messages[first];
      messages[second] = ' ';
      messages.insufficientFundsOf = 'Not enough: {balance} available.';
    }));
    expect(found).toContainEqual(expect.objectContaining({ file, message: `unknown message "${first}x"`, hint: expect.stringContaining(`Did you mean "${first}"?`), line: expect.any(Number) }));
    expect(found).toContainEqual(expect.objectContaining({ file, message: `message "${first}" is missing` }));
    expect(found).toContainEqual(expect.objectContaining({ file, path: `/${second}`, message: `message "${second}" is empty` }));
    expect(found).toContainEqual(expect.objectContaining({ file, path: '/insufficientFundsOf', message: '{balance} is not filled in this message', hint: expect.stringContaining('{available}') }));
    const files = checkConfigOf((c) => {
      fs.renameSync(`${c.root}/forms/messages/admin.json`, `${c.root}/forms/messages/admn.json`);
    });
    expect(files).toContainEqual(expect.objectContaining({ file: 'forms/messages/admn.json', message: 'not a message file the app reads', hint: expect.stringContaining('forms/messages/admin.json') }));
    expect(files).toContainEqual(expect.objectContaining({ file: 'forms/messages/admin.json', message: 'missing message file' }));
  });

  // The emails and text messages are messages like the others (forms/messages/notifications.json); a code's text
  // reworded without its {code} would send people a code message with no code.
  it('checks the emails and text messages: a code message must keep its {code}, and may name the product anywhere', () => {
    const file = 'forms/messages/notifications.json';
    const config = copyConfig('repository');
    config.edit(file, (messages) => {
      messages.signInCode = 'Your sign-in code is on its way.';
      messages.rejectedSubject = 'Your application to {product}';
      messages.approvedSubject = 'Approved for {account}';
    });
    const found = checkConfig(base(config.root));
    expect(found).toContainEqual(expect.objectContaining({ file, path: '/signInCode', message: 'message "signInCode" lacks {code}', hint: expect.stringContaining('Write {code}') }));
    expect(found).toContainEqual(expect.objectContaining({ file, path: '/approvedSubject', message: '{account} is not filled in this message' }));
    expect(found.filter((p) => p.path === '/rejectedSubject')).toEqual([]);
  });

  it("refuses a code step that offers more resends than the server sends (the page's Resend would be refused)", () => {
    const config = copyConfig('repository');
    const flowFile = 'flows/onboarding.flow.json';
    const id = Object.entries<any>(config.read(flowFile).steps).find(([, step]) => step.otp?.identifierType === 'mobile')![0];
    config.edit(flowFile, (flow) => (flow.steps[id].otp.maxResends = 5));
    expect(checkConfig(base(config.root))).toContainEqual(expect.objectContaining({ file: flowFile, path: `/steps/${id}/otp/maxResends`, message: expect.stringMatching(/^maxResends 5 is more than the server sends \(3 resends/) }));
  });

  it('reports a flow file without steps instead of stopping', () => {
    const config = copyConfig('repository');
    config.write(ONBOARDING, { initial: 'basic-info' });
    expect(() => checkConfig(base(config.root))).not.toThrow();
    expect(checkConfig(base(config.root)).length).toBeGreaterThan(0);
  });

  it('reports a misspelt keyword once, at the key, with the keyword it resembles', () => {
    const problems = problemsAfter((c) => c.edit('forms/mini/guardian.schema.json', (s) => (s.properties.guardian_name.maxlength = 50)));
    expect(problems.filter((p) => /maxlength/.test(p.message)).map((p) => `${p.path}: ${p.message} (${p.hint})`)).toEqual([
      '/properties/guardian_name/maxlength: unknown schema keyword "maxlength": ajv (strict mode) would ignore it, so its rule would not apply (Did you mean "maxLength"? Keywords are case-sensitive.)',
    ]);
  });

  it('gives the line and column where the JSON path a problem names starts', () => {
    const config = copyConfig();
    config.edit(FLOW, (f) => (f.steps.guardian.next[0].to = 'documentz'));
    const problem = checkConfig(base(config.root)).find((p) => p.path === '/steps/guardian/next/0/to')!;
    const line = fs.readFileSync(`${config.root}/${FLOW}`, 'utf8').split('\n')[problem.line! - 1];
    expect(line.slice(problem.column! - 1)).toMatch(/^"to": "documentz"/);
  });
});

describe('npm run config:check (the script)', () => {
  it('prints file, path and hint, and exits non-zero on a broken reference', () => {
    const config = copyConfig();
    config.edit(FLOW, (f) => (f.steps.guardian.next[0].to = 'documentz'));
    let status = 0;
    let output = '';
    try {
      execFileSync('npx', ['tsx', 'scripts/config-check.ts', '--no-endpoints'], { env: { ...process.env, CONFIG_ROOT: config.root }, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      const failed = error as { status: number; stderr: unknown };
      status = failed.status;
      output = String(failed.stderr);
    }
    expect(status).toBe(1);
    expect(output).toMatch(/flows\/mini\.flow\.json:\d+:\d+ at \/steps\/guardian\/next\/0\/to: transition to missing step "documentz"/);
    expect(output).toMatch(/hint: Use one of: start, about-you, guardian, documents, done/);
  });

  it('a flow file that is not JSON is reported at its line and column, not thrown, when the endpoints are checked too', async () => {
    // The server cannot start on it either; the script used to read the flow again to place that failure, and crashed.
    const config = copyConfig('repository');
    const flowFile = `${config.root}/flows/onboarding.flow.json`;
    fs.writeFileSync(flowFile, fs.readFileSync(flowFile, 'utf8').replace(/("to": "success"\s*\})/, '$1,'));
    const output = formatProblems(await configCheckProblems({ root: config.root, endpoints: true }));
    expect(output).toMatch(/^flows\/onboarding\.flow\.json:\d+:\d+: not valid JSON/m);
    expect(output).toMatch(/the server cannot start with this configuration/);
  });
});

describe('a fact reading an answer no step keeps', () => {
  it('is named once, though its rule reads the answer twice (present, then equals)', () => {
    const config = copyConfig('repository');
    config.edit('flows/onboarding.flow.json', (f) => {
      f.facts.livesAbroad = { label: 'living abroad', rule: { allOf: [{ present: 'residenceCountry' }, { not: { equals: { of: 'residenceCountry', value: 'TT' } } }] } };
      f.steps.address.next = [{ when: { properties: { livesAbroad: { const: true } }, required: ['livesAbroad'] }, to: 'mailing-address' }, ...f.steps.address.next];
    });
    const problems = checkConfig(base(config.root)).filter((p) => /reads "residenceCountry", which no step keeps/.test(p.message));
    expect(problems).toHaveLength(1);
  });
});

describe('a fact whose rule the vocabulary does not have', () => {
  const FLOW_FILE = 'flows/onboarding.flow.json';
  // A comparison the facts cannot make (a number range), a list that is not one, a rule with its field missing:
  // each is reported where it is written, and the checker goes on to the rest instead of stopping with a TypeError.
  it.each([
    ['a keyword the vocabulary lacks', { range: { of: 'dob', atLeast: 100000 } }],
    ['anyOf that is not a list', { anyOf: { answer: 'hasForeignBankAccount' } }],
    ['an age without its field', { not: { age: { below: 18 } } }],
    ['a rule that is no object', 'isMinor'],
  ])('%s is reported at the fact, not thrown', (_what, rule) => {
    const config = copyConfig('repository');
    config.edit(FLOW_FILE, (flow) => (flow.facts.isHighEarner = { label: 'a high earner', rule }));
    const problems = checkConfig(base(config.root));
    expect(problems.some((p) => p.file === FLOW_FILE && p.path.startsWith('/facts/isHighEarner/rule'))).toBe(true);
    expect(problems.filter((p) => p.file !== FLOW_FILE)).toEqual([]);
  });
});

describe('a value of the wrong kind where the checks look further than the meta-schema', () => {
  // Each used to stop the checker (and the server's check at start) with a TypeError and no file.
  it.each([
    ['flows/onboarding.flow.json', '/steps/branch/next', (f: any) => (f.steps.branch.next = { to: 'success' })],
    ['flows/onboarding.flow.json', '/steps/branch/banners', (f: any) => (f.steps.branch.banners = { title: 'Note', text: 'x' })],
    ['flows/onboarding.flow.json', '/steps/politically-exposed-persons/next/0/when', (f: any) => (f.steps['politically-exposed-persons'].next[0].when = 'isMinor')],
    ['forms/onboarding/branch.schema.json', '/allOf', (s: any) => (s.allOf = { if: { required: ['home_branch'] }, then: {} })],
  ])('%s at %s is reported there', (file, at, change) => {
    const config = copyConfig('repository');
    config.edit(file, change);
    expect(checkConfig(base(config.root)).map((p) => `${p.file} ${p.path}`)).toContain(`${file} ${at}`);
  });
});

describe('a step whose call has no application to store into', () => {
  const FLOW_FILE = 'flows/onboarding.flow.json';
  const withStep = (after: string, step: Record<string, unknown>) => {
    const config = copyConfig('repository');
    config.write('forms/onboarding/referral.schema.json', { title: 'Referral', type: 'object', additionalProperties: false, properties: { referrer: { type: 'string', title: 'Who referred you', maxLength: 50, errorMessage: { maxLength: 'At most 50 characters.' } } } });
    config.write('forms/onboarding/referral.ui.json', { 'ui:order': ['referrer'] });
    config.edit(FLOW_FILE, (flow) => {
      flow.steps.referral = { route: '/referral', title: 'Referral', kind: 'form', form: 'onboarding/referral', submit: { method: 'POST', endpoint: '/referrals/', encoding: 'json' }, ...step, next: flow.steps[after].next };
      flow.steps[after].next = [{ to: 'referral' }];
    });
    return checkConfig(base(config.root)).filter((p) => p.file === FLOW_FILE).map((p) => `${p.path}: ${p.message}`);
  };

  it('names a new step after basic info that does not send the application id (the server would refuse every applicant)', () => {
    expect(withStep('branch', {})).toEqual([expect.stringMatching(/^\/steps\/referral\/submit: step "referral" sends its call without the application's id/)]);
  });

  it('names a new step placed before the step that creates the application', () => {
    expect(withStep('getting-ready', { requiresSignupId: true })).toEqual([expect.stringMatching(/^\/steps\/referral: step "referral" comes before "basic-info"/)]);
  });

  it('passes the same step after basic info with requiresSignupId', () => {
    expect(withStep('branch', { requiresSignupId: true })).toEqual([]);
  });
});

describe('a file field on a step whose call is JSON', () => {
  const FLOW_FILE = 'flows/onboarding.flow.json';
  const withUpload = (encoding: string) => {
    const config = copyConfig('repository');
    config.edit('forms/onboarding/politically-exposed-persons.schema.json', (schema) => {
      schema.properties.pep_evidence = { type: 'array', title: 'Evidence', items: { type: 'string' }, maxItems: 2, maxFileSize: 1048576, fileTypes: ['pdf'], errorMessage: { maxItems: 'At most 2 files.', maxFileSize: 'At most 1 MB.', fileTypes: 'PDF only.' } };
    });
    config.edit('forms/onboarding/politically-exposed-persons.ui.json', (ui) => {
      ui.pep_evidence = { 'ui:widget': 'file-upload' };
      if (Array.isArray(ui['ui:order']) && !ui['ui:order'].includes('*')) ui['ui:order'].push('pep_evidence');
    });
    config.edit(FLOW_FILE, (flow) => (flow.steps['politically-exposed-persons'].submit.encoding = encoding));
    return checkConfig(base(config.root)).filter((p) => p.file === FLOW_FILE).map((p) => `${p.path}: ${p.message}`);
  };

  it('is named at the encoding: the wizard would send the names and the server store them with no file', () => {
    expect(withUpload('json')).toEqual([expect.stringMatching(/^\/steps\/politically-exposed-persons\/submit\/encoding: onboarding\/politically-exposed-persons has file fields \(\/properties\/pep_evidence\)/)]);
  });

  it('passes once the step sends multipart', () => {
    expect(withUpload('multipart')).toEqual([]);
  });
});

describe("an option rule's whenData or a schema dependency comparing a field with an option its list lacks", () => {
  const FILE = 'forms/onboarding/branch.schema.json';
  const after = (method: string) => {
    const config = copyConfig('repository');
    config.edit(FILE, (schema) => {
      schema.properties.best_contact_time.optionsWhen = [{ whenData: { properties: { preferred_contact_method: { const: method } }, required: ['preferred_contact_method'] }, only: ['anytime'], default: 'anytime', message: 'We call any time.' }];
      schema.properties.contact_phone = { type: 'string', title: 'Phone', pattern: '^\\+?[0-9]{7,15}$', errorMessage: { pattern: 'Enter a phone number.' } };
      schema.dependencies = { preferred_contact_method: { oneOf: [{ properties: { preferred_contact_method: { const: method } }, required: ['contact_phone'] }, { properties: { preferred_contact_method: { not: { const: method } } } }] } };
    });
    config.edit('forms/onboarding/branch.ui.json', (ui) => Array.isArray(ui['ui:order']) && ui['ui:order'].push('contact_phone'));
    return checkConfig(base(config.root)).filter((p) => p.file === FILE).map((p) => p.path);
  };

  it('is named where the value is written (the rule would be silently off)', () => {
    expect(after('sms')).toEqual(expect.arrayContaining([
      '/properties/best_contact_time/optionsWhen/0/whenData/properties/preferred_contact_method/const',
      '/dependencies/preferred_contact_method/oneOf/0/properties/preferred_contact_method/const',
    ]));
  });

  it('passes with an option the list has (dependencies itself is named for its wording, below)', () => {
    expect(after('phone')).toEqual(['/dependencies']);
  });
});

describe('a dependent field written with dependencies or a oneOf between schemas', () => {
  const FILE = 'forms/onboarding/branch.schema.json';
  const phone = { type: 'string', title: 'Phone to call', pattern: '^\\+?[0-9]{7,15}$', errorMessage: { pattern: 'Enter a phone number.' } };
  const branches = [{ properties: { preferred_contact_method: { const: 'phone' } }, required: ['contact_phone'], errorMessage: { required: { contact_phone: 'Give the number to call.' } } }, { properties: { preferred_contact_method: { not: { const: 'phone' } } } }];
  const after = (change: (schema: any) => void) => {
    const config = copyConfig('repository');
    config.edit(FILE, (schema) => {
      schema.properties.contact_phone = phone;
      change(schema);
    });
    config.edit('forms/onboarding/branch.ui.json', (ui) => Array.isArray(ui['ui:order']) && ui['ui:order'].push('contact_phone'));
    return checkConfig(base(config.root)).filter((p) => p.file === FILE).map((p) => p.path);
  };

  it('is named: the page and the server would answer "must match exactly one schema in oneOf" and "must NOT be valid"', () => {
    expect(after((schema) => (schema.dependencies = { preferred_contact_method: { oneOf: branches } }))).toEqual(['/dependencies']);
    expect(after((schema) => (schema.oneOf = branches))).toEqual(['/oneOf']);
  });

  it('passes as an if/then, whose required message the form words', () => {
    expect(after((schema) => (schema.allOf = [{ if: branches[0].properties && { properties: branches[0].properties, required: ['preferred_contact_method'] }, then: { required: ['contact_phone'], errorMessage: { required: { contact_phone: 'Give the number to call.' } } } }]))).toEqual([]);
  });
});

describe("a form given another form's change rule (x-transform)", () => {
  const FILE = 'forms/onboarding/branch.schema.json';
  const after = (name: string) => {
    const config = copyConfig('repository');
    config.edit(FILE, (schema) => {
      schema['x-transform'] = name;
      schema.properties.visit_date = { type: 'string', format: 'date', title: 'Preferred visit date', errorMessage: { format: 'Enter a date.' } };
      schema.properties.dob = { type: 'string', format: 'date', title: 'Date of birth', errorMessage: { format: 'Enter a date.' } };
    });
    config.edit('forms/onboarding/branch.ui.json', (ui) => Array.isArray(ui['ui:order']) && ui['ui:order'].push('visit_date', 'dob'));
    return checkConfig(base(config.root)).filter((p) => p.file === FILE).map((p) => `${p.path}: ${p.message}`);
  };

  it('is named when the rule writes a field the form lacks (every body with a date of birth refused "Unknown field: is_minor")', () => {
    expect(after('basicInfoDerive')).toEqual([expect.stringMatching(/^\/x-transform: the change rule "basicInfoDerive" writes "is_minor"/)]);
  });

  it('passes a rule that only clears or keeps the form\'s own fields', () => {
    expect(after('pepDerive')).toEqual([]);
  });
});

describe('a fact comparing a remembered answer with a value its list does not offer', () => {
  const FLOW_FILE = 'flows/onboarding.flow.json';
  const after = (value: string) => {
    const config = copyConfig('repository');
    config.edit(FLOW_FILE, (flow) => {
      flow.facts.isStudent = { label: 'a student', rule: { equals: { of: 'employmentStatus', value } } };
      const employment = flow.steps['employment-information'];
      employment.remember = { ...employment.remember, employmentStatus: 'data.employment_status' };
      flow.steps['student-offer'] = { route: '/student-offer', title: 'Student Offer', kind: 'info', requiresSignupId: true, content: { paragraphs: ['Students pay no fees.'] }, next: employment.next };
      employment.next = [{ when: { properties: { isStudent: { const: true } }, required: ['isStudent'] }, to: 'student-offer' }, ...employment.next];
    });
    return checkConfig(base(config.root)).filter((p) => p.file === FLOW_FILE).map((p) => `${p.path}: ${p.message}`);
  };

  it('is named at the fact ("Student" for the list\'s "student": the branch is never taken)', () => {
    expect(after('Student')).toEqual([expect.stringMatching(/^\/facts\/isStudent\/rule\/equals\/value: fact "isStudent" compares "employmentStatus" with "Student"/)]);
  });

  it('passes a value the list offers', () => {
    expect(after('student')).toEqual([]);
  });
});

describe("an analyst's branch on a date (a days rule on an answer the flow keeps)", () => {
  const FLOW_FILE = 'flows/onboarding.flow.json';
  const withBranch = (rule: unknown) => {
    const config = copyConfig('repository');
    config.edit(FLOW_FILE, (flow) => {
      // Born more than 36,500 days (about 100 years) ago: a note for the centenarians, after basic info.
      flow.facts.isCentenarian = { label: 'born 100 or more years ago', rule };
      const basic = flow.steps['basic-info'];
      flow.steps['centenarian-note'] = { route: '/centenarian-note', title: 'A Note for You', kind: 'info', requiresSignupId: true, content: { paragraphs: ['A member of staff will call to help.'] }, next: basic.next };
      basic.next = [{ when: { properties: { isCentenarian: { const: true } }, required: ['isCentenarian'] }, to: 'centenarian-note' }, ...basic.next];
    });
    return checkConfig(base(config.root)).filter((p) => p.file === FLOW_FILE).map((p) => `${p.path}: ${p.message}`);
  };

  it('checks out, and the new step is reached (the checker walks both sides of the bound)', () => {
    expect(withBranch({ days: { of: 'dob', below: -36500 } })).toEqual([]);
  });

  it('refuses a bound written as text, at the rule', () => {
    expect(withBranch({ days: { of: 'dob', below: '-36500' } })).toEqual(expect.arrayContaining([expect.stringMatching(/^\/facts\/isCentenarian\/rule/)]));
  });
});

