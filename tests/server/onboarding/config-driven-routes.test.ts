// The server's step routes come from the flow file (issue: the configuration is the whole truth): a step with a
// new endpoint, added to a copy of the configuration in JSON only, is validated with its form, stored, and
// required at final submission, with no TypeScript change.
import { dbTargets } from '../../helpers/test-db';
import { suiteApp } from '../../helpers/test-app';
import { copyConfig } from '../../scripts/config-copy';
import { checkConfig, formatProblems } from '../../../scripts/lib/check-config';
import { WIDGET_NAMES } from '../../../src/ui/forms/widget-names';
import { transforms } from '../../../src/shared/transforms/index';
import { stepRoutes } from '../../../src/server/routes/onboarding/step-routes';
import { adultSignup, createApplicant } from './onboarding-helpers';

const config = copyConfig('repository');
config.write('forms/onboarding/tax-residency.schema.json', {
  $comment: 'A step an analyst adds: the body of POST /tax-residencies/.',
  title: 'Tax Residency',
  type: 'object',
  additionalProperties: false,
  required: ['tax_country'],
  properties: {
    tax_country: { type: 'string', title: 'Country of tax residence', minLength: 2, maxLength: 60 },
    tin: { type: 'string', title: 'Tax identification number', maxLength: 30 },
  },
  errorMessage: { required: { tax_country: 'Please enter your country of tax residence.' } },
});
config.write('forms/onboarding/tax-residency.ui.json', { 'ui:order': ['tax_country', 'tin'] });
config.edit('flows/onboarding.flow.json', (flow) => {
  flow.steps['tax-residency'] = {
    route: '/tax-residency',
    title: 'Tax Residency',
    kind: 'form',
    form: 'onboarding/tax-residency',
    requiresSignupId: true,
    submit: { method: 'POST', endpoint: '/tax-residencies/', encoding: 'json' },
    next: flow.steps['employment-information'].next,
  };
  flow.steps['employment-information'].next = [{ to: 'tax-residency' }];
});

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
  const previous = process.env.CONFIG_ROOT;
  // Registered before suiteApp's own hooks, so the app is built from the copy.
  beforeAll(() => {
    process.env.CONFIG_ROOT = config.root;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.CONFIG_ROOT;
    else process.env.CONFIG_ROOT = previous;
  });
  const t = suiteApp(target);

  it('validates with the new form (its messages), stores the step, and final submission asks for it', async () => {
    const applicant = await createApplicant(t, adultSignup(1));
    const call = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/tax-residencies/', payload: { signup_id: applicant.id, ...payload }, headers: applicant.headers, remoteAddress: applicant.address });

    const refused = await call({ tin: '123' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual({ tax_country: 'Please enter your country of tax residence.' });
    expect((await call({ tax_country: 'Canada', extra: 1 })).statusCode).toBe(400);

    const submitted = await t.call({ method: 'POST', url: '/api/signups/submit', payload: { signup_id: applicant.id }, headers: applicant.headers, remoteAddress: applicant.address });
    expect(submitted.statusCode).toBe(400);
    expect(submitted.json().errors['tax-residency']).toBe('Tax Residency is missing.');

    const stored = await call({ tax_country: 'Canada', tin: '123' });
    expect(stored.statusCode, stored.body).toBe(201);
    const row = await t.db.db.selectFrom('signup_steps').select('data').where('signup_id', '=', applicant.id).where('step', '=', 'tax-residency').executeTakeFirstOrThrow();
    expect(row.data).toEqual({ tax_country: 'Canada', tin: '123' });
  });
});
