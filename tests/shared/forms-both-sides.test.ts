// One schema, both sides: for every form in forms/, the browser's precompiled validator (through RJSF, with
import type { JsonObject } from '../../src/shared/forms/form-registry';
// the same error transform SchemaForm uses) and the server's createAjv give the same verdict and the same
// field messages. The table of inputs is generated from each schema, so a new form is covered automatically.
import { createAjv } from '../../src/shared/create-ajv';
import { ajvErrorsToFieldErrors } from '../../src/shared/api-error';
import { listFormIds, resolveForm } from '../../src/shared/forms/form-registry';
import { readFormsDir } from '../../src/shared/forms/read-forms-dir';
import { formErrorsToFieldErrors } from '../../src/shared/forms/move-required-errors';
import { formFromModule } from '../../src/ui/forms/load-form';
import { compileToModule } from '../ui/forms/compile-to-module';
import { formRuleErrors } from '../../src/shared/transforms/form-rules';
import { today as creditUnionToday } from '../../src/shared/dates/today';
import { birthDateForAge } from '../../src/shared/dates/age';
import { formRuleFieldErrors } from '../../src/ui/forms/form-rule-field-errors';

type Json = JsonObject;

/** A plausible value for a property (enum's first, const, formats), used to build a mostly good body. */
function plausible(prop: Json): unknown {
  if (!prop || typeof prop !== 'object') return 'x';
  if ('const' in prop) return prop.const;
  if (Array.isArray(prop.enum)) return prop.enum[0];
  if (Array.isArray(prop.oneOf) && prop.oneOf[0] && 'const' in prop.oneOf[0]) return prop.oneOf[0].const;
  const type = Array.isArray(prop.type) ? prop.type[0] : prop.type;
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') return typeof prop.minimum === 'number' ? prop.minimum : 1;
  if (type === 'array') return Array.from({ length: prop.minItems ?? 0 }, () => plausible(prop.items ?? {}));
  if (type === 'object') return Object.fromEntries(Object.entries<Json>(prop.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
  if (prop.format === 'date') return '2000-01-31';
  if (prop.format === 'email') return 'applicant@example.com';
  return 'a'.repeat(Math.max(prop.minLength ?? 1, 1));
}

function wrongType(prop: Json): unknown {
  const type = Array.isArray(prop?.type) ? prop.type[0] : prop?.type;
  return type === 'string' ? 12345 : 'not-the-right-type';
}

function inputsFor(schema: Json): Array<[string, Json]> {
  const props = Object.entries<Json>(schema.properties ?? {});
  const good = Object.fromEntries(props.map(([k, v]) => [k, plausible(v)]));
  return [
    ['empty', {}],
    ['plausible values', good],
    ['wrong types', Object.fromEntries(props.map(([k, v]) => [k, wrongType(v)]))],
    ['one-character strings', Object.fromEntries(props.map(([k, v]) => [k, v?.type === 'string' ? 'x' : plausible(v)]))],
    ['an unknown field', { ...good, not_a_field: 'x' }],
    ...props.slice(0, 6).map(([k]) => [`without ${k}`, Object.fromEntries(Object.entries(good).filter(([key]) => key !== k))] as [string, Json]),
  ];
}

const sources = readFormsDir();
const formIds = listFormIds(sources);

describe.each(formIds)('form %s', (formId) => {
  const { schema, uiSchema } = resolveForm(sources, formId);
  const serverValidate = createAjv().compile(schema);
  let browser: ReturnType<typeof formFromModule>;
  beforeAll(async () => {
    browser = formFromModule(await compileToModule(formId, sources.schemas[formId], uiSchema, sources.lists));
  });

  it.each(inputsFor(schema))('gives the same verdict and messages on both sides: %s', (_name, input) => {
    const serverOk = serverValidate(structuredClone(input));
    const serverFields = serverOk ? {} : ajvErrorsToFieldErrors(serverValidate.errors);
    const { errors } = browser.validator.validateFormData(structuredClone(input), browser.schema);
    const browserFields = formErrorsToFieldErrors(errors as any);
    expect(errors.length === 0).toBe(serverOk);
    expect(browserFields).toEqual(serverFields);
  });
});

it('covers every form in forms/', () => {
  expect(formIds.length).toBeGreaterThan(5);
});

// The date keywords (notAfterToday, afterToday, minAgeYears) need today's date, so JSON Schema cannot hold
// them: the server adds formRuleErrors after ajv, the browser runs the same function in SchemaForm
// before it submits. For every date-keyword field of every form: a violating and a passing value give the same
// verdict and messages on both sides, and the violation shows the keyword's own message.
const DATE_KEYWORDS = ['notAfterToday', 'afterToday', 'minAgeYears'] as const;

function shiftYears(years: number): string {
  return birthDateForAge(-years, creditUnionToday());
}

function dateRuleCases(schema: Json): Array<[string, Json, string | null, string]> {
  const cases: Array<[string, Json, string | null, string]> = [];
  const good = Object.fromEntries(Object.entries<Json>(schema.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
  // A Birth Certificate pins its expiry to 9999-12-31 (another rule): use other, distinct ID types.
  Object.entries<Json>(schema.properties ?? {})
    .filter(([k, v]) => k.endsWith('id_type') && Array.isArray(v.oneOf))
    .forEach(([k, v], i) => (good[k] = v.oneOf.map((o: Json) => o.const).filter((c: unknown) => c !== 'birth_certificate')[i]));
  const visit = (prop: Json, place: (value: string) => Json, path: string) => {
    for (const keyword of DATE_KEYWORDS) {
      if (prop?.[keyword] === undefined) continue;
      const message = prop.errorMessage?.[keyword];
      const [bad, fine] =
        keyword === 'notAfterToday' ? [shiftYears(1), shiftYears(-30)] : keyword === 'afterToday' ? [shiftYears(-1), shiftYears(5)] : [shiftYears(-(prop.minAgeYears - 1)), shiftYears(-(prop.minAgeYears + 1))];
      cases.push([`${path} ${keyword} violated`, place(bad), message, path], [`${path} ${keyword} held`, place(fine), null, path]);
    }
  };
  for (const [key, prop] of Object.entries<Json>(schema.properties ?? {})) {
    visit(prop, (value) => ({ ...good, [key]: value }), key);
    if (prop?.type === 'array' && prop.items?.properties) {
      for (const [sub, subProp] of Object.entries<Json>(prop.items.properties)) {
        const item = plausible(prop.items) as Json;
        visit(subProp, (value) => ({ ...good, [key]: [{ ...item, [sub]: value }] }), `${key}.0.${sub}`);
      }
    }
  }
  return cases;
}

const datedForms = formIds.filter((id) => dateRuleCases(resolveForm(sources, id).schema).length > 0);

describe.each(datedForms)('date keywords of %s', (formId) => {
  const { schema, uiSchema } = resolveForm(sources, formId);
  const serverValidate = createAjv().compile(schema);
  let browser: ReturnType<typeof formFromModule>;
  beforeAll(async () => {
    browser = formFromModule(await compileToModule(formId, sources.schemas[formId], uiSchema, sources.lists));
  });

  it.each(dateRuleCases(schema))('%s: same verdict and messages on both sides', (_name, input, message, path) => {
    const today = creditUnionToday();
    // Server: exactly what src/server/lib/form-validation.ts does after deriving.
    const serverFields: Record<string, string> = serverValidate(structuredClone(input)) ? {} : ajvErrorsToFieldErrors(serverValidate.errors);
    for (const [field, m] of Object.entries(formRuleErrors(schema, input, { today }))) if (!(field in serverFields)) serverFields[field] = m;
    // Browser: what SchemaForm does (precompiled validator, then the same rules for fields without a message).
    const { errors } = browser.validator.validateFormData(structuredClone(input), browser.schema);
    const browserFields = formErrorsToFieldErrors(errors as any);
    for (const [field, m] of Object.entries(formRuleFieldErrors(browser.schema, {}, input))) if (!(field in browserFields)) browserFields[field] = m;
    expect(browserFields[path]).toBe(serverFields[path]);
    if (message) expect(serverFields[path]).toBe(message);
    else expect(serverFields[path]).toBeUndefined();
    expect(Object.keys(browserFields).sort()).toEqual(Object.keys(serverFields).sort());
  });
});

it('covers the date keywords of the onboarding forms', () => {
  expect(datedForms).toEqual(expect.arrayContaining(['onboarding/basic-info', 'onboarding/id-information', 'onboarding/power-of-attorney', 'onboarding/designation-of-beneficiary']));
});
