// The server's step routes come from the flow file (issue: the configuration is the whole truth): the analyst
// guide's step with its own endpoint, added to a copy of the configuration in JSON only, is validated with its
// form, stored, required at final submission and shown in the admin review in walk order, with no TypeScript change.
import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { copyConfig, guideConfig, useConfigRoot } from '../../scripts/config-copy';
import { auth, tokenFor } from '../admin/admin-helpers';
import { checkConfig, formatProblems } from '../../../src/shared/config-check/check-config';
import { WIDGET_NAMES } from '../../../src/shared/forms/widget-names';
import { transforms } from '../../../src/shared/transforms/index';
import { stepRoutes } from '../../../src/shared/flow/step-routes';
import { adultSignup, createApplicant } from './onboarding-helpers';
import { journeysWith, stepRequest } from '../../helpers/journey-bodies';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';
import { resolveForm } from '../../../src/shared/forms/form-registry';
import { REQUEST_TEXTS } from '../../../src/shared/messages';
import { fieldMessage } from '../../helpers/form-messages';

// docs/analyst-guide.md's worked examples applied to a copy: example 6 adds Tax Residency with POST /tax-residencies/.
const config = guideConfig();

describe('step routes from the flow file', () => {
  it('the repository flow gives one route per endpoint; shared endpoints are told apart by a const field', async () => {
    const { readFormsDir } = await import('../../../src/shared/forms/read-forms-dir');
    const { resolveForm } = await import('../../../src/shared/forms/form-registry');
    const { default: flow } = await import('../../../flows/onboarding.flow.json');
    const sources = readFormsDir();
    const routes = stepRoutes(flow as never, (id) => resolveForm(sources, id).schema);
    const byUrl = Object.fromEntries(routes.map((r) => [`${r.method} ${r.url}`, r]));
    expect(byUrl['POST /addresses/'].pickBy?.field).toBe('address_type');
    expect(Object.keys(byUrl['POST /identifications/'].pickBy?.values ?? {}).sort()).toEqual(['adult', 'child']);
    // Steps with a server action are served where the action lives, not by the generic route.
    expect(byUrl['POST /signups/']).toBeUndefined();
    expect(byUrl['PUT /signups/home-branch']).toBeUndefined();
  });

  it('the copy with the new step checks out', () => {
    expect(formatProblems(checkConfig({ root: config.root, widgetNames: WIDGET_NAMES, transformNames: Object.keys(transforms) }))).toBe('');
  });
});

describe.each(dbTargets())('a step added in JSON only, served on $name', (target) => {
  useConfigRoot(config.root);
  const t = suiteApp(target);

  it('validates with the new form (its messages), stores the step, and final submission asks for it', async () => {
    const applicant = await createApplicant(t, adultSignup(1));
    const call = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/tax-residencies/', payload: { signup_id: applicant.id, ...payload }, headers: applicant.headers, remoteAddress: applicant.address });

    const refused = await call({ tin: '123' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual({ tax_country: fieldMessage('onboarding/tax-residency', 'tax_country', 'required') });
    expect((await call({ tax_country: 'Canada', extra: 1 })).statusCode).toBe(400);

    const submitted = await t.call({ method: 'POST', url: '/api/signups/submit', payload: { signup_id: applicant.id }, headers: applicant.headers, remoteAddress: applicant.address });
    expect(submitted.statusCode).toBe(400);
    expect(submitted.json().errors['tax-residency']).toBe('Tax Residency is missing.');

    const stored = await call({ tax_country: 'Canada', tin: '123' });
    expect(stored.statusCode, stored.body).toBe(201);
    const row = await t.db.db.selectFrom('signup_steps').select('data').where('signup_id', '=', applicant.id).where('step', '=', 'tax-residency').executeTakeFirstOrThrow();
    expect(row.data).toEqual({ tax_country: 'Canada', tin: '123' });

    // The administrator's review lists the new step with its title and form, where applicants meet it.
    await t.db.db.updateTable('signups').set({ status: 'pending_approval' }).where('id', '=', applicant.id).execute();
    const review = await t.call({ method: 'GET', url: `/api/signups/${applicant.id}`, headers: auth(await tokenFor(t.app, 'admin@cu.example')) });
    expect(review.statusCode, review.body).toBe(200);
    const steps: Array<{ step: string; title: string; form: string; data: unknown }> = review.json().steps;
    expect(steps.find((s) => s.step === 'tax-residency')).toMatchObject({ title: 'Tax Residency', form: 'onboarding/tax-residency', data: { tax_country: 'Canada', tin: '123' } });
  });
});

// A branch on an answer no signups column holds (the helper review's case: a fact on a new answer skipped a step in the
// browser, and final submission, walking the flow with the columns only, called that step missing). The guide's new
// step keeps its TIN (`remember`), a new fact reads it, and an applicant with a TIN skips the first required step
// after it.
const branched = guideConfig();
const flowFile = 'flows/onboarding.flow.json';
// Tax Residency moved up, right after the membership declaration, so that many steps with a call come after it.
// Its branches (the guide's senior page) go on to where the declaration went; the step before it goes on past it.
branched.edit(flowFile, (f) => {
  type Transition = { when?: unknown; to: string };
  const membership = f.steps['membership-declaration-agreement'];
  const taxNext: Transition[] = f.steps['tax-residency'].next;
  const resume = taxNext.at(-1)!.to;
  const branches = taxNext.filter((t) => t.when).map((t) => t.to);
  for (const [id, step] of Object.entries(f.steps) as Array<[string, { next?: Transition[] }]>) {
    if (id === 'tax-residency' || id === 'membership-declaration-agreement') continue;
    step.next = (step.next ?? []).map((t) => (t.to === 'tax-residency' ? { ...t, to: resume } : branches.includes(id) && t.to === resume ? { ...t, to: membership.next.at(-1).to } : t));
  }
  f.steps['tax-residency'].next = taxNext.map((t) => (t.when ? t : { to: membership.next.at(-1).to }));
  membership.next = [{ to: 'tax-residency' }];
});
const flowCopy = branched.read(flowFile);
const defaultNext = (id: string): string => flowCopy.steps[id].next.at(-1).to;
const required = (id: string) => flowCopy.steps[id].submit && !flowCopy.steps[id].skippable && flowCopy.steps[id].requiredForSubmission !== false;
let before = 'tax-residency';
while (!required(defaultNext(before))) before = defaultNext(before);
const skipped = defaultNext(before);
branched.edit(flowFile, (f) => {
  f.facts.hasTin = { label: 'an applicant with a TIN', rule: { present: 'taxTin' } };
  f.steps['tax-residency'].remember = { taxTin: 'data.tin' };
  f.steps[before].next.unshift({ when: { properties: { hasTin: { const: true } }, required: ['hasTin'] }, to: defaultNext(skipped) });
});

// An option rule on the same new fact, on each later step's list (the helper reviews' other case: the browser applied
// it, the step's call did not, and only final submission refused the answer). Each JSON step with a call of its own
// (the generic route's, or a server action's after the application exists) whose journey body picks an option of a
// list: with a TIN, the rule allows another option only.
// Only steps after Tax Residency: on an earlier one the rule could not hold while the applicant fills it in (the TIN
// comes later), and config:check refuses it.
const after = new Set<string>();
for (let queue = [...flowCopy.steps['tax-residency'].next.map((t: { to: string }) => t.to)]; queue.length; ) {
  const id = queue.shift()!;
  if (after.has(id)) continue;
  after.add(id);
  queue = [...queue, ...(flowCopy.steps[id].next ?? []).map((t: { to: string }) => t.to)];
}
const ruled = (() => {
  const sources = readFormsDir();
  const found: Array<{ step: string; form: string; request: ReturnType<typeof stepRequest>; field: string; other: unknown }> = [];
  for (const [step, s] of Object.entries(flowCopy.steps as Record<string, any>)) {
    if (!after.has(step) || s.kind !== 'form' || !s.submit || s.submit.action === 'createSignup' || (s.submit.encoding ?? 'json') !== 'json' || s.submit.parts) continue;
    const candidate = journeysWith(step).flatMap((journey) => {
      const request = stepRequest(step, { journey });
      const properties = resolveForm(sources, s.form).schema.properties as Record<string, { oneOf?: Array<{ const: unknown }> }>;
      return Object.entries(request.body).flatMap(([field, value]) => {
        const options = properties[field]?.oneOf?.map((o) => o.const) ?? [];
        const other = options.find((o) => o !== value);
        return options.includes(value) && other !== undefined ? [{ step, form: s.form as string, request, field, other }] : [];
      });
    })[0];
    if (candidate) found.push(candidate);
  }
  return found;
})();
// And a field of the new step shown only to an applicant with a TIN: a showWhen on the fact, not on a sibling.
branched.edit('forms/onboarding/tax-residency.schema.json', (schema) => (schema.properties.tin_issuer = { type: 'string', title: 'Country that issued the TIN', maxLength: 60, errorMessage: { maxLength: 'At most 60 characters.' } }));
branched.edit('forms/onboarding/tax-residency.ui.json', (ui) => {
  ui['ui:order'] = [...ui['ui:order'], 'tin_issuer'];
  ui.tin_issuer = { 'ui:options': { showWhen: { properties: { hasTin: { const: true } }, required: ['hasTin'] } } };
});
for (const { form, field, other } of ruled) {
  branched.edit(`forms/${form}.schema.json`, (schema) => {
    schema.properties[field].optionsWhen = [{ when: { properties: { hasTin: { const: true } }, required: ['hasTin'] }, only: [other], message: 'With a tax number, only the other option.' }];
  });
}

describe.each(dbTargets())('a branch on a new answer, on $name', (target) => {
  useConfigRoot(branched.root);
  const t = suiteApp(target);

  it('the copy checks out, and final submission walks the path the stored answer gives', async () => {
    expect(formatProblems(checkConfig({ root: branched.root, widgetNames: WIDGET_NAMES, transformNames: Object.keys(transforms) }))).toBe('');
    const missingAfter = async (tin?: string) => {
      const applicant = await createApplicant(t, adultSignup(tin ? 2 : 3));
      const payload = { signup_id: applicant.id, tax_country: 'Canada', ...(tin ? { tin } : {}) };
      const stored = await t.call({ method: 'POST', url: '/api/tax-residencies/', payload, headers: applicant.headers, remoteAddress: applicant.address });
      expect(stored.statusCode, stored.body).toBe(201);
      const submitted = await t.call({ method: 'POST', url: '/api/signups/submit', payload: { signup_id: applicant.id }, headers: applicant.headers, remoteAddress: applicant.address });
      expect(submitted.statusCode).toBe(400);
      return Object.keys(submitted.json().errors);
    };
    expect(await missingAfter()).toContain(skipped);
    expect(await missingAfter('123')).not.toContain(skipped);
  });

  it('refuses a field its showWhen on a fact hides, and keeps it while the fact holds', async () => {
    const applicant = await createApplicant(t, adultSignup(90));
    const call = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/tax-residencies/', payload: { signup_id: applicant.id, tax_country: 'Canada', tin_issuer: 'Canada', ...payload }, headers: applicant.headers, remoteAddress: applicant.address });
    const refused = await call({});
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual({ tin_issuer: REQUEST_TEXTS.hiddenField });
    const stored = await call({ tin: '123' });
    expect(stored.statusCode, stored.body).toBe(201);
    const row = await t.db.db.selectFrom('signup_steps').select('data').where('signup_id', '=', applicant.id).where('step', '=', 'tax-residency').executeTakeFirstOrThrow();
    expect(row.data).toMatchObject({ tin: '123', tin_issuer: 'Canada' });
  });

  it("every later step's call applies an option rule on that answer, as the browser does", async () => {
    expect(ruled.map((r) => r.step).length).toBeGreaterThan(1);
    let n = 4;
    for (const { step, request, field } of ruled) {
      const answer = async (tin?: string) => {
        const applicant = await createApplicant(t, adultSignup(n++));
        const stored = await t.call({ method: 'POST', url: '/api/tax-residencies/', payload: { signup_id: applicant.id, tax_country: 'Canada', ...(tin ? { tin } : {}) }, headers: applicant.headers, remoteAddress: applicant.address });
        expect(stored.statusCode, stored.body).toBe(201);
        return t.call({ method: request.method, url: request.url, payload: { ...request.body, signup_id: applicant.id }, headers: applicant.headers, remoteAddress: applicant.address });
      };
      expect((await answer()).statusCode, step).toBeLessThan(300);
      const refused = await answer('123');
      expect(refused.statusCode, `${step}: ${refused.body}`).toBe(400);
      expect(refused.json().errors, step).toEqual({ [field]: 'With a tax number, only the other option.' });
    }
  });
});

// An analyst makes gender and nationality optional on basic info, in JSON only (the review's case: the server stored
// the text "undefined" for them). The date of birth, which the server cannot do without, the checker keeps required.
const optional = copyConfig('repository');
optional.edit('forms/onboarding/basic-info.schema.json', (schema) => {
  schema.required = schema.required.filter((field: string) => field !== 'gender' && field !== 'nationality');
  delete schema.errorMessage.required.gender;
  delete schema.errorMessage.required.nationality;
});

describe('basic-info fields made optional in JSON', () => {
  it('the copy checks out; the same for the date of birth the checker refuses, naming what the server reads it for', () => {
    expect(formatProblems(checkConfig({ root: optional.root, widgetNames: WIDGET_NAMES, transformNames: Object.keys(transforms) }))).toBe('');
    const noBirthDate = copyConfig('repository');
    noBirthDate.edit('forms/onboarding/basic-info.schema.json', (schema) => {
      schema.required = schema.required.filter((field: string) => field !== 'dob');
      delete schema.errorMessage.required.dob;
    });
    expect(checkConfig({ root: noBirthDate.root, widgetNames: WIDGET_NAMES, transformNames: Object.keys(transforms) })).toContainEqual(
      expect.objectContaining({ file: 'forms/onboarding/basic-info.schema.json', path: '/required', message: expect.stringMatching(/^"dob" must stay required: the server reads it for .*the birth date its age rules read/) }),
    );
  });
});

describe.each(dbTargets())('basic info with gender and nationality optional, on $name', (target) => {
  useConfigRoot(optional.root);
  const t = suiteApp(target);

  it('stores no answer as null (not the text "undefined"), and an answer as given', async () => {
    const { gender: _g, nationality: _n, ...body } = adultSignup(300);
    const res = await t.call({ method: 'POST', url: '/api/signups/', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    expect(await t.db.db.selectFrom('signups').select(['gender', 'nationality']).where('id', '=', res.json().id).executeTakeFirstOrThrow()).toEqual({ gender: null, nationality: null });
    const answered = await t.call({ method: 'POST', url: '/api/signups/', payload: adultSignup(301) });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(await t.db.db.selectFrom('signups').select(['gender', 'nationality']).where('id', '=', answered.json().id).executeTakeFirstOrThrow()).toEqual({ gender: adultSignup(301).gender, nationality: adultSignup(301).nationality });
  });
});
