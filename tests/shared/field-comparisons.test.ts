// A rule between two answers of one form (an end date after its start date, a number at most another), written in
// JSON by an analyst: `afterField`, `notBeforeField`, `atMostField`, `atLeastField` name the other field, the message
// is the keyword's `errorMessage`. The server (its form validation) and the browser (SchemaForm's rules on the
// precompiled validator's form) refuse the same answers with the same message under the same field, in a list's items
// and in a branch too; the checker names a comparison that can never be made.
import type { JsonObject } from '../../src/shared/forms/form-registry';
import { createAjv } from '../../src/shared/create-ajv';
import { createFormValidator } from '../../src/server/lib/form-validation';
import { formRuleFieldErrors } from '../../src/ui/forms/form-rule-field-errors';
import { formFromModule } from '../../src/ui/forms/load-form';
import { formErrorsToFieldErrors } from '../../src/shared/forms/move-required-errors';
import { compileToModule } from '../ui/forms/compile-to-module';
import { checkConfig, type Problem } from '../../src/shared/config-check/check-config';
import { WIDGET_NAMES } from '../../src/shared/forms/widget-names';
import { transforms } from '../../src/shared/transforms/index';
import { copyConfig } from '../scripts/config-copy';

const FORM = 'onboarding/overseas-stay';
const schema: JsonObject = {
  title: 'Overseas Stay',
  type: 'object',
  additionalProperties: false,
  required: ['moved_on'],
  properties: {
    moved_on: { type: 'string', format: 'date', title: 'Moved on', errorMessage: { format: 'Enter a date.' } },
    return_on: { type: 'string', format: 'date', title: 'Return on', afterField: 'moved_on', errorMessage: { format: 'Enter a date.', afterField: 'The return must be after the move.' } },
    visa_from: { type: 'string', format: 'date', title: 'Visa from', notBeforeField: 'moved_on', errorMessage: { format: 'Enter a date.', notBeforeField: 'The visa cannot start before the move.' } },
    household: { type: 'integer', title: 'Household', minimum: 1, maximum: 20, errorMessage: { minimum: 'At least 1.', maximum: 'At most 20.' } },
    dependants: { type: 'integer', title: 'Dependants', minimum: 0, maximum: 20, atMostField: 'household', errorMessage: { minimum: 'At least 0.', maximum: 'At most 20.', atMostField: 'No more dependants than people in the household.' } },
    trips: {
      type: 'array',
      title: 'Trips',
      maxItems: 3,
      errorMessage: { maxItems: 'At most 3.' },
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          left: { type: 'string', format: 'date', title: 'Left', errorMessage: { format: 'Enter a date.' } },
          came_back: { type: 'string', format: 'date', title: 'Came back', notBeforeField: 'left', errorMessage: { format: 'Enter a date.', notBeforeField: 'You came back before you left?' } },
        },
      },
    },
    has_pension: { type: 'boolean', title: 'Pension' },
    pension: { type: 'number', title: 'Pension', minimum: 0, maximum: 1000000, errorMessage: { minimum: 'At least 0.', maximum: 'Too much.' } },
    income: { type: 'number', title: 'Income', minimum: 0, maximum: 1000000, errorMessage: { minimum: 'At least 0.', maximum: 'Too much.' } },
  },
  allOf: [{ if: { properties: { has_pension: { const: true } }, required: ['has_pension'] }, then: { properties: { income: { atLeastField: 'pension', errorMessage: { atLeastField: 'Your income includes your pension.' } } } } }],
  errorMessage: { required: { moved_on: 'Enter the date you moved.' } },
};
const uiSchema = { 'ui:order': ['*'] };

const base = { moved_on: '2020-05-10' };
const cases: Array<[string, JsonObject, string, string | undefined]> = [
  ['a return on the day of the move', { ...base, return_on: '2020-05-10' }, 'return_on', 'The return must be after the move.'],
  ['a return the day after', { ...base, return_on: '2020-05-11' }, 'return_on', undefined],
  ['a visa the day before the move', { ...base, visa_from: '2020-05-09' }, 'visa_from', 'The visa cannot start before the move.'],
  ['a visa on the day of the move', { ...base, visa_from: '2020-05-10' }, 'visa_from', undefined],
  ['more dependants than the household', { ...base, household: 2, dependants: 3 }, 'dependants', 'No more dependants than people in the household.'],
  ['as many dependants as the household', { ...base, household: 3, dependants: 3 }, 'dependants', undefined],
  ['dependants without a household (nothing to compare)', { ...base, dependants: 3 }, 'dependants', undefined],
  ['a trip back before it left', { ...base, trips: [{ left: '2021-01-01', came_back: '2021-01-05' }, { left: '2022-03-01', came_back: '2022-02-01' }] }, 'trips.1.came_back', 'You came back before you left?'],
  ['an income below the pension, with a pension', { ...base, has_pension: true, pension: 500, income: 400 }, 'income', 'Your income includes your pension.'],
  ['the same amounts, without a pension (the branch is off)', { ...base, has_pension: false, pension: 500, income: 400 }, 'income', undefined],
];

describe('comparisons between two fields of a form', () => {
  const server = createFormValidator({ sources: { schemas: { [FORM]: schema }, uiSchemas: { [FORM]: uiSchema }, lists: {} }, ajv: createAjv(), clock: { now: () => new Date() } });
  const serverErrors = (body: JsonObject): Record<string, string> => {
    try {
      server.validate(FORM, structuredClone(body));
      return {};
    } catch (error) {
      return (error as { errors?: Record<string, string> }).errors ?? {};
    }
  };
  let browser: ReturnType<typeof formFromModule>;
  beforeAll(async () => {
    browser = formFromModule(await compileToModule(FORM, schema, uiSchema));
  });
  const browserErrors = (body: JsonObject): Record<string, string> => {
    const fields = formErrorsToFieldErrors(browser.validator.validateFormData(structuredClone(body), browser.schema).errors as any);
    for (const [field, message] of Object.entries(formRuleFieldErrors(browser.schema, uiSchema, body))) fields[field] ??= message;
    return fields;
  };

  it.each(cases)('%s: the same verdict on both sides', (_name, body, field, message) => {
    expect(serverErrors(body)[field]).toBe(message);
    expect(browserErrors(body)[field]).toBe(message);
    expect(Object.keys(browserErrors(body)).sort()).toEqual(Object.keys(serverErrors(body)).sort());
  });
});

describe('the checker and field comparisons', () => {
  const check = (change: (s: JsonObject) => void): Problem[] => {
    const config = copyConfig('repository');
    const form = structuredClone(schema);
    change(form);
    config.write(`forms/${FORM}.schema.json`, form);
    config.write(`forms/${FORM}.ui.json`, uiSchema);
    return checkConfig({ root: config.root, widgetNames: WIDGET_NAMES, transformNames: Object.keys(transforms) }).filter((p) => p.file === `forms/${FORM}.schema.json`);
  };

  it('accepts the comparisons as written', () => {
    expect(check(() => {})).toEqual([]);
  });

  it.each<[string, (s: JsonObject) => void, string, RegExp]>([
    ['a field that is not beside it', (s) => (s.properties.return_on.afterField = 'moved'), '/properties/return_on/afterField', /afterField names "moved", which is not a field beside "return_on"/],
    ['a field of the form compared from a list item', (s) => (s.properties.trips.items.properties.came_back.notBeforeField = 'moved_on'), '/properties/trips/items/properties/came_back/notBeforeField', /not a field beside "came_back"/],
    ['a date compared with a number', (s) => (s.properties.return_on.afterField = 'household'), '/properties/return_on/afterField', /afterField compares dates, but "household" is not a date/],
    ['a number compared with a date', (s) => (s.properties.dependants.atMostField = 'moved_on'), '/properties/dependants/atMostField', /atMostField compares numbers, but "moved_on" is not a number/],
    ['the field itself', (s) => (s.properties.dependants.atMostField = 'dependants'), '/properties/dependants/atMostField', /"dependants" is compared with itself/],
    ['no message', (s) => delete s.properties.dependants.errorMessage.atMostField, '/properties/dependants/atMostField', /"atMostField" has no message/],
    ['a misspelt keyword', (s) => ((s.properties.dependants.atmostField = 'household'), delete s.properties.dependants.atMostField), '/properties/dependants/atmostField', /Did you mean "atMostField"\?|unknown/],
  ])('names %s at its place', (_name, change, path, message) => {
    expect(check(change)).toContainEqual(expect.objectContaining({ path, message: expect.stringMatching(message) }));
  });
});
