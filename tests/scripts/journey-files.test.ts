import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { checkFormExamples, checkJourneyText } from '../../scripts/lib/check-journeys';
import { addNewSteps, alignToFlow, generateJourney, newStepEntry, pathSlug, serverStepCheck } from '../../scripts/lib/generate-journey';
import { journeyFacts, listJourneyFiles, loadFlow, loadJourney, refusalMismatch, type Journey } from '../../scripts/lib/replay-journey';
import { readFormsDir } from '../../src/shared/forms/read-forms-dir';
import { applicantProfiles } from '../../src/shared/flow/walk-flow';
import { listSteps, type StepRef } from '../../src/shared/flow/flow-types';
import { today } from '../../src/shared/dates/today';
import { copyConfig } from './config-copy';

const flow = loadFlow();
const forms = readFormsDir();
const check = (journey: unknown) => checkJourneyText('j.json', typeof journey === 'string' ? journey : JSON.stringify(journey, null, 2), flow, forms);
const base = (entries: unknown[]) => ({ name: 'n', description: 'd', entries });

describe('journey files are checked before they are replayed', () => {
  it.each(listJourneyFiles().map((f) => [path.basename(f), f]))('%s has no problems', (_name, file) => {
    expect(checkJourneyText(file, fs.readFileSync(file, 'utf8'), flow, forms)).toEqual([]);
  });

  it('names a misspelt key with its line', () => {
    const problems = check(base([{ step: 'basic-info', data: {}, expects: { status: 400 } }]));
    expect(problems).toEqual([expect.objectContaining({ file: 'j.json', path: '/entries/0', message: 'unknown key "expects"', line: 5 })]);
  });

  it('names the line and column of broken JSON', () => {
    expect(check('{\n  "name": "n",\n  "entries": [}\n')).toEqual([expect.objectContaining({ file: 'j.json', line: 3, column: 15, message: expect.stringMatching(/^not valid JSON/) })]);
  });

  it('refuses what the flow and the forms do not have', () => {
    const problems = check(
      base([
        { step: 'new-or-existing-customer', choice: 7 },
        { step: 'basic-inf' },
        { step: 'basic-info', skip: true },
        { step: 'basic-info', retry: true, data: { first_nam: 'A' } },
        { step: 'email-verification', codeTo: '+18684000001' },
        { step: 'getting-ready', files: { scans: [{ name: 'a.pdf', type: 'pdf' }] } },
      ]),
    );
    expect(problems.map((p) => `${p.path} ${p.message}`)).toEqual([
      '/entries/0/choice step "new-or-existing-customer" has no choice 7',
      '/entries/1/step unknown step "basic-inf"',
      '/entries/2/skip step "basic-info" cannot be skipped',
      '/entries/3/retry a retry of step "basic-info" with no refused attempt before it',
      '/entries/3/data/first_nam "first_nam" is not a field of forms/onboarding/basic-info.schema.json',
      '/entries/4/codeTo step "email-verification" does not send its code to a contact on file',
      '/entries/5/files/scans "scans" is not a field of forms/onboarding/getting-ready.schema.json',
    ]);
  });
});

describe('a journey out of the flow\'s order', () => {
  // The analyst review swapped two steps in the flow and moved the journeys' entries the other way: the checker said OK
  // and every replay stopped. The checker walks the flow beside the entries, so it names the first entry out of place.
  it('names the first entry where the journey and the flow part, once', () => {
    const file = listJourneyFiles().find((f) => path.basename(f) === 'adult-new-local.json')!;
    const journey = JSON.parse(fs.readFileSync(file, 'utf8'));
    const i = journey.entries.findIndex((e: { step: string }) => e.step === 'email-verification');
    [journey.entries[i], journey.entries[i + 1]] = [journey.entries[i + 1], journey.entries[i]];
    const problems = check(journey);
    expect(problems.map((p) => `${p.path} ${p.message}`)).toEqual([`/entries/${i}/step the flow is at "email-verification" here, and the journey sends "mobile-verification": the replay stops`]);
  });
});

describe('a field renamed that a transform names', () => {
  const journeyFile = (name: string) => listJourneyFiles().find((f) => path.basename(f) === name)!;

  // The analyst review renamed employment's work_phone: every student was refused "Unknown field: work_phone" (the
  // step's transform filled it with 'Not Applicable'). The form's branch for those statuses now pins the value, and
  // the body takes it from there, so the rename is a JSON edit and the journeys still check out.
  it("follows a rename of a field the form's branch pins (employment's work_phone)", () => {
    const renamed = JSON.parse(JSON.stringify(forms).replaceAll('"work_phone"', '"business_phone"'));
    const file = journeyFile('minor-with-guardian.json');
    expect(checkJourneyText(file, fs.readFileSync(file, 'utf8'), flow, renamed)).toEqual([]);
  });

  // A transform still writes some fields itself (PEP's is_confirmed): renamed in JSON, the checker names the transform.
  it("names the transform, not the journey's data", () => {
    const renamed = JSON.parse(JSON.stringify(forms).replaceAll('"is_confirmed"', '"confirmed"'));
    const file = journeyFile('adult-new-local.json');
    const problems = checkJourneyText(file, fs.readFileSync(file, 'utf8'), flow, renamed);
    expect(problems).toContainEqual(expect.objectContaining({ message: expect.stringMatching(/transform \(pepPayload[^)]*\) sends "is_confirmed"/), hint: expect.stringMatching(/src\/shared\/transforms/) }));
    expect(problems.filter((p) => p.path.endsWith('/is_confirmed'))).toEqual([]);
  });
});

describe("a form's change the journeys and examples do not follow", () => {
  // An analyst makes a field of basic info required, in JSON: the checker names every journey and example to update.
  const changed = structuredClone(forms);
  const basicInfo = changed.schemas['onboarding/basic-info'] as { properties: Record<string, unknown>; required: string[]; examples: unknown[] };
  basicInfo.properties.national_insurance_number = { type: 'string', title: 'National Insurance Number', pattern: '^[0-9]{3}-[0-9]{3}-[0-9]{3}$' };
  basicInfo.required = [...basicInfo.required, 'national_insurance_number'];

  it("names each journey's attempt that the step would now refuse, at the entry's data", () => {
    for (const file of listJourneyFiles()) {
      const problems = checkJourneyText(file, fs.readFileSync(file, 'utf8'), flow, changed);
      expect(problems, file).toContainEqual(expect.objectContaining({ path: expect.stringMatching(/^\/entries\/\d+\/data\/national_insurance_number$/), message: expect.stringMatching(/^the step would refuse this attempt: national_insurance_number: /) }));
    }
  });

  it("names each attempt meant to be refused that the step would now also refuse for the new field, at its expect", () => {
    // The journeys that try basic info with a mistake first: their expected refusal now also names the new field.
    const refusing = listJourneyFiles().filter((file) => (loadJourney(file).entries as Array<{ step: string; expect?: { status: number; partial?: boolean } }>).some((e) => e.step === 'basic-info' && e.expect?.status === 400 && !e.expect.partial));
    expect(refusing.length).toBeGreaterThan(0);
    for (const file of refusing) {
      const problems = checkJourneyText(file, fs.readFileSync(file, 'utf8'), flow, changed);
      expect(problems, file).toContainEqual(expect.objectContaining({ path: expect.stringMatching(/^\/entries\/\d+\/expect\/errors$/), message: expect.stringMatching(/now also refuses this attempt with national_insurance_number: /), hint: expect.stringMatching(/partial/) }));
    }
    // With the forms as they are, no expected refusal names more than it lists.
    for (const file of listJourneyFiles()) expect(checkJourneyText(file, fs.readFileSync(file, 'utf8'), flow, forms).filter((p) => p.path.endsWith('/expect/errors')), file).toEqual([]);
  });

  it("names the form's example the API document shows, and passes the forms as they are", () => {
    expect(checkFormExamples(forms)).toEqual([]);
    expect(checkFormExamples(changed)).toEqual([expect.objectContaining({ file: 'forms/onboarding/basic-info.schema.json', path: '/examples/0', message: expect.stringMatching(/national_insurance_number/) })]);
  });
});

describe('an expected refusal matches exactly unless partial', () => {
  const answer = { status: 400, json: { errors: { dob: 'Date of birth cannot be in the future', mobile: 'Please enter a valid mobile number' } } };

  it('agrees when every message is listed', () => {
    expect(refusalMismatch({ status: 400, errors: { dob: 'Date of birth cannot be in the future', mobile: 'Please enter a valid mobile number' } }, answer)).toBeUndefined();
  });

  it('names a message the journey did not expect, and accepts it with partial', () => {
    expect(refusalMismatch({ status: 400, errors: { dob: 'Date of birth cannot be in the future' } }, answer)).toMatch(/mobile: not expected, got "Please enter a valid mobile number"/);
    expect(refusalMismatch({ status: 400, errors: { dob: 'Date of birth cannot be in the future' }, partial: true }, answer)).toBeUndefined();
  });

  it('names a wrong status and a message worded otherwise or missing', () => {
    const mismatch = refusalMismatch({ status: 409, errors: { dob: 'Too young', email: 'Taken' }, partial: true }, answer);
    expect(mismatch).toMatch(/status: expected 409, got 400/);
    expect(mismatch).toMatch(/dob: expected "Too young", got "Date of birth cannot be in the future"/);
    expect(mismatch).toMatch(/email: expected "Taken", got no message/);
  });
});

describe('journeys:generate', () => {
  const day = today();
  const journeys = listJourneyFiles().map((file) => ({ name: path.basename(file, '.json'), journey: loadJourney(file) }));
  const walks = (j: Journey, facts: Record<string, boolean>) => Object.entries(facts).every(([k, v]) => journeyFacts(flow, j, day)[k] === v);

  it.each(applicantProfiles(flow).map((p) => [p.name, p]))('writes a valid journey for "%s" from the other journeys', (_name, profile) => {
    // As if no journey walked this path yet.
    const donors = journeys.filter((d) => !walks(d.journey, profile.facts));
    const generated = generateJourney(flow, forms, donors, profile, day);
    expect(journeyFacts(flow, generated, day)).toMatchObject(profile.facts);
    expect(generated.generated).toBe(true);
    expect(generated.entries[generated.entries.length - 1].step).toBe('success');
    expect(check(generated)).toEqual([]);
    expect(pathSlug(profile)).toMatch(/^[a-z-]+$/);
  });

  it('gives a step the journeys do not answer yet (an analyst added it) an entry where each path passes it, so they check out again', () => {
    // A skippable step every journey passes, taken out of them: as if the analyst had just added it to the flow.
    const added = listSteps(flow).find((s) => s.skippable && journeys.every(({ journey }) => journey.entries.some((e) => e.step === s.id)))!;
    expect(added).toBeDefined();
    for (const { name, journey } of journeys) {
      const without: Journey = { ...journey, entries: journey.entries.filter((e) => e.step !== added.id) };
      expect(check(without).length, name).toBeGreaterThan(0);
      expect(addNewSteps(flow, forms, without, day), name).toEqual([added.id]);
      expect(without.entries.find((e) => e.step === added.id), name).toEqual({ step: added.id, skip: true });
      expect(check(without), name).toEqual([]);
    }
  });

  it("answers a new form step with the form's own example (config:check keeps it valid), not only with per-field values", () => {
    // A step an analyst adds, whose required fields a first option or a default cannot fill: free text with a minimum
    // length and an amount. The form's root `examples` is a body it accepts.
    const schema = {
      title: 'Source of Wealth',
      type: 'object',
      additionalProperties: false,
      required: ['wealth_source', 'estimated_net_worth'],
      properties: {
        wealth_source: { type: 'string', title: 'Main source of wealth', minLength: 2, maxLength: 100 },
        estimated_net_worth: { type: 'number', title: 'Estimated net worth', minimum: 0, maximum: 1000000000 },
      },
      examples: [{ wealth_source: 'Savings from employment', estimated_net_worth: 250000 }],
    };
    const withForm = { ...forms, schemas: { ...forms.schemas, 'onboarding/source-of-wealth': schema }, uiSchemas: { ...forms.uiSchemas, 'onboarding/source-of-wealth': {} } };
    const step = { id: 'source-of-wealth', route: '/source-of-wealth', title: 'Source of Wealth', kind: 'form', form: 'onboarding/source-of-wealth', next: [] } as unknown as StepRef;
    const entry = newStepEntry(step, withForm);
    expect(entry.data).toEqual(schema.examples[0]);
    expect(serverStepCheck(withForm)('onboarding/source-of-wealth', entry.data as Record<string, unknown>, {})).toEqual({});
  });
});

describe('a new step with a document to upload (a required file field)', () => {
  // The analyst review added a "Source of Wealth" step with a required upload: journeys:generate answered it with the
  // form's example, whose file names travelled as text, and config:check passed the journeys; every replay then
  // stopped at the step ("Please attach at least one document."): the server keeps the files attached, not names.
  const sowFlow = structuredClone(flow);
  const employmentNext = sowFlow.steps['employment-information'].next ?? [];
  sowFlow.steps['employment-information'].next = [{ to: 'source-of-wealth' }];
  sowFlow.steps['source-of-wealth'] = {
    route: '/source-of-wealth', title: 'Source of Wealth', kind: 'form', form: 'onboarding/source-of-wealth', requiresSignupId: true,
    submit: { method: 'POST', endpoint: '/sources-of-wealth/', encoding: 'multipart' }, next: employmentNext,
  } as (typeof sowFlow.steps)[string];
  const sowSchema = {
    title: 'Source of Wealth', type: 'object', additionalProperties: false, required: ['wealth_origin', 'wealth_files', 'statement_files'],
    properties: {
      wealth_origin: { type: 'string', title: 'Origin', minLength: 2, maxLength: 60, errorMessage: { minLength: 'Say where.', maxLength: 'Too long.' } },
      wealth_files: { type: 'array', title: 'Documents', items: { type: 'string' }, minItems: 1, maxItems: 3, maxFileSize: 5242880, fileTypes: ['pdf', 'jpg', 'png'], errorMessage: { minItems: 'Please attach at least one document.', maxItems: 'At most 3.', maxFileSize: 'Too big.', fileTypes: 'PDF, JPG or PNG.' } },
      statement_files: { type: 'array', title: 'Bank statements', items: { type: 'string' }, minItems: 2, maxItems: 3, maxFileSize: 5242880, fileTypes: ['png'], errorMessage: { minItems: 'Two statements.', maxItems: 'At most 3.', maxFileSize: 'Too big.', fileTypes: 'PNG.' } },
    },
    errorMessage: { required: { wealth_origin: 'Say where.', wealth_files: 'Please attach at least one document.', statement_files: 'Two statements.' } },
    examples: [{ wealth_origin: 'Salary', wealth_files: ['payslip.pdf', 'scan.JPEG'] }],
  };
  const sowForms = { ...forms, schemas: { ...forms.schemas, 'onboarding/source-of-wealth': sowSchema }, uiSchemas: { ...forms.uiSchemas, 'onboarding/source-of-wealth': { 'ui:order': ['wealth_origin', 'wealth_files', 'statement_files'] } } };
  const checkWith = (journey: Journey) => checkJourneyText('j.json', JSON.stringify(journey, null, 2), sowFlow, sowForms);
  const adult = () => loadJourney(listJourneyFiles().find((f) => path.basename(f) === 'adult-new-local.json')!);

  it("attaches the files the form's example names, and files for a required upload the example leaves out", () => {
    const journey = adult();
    expect(addNewSteps(sowFlow, sowForms, journey, today())).toEqual(['source-of-wealth']);
    const entry = journey.entries.find((e) => e.step === 'source-of-wealth')!;
    expect(entry.files).toEqual({
      wealth_files: [{ name: 'payslip.pdf', type: 'pdf' }, { name: 'scan.JPEG', type: 'jpg' }],
      statement_files: [{ name: 'statement-1.png', type: 'png' }, { name: 'statement-2.png', type: 'png' }],
    });
    expect(entry.data).toMatchObject({ wealth_files: ['payslip.pdf', 'scan.JPEG'], statement_files: ['statement-1.png', 'statement-2.png'] });
    expect(checkWith(journey)).toEqual([]);
  });

  it('names file names under "data" that the entry does not attach, at the field', () => {
    const journey = adult();
    addNewSteps(sowFlow, sowForms, journey, today());
    const entry = journey.entries.find((e) => e.step === 'source-of-wealth')!;
    delete entry.files!.wealth_files;
    const i = journey.entries.indexOf(entry);
    expect(checkWith(journey)).toEqual([expect.objectContaining({ path: `/entries/${i}/data/wealth_files`, message: expect.stringContaining('names files (payslip.pdf, scan.JPEG) that the entry does not attach') })]);
  });
});

describe('a branch on a list answer of several ticked options (a fact "in" on the PEP positions)', () => {
  const pepFlow = structuredClone(flow);
  pepFlow.facts = { ...pepFlow.facts, isSeniorPep: { label: 'a senior politically exposed person', rule: { in: { of: 'pepRoles', values: ['Head of State or Government', 'Government Minister'] } } } };
  const pep = pepFlow.steps['politically-exposed-persons'];
  const after = pep.next ?? [];
  pep.remember = { pepRoles: 'data.domestic_foreign_roles' };
  pepFlow.steps['senior-pep-notice'] = { route: '/senior-pep-notice', title: 'Senior Public Office', kind: 'info', requiresSignupId: true, content: { paragraphs: ['A compliance officer will call you.'] }, next: after } as (typeof pepFlow.steps)[string];
  pep.next = [{ when: { properties: { isSeniorPep: { const: true } }, required: ['isSeniorPep'] }, to: 'senior-pep-notice' }, ...after];

  it('journeys:generate writes the senior-PEP paths with the position ticked in the list', () => {
    const day = today();
    const journeys = listJourneyFiles().map((file) => ({ name: path.basename(file, '.json'), journey: loadJourney(file) }));
    const profile = applicantProfiles(pepFlow).find((p) => p.facts.isSeniorPep && !p.facts.isMinor)!;
    const generated = generateJourney(pepFlow, forms, journeys, profile, day);
    expect(generated.entries.map((e) => e.step)).toContain('senior-pep-notice');
    expect(generated.entries.find((e) => e.step === 'politically-exposed-persons')?.data?.domestic_foreign_roles).toEqual(expect.arrayContaining([expect.stringMatching(/Head of State or Government|Government Minister/)]));
    expect(checkJourneyText('j.json', JSON.stringify(generated, null, 2), pepFlow, forms)).toEqual([]);
  });
});

describe('a new choice step whose first button branches (an "Account Type" choice, Joint first)', () => {
  // The analyst review added a choice step before the final one: journeys:generate gave the journeys an entry without
  // "choice", config:check walked it as no choice made (the default branch) and said OK, and the replay pressed the
  // first button, Joint, and stopped: "the flow is at joint-notice".
  const choiceFlow = structuredClone(flow);
  const branchNext = choiceFlow.steps.branch.next ?? [];
  choiceFlow.facts = { ...choiceFlow.facts, isJoint: { label: 'a joint applicant', rule: { equals: { of: 'accountType', value: 'joint' } } } };
  choiceFlow.steps.branch.next = [{ to: 'account-type' }];
  choiceFlow.steps['account-type'] = {
    route: '/account-type', title: 'Account Type', kind: 'choice', requiresSignupId: true,
    choices: [{ label: 'Joint', set: { accountType: 'joint' } }, { label: 'Personal', set: { accountType: 'personal' } }],
    next: [{ when: { properties: { isJoint: { const: true } }, required: ['isJoint'] }, to: 'joint-notice' }, ...branchNext],
  } as (typeof choiceFlow.steps)[string];
  choiceFlow.steps['joint-notice'] = { route: '/joint-notice', title: 'Joint Accounts', kind: 'info', requiresSignupId: true, content: { paragraphs: ['Bring the other holder.'] }, next: branchNext } as (typeof choiceFlow.steps)[string];
  const checkWith = (journey: Journey) => checkJourneyText('j.json', JSON.stringify(journey, null, 2), choiceFlow, forms);
  const adult = () => loadJourney(listJourneyFiles().find((f) => path.basename(f) === 'adult-new-local.json')!);

  it('gives the new entry the button that keeps the journey on its path', () => {
    const journey = adult();
    expect(addNewSteps(choiceFlow, forms, journey, today())).toEqual(['account-type']);
    expect(journey.entries.find((e) => e.step === 'account-type')).toMatchObject({ choice: 1 });
    expect(checkWith(journey)).toEqual([]);
  });

  it('walks an entry without "choice" as the replay presses it (the first button), and names where they part', () => {
    const journey = adult();
    const i = journey.entries.findIndex((e) => e.step === 'success');
    journey.entries.splice(i, 0, { step: 'account-type' });
    expect(checkWith(journey)).toEqual([expect.objectContaining({ path: `/entries/${i + 1}/step`, message: expect.stringContaining('the flow is at "joint-notice" here, and the journey sends "success"') })]);
  });
});

describe('a branch on an amount an analyst adds in JSON (a number rule on a new step\'s answer)', () => {
  // A "Your Wealth" step after the PEP step keeps the net worth; at least 1,000,000 adds an information step.
  const wealthFlow = structuredClone(flow);
  wealthFlow.facts = { ...wealthFlow.facts, isHighNetWorth: { label: 'a high-net-worth applicant', rule: { number: { of: 'netWorth', atLeast: 1000000 } } } };
  const pepNext = wealthFlow.steps['politically-exposed-persons'].next ?? [];
  wealthFlow.steps['politically-exposed-persons'].next = [{ to: 'wealth' }];
  wealthFlow.steps.wealth = {
    route: '/wealth', title: 'Your Wealth', kind: 'form', form: 'onboarding/wealth', requiresSignupId: true, remember: { netWorth: 'data.estimated_net_worth' },
    submit: { method: 'POST', endpoint: '/wealth/', encoding: 'json' },
    next: [{ when: { properties: { isHighNetWorth: { const: true } }, required: ['isHighNetWorth'] }, to: 'enhanced-due-diligence' }, ...pepNext],
  } as (typeof wealthFlow.steps)[string];
  wealthFlow.steps['enhanced-due-diligence'] = { route: '/enhanced-due-diligence', title: 'Enhanced Due Diligence', kind: 'info', requiresSignupId: true, content: { paragraphs: ['A member of staff will call you.'] }, next: pepNext } as (typeof wealthFlow.steps)[string];
  const wealthSchema = {
    title: 'Your Wealth', type: 'object', additionalProperties: false, required: ['estimated_net_worth'],
    properties: { estimated_net_worth: { type: 'number', title: 'Estimated net worth', minimum: 0, maximum: 1000000000, errorMessage: { minimum: 'Cannot be negative.', maximum: 'Too large.' } } },
    errorMessage: { required: { estimated_net_worth: 'Please estimate your net worth.' } },
    examples: [{ estimated_net_worth: 250000 }],
  };
  const wealthForms = { ...forms, schemas: { ...forms.schemas, 'onboarding/wealth': wealthSchema }, uiSchemas: { ...forms.uiSchemas, 'onboarding/wealth': { 'ui:order': ['estimated_net_worth'] } } };
  const checkWith = (journey: Journey) => checkJourneyText('j.json', JSON.stringify(journey, null, 2), wealthFlow, wealthForms);

  it('journeys:generate answers the new step in every journey and writes the high-net-worth paths from the bound, though no journey gives such an amount', () => {
    const day = today();
    const journeys = listJourneyFiles().map((file) => ({ name: path.basename(file, '.json'), journey: loadJourney(file) }));
    for (const { journey } of journeys) addNewSteps(wealthFlow, wealthForms, journey, day);
    for (const { name, journey } of journeys) expect(checkWith(journey), name).toEqual([]);
    const highNetWorth = applicantProfiles(wealthFlow).filter((p) => p.facts.isHighNetWorth);
    expect(highNetWorth.length).toBeGreaterThan(0);
    for (const profile of highNetWorth.slice(0, 2)) {
      const generated = generateJourney(wealthFlow, wealthForms, journeys, profile, day);
      expect(generated.entries.map((e) => e.step)).toContain('enhanced-due-diligence');
      expect(checkWith(generated), profile.name).toEqual([]);
    }
  });
});

describe('a branch on a list answer an analyst adds in JSON (a fact "none of these values" on a new remembered answer)', () => {
  // Applicants whose residential address is outside Trinidad and Tobago see a notice after it; every journey lives in TT.
  const abroadFlow = structuredClone(flow);
  abroadFlow.facts = { ...abroadFlow.facts, livesAbroad: { label: 'living abroad', rule: { allOf: [{ present: 'residenceCountry' }, { not: { equals: { of: 'residenceCountry', value: 'TT' } } }] } } };
  abroadFlow.steps.address.remember = { residenceCountry: 'data.country' };
  const addressNext = abroadFlow.steps.address.next ?? [];
  abroadFlow.steps.address.next = [{ when: { properties: { livesAbroad: { const: true } }, required: ['livesAbroad'] }, to: 'living-abroad' }, ...addressNext];
  abroadFlow.steps['living-abroad'] = { route: '/living-abroad', title: 'Living Abroad', kind: 'info', requiresSignupId: true, content: { paragraphs: ['Your statements are sent by email.'] }, next: addressNext } as (typeof abroadFlow.steps)[string];

  it('journeys:generate writes the living-abroad paths with a country of the form\'s own list, though no journey gives one', () => {
    const day = today();
    const journeys = listJourneyFiles().map((file) => ({ name: path.basename(file, '.json'), journey: loadJourney(file) }));
    expect(journeys.every(({ journey }) => journey.entries.every((e) => e.step !== 'address' || e.data?.country === 'TT'))).toBe(true);
    const abroad = applicantProfiles(abroadFlow).filter((p) => p.facts.livesAbroad);
    expect(abroad.length).toBeGreaterThan(0);
    for (const profile of abroad.slice(0, 2)) {
      const generated = generateJourney(abroadFlow, forms, journeys, profile, day);
      expect(generated.entries.map((e) => e.step)).toContain('living-abroad');
      expect(generated.entries.find((e) => e.step === 'address')?.data?.country).not.toBe('TT');
      expect(checkJourneyText('j.json', JSON.stringify(generated, null, 2), abroadFlow, forms), profile.name).toEqual([]);
    }
  });
});

describe('journeys:generate follows a step renamed in the flow (its id)', () => {
  // mailing-address becomes postal-address: the journeys' entries (their addresses and files) go to the new id, not
  // dropped and replaced with the form's bare example, which the form refuses.
  it('moves the entries to the new id, so every journey checks out with its own data', () => {
    const config = copyConfig('repository');
    config.edit('flows/onboarding.flow.json', (f) => {
      f.steps = Object.fromEntries(Object.entries<any>(f.steps).map(([id, step]) => [id === 'mailing-address' ? 'postal-address' : id, step]));
      for (const step of Object.values<any>(f.steps)) for (const t of step.next ?? []) if (t.to === 'mailing-address') t.to = 'postal-address';
    });
    const journeysDir = path.join(config.root, 'journeys');
    fs.cpSync(path.resolve(import.meta.dirname, '../fixtures/journeys'), journeysDir, { recursive: true });
    const before = Object.fromEntries(listJourneyFiles().map((f) => [path.basename(f), loadJourney(f).entries.filter((e) => e.step === 'mailing-address')]));
    execFileSync('npx', ['tsx', 'scripts/journeys-generate.ts'], { env: { ...process.env, CONFIG_ROOT: config.root, JOURNEYS_DIR: journeysDir }, encoding: 'utf8', stdio: 'pipe' });
    const renamed = config.read('flows/onboarding.flow.json');
    for (const [name, entries] of Object.entries(before)) {
      const text = fs.readFileSync(path.join(journeysDir, name), 'utf8');
      expect(checkJourneyText(name, text, renamed, forms), name).toEqual([]);
      expect((JSON.parse(text) as Journey).entries.filter((e) => e.step === 'postal-address').map((e) => e.data), name).toEqual(entries.map((e) => e.data));
    }
  }, 60_000);
});

describe('journeys:generate follows a step removed from the flow and two steps swapped', () => {
  const day = today();
  const journeys = () => listJourneyFiles().map((file) => ({ name: path.basename(file, '.json'), journey: loadJourney(file) }));
  const aligned = (changed: typeof flow) =>
    journeys().map(({ name, journey }) => {
      const before = checkJourneyText('j.json', JSON.stringify(journey, null, 2), changed, forms).length;
      alignToFlow(changed, journey, day);
      addNewSteps(changed, forms, journey, day);
      return { name, before, after: checkJourneyText('j.json', JSON.stringify(journey, null, 2), changed, forms) };
    });

  it('drops the entries of a step no longer in the flow (the due diligence page removed)', () => {
    const removed = structuredClone(flow);
    for (const step of Object.values(removed.steps)) for (const t of step.next ?? []) if (t.to === 'due-diligence') t.to = 'address';
    delete removed.steps['due-diligence'];
    const results = aligned(removed);
    expect(results.filter((r) => r.before > 0).length).toBeGreaterThan(0);
    for (const { name, after } of results) expect(after, name).toEqual([]);
  });

  it('puts the entries in the new order (the PEP step before the membership declaration)', () => {
    const swapped = structuredClone(flow);
    const pepNext = swapped.steps['politically-exposed-persons'].next;
    swapped.steps['mobile-verification'].next = [{ to: 'politically-exposed-persons' }];
    swapped.steps['politically-exposed-persons'].next = [{ to: 'membership-declaration-agreement' }];
    swapped.steps['membership-declaration-agreement'].next = pepNext;
    const results = aligned(swapped);
    expect(results.filter((r) => r.before > 0).length).toBeGreaterThan(0);
    for (const { name, after } of results) expect(after, name).toEqual([]);
  });
});
