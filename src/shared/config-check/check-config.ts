import fs from 'node:fs';
import path from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from '../create-ajv.js';
import { DB_INTEGER_MAX, unboundedIntegers } from '../forms/integer-bounds.js';
import { formSourcesFromFiles, type FormSources, type JsonObject } from '../forms/form-registry.js';
import { inlineListRefs } from '../forms/inline-list-refs.js';
import { findWidgetNames } from '../forms/find-widget-names.js';
import { APP_PAGE_PATHS, APP_PAGE_PREFIXES, appPageOf } from '../app-pages.js';
import { FLAT_FORM_AREAS, FLAT_WIDGET_NAMES } from '../forms/widget-names.js';
import { DEFAULT_RESTART_ROUTE, type FlowDefinition } from '../flow/flow-types.js';
import { CONDITION_KEYWORDS, matchesCondition, unsupportedConditionKeywords } from '../flow/matches-condition.js';
import { walkFlow } from '../flow/walk-flow.js';
import { factProfiles, ruleFields, wellFormedFacts } from '../facts/declared-facts.js';
import { ageRulesWithoutFutureCheck, duplicateOptions, enumNamesMistakes, formFactReads, errorMessageUnknown, fieldComparisonMistakes, fieldsARouteDrops, fieldsTheServerLacks, pageMessagesMissing, submitWordsMissing, ifConditionMistakes, impossibleFieldRules, optionRuleMistakes, blankMessages, optionMistakes, passwordsDrawnAsText, requiredButHidden, requiredWhileHidden, officeMistakes, rulesTheLibraryWords, rulesWithoutMessage, requiredUnknown, showWhenUnknown, uiOrderGaps, widgetTypeMismatch } from './form-mistakes.js';
import { callsWithoutApplication, choicesTheServerCannotSee, factsReadTooEarly, flowCycles, transitionsNeverTaken } from './flow-mistakes.js';
import { keywordPaths, strictSchemaProblems } from './strict-schema.js';
import { allBranchProps, conditionFieldNames, fieldSchemas, pointer } from './schema-walk.js';
import { transforms } from '../transforms/index.js';
import { JsonSyntaxError, parseJsonSource, type JsonSource } from './json-source.js';
import { FLOW_WIDE_STEP_TEXTS, placeholdersIn, STEP_TEXT_KEYS, TEXT_PLACEHOLDERS } from '../flow/text-placeholders.js';
import { nearMiss } from './near-miss.js';
import { OTP_OPERATIONS, otpKey, otpPurpose } from '../flow/otp-operations.js';
import { SERVER_ACTION_NAMES } from '../flow/server-actions.js';
import { partsProblems } from '../flow/step-parts.js';
import { SharedEndpointError, stepRoutes } from '../flow/step-routes.js';
import { reviewProblems } from './review-mistakes.js';
import { ROUTE_FORM_FIELDS } from '../forms/route-form-fields.js';
import { messageMistakes } from './message-mistakes.js';
import type { ReviewRules } from '../review/review-rules.js';

/** One thing an analyst must fix: where (file + JSON path), what, and how. */
export interface Problem {
  file: string;
  path: string;
  message: string;
  hint: string;
  /** Where in the file (1-based), when the checker can tell. */
  line?: number;
  column?: number;
}

export interface CheckOptions {
  /** The repository folder holding forms/ and flows/. */
  root: string;
  widgetNames: readonly string[];
  transformNames: readonly string[];
  /** Whether the API answers METHOD /api<path>; omit to skip the endpoint check. */
  hasEndpoint?: (method: string, path: string) => boolean;
}

const readJsonFiles = (dir: string, base: string, problems: Problem[], texts: Map<string, JsonSource>): Record<string, JsonObject> => {
  const out: Record<string, JsonObject> = {};
  if (!fs.existsSync(dir)) return out;
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json')) {
        const rel = `${base}/${path.relative(dir, full).split(path.sep).join('/')}`;
        const text = fs.readFileSync(full, 'utf8');
        try {
          const source = parseJsonSource(text);
          texts.set(rel, source);
          out[rel] = source.value as JsonObject;
        } catch (error) {
          const at = error instanceof JsonSyntaxError ? error.position : undefined;
          const twice = /appears twice/.test((error as Error).message);
          problems.push({ file: rel, path: '', message: `not valid JSON: ${(error as Error).message}`, hint: twice ? 'Rename one of the two, or remove the one you do not mean.' : 'Look for a missing comma, quote or bracket at the line and column given (or just before).', ...at });
          // A key given twice still reads (the later wins, as anything reading the file would take it): the other
          // checks go on with it, instead of reporting its facts or forms as missing.
          if (twice) out[rel] = JSON.parse(text) as JsonObject;
        }
      }
    }
  };
  walk(dir);
  return out;
};

/** ajv errors of a meta-schema check as problems; `metaFile` names the meta-schema in the hint. */
export function metaProblems(file: string, errors: ErrorObject[] | null | undefined, metaFile = 'flows/flow.schema.json'): Problem[] {
  const seen = new Set<string>();
  return (errors ?? [])
    .filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'if' && e.keyword !== 'propertyNames')
    .map((e) => {
      // A key outside the allowed names (propertyNames): name the key itself.
      const unknownKey = e.keyword === 'additionalProperties' ? e.params.additionalProperty : e.propertyName;
      return {
        file,
        path: unknownKey && e.keyword !== 'additionalProperties' ? pointer([...e.instancePath.split('/').filter(Boolean), unknownKey]) : e.instancePath || '/',
        message: unknownKey ? `unknown key "${unknownKey}"` : e.keyword === 'enum' ? `${e.message}: ${e.params.allowedValues.join(', ')}` : (e.message ?? e.keyword),
        hint: unknownKey ? `Check the spelling against ${metaFile} (your editor completes the keys).` : `See ${metaFile} for what this key accepts.`,
      };
    })
    .filter((p) => !seen.has(p.path) && seen.add(p.path));
}

const FORM_META = 'forms/form.meta.schema.json';
const UI_META = 'forms/form.ui.meta.schema.json';

/** The meta-schemas' validators by the meta-schema's text: every check compiled the same four again (0.2-0.4 s). */
const metaValidators = new Map<string, ValidateFunction>();

/** A meta-schema's validator, from the config folder's copy, or this repository's when the folder has none (a copy under test). */
function compileMeta(root: string, rel: string): ValidateFunction {
  const own = path.join(root, rel);
  const text = fs.readFileSync(fs.existsSync(own) ? own : path.resolve(import.meta.dirname, '../../..', rel), 'utf8');
  let validate = metaValidators.get(text);
  if (!validate) {
    validate = createAjv().compile(JSON.parse(text));
    if (metaValidators.size >= 20) metaValidators.delete(metaValidators.keys().next().value!);
    metaValidators.set(text, validate);
  }
  return validate;
}

/** Walks an object schema and its nested object/array schemas, calling back with each object schema's JSON path. */
function eachObjectSchema(schema: JsonObject | undefined, at: Array<string | number>, visit: (s: JsonObject, at: Array<string | number>) => void): void {
  if (!schema || typeof schema !== 'object') return;
  if (schema.properties || schema.required) visit(schema, at);
  for (const [name, sub] of Object.entries<JsonObject>(schema.properties ?? {})) eachObjectSchema(sub, [...at, 'properties', name], visit);
  if (schema.items && typeof schema.items === 'object') eachObjectSchema(schema.items, [...at, 'items'], visit);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) (schema[key] ?? []).forEach((sub: JsonObject, i: number) => eachObjectSchema(sub, [...at, key, i], visit));
  for (const key of ['then', 'else'] as const) if (schema[key]) eachObjectSchema(schema[key], [...at, key], visit);
}

/** Does the object schema (or an enclosing one at the same level) give a message for a missing `field`? */
function hasRequiredMessage(schema: JsonObject, field: string, parentMessages: unknown): boolean {
  const m = schema.errorMessage ?? parentMessages;
  if (typeof m === 'string') return true;
  if (m && typeof m === 'object') return typeof m.required === 'string' || (m.required && typeof m.required === 'object' && typeof m.required[field] === 'string');
  return false;
}

/** The JSON path of the first `$ref` to `ref` in a raw form schema. */
const refPath = (raw: unknown, ref: string) => {
  const at = keywordPaths(raw, '$ref').find((where) => where.slice(0, -1).reduce<JsonObject | undefined>((node, part) => node?.[part], raw as JsonObject)?.$ref === ref);
  return at ? pointer(at) : '(a $ref)';
};

function checkForm(formId: string, sources: FormSources, options: CheckOptions, problems: Problem[], facts: ReadonlySet<string>): void {
  const file = `forms/${formId}.schema.json`;
  const uiFile = `forms/${formId}.ui.json`;
  const raw = sources.schemas[formId];
  const schema = inlineListRefs(raw, sources.lists, (ref) =>
    problems.push({ file, path: refPath(raw, ref), message: `list "${ref}" not found`, hint: `Create forms/lists/<name>.json or fix the $ref; existing lists: ${Object.keys(sources.lists).join(', ') || 'none'}.` }),
  );
  // A place another check already reports (the meta-schema's pattern that is no regular expression) is said once.
  problems.push(...strictSchemaProblems(file, schema).filter((p) => !problems.some((q) => q.file === p.file && q.path === p.path)));
  if (!sources.uiSchemas[formId]) problems.push({ file: uiFile, path: '', message: 'missing UI schema', hint: `Create ${uiFile} (at least {}) next to the schema.` });
  const ui = sources.uiSchemas[formId] ?? {};

  // Widgets: a flat form's (the sign-in pages') from FlatForm's few, every other form's from the registry.
  const flat = (FLAT_FORM_AREAS as readonly string[]).includes(formId.split('/')[0]);
  for (const { name, path: at } of findWidgetNames(ui)) {
    if (flat && !(FLAT_WIDGET_NAMES as readonly string[]).includes(name)) {
      problems.push({ file: uiFile, path: at, message: `widget "${name}" is not one the sign-in pages' forms can show`, hint: `Forms under forms/${formId.split('/')[0]}/ render without the wizard's renderer: use one of ${FLAT_WIDGET_NAMES.join(', ')}.` });
    } else if (!options.widgetNames.includes(name)) {
      const close = options.widgetNames.filter((w) => w[0] === name[0]);
      problems.push({ file: uiFile, path: at, message: `unknown widget "${name}"`, hint: `Use one of: ${(close.length ? close : options.widgetNames).join(', ')}.` });
    }
  }
  // UI schema entries naming fields the schema does not have.
  const checkUi = (uiNode: JsonObject | undefined, schemaNode: JsonObject | undefined, at: string[]) => {
    if (!uiNode || typeof uiNode !== 'object' || !schemaNode) return;
    const props = schemaNode.properties ?? {};
    for (const [key, value] of Object.entries<JsonObject>(uiNode)) {
      if (key.startsWith('ui:')) continue;
      if (key === 'items' && schemaNode.items) {
        checkUi(value, schemaNode.items, [...at, 'items']);
        continue;
      }
      if (!(key in props) && !allBranchProps(schemaNode).has(key)) {
        problems.push({ file: uiFile, path: pointer([...at, key]), message: `"${key}" is not a field of ${file}`, hint: `Fields here: ${Object.keys(props).join(', ') || 'none'}. Fix the name or add the field to the schema.` });
      } else checkUi(value, props[key] ?? {}, [...at, key]);
    }
    for (const [i, name] of (Array.isArray(uiNode['ui:order']) ? uiNode['ui:order'] : []).entries()) {
      if (name !== '*' && !(name in props) && !allBranchProps(schemaNode).has(name)) problems.push({ file: uiFile, path: pointer([...at, 'ui:order', i]), message: `ui:order names "${name}", which is not a field`, hint: 'Remove it or add the field to the schema.' });
    }
    // Sections (ui:groups): every name a field of this object, each field in one group only.
    const grouped = new Map<string, number>();
    for (const [g, group] of (Array.isArray(uiNode['ui:groups']) ? uiNode['ui:groups'] : []).entries()) {
      for (const [i, name] of (Array.isArray(group?.fields) ? group.fields : []).entries()) {
        const where = pointer([...at, 'ui:groups', g, 'fields', i]);
        if (typeof name !== 'string') continue;
        if (!(name in props) && !allBranchProps(schemaNode).has(name)) {
          problems.push({ file: uiFile, path: where, message: `group "${group.title}" names "${name}", which is not a field`, hint: `Fields here: ${Object.keys(props).join(', ') || 'none'}. Fix the name or add the field to the schema.` });
        } else if (grouped.has(name) && grouped.get(name) !== g) {
          problems.push({ file: uiFile, path: where, message: `"${name}" is in two groups ("${uiNode['ui:groups'][grouped.get(name)!]?.title}" and "${group.title}")`, hint: 'A field shows under one heading: keep it in one group.' });
        } else grouped.set(name, g);
      }
    }
  };
  checkUi(ui, schema, []);

  // Required fields with no message.
  eachObjectSchema(schema, [], (node, at) => {
    for (const field of Array.isArray(node.required) ? node.required : []) {
      if (!hasRequiredMessage(node, field, schema.errorMessage)) {
        problems.push({ file, path: pointer([...at, 'required']), message: `required field "${field}" has no message`, hint: `Add "errorMessage": { "required": { "${field}": "<the specification's words>" } } to this object.` });
      }
    }
  });
  // Integers the database cannot hold: valid by the schema, then a server error when stored or looked up.
  for (const at of unboundedIntegers(schema)) {
    problems.push({ file, path: at, message: 'an integer field without bounds inside the database integer range', hint: `Add "minimum" and "maximum" (ids: 1 and ${DB_INTEGER_MAX}) or list the allowed values with enum/oneOf.` });
  }
  // Mistakes that pass JSON Schema but break the page or the rules (form-mistakes.ts).
  problems.push(...uiOrderGaps(uiFile, schema, ui), ...showWhenUnknown(uiFile, schema, ui, facts), ...requiredUnknown(file, schema), ...errorMessageUnknown(file, schema), ...ifConditionMistakes(file, schema), ...duplicateOptions(file, raw));
  problems.push(...fieldsARouteDrops(file, formId, schema), ...fieldsTheServerLacks(file, formId, schema), ...pageMessagesMissing(uiFile, formId, ui), ...submitWordsMissing(uiFile, formId, ui), ...widgetTypeMismatch(uiFile, schema, ui), ...impossibleFieldRules(file, schema), ...requiredButHidden(uiFile, schema, ui, [], formId in ROUTE_FORM_FIELDS), ...requiredWhileHidden(uiFile, schema, ui), ...rulesWithoutMessage(file, raw), ...rulesTheLibraryWords(file, raw), ...blankMessages(file, raw), ...ageRulesWithoutFutureCheck(file, raw), ...optionMistakes(file, schema), ...passwordsDrawnAsText(uiFile, raw, ui), ...fieldComparisonMistakes(file, schema), ...enumNamesMistakes(file, uiFile, schema, ui));
  // Named change rule.
  const xt = raw['x-transform'];
  if (xt !== undefined && !options.transformNames.includes(xt)) problems.push({ file, path: '/x-transform', message: `unknown transform "${xt}"`, hint: `Register it in src/shared/transforms/index.ts; known: ${options.transformNames.join(', ')}.` });
  else if (typeof xt === 'string' && transforms[xt]) problems.push(...transformWritesUnknown(file, inlineListRefs(raw, sources.lists, () => undefined), xt, transforms[xt]));
}

/**
 * A change rule (`x-transform`) that writes a field the form does not have: the server runs it before validating, so
 * every body that makes it write the field is refused ("Unknown field: is_minor" for basic info's rule on another
 * form). Found by running the rule on answers to every field (yes and no, a minor and not).
 */
function transformWritesUnknown(file: string, schema: JsonObject, name: string, transform: (data: Record<string, unknown>, ctx: { today: string; facts?: Record<string, unknown> }) => Record<string, unknown>): Problem[] {
  const fields = fieldSchemas(schema);
  const sample = (yes: boolean) =>
    Object.fromEntries(
      [...fields].map(([field, s]) => {
        const options: unknown[] = Array.isArray(s?.enum) ? s.enum : Array.isArray(s?.oneOf) ? s.oneOf.map((o: JsonObject) => o?.const) : [];
        const type = Array.isArray(s?.type) ? s.type[0] : s?.type;
        const value = s?.const ?? options[0] ?? (type === 'boolean' ? yes : type === 'number' || type === 'integer' ? (s.minimum ?? 1) : type === 'array' ? [] : type === 'object' ? {} : s?.format === 'date' ? '2000-01-01' : 'x');
        return [field, value];
      }),
    );
  const written = new Set<string>();
  for (const yes of [true, false]) {
    for (const isMinor of [true, false]) {
      try {
        for (const key of Object.keys(transform(sample(yes), { today: '2026-01-15', facts: { isMinor } }))) if (!fields.has(key)) written.add(key);
      } catch {
        // A rule that cannot run on made-up answers is judged by the journeys instead.
      }
    }
  }
  return written.size ? [{ file, path: '/x-transform', message: `the change rule "${name}" writes ${[...written].map((f) => `"${f}"`).join(', ')}, which this form does not have: the server would refuse every body it writes ${written.size > 1 ? 'them' : 'it'} into ("Unknown field")`, hint: `"${name}" is another form's rule (src/shared/transforms/): remove "x-transform", or add ${[...written].join(', ')} to the form (hidden and read-only, as the form it was written for has).` }] : [];
}

/** A step's skip settings: only on a skippable step; skipWhen uses keywords the browser evaluates and the form's fields. */
function checkSkip(file: string, step: FlowDefinition['steps'][string], sources: FormSources, at: (...rest: Array<string | number>) => string, problems: Problem[]): void {
  for (const key of ['skipPlacement', 'skipWhen'] as const) {
    if (step[key] !== undefined && !step.skippable) problems.push({ file, path: at(key), message: `${key} on a step that is not skippable`, hint: 'Add "skippable": true, or remove it.' });
  }
  if (!step.skipWhen) return;
  for (const bad of unsupportedConditionKeywords(step.skipWhen)) problems.push({ file, path: at('skipWhen') + bad, message: 'a condition keyword the wizard cannot evaluate', hint: `Use ${CONDITION_KEYWORDS.filter((k) => !['$comment', 'description', 'title'].includes(k)).join(', ')}.` });
  const schema = step.form ? sources.schemas[step.form] : undefined;
  if (!schema) return;
  const fields = new Set([...Object.keys(schema.properties ?? {}), ...allBranchProps(schema)]);
  for (const name of conditionFieldNames(step.skipWhen)) {
    if (!fields.has(name)) problems.push({ file, path: at('skipWhen'), message: `skipWhen names "${name}", which is not a field of ${step.form}`, hint: `Fields: ${[...fields].join(', ')}.` });
  }
}

function checkFlow(file: string, flow: FlowDefinition, sources: FormSources, options: CheckOptions, problems: Problem[]): void {
  const steps = flow.steps ?? {};
  const ids = Object.keys(steps);
  if (!steps[flow.initial]) problems.push({ file, path: '/initial', message: `initial step "${flow.initial}" does not exist`, hint: `Use one of: ${ids.join(', ')}.` });
  // A fact whose rule is not in the vocabulary is the meta-schema's to report (at the rule); the rest of the checks
  // read the well-formed ones, and still count the name as declared (no "unknown fact" echo where it is used).
  const declared = wellFormedFacts(flow.facts);
  const factNames = Object.keys(flow.facts ?? {});
  // Where a step that needs the application sends an applicant who has none (a new tab, an expired draft): a step's
  // page that does not need one itself. A route renamed in the flow (basic info's) left the restart on a missing page.
  if (Object.values(steps).some((s) => s?.requiresSignupId)) {
    const restart = flow.restartRoute ?? DEFAULT_RESTART_ROUTE;
    const where = flow.restartRoute === undefined ? '' : '/restartRoute';
    const creators = Object.values(steps).filter((s) => s?.submit?.action === 'createSignup' && typeof s.route === 'string').map((s) => `"${s.route}"`);
    const use = `Set "restartRoute" at the top of the flow file to the route of the step that creates the application${creators.length ? ` (${creators.join(', ')})` : ''}.`;
    const target = Object.entries(steps).find(([, s]) => s?.route === restart);
    if (!target) problems.push({ file, path: where, message: `the restart route "${restart}"${where ? '' : ' (the default, no "restartRoute" is set)'} is no step's route: an applicant without an application who opens a later step is sent to a page that does not exist`, hint: use });
    else if (target[1].requiresSignupId) problems.push({ file, path: where, message: `the restart route "${restart}" is the route of "${target[0]}", which needs an application itself: an applicant without one is sent round and round`, hint: use });
  }
  // A fact reads the applicant's context: each field it reads must be kept by some step (`remember`) or choice (`set`).
  const kept = new Set<string>(Object.values(steps).flatMap((s) => [...Object.keys(s.remember ?? {}), ...(s.choices ?? []).flatMap((c) => Object.keys(c.set ?? {}))]));
  for (const [name, fact] of Object.entries(declared)) {
    // (once per field: a rule may read one field twice, `present` and `equals` of the same answer)
    for (const field of new Set(ruleFields(fact.rule))) {
      if (!kept.has(field)) problems.push({ file, path: pointer(['facts', name, 'rule']), message: `fact "${name}" reads "${field}", which no step keeps`, hint: `Keep it with a step's "remember" ({ "${field}": "data.<field>" }) or a choice's "set"; kept now: ${[...kept].join(', ')}.` });
    }
  }
  // A fact comparing a field only choices set (no step remembers it from an answer) with a value no choice sets never
  // holds: the steps it leads to are unreachable, and the journeys are blamed for it.
  const remembered = new Set<string>(Object.values(steps).flatMap((s) => Object.keys(s.remember ?? {})));
  const setValues = new Map<string, unknown[]>();
  for (const s of Object.values(steps)) for (const c of s.choices ?? []) for (const [field, value] of Object.entries(c.set ?? {})) setValues.set(field, [...(setValues.get(field) ?? []), value]);
  const comparisons = (rule: unknown, at: Array<string | number>): Array<{ field: string; values: unknown[]; ignoreCase: boolean; at: Array<string | number> }> => {
    if (!rule || typeof rule !== 'object') return [];
    const r = rule as { equals?: { of: string; value: unknown }; in?: { of: string; values?: unknown[]; ignoreCase?: boolean }; not?: unknown; allOf?: unknown; anyOf?: unknown };
    if (r.equals) return [{ field: r.equals.of, values: [r.equals.value], ignoreCase: false, at: [...at, 'equals', 'value'] }];
    if (r.in) return [{ field: r.in.of, values: r.in.values ?? [], ignoreCase: Boolean(r.in.ignoreCase), at: [...at, 'in', 'values'] }];
    if (r.not) return comparisons(r.not, [...at, 'not']);
    const list = Array.isArray(r.allOf) ? ['allOf', r.allOf] : Array.isArray(r.anyOf) ? ['anyOf', r.anyOf] : null;
    return list ? (list[1] as unknown[]).flatMap((sub, i) => comparisons(sub, [...at, list[0] as string, i])) : [];
  };
  const sameValue = (a: unknown, b: unknown, ignoreCase: boolean) => (ignoreCase && typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : JSON.stringify(a) === JSON.stringify(b));
  // The same for a field a step remembers from a form field that offers options ("Student" for the list's "student").
  const rememberedOptions = new Map<string, { options: unknown[]; where: string }>();
  for (const [id, s] of Object.entries(steps)) {
    const form = s.form && sources.schemas[s.form] ? inlineListRefs(sources.schemas[s.form], sources.lists, () => undefined) : undefined;
    for (const [key, source] of Object.entries(s.remember ?? {})) {
      if (!form || typeof source !== 'string' || !source.startsWith('data.')) continue;
      const field = fieldSchemas(form).get(source.slice('data.'.length));
      const options: unknown[] | undefined = Array.isArray(field?.enum) ? field.enum : Array.isArray(field?.oneOf) && field.oneOf.every((o: JsonObject) => o && typeof o === 'object' && 'const' in o) ? field.oneOf.map((o: JsonObject) => o.const) : undefined;
      if (options) rememberedOptions.set(key, { options, where: `${s.form}'s "${source.slice('data.'.length)}" (step "${id}")` });
    }
  }
  for (const [name, fact] of Object.entries(declared)) {
    for (const c of comparisons(fact.rule, ['facts', name, 'rule'])) {
      const offered = rememberedOptions.get(c.field);
      if (!offered) continue;
      // Extra spellings beside a real option are tolerated (the nationality's name beside its code); none offered is the mistake.
      if (c.values.some((v) => offered.options.some((o) => sameValue(v, o, c.ignoreCase)))) continue;
      problems.push({ file, path: pointer(c.at), message: `fact "${name}" compares "${c.field}" with ${c.values.map((v) => JSON.stringify(v)).join(', ')}, which ${offered.where} never holds: the fact never holds, and the steps it leads to are never shown`, hint: `Its options: ${offered.options.slice(0, 20).map((o) => JSON.stringify(o)).join(', ')}${offered.options.length > 20 ? ', ...' : ''} (mind the letter case).` });
    }
  }
  for (const [name, fact] of Object.entries(declared)) {
    for (const c of comparisons(fact.rule, ['facts', name, 'rule'])) {
      const given = setValues.get(c.field);
      if (!given || remembered.has(c.field)) continue;
      if (!c.values.some((v) => given.some((g) => sameValue(v, g, c.ignoreCase)))) {
        problems.push({ file, path: pointer(c.at), message: `fact "${name}" compares "${c.field}" with ${c.values.map((v) => JSON.stringify(v)).join(', ')}, which no choice sets: it never holds`, hint: `The choices set "${c.field}" to ${[...new Set(given.map((g) => JSON.stringify(g)))].join(', ')}; make the two agree (mind the letter case).` });
      }
    }
  }
  // A text's {placeholders} are the ones the code fills for it; any other would reach the applicant as written.
  // The flow-wide stepTexts are step texts too: the same keys, and the same placeholders.
  const textGroups: Array<[Array<string | number>, unknown]> = [
    [['resume', 'texts'], (flow as { resume?: { texts?: unknown } }).resume?.texts],
    [['stepTexts'], (flow as { stepTexts?: unknown }).stepTexts],
    ...Object.entries(steps).map(([id, s]) => [['steps', id, 'texts'], s.texts] as [Array<string | number>, unknown]),
  ];
  // The words every step's page shows from the flow-wide texts: the pages have none of their own.
  const flowWide = (flow as { stepTexts?: unknown }).stepTexts;
  const wide = flowWide && typeof flowWide === 'object' ? (flowWide as Record<string, unknown>) : {};
  for (const key of FLOW_WIDE_STEP_TEXTS) {
    const text = wide[key];
    if (typeof text === 'string' && text.trim()) continue;
    problems.push({ file, path: pointer(flowWide && typeof flowWide === 'object' ? ['stepTexts', key] : ['stepTexts']), message: `every step's page shows "${key}" from the flow's stepTexts, and it is ${text === undefined ? 'missing' : `${JSON.stringify(text)}`}: people would see no words there`, hint: `Give "stepTexts" a "${key}" text (a step's own texts may still word it otherwise); the texts every flow words: ${FLOW_WIDE_STEP_TEXTS.join(', ')}.` });
  }
  for (const [at, texts] of textGroups) {
    if (!texts || typeof texts !== 'object') continue;
    for (const [key, text] of Object.entries(texts as Record<string, unknown>)) {
      if (key.startsWith('$')) continue;
      if (at[0] !== 'resume' && !(STEP_TEXT_KEYS as readonly string[]).includes(key)) {
        const meant = nearMiss(key, STEP_TEXT_KEYS);
        problems.push({ file, path: pointer([...at, key]), message: `no page reads the text "${key}": the step shows its default in its place`, hint: meant ? `Did you mean "${meant}"?` : `The texts a step may have: ${STEP_TEXT_KEYS.join(', ')} (flows/README.md, per kind).` });
      }
      if (at[0] === 'stepTexts' && key === 'submit') {
        problems.push({ file, path: pointer([...at, key]), message: '"submit" cannot be worded for every step: it would replace each form\'s own button words (its submitText)', hint: 'Word the button every step falls back to as "next", or a step\'s own button in its texts.submit.' });
      }
      if (typeof text !== 'string') continue;
      const filled = TEXT_PLACEHOLDERS[key] ?? [];
      for (const name of placeholdersIn(text)) {
        if (!filled.includes(name)) problems.push({ file, path: pointer([...at, key]), message: `{${name}} is never filled in this text: readers would see "{${name}}"`, hint: filled.length ? `This text fills ${filled.map((f) => `{${f}}`).join(', ')}.` : 'This text fills no placeholders: write it without braces.' });
      }
    }
  }
  // Every combination of the declared facts an applicant can have (a minor is never a senior).
  const profiles = factProfiles(declared).map((p) => p.facts);
  const routes = new Map<string, string>();
  for (const [id, step] of Object.entries(steps)) {
    const at = (...rest: Array<string | number>) => pointer(['steps', id, ...rest]);
    if (routes.has(step.route)) problems.push({ file, path: at('route'), message: `route ${step.route} is also used by step "${routes.get(step.route)}"`, hint: 'Each step needs its own route.' });
    routes.set(step.route, id);
    const page = typeof step.route === 'string' ? appPageOf(step.route) : undefined;
    if (page) problems.push({ file, path: at('route'), message: `route ${step.route} is the app's own page (${page}): the step would take its place`, hint: `Give the step a route of its own; the app's pages are ${[...APP_PAGE_PATHS, ...APP_PAGE_PREFIXES.map((p) => `${p.replace(/\/$/, '')}/...`)].join(', ')}.` });
    if (step.form && !sources.schemas[step.form]) problems.push({ file, path: at('form'), message: `form "${step.form}" not found`, hint: `Create forms/${step.form}.schema.json or use one of: ${Object.keys(sources.schemas).join(', ')}.` });
    if (step.submit?.action && !(SERVER_ACTION_NAMES as readonly string[]).includes(step.submit.action)) {
      problems.push({ file, path: at('submit', 'action'), message: `unknown server action "${step.submit.action}"`, hint: `Known actions: ${SERVER_ACTION_NAMES.join(', ')} (src/shared/flow/server-actions.ts). Leave "action" out for a step whose call only stores its form.` });
    }
    if (step.submit?.transform && !options.transformNames.includes(step.submit.transform)) {
      problems.push({ file, path: at('submit', 'transform'), message: `unknown transform "${step.submit.transform}"`, hint: `Register it in src/shared/transforms/index.ts; known: ${options.transformNames.join(', ')}.` });
    }
    const formSchema = step.form ? sources.schemas[step.form] : undefined;
    // A form step's answers reach the application only through its call: without one they stay in the browser.
    if ((step.kind ?? 'form') === 'form' && step.form && !step.submit) {
      problems.push({ file, path: at('submit'), message: `form step "${id}" has no "submit": its answers are sent nowhere, and the application is submitted without them`, hint: 'Add "submit": { "method": "POST", "endpoint": "/<path>/" } (a new endpoint is served by the generic step route), or make the step a checklist or info step.' });
    }
    // Files travel only as parts of a multipart call: in JSON the step would send their names, and the server would
    // store the names with no file and check neither type nor size.
    const uploads = formSchema && step.submit && step.submit.encoding !== 'multipart' ? fileFieldPaths(formSchema) : [];
    if (uploads.length) {
      problems.push({ file, path: at('submit', 'encoding'), message: `${step.form} has file fields (${uploads.join(', ')}), but the step's call is JSON: the files would never reach the server, only their names`, hint: 'Set "encoding": "multipart" in the step\'s "submit" (as the ID and address steps have).' });
    }
    if (typeof step.submit?.endpoint === 'string' && /^\/api(\/|$)/.test(step.submit.endpoint)) {
      problems.push({ file, path: at('submit', 'endpoint'), message: `endpoint "${step.submit.endpoint}" starts with /api: the wizard adds it, so the step would call /api${step.submit.endpoint}`, hint: `Write it without /api: "${step.submit.endpoint.replace(/^\/api/, '') || '/'}".` });
    }
    // What a step keeps for the facts must be one of its form's fields (a misspelt one keeps nothing, and the browser and the server then walk different paths).
    for (const [key, source] of Object.entries(step.remember ?? {})) {
      if (typeof source !== 'string' || !source.startsWith('data.') || !formSchema) continue;
      const field = source.slice('data.'.length).split('.')[0];
      const fields = new Set([...Object.keys(formSchema.properties ?? {}), ...allBranchProps(formSchema)]);
      if (!fields.has(field)) problems.push({ file, path: at('remember', key), message: `remember "${key}" reads "${source}", but "${field}" is not a field of ${step.form}: nothing is kept, and the facts that read "${key}" never hold`, hint: `Fields: ${[...fields].join(', ')}.` });
    }
    const calls: Array<[string, string, Array<string | number>]> = [];
    if (step.submit) calls.push([step.submit.method, step.submit.endpoint, ['submit', 'endpoint']]);
    if (step.otp) {
      if (!otpPurpose(step.otp)) {
        problems.push({ file, path: at('otp'), message: `no code check "${otpKey(step.otp)}"`, hint: `Use one of: ${Object.keys(OTP_OPERATIONS).join(', ')} (operation:identifierType, src/shared/flow/otp-operations.ts).` });
      } else {
        const allowed = OTP_OPERATIONS[otpKey(step.otp) as keyof typeof OTP_OPERATIONS].maxResends;
        if (typeof step.otp.maxResends === 'number' && step.otp.maxResends > allowed) problems.push({ file, path: at('otp', 'maxResends'), message: `maxResends ${step.otp.maxResends} is more than the server sends (${allowed} resends for ${otpKey(step.otp)})`, hint: `Use at most ${allowed}: the page would offer Resend where the server refuses it.` });
      }
      calls.push(['POST', step.otp.sendEndpoint ?? '/device-verifications/send/', ['otp', 'sendEndpoint']]);
      calls.push(['POST', step.otp.verifyEndpoint ?? '/device-verifications/verify/', ['otp', 'verifyEndpoint']]);
    }
    if (options.hasEndpoint) {
      for (const [method, endpoint, where] of calls) {
        if (!options.hasEndpoint(method, endpoint)) {
          const other = endpoint.endsWith('/') ? endpoint.slice(0, -1) : `${endpoint}/`;
          const hint = options.hasEndpoint(method, other) ? `The server has ${method} /api${other} (mind the trailing slash).` : 'Check the method and spelling, or add the route on the server.';
          problems.push({ file, path: at(...where), message: `no API route answers ${method} /api${endpoint}`, hint });
        }
      }
    }
    checkSkip(file, step, sources, at, problems);
    // One call per record (`submit.parts`): served by the generic step route, checked against the step's form.
    const parts = step.submit?.parts;
    if (parts) {
      const schema = step.form ? sources.schemas[step.form] : undefined;
      if (step.submit?.action || !schema) {
        problems.push({ file, path: at('submit', 'parts'), message: 'parts on a step the generic step route does not store', hint: 'Only a form step without a server "action" can be stored record by record.' });
      } else {
        for (const p of partsProblems(parts, schema)) problems.push({ file, path: at('submit', 'parts', ...p.at), message: p.message, hint: p.hint });
      }
    }
    (step.banners ?? []).forEach((banner, i) => {
      if (banner.when) problems.push(...factConditionProblems(file, at('banners', i, 'when'), banner.when, factNames));
      if (banner.when && !profiles.some((facts) => matchesCondition(banner.when!, facts))) problems.push({ file, path: at('banners', i, 'when'), message: 'no applicant ever sees this banner: its condition never holds', hint: 'Check the fact names and values (true/false).' });
    });
    const next = step.next ?? [];
    if (next.length === 0 && step.kind !== 'success') problems.push({ file, path: at('next'), message: `step "${id}" is a dead end: it has no next step`, hint: 'Add "next": [{ "to": "<step id>" }], or make it the final step (kind success).' });
    next.forEach((t, i) => {
      if (!steps[t.to]) problems.push({ file, path: at('next', i, 'to'), message: `transition to missing step "${t.to}"`, hint: `Use one of: ${ids.join(', ')}.` });
      if (!t.when) {
        if (i !== next.length - 1) problems.push({ file, path: at('next', i), message: 'a transition without "when" before the last one: the ones after it are never taken', hint: 'Move the default transition to the end.' });
        return;
      }
      problems.push(...factConditionProblems(file, at('next', i, 'when'), t.when, factNames));
      const results = profiles.map((facts) => matchesCondition(t.when!, facts));
      if (results.every((r) => !r)) problems.push({ file, path: at('next', i, 'when'), message: 'this condition can never hold', hint: 'Check the fact names and values (true/false): no applicant ever takes this transition.' });
      else if (results.every(Boolean)) problems.push({ file, path: at('next', i, 'when'), message: 'this condition always holds', hint: i === next.length - 1 ? 'Drop "when": it is the default.' : 'The transitions after it are never taken; narrow the condition.' });
    });
    if (next.length && next[next.length - 1].when) {
      const stuck = profiles.some((facts) => !next.some((t) => !t.when || matchesCondition(t.when, facts)));
      if (stuck) problems.push({ file, path: at('next'), message: `some applicants have no way out of step "${id}"`, hint: 'End "next" with a transition without "when" (the default).' });
    }
  }
  problems.push(...flowCycles(file, flow));
  // Steps sharing an endpoint: the server tells them apart by a field their forms fix to different values, or cannot start.
  if (Object.values(steps).every((s) => !s.form || sources.schemas[s.form])) {
    const conflicts: SharedEndpointError[] = [];
    stepRoutes(flow, (formId) => sources.schemas[formId], conflicts);
    for (const conflict of conflicts) problems.push({ file, path: pointer(['steps', conflict.step, 'submit', 'endpoint']), message: conflict.message, hint: conflict.hint });
  }
  // Unreachable steps: on no applicant's walk, whatever the facts.
  if (steps[flow.initial]) {
    const reached = new Set<string>();
    for (const facts of profiles) for (const s of walkFlow(flow, facts)) reached.add(s.id);
    for (const id of ids) if (!reached.has(id)) problems.push({ file, path: pointer(['steps', id]), message: `step "${id}" is unreachable`, hint: 'No transition leads here for any applicant: add one, or remove the step.' });
    problems.push(...choicesTheServerCannotSee(file, flow, profiles));
    problems.push(...transitionsNeverTaken(file, flow, profiles), ...callsWithoutApplication(file, flow, profiles), ...factsReadTooEarly(file, flow, profiles, (stepId) => {
      const form = steps[stepId]?.form;
      return form && sources.schemas[form] ? formFactReads(form, sources.schemas[form], sources.uiSchemas[form] ?? {}, new Set(factNames)) : [];
    }));
  }
}

/** Where a form schema has a file field (a `maxFileSize` or `fileTypes` keyword), as JSON paths to the field. */
function fileFieldPaths(schema: unknown, at: Array<string | number> = []): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as JsonObject;
  if (!Array.isArray(node) && (node.maxFileSize !== undefined || node.fileTypes !== undefined)) return [pointer(at)];
  return Object.entries(node).flatMap(([key, value]) => fileFieldPaths(value, [...at, key]));
}

/** Checks every form and flow file under `root`; an empty list means all is well. */
export function checkConfig(options: CheckOptions): Problem[] {
  const problems: Problem[] = [];
  const texts = new Map<string, JsonSource>();
  const formFiles = readJsonFiles(path.join(options.root, 'forms'), 'forms', problems, texts);
  const sources = formSourcesFromFiles(Object.fromEntries(Object.entries(formFiles).filter(([f]) => !f.endsWith('.meta.schema.json'))));
  const validateForm = compileMeta(options.root, FORM_META);
  const validateUi = compileMeta(options.root, UI_META);
  for (const [f, content] of Object.entries(formFiles)) {
    if (f.endsWith('.meta.schema.json') || /^forms\/(lists|messages)\//.test(f)) continue;
    if (!/^forms\/[a-z0-9-]+\/[a-z0-9-]+\.(schema|ui)\.json$/.test(f)) {
      problems.push({ file: f, path: '', message: 'file name not understood', hint: 'Forms are forms/<area>/<form-id>.schema.json and .ui.json; lists are forms/lists/<name>.json; messages are forms/messages/<name>.json.' });
    } else if (f.endsWith('.schema.json') ? !validateForm(content) : !validateUi(content)) {
      const [validate, meta] = f.endsWith('.schema.json') ? [validateForm, FORM_META] : [validateUi, UI_META];
      problems.push(...metaProblems(f, validate.errors, meta));
    }
  }
  for (const id of Object.keys(sources.uiSchemas)) if (!sources.schemas[id]) problems.push({ file: `forms/${id}.ui.json`, path: '', message: 'UI schema without a schema', hint: `Create forms/${id}.schema.json or remove this file.` });
  // The facts the flow files declare: option rules and showWhen conditions may test them.
  const flowsDir = path.join(options.root, 'flows');
  const flowFiles = readJsonFiles(flowsDir, 'flows', problems, texts);
  // A file that does not read as JSON is the one thing to fix first: every other check would report what it holds as
  // missing (its form, its UI file's schema, a consent it names), burying the one real problem under its echoes.
  if (problems.some((p) => p.message.startsWith('not valid JSON') && !/appears twice/.test(p.message))) return problems.filter((p) => p.message.startsWith('not valid JSON'));
  const declaredFacts = new Set<string>();
  for (const [file, flow] of Object.entries(flowFiles)) if (file.endsWith('.flow.json')) Object.keys((flow as { facts?: object })?.facts ?? {}).forEach((name) => declaredFacts.add(name));
  for (const formId of Object.keys(sources.schemas).sort()) checkSafely(`forms/${formId}.schema.json`, problems, () => checkForm(formId, sources, options, problems, declaredFacts));
  problems.push(...messageMistakes(Object.fromEntries(Object.entries(formFiles).filter(([f]) => f.startsWith('forms/messages/')))));
  for (const [name, list] of Object.entries(sources.lists)) problems.push(...duplicateOptions(`forms/lists/${name}.json`, list), ...rulesWithoutMessage(`forms/lists/${name}.json`, list), ...officeMistakes(`forms/lists/${name}.json`, list, sources.lists.offices));

  const validateFlow = compileMeta(options.root, 'flows/flow.schema.json');
  for (const [file, flow] of Object.entries(flowFiles)) {
    if (!file.endsWith('.flow.json')) continue;
    if (!validateFlow(flow)) {
      problems.push(...metaProblems(file, validateFlow.errors));
      if (!flow || typeof flow !== 'object' || typeof (flow as JsonObject).steps !== 'object') continue;
    }
    checkSafely(file, problems, () => checkFlow(file, flow as unknown as FlowDefinition, sources, options, problems));
  }
  // The back office's review rules (risk flags, consents) read the onboarding flow's facts, steps and forms.
  const review = flowFiles['flows/review.json'];
  if (review) {
    const validateReview = compileMeta(options.root, 'flows/review.schema.json');
    if (!validateReview(review)) problems.push(...metaProblems('flows/review.json', validateReview.errors, 'flows/review.schema.json'));
    else checkSafely('flows/review.json', problems, () => problems.push(...reviewProblems(review as unknown as ReviewRules, flowFiles['flows/onboarding.flow.json'] as unknown as FlowDefinition | undefined, sources)));
  }
  // Option rules test the facts the flow files declare.
  for (const formId of Object.keys(sources.schemas).sort()) {
    const file = `forms/${formId}.schema.json`;
    checkSafely(file, problems, () => problems.push(...optionRuleMistakes(file, inlineListRefs(sources.schemas[formId], sources.lists, () => undefined), declaredFacts)));
  }
  return withoutRepeats(problems).map((p) => withPosition(p, texts.get(p.file)));
}

/**
 * Runs one file's checks past its meta-schema. A check that stops on a shape the meta-schema refuses (a "next" that
 * is no list, an "allOf" that is no list) leaves the meta-schema's problems, which name the place, and the checker
 * goes on with the other files; a check that stops on a file with no such problem is reported at the file, so the
 * analyst still gets a file and a hint (and a developer a checker to fix) instead of a stack trace.
 */
function checkSafely(file: string, problems: Problem[], check: () => void): void {
  try {
    check();
  } catch (error) {
    if (problems.some((p) => p.file === file)) return;
    problems.push({ file, path: '', message: `this file could not be checked to the end: ${(error as Error).message}`, hint: 'Look for a value of the wrong kind (a list where an object belongs, or the reverse) near your last edit; if there is none, tell a developer: the checker has a gap.' });
  }
}

/** A misspelt keyword once: the strict-mode problem (at the key, with a suggestion), not also the meta-schema's. */
function withoutRepeats(problems: Problem[]): Problem[] {
  const strict = new Set(problems.map((p) => /^unknown schema keyword "([^"]+)"/.exec(p.message)?.[1] && `${p.file} ${p.path}`));
  return problems.filter((p) => {
    const key = /^unknown key "([^"]+)"/.exec(p.message)?.[1];
    return !key || !(strict.has(`${p.file} ${p.path}`) || strict.has(`${p.file} ${p.path.replace(/\/$/, '')}/${key}`));
  });
}

/** The problem with the line and column of its JSON path (or of the nearest enclosing value that exists). */
export function withPosition(problem: Problem, source: JsonSource | undefined): Problem {
  if (!source || problem.line !== undefined || !problem.path.startsWith('/')) return problem;
  for (let at = problem.path; at; at = at.slice(0, at.lastIndexOf('/'))) {
    const found = source.locate(at);
    if (found) return { ...problem, ...found };
  }
  return problem;
}

/** Problems as the analyst reads them: file, JSON path, what, and a hint. */
export function formatProblems(problems: Problem[]): string {
  return problems.map((p) => `${p.file}${p.line ? `:${p.line}:${p.column}` : ''}${p.path ? ` at ${p.path}` : ''}: ${p.message}\n    hint: ${p.hint}`).join('\n');
}

/** A condition over the declared facts (a transition's or a banner's `when`): keywords the flow evaluates, facts it declares. */
function factConditionProblems(file: string, path: string, when: JsonObject, factNames: string[]): Problem[] {
  const problems: Problem[] = [];
  for (const bad of unsupportedConditionKeywords(when)) problems.push({ file, path: path + bad, message: 'a condition keyword the flow cannot evaluate', hint: 'Use properties, required, const, enum, not, allOf, anyOf, oneOf.' });
  const used = new Set<string>();
  const collect = (s: JsonObject) => {
    if (!s || typeof s !== 'object') return;
    Object.keys(s.properties ?? {}).forEach((k) => used.add(k));
    (s.required ?? []).forEach((k: string) => used.add(k));
    ['allOf', 'anyOf', 'oneOf'].forEach((k) => (s[k] ?? []).forEach(collect));
    collect(s.not);
  };
  collect(when);
  for (const fact of used) if (!factNames.includes(fact)) problems.push({ file, path, message: `unknown fact "${fact}"`, hint: `Declared facts: ${factNames.join(', ')} ("facts" at the top of the flow file).` });
  return problems;
}
