import fs from 'node:fs';
import path from 'node:path';
import { checkConfig } from '../../src/shared/config-check/check-config';
import { WIDGET_NAMES } from '../../src/shared/forms/widget-names';
import { transforms } from '../../src/shared/transforms';
import { copyConfig } from './config-copy';

const REVIEW = 'flows/review.json';
const REPO = path.resolve(import.meta.dirname, '../..');

/** The checker's problems in flows/review.json after one change to a copy of the repository's configuration. */
function reviewProblemsAfter(change: (review: any) => void) {
  const config = copyConfig('repository');
  config.edit(REVIEW, change);
  return checkConfig({ root: config.root, widgetNames: WIDGET_NAMES, transformNames: Object.keys(transforms) }).filter((p) => p.file === REVIEW);
}

describe('config:check of flows/review.json (risk flags and consents)', () => {
  it('passes the repository\'s rules', () => {
    expect(reviewProblemsAfter(() => undefined)).toEqual([]);
  });

  it('a new risk flag is a JSON edit: a rule over a fact or a stored answer checks out', () => {
    expect(
      reviewProblemsAfter((r) => {
        r.riskFlags.board_member = { label: 'Serves on a board', rule: { answer: 'membership-declaration-agreement.is_serving_on_credit_union_board' } };
        r.riskFlags.senior = { label: 'Senior', rule: { age: { of: 'dob', atLeast: 75 } } };
      }),
    ).toEqual([]);
  });

  it('takes every rule of the flow\'s fact vocabulary: an amount or a date window on a stored answer is a JSON edit too', () => {
    // The analyst review flagged a high annual income with { "number": ... } as flows/README.md "Facts" lists it: the
    // review file's own list of rules lacked "number" and "days", so config:check refused the flag as an unknown key.
    const flowRules = Object.keys(JSON.parse(fs.readFileSync(path.join(REPO, 'flows/flow.schema.json'), 'utf8')).definitions.factRule.properties).sort();
    const reviewRules = Object.keys(JSON.parse(fs.readFileSync(path.join(REPO, 'flows/review.schema.json'), 'utf8')).definitions.rule.properties).sort();
    expect(reviewRules).toEqual(flowRules);
    expect(
      reviewProblemsAfter((r) => {
        r.riskFlags.large_contribution = { label: 'Large child account contribution', rule: { number: { of: 'employment-information.child_account_contribution_amount', atLeast: 100000 } } };
        r.riskFlags.id_expiring = { label: 'ID expiring', rule: { days: { of: 'id-information.primary_id_expiry_date', below: 30 } } };
      }),
    ).toEqual([]);
    expect(reviewProblemsAfter((r) => (r.riskFlags.minor.rule = { number: { of: 'employment-information.monthly_remuneraton', atLeast: 1 } }))).toContainEqual(
      expect.objectContaining({ path: '/riskFlags/minor/rule/number/of', message: expect.stringMatching(/reads "employment-information.monthly_remuneraton"/) }),
    );
  });

  it.each([
    ['a misspelt answer field', (r: any) => (r.riskFlags.politically_exposed.rule.anyOf[0].answer = 'politically-exposed-persons.is_pepp'), '/riskFlags/politically_exposed/rule/anyOf/0/answer', /reads "politically-exposed-persons.is_pepp"/, /has no field "is_pepp".*is_pep/],
    ['an unknown step', (r: any) => (r.riskFlags.minor.rule = { answer: 'peps.is_pep' }), '/riskFlags/minor/rule/answer', /reads "peps.is_pep"/, /no step "peps"/],
    ['an unknown fact', (r: any) => (r.riskFlags.minor.rule = { answer: 'isChild' }), '/riskFlags/minor/rule/answer', /reads "isChild"/, /isMinor/],
    ['a flag with neither rule nor documents (meta-schema)', (r: any) => delete r.riskFlags.minor.rule, '/riskFlags/minor', /must have required property 'rule'/, /review\.schema\.json/],
    ['a misspelt key (meta-schema)', (r: any) => (r.riskFlags.minor.lable = 'Minor'), '/riskFlags/minor', /unknown key "lable"/, /review\.schema\.json/],
    ['a consent on an unknown step', (r: any) => (r.consents.terms.step = 'basic-information'), '/consents/terms/step', /unknown step "basic-information"/, /onboarding\.flow\.json/],
    ['a consent on a field the form lacks', (r: any) => (r.consents.terms.field = 'terms_agreed'), '/consents/terms/field', /has no field "terms_agreed"/, /terms_viewed/],
    ['a consent on a field that is not yes/no', (r: any) => (r.consents.terms.field = 'first_name'), '/consents/terms/field', /not a yes\/no/, /boolean/],
  ])('reports %s with where and how to fix it', (_name, change, path, message, hint) => {
    const problems = reviewProblemsAfter(change);
    expect(problems).toContainEqual(expect.objectContaining({ path, message: expect.stringMatching(message), hint: expect.stringMatching(hint) }));
  });
});
