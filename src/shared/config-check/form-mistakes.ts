/**
 * Form mistakes that pass JSON Schema but break the page or the rules: a field missing from `ui:order`,
 * a required field that does not exist, a message for a field or keyword that does not exist, a
 * `showWhen` naming a missing field, duplicate option values, option rules that cannot work, conditions (`if`,
 * `showWhen`) that name a missing field or compare a field with a value it can never hold, a widget that cannot draw
 * its field's type, a default the field does not offer, bounds no value meets, a required field hidden by showWhen, a
 * rule with no message of its own, a comparison with another field that cannot be made, and a field the hand-written
 * route of its form would drop.
 */
import type { Problem } from './check-config.js';
import { matchesCondition } from '../flow/matches-condition.js';
import { withoutHiddenFields } from '../forms/visible-fields.js';
import { conditionFieldNames, fieldSchemas, fieldsOf, pointer, type At } from './schema-walk.js';
import { KNOWN_UI_OPTIONS, OPTION_WIDGETS, WIDGET_FIELD_TYPES, WIDGET_REQUIRED_OPTIONS } from '../forms/widget-names.js';
import { nearMiss } from './near-miss.js';
import { PASSWORD_WIDGETS } from '../forms/widget-fields.js';
import { createAjv } from '../create-ajv.js';
import { FIELDS_THE_SERVER_NEEDS, PAGE_MESSAGES, ROUTE_FORM_FIELDS } from '../forms/route-form-fields.js';
import { FIELD_COMPARISON_KEYWORDS, FIELD_COMPARISON_KINDS } from '../transforms/form-rules.js';

import type { JsonObject as Json } from '../forms/form-registry.js';
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every field of an object missing from its `ui:order` (RJSF refuses to draw the form), nested objects too. */
export function uiOrderGaps(uiFile: string, schema: Json, ui: Json, at: At = []): Problem[] {
  const out: Problem[] = [];
  const order = ui?.['ui:order'];
  const fields = fieldsOf(schema);
  if (Array.isArray(order) && !order.includes('*')) {
    const missing = [...fields].filter((f) => !order.includes(f));
    if (missing.length) {
      out.push({ file: uiFile, path: pointer([...at, 'ui:order']), message: `ui:order leaves out ${missing.map((m) => `"${m}"`).join(', ')}: the page shows an error instead of the form`, hint: 'List every field (conditional ones too), or end the list with "*" for "the rest in schema order".' });
    }
  }
  for (const [name, sub] of Object.entries<Json>(schema.properties ?? {})) {
    if (isObject(ui?.[name]) && sub?.type === 'object') out.push(...uiOrderGaps(uiFile, sub, ui[name], [...at, name]));
    if (isObject(ui?.[name]?.items) && isObject(sub?.items)) out.push(...uiOrderGaps(uiFile, sub.items, ui[name].items, [...at, name, 'items']));
  }
  return out;
}

/**
 * Every schema node with the field names it may use: an object's own and its branches' fields; a branch
 * (if/then/else/allOf/anyOf/oneOf/not) also the enclosing object's; a field or array item starts afresh.
 */
function eachSchemaNode(schema: Json, at: At, inherited: Set<string>, visit: (node: Json, at: At, fields: Set<string>) => void): void {
  if (!isObject(schema)) return;
  const fields = new Set([...inherited, ...fieldsOf(schema)]);
  visit(schema, at, fields);
  for (const key of ['if', 'then', 'else', 'not'] as const) if (isObject(schema[key])) eachSchemaNode(schema[key], [...at, key], fields, visit);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) (Array.isArray(schema[key]) ? schema[key] : []).forEach((s: Json, i: number) => eachSchemaNode(s, [...at, key, i], fields, visit));
  for (const [name, sub] of Object.entries<Json>(isObject(schema.properties) ? schema.properties : {})) eachSchemaNode(sub, [...at, 'properties', name], new Set(), visit);
  if (isObject(schema.items)) eachSchemaNode(schema.items, [...at, 'items'], new Set(), visit);
}

/** `required` naming a field no `properties` declares (here, in a branch, or in the enclosing object). */
export function requiredUnknown(file: string, schema: Json): Problem[] {
  const out: Problem[] = [];
  eachSchemaNode(schema, [], new Set(), (node, at, fields) => {
    (Array.isArray(node.required) ? node.required : []).forEach((name: string, i: number) => {
      if (!fields.has(name)) out.push({ file, path: pointer([...at, 'required', i]), message: `required field "${name}" is not in "properties": the form can never be submitted`, hint: `Fields here: ${[...fields].join(', ') || 'none'}. Fix the name or add the field.` });
    });
  });
  return out;
}

/** Keywords a message may be given for although the schema node does not write them itself. */
const ALWAYS_MESSAGEABLE = new Set(['_', 'required', 'properties']);

/** An `errorMessage` for a field or keyword the schema does not have: the message is never shown. */
export function errorMessageUnknown(file: string, schema: Json): Problem[] {
  const out: Problem[] = [];
  eachSchemaNode(schema, [], new Set(), (node, at, fields) => {
    const messages = node.errorMessage;
    if (!isObject(messages)) return;
    for (const key of Object.keys(messages)) {
      if (!ALWAYS_MESSAGEABLE.has(key) && !(key in node)) {
        out.push({ file, path: pointer([...at, 'errorMessage', key]), message: `a message for "${key}", which this schema does not use: it is never shown`, hint: `Keywords here: ${Object.keys(node).filter((k) => k !== 'errorMessage').join(', ')}. Fix the keyword's spelling or remove the message.` });
      }
    }
    for (const group of ['required', 'properties'] as const) {
      if (!isObject(messages[group])) continue;
      for (const name of Object.keys(messages[group])) {
        if (!fields.has(name)) out.push({ file, path: pointer([...at, 'errorMessage', group, name]), message: `a message for "${name}", which is not a field: it is never shown`, hint: `Fields here: ${[...fields].join(', ') || 'none'}.` });
      }
    }
  });
  return out;
}

const jsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value);

/** Why a field can never hold `value` (another JSON type, or not one of its options), or undefined when it can. */
function neverHolds(field: Json, value: unknown): string | undefined {
  const types = [field.type].flat().filter((t): t is string => typeof t === 'string');
  const type = jsonType(value);
  if (types.length && !types.some((t) => t === type || (t === 'number' && type === 'integer'))) return `"${types.join('" or "')}", never ${type === 'integer' ? 'a number' : `a ${type}`}`;
  const options: unknown[] | undefined = Array.isArray(field.enum) ? field.enum : Array.isArray(field.oneOf) && field.oneOf.every((o: Json) => isObject(o) && 'const' in o) ? field.oneOf.map((o: Json) => o.const) : undefined;
  if (options && !options.some((o) => JSON.stringify(o) === JSON.stringify(value))) return `one of ${options.map((o) => JSON.stringify(o)).join(', ')}`;
  return undefined;
}

/**
 * A condition (a form's `if`, a field's `showWhen`) that names a field not beside it (`checkNames`: showWhen's names
 * are checked by showWhenUnknown), or compares a field with a value it can never hold ("500" for a number, "true"
 * for a true/false): the rule it guards is silently off, or a field it shows never shows.
 */
function conditionMistakes(file: string, condition: unknown, fields: Map<string, Json>, at: At, checkNames: boolean): Problem[] {
  const out: Problem[] = [];
  const here = () => `Fields here: ${[...fields.keys()].join(', ') || 'none'}.`;
  const walk = (c: unknown, cat: At) => {
    if (!isObject(c)) return;
    if (checkNames) {
      (Array.isArray(c.required) ? c.required : []).forEach((name: string, i: number) => {
        if (!fields.has(name)) out.push({ file, path: pointer([...cat, 'required', i]), message: `the condition requires "${name}", which is not a field here: it never holds as meant, and the rule it guards is off`, hint: here() });
      });
    }
    for (const [name, test] of Object.entries<Json>(isObject(c.properties) ? c.properties : {})) {
      const field = fields.get(name);
      if (!field) {
        if (checkNames) out.push({ file, path: pointer([...cat, 'properties', name]), message: `the condition names "${name}", which is not a field here: it never holds as meant, and the rule it guards is off`, hint: here() });
        continue;
      }
      const values = (t: unknown, tat: At) => {
        if (!isObject(t)) return;
        if ('const' in t) {
          const why = neverHolds(field, t.const);
          if (why) out.push({ file, path: pointer([...tat, 'const']), message: `the condition compares "${name}" with ${JSON.stringify(t.const)}, a value it never holds: the field is ${why}`, hint: `Write the value as the field holds it${typeof t.const === 'string' ? ` (${JSON.stringify(t.const)} without quotes, if it is a number or true/false)` : ''}.` });
        }
        (Array.isArray(t.enum) ? t.enum : []).forEach((v: unknown, i: number) => {
          const why = neverHolds(field, v);
          if (why) out.push({ file, path: pointer([...tat, 'enum', i]), message: `the condition lists ${JSON.stringify(v)} for "${name}", a value it never holds: the field is ${why}`, hint: 'Write the value as the field holds it.' });
        });
        values(t.not, [...tat, 'not']);
      };
      values(test, [...cat, 'properties', name]);
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) (Array.isArray(c[key]) ? c[key] : []).forEach((s: unknown, i: number) => walk(s, [...cat, key, i]));
    walk(c.not, [...cat, 'not']);
  };
  walk(condition, at);
  return out;
}

/** Every `if` of a form (at any level of its branches, in nested objects and list items), checked against the fields beside it. */
export function ifConditionMistakes(file: string, schema: Json, at: At = []): Problem[] {
  const out: Problem[] = [];
  const fields = fieldSchemas(schema);
  const branches = (s: unknown, sat: At) => {
    if (!isObject(s)) return;
    if (isObject(s.if)) out.push(...conditionMistakes(file, s.if, fields, [...sat, 'if'], true));
    // A schema dependency's branches (`dependencies: { field: { oneOf: [...] } }`) pick by the values they compare.
    for (const [name, dependency] of Object.entries<Json>(isObject(s.dependencies) ? s.dependencies : {})) {
      if (isObject(dependency)) out.push(...conditionMistakes(file, dependency, fields, [...sat, 'dependencies', name], false));
    }
    for (const key of ['then', 'else'] as const) branches(s[key], [...sat, key]);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) (Array.isArray(s[key]) ? s[key] : []).forEach((b: unknown, i: number) => branches(b, [...sat, key, i]));
  };
  branches(schema, at);
  for (const [name, sub] of Object.entries<Json>(isObject(schema.properties) ? schema.properties : {})) {
    if (isObject(sub) && (sub.type === 'object' || sub.properties)) out.push(...ifConditionMistakes(file, sub, [...at, 'properties', name]));
    if (isObject(sub?.items)) out.push(...ifConditionMistakes(file, sub.items, [...at, 'properties', name, 'items']));
  }
  return out;
}

/** A `ui:options.showWhen` naming neither a sibling of the field it hides nor a declared fact, or comparing a field with a value it never holds. */
export function showWhenUnknown(uiFile: string, schema: Json, ui: Json, facts: ReadonlySet<string>, at: At = []): Problem[] {
  const out: Problem[] = [];
  if (!isObject(ui)) return out;
  const fields = fieldsOf(schema);
  for (const [name, entry] of Object.entries<Json>(ui)) {
    if (name.startsWith('ui:') || !isObject(entry)) continue;
    const when = entry['ui:options']?.showWhen;
    for (const used of when === undefined ? [] : conditionFieldNames(when)) {
      if (!fields.has(used) && !facts.has(used)) out.push({ file: uiFile, path: pointer([...at, name, 'ui:options', 'showWhen']), message: `showWhen names "${used}", which is neither a field here nor a declared fact: the condition never holds as meant`, hint: `Fields beside "${name}": ${[...fields].join(', ')}. Facts: ${[...facts].join(', ') || 'none'}.` });
    }
    if (when !== undefined) out.push(...conditionMistakes(uiFile, when, fieldSchemas(schema), [...at, name, 'ui:options', 'showWhen'], false));
    const sub = schema.properties?.[name];
    if (isObject(sub) && (sub.type === 'object' || sub.properties)) out.push(...showWhenUnknown(uiFile, sub, entry, facts, [...at, name]));
    if (isObject(sub?.items) && isObject(entry.items)) out.push(...showWhenUnknown(uiFile, sub.items, entry.items, facts, [...at, name, 'items']));
  }
  return out;
}

/** A fact a form's condition reads: an option rule's `when`, or a `showWhen` naming a fact (not a field beside it). */
export interface FormFactRead {
  fact: string;
  file: string;
  path: string;
  /** The condition in words: `the option rule of "source_of_funds"`, `the showWhen of "credit_union_name"`. */
  what: string;
}

/** The facts a form's option rules (schema) and showWhen conditions (UI schema) read, each at its place. */
export function formFactReads(formId: string, schema: Json, ui: Json, facts: ReadonlySet<string>): FormFactRead[] {
  const out: FormFactRead[] = [];
  eachSchemaNode(schema, [], new Set(), (node, at) => {
    for (const [name, field] of Object.entries<Json>(isObject(node.properties) ? node.properties : {})) {
      (Array.isArray(field?.optionsWhen) ? field.optionsWhen : []).forEach((rule: Json, i: number) => {
        for (const fact of conditionFieldNames(rule?.when)) if (facts.has(fact)) out.push({ fact, file: `forms/${formId}.schema.json`, path: pointer([...at, 'properties', name, 'optionsWhen', i, 'when']), what: `the option rule of "${name}"` });
      });
    }
  });
  const walkUi = (sub: Json, entries: Json, at: At) => {
    if (!isObject(entries)) return;
    const fields = fieldsOf(sub);
    for (const [name, entry] of Object.entries<Json>(entries)) {
      if (name.startsWith('ui:') || !isObject(entry)) continue;
      const when = entry['ui:options']?.showWhen;
      for (const used of when === undefined ? [] : conditionFieldNames(when)) if (!fields.has(used) && facts.has(used)) out.push({ fact: used, file: `forms/${formId}.ui.json`, path: pointer([...at, name, 'ui:options', 'showWhen']), what: `the showWhen of "${name}"` });
      const child = sub?.properties?.[name];
      if (isObject(child) && (child.type === 'object' || child.properties)) walkUi(child, entry, [...at, name]);
      if (isObject(child?.items) && isObject(entry.items)) walkUi(child.items, entry.items, [...at, name, 'items']);
    }
  };
  walkUi(schema, ui, []);
  return out;
}

/** Option values given twice (an `enum` entry, or a `const` in `oneOf`/`anyOf`), anywhere in a schema or list. */
export function duplicateOptions(file: string, schema: unknown, at: At = []): Problem[] {
  const out: Problem[] = [];
  if (!schema || typeof schema !== 'object') return out;
  if (Array.isArray(schema)) {
    schema.forEach((s, i) => out.push(...duplicateOptions(file, s, [...at, i])));
    return out;
  }
  const node = schema as Json;
  const report = (values: Array<[unknown, At]>) => {
    const seen = new Set<string>();
    for (const [value, where] of values) {
      const key = JSON.stringify(value);
      if (seen.has(key)) out.push({ file, path: pointer(where), message: `option value ${key} is listed twice`, hint: 'Each option needs its own value: remove the copy or correct the value.' });
      seen.add(key);
    }
  };
  if (Array.isArray(node.enum)) report(node.enum.map((v: unknown, i: number) => [v, [...at, 'enum', i]]));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = Array.isArray(node[key]) ? node[key] : [];
    report(options.flatMap((o: Json, i: number) => (isObject(o) && 'const' in o ? [[o.const, [...at, key, i, 'const']] as [unknown, At]] : [])));
    // Two options with one label: the applicant cannot tell them apart (the letter case and spaces aside).
    const titles = new Map<string, number>();
    options.forEach((o: Json, i: number) => {
      if (!isObject(o) || typeof o.title !== 'string') return;
      const label = o.title.trim().toLowerCase();
      const first = titles.get(label);
      if (first === undefined) titles.set(label, i);
      else out.push({ file, path: pointer([...at, key, i, 'title']), message: `option title "${o.title}" is also the title of option ${first} (${JSON.stringify(options[first].const)}): people would see two options alike`, hint: 'Give each option its own words.' });
    });
  }
  for (const [key, value] of Object.entries(node)) if (key !== 'enum' && key !== 'const') out.push(...duplicateOptions(file, value, [...at, key]));
  return out;
}

/**
 * A password (a field under the password policy, lists/password.json, or one that must equal such a field) drawn
 * without a password widget: the widget is what keeps it out of the stored step, the tab's draft and the review.
 */
export function passwordsDrawnAsText(uiFile: string, raw: Json, ui: Json): Problem[] {
  const out: Problem[] = [];
  const props: Record<string, Json> = isObject(raw.properties) ? raw.properties : {};
  const policy = new Set(Object.keys(props).filter((name) => typeof props[name]?.$ref === 'string' && /(^|\/)password\.json$/.test(props[name].$ref)));
  const equalsPolicy = (field: Json) => isObject(field?.const) && typeof field.const.$data === 'string' && policy.has(field.const.$data.split('/').pop()!);
  for (const [name, field] of Object.entries(props)) {
    if (!policy.has(name) && !equalsPolicy(field)) continue;
    const widget = isObject(ui?.[name]) ? ui[name]['ui:widget'] : undefined;
    if (typeof widget === 'string' && PASSWORD_WIDGETS.includes(widget)) continue;
    out.push({ file: uiFile, path: pointer(isObject(ui?.[name]) ? [name] : []), message: `"${name}" is a password drawn ${typeof widget === 'string' ? `with "${widget}"` : 'as text'}: it would be shown on screen, kept in the tab and stored with the step for reviewers to read`, hint: `Give it "ui:widget": "${PASSWORD_WIDGETS.join('" or "')}".` });
  }
  return out;
}

/** A message that is empty or only spaces, anywhere in a form or list: the field would be refused with nothing under it. */
export function blankMessages(file: string, schema: unknown, at: At = [], inMessage = false): Problem[] {
  const out: Problem[] = [];
  if (inMessage && typeof schema === 'string' && !schema.trim()) {
    out.push({ file, path: pointer(at), message: 'an empty message: the field is refused with nothing said under it', hint: 'Write what the applicant should fix, or remove the entry to use the rule\'s general message.' });
  }
  if (!schema || typeof schema !== 'object') return out;
  for (const [key, value] of Object.entries(schema as Json)) out.push(...blankMessages(file, value, [...at, key], inMessage || key === 'errorMessage'));
  return out;
}

/**
 * An age rule (`minAgeYears`, `maxAgeYears`) without `notAfterToday` beside it: a birth date after today is refused
 * with the age rule's words ("Must be at least 18 years old", "gives an age over 120"), which do not say what is wrong.
 */
export function ageRulesWithoutFutureCheck(file: string, schema: unknown, at: At = []): Problem[] {
  const out: Problem[] = [];
  if (!schema || typeof schema !== 'object') return out;
  const node = schema as Json;
  const ageRule = ['minAgeYears', 'maxAgeYears'].find((k) => typeof node[k] === 'number');
  if (!Array.isArray(schema) && ageRule && node.notAfterToday !== true) {
    out.push({ file, path: pointer([...at, ageRule]), message: `a date of birth with ${ageRule} but no notAfterToday: a birth date after today is refused with the age rule's message, which does not say the date is in the future`, hint: 'Add "notAfterToday": true beside it, with its message in "errorMessage" ("Date of birth cannot be in the future.").' });
  }
  for (const [key, value] of Object.entries(node)) if (key !== 'errorMessage' && key !== 'examples') out.push(...ageRulesWithoutFutureCheck(file, value, [...at, key]));
  return out;
}

/**
 * A list option the applicant would see as its raw value (no `title`), or whose value the field's type refuses (5 in
 * a list of text): the option shows wrong, or cannot be chosen.
 */
export function optionMistakes(file: string, schema: Json): Problem[] {
  const out: Problem[] = [];
  eachSchemaNode(schema, [], new Set(), (node, at) => {
    const field = node.type === 'array' && isObject(node.items) ? node.items : node;
    const where = node === field ? at : [...at, 'items'];
    const types = [field.type].flat().filter((t): t is string => typeof t === 'string');
    for (const key of ['oneOf', 'anyOf'] as const) {
      const options = Array.isArray(field[key]) && field[key].every((o: Json) => isObject(o) && 'const' in o) ? (field[key] as Json[]) : [];
      options.forEach((o, i) => {
        if (typeof o.title !== 'string' || !o.title.trim()) out.push({ file, path: pointer([...where, key, i]), message: `option ${JSON.stringify(o.const)} has no title: the applicant would read the raw value`, hint: 'Add "title": "<the words the applicant reads>".' });
        const type = jsonType(o.const);
        if (types.length && !types.some((t) => t === type || (t === 'number' && type === 'integer'))) out.push({ file, path: pointer([...where, key, i, 'const']), message: `option ${JSON.stringify(o.const)} is ${type === 'integer' ? 'a number' : `a ${type}`}, but the field holds ${types.join(' or ')}: it can never be chosen`, hint: `Write the value as ${types.join(' or ')}.` });
      });
    }
  });
  return out;
}

/** The values a field offers (its enum, or its oneOf/anyOf consts; an array's items'), or null when it lists none. */
function optionValues(field: Json): unknown[] | null {
  const node = field?.type === 'array' && isObject(field.items) ? field.items : field;
  if (Array.isArray(node?.enum)) return node.enum;
  for (const key of ['oneOf', 'anyOf'] as const) if (Array.isArray(node?.[key]) && node[key].every((o: Json) => isObject(o) && 'const' in o)) return node[key].map((o: Json) => o.const);
  return null;
}

/**
 * Option rules (`optionsWhen`) that cannot work: a value in `only` or a `default` the field does not offer, a
 * default its own rule forbids, a `when` naming a fact the flow does not declare, a `whenData` naming a field
 * the object does not have. `schema` has its lists inlined; `facts` are the names the flow files declare.
 */
export function optionRuleMistakes(file: string, schema: Json, facts: Set<string>): Problem[] {
  const out: Problem[] = [];
  eachSchemaNode(schema, [], new Set(), (node, at, fields) => {
    for (const [name, field] of Object.entries<Json>(isObject(node.properties) ? node.properties : {})) {
      const rules = field?.optionsWhen;
      if (!Array.isArray(rules)) continue;
      const options = optionValues(field);
      const offered = (v: unknown) => !options || options.some((o) => JSON.stringify(o) === JSON.stringify(v));
      rules.forEach((rule: Json, i: number) => {
        const where = (...rest: Array<string | number>) => pointer([...at, 'properties', name, 'optionsWhen', i, ...rest]);
        (Array.isArray(rule?.only) ? rule.only : []).forEach((v: unknown, j: number) => {
          if (!offered(v)) out.push({ file, path: where('only', j), message: `option rule of "${name}" allows ${JSON.stringify(v)}, which the field does not offer`, hint: `Options: ${(options ?? []).map((o) => JSON.stringify(o)).join(', ')}.` });
        });
        if (rule?.default !== undefined) {
          if (!offered(rule.default) || !(rule.only ?? []).some((v: unknown) => JSON.stringify(v) === JSON.stringify(rule.default))) {
            out.push({ file, path: where('default'), message: `option rule of "${name}" defaults to ${JSON.stringify(rule.default)}, which it does not allow`, hint: 'The default must be one of the values in "only".' });
          }
        }
        for (const fact of conditionFieldNames(rule?.when)) {
          if (!facts.has(fact)) out.push({ file, path: where('when'), message: `option rule of "${name}" tests "${fact}", which no flow file declares under "facts"`, hint: `Declared facts: ${[...facts].join(', ') || 'none'}.` });
        }
        for (const sibling of conditionFieldNames(rule?.whenData)) {
          if (!fields.has(sibling)) out.push({ file, path: where('whenData'), message: `option rule of "${name}" reads "${sibling}", which is not a field beside it`, hint: `Fields here: ${[...fields].join(', ')}.` });
        }
        // A sibling compared with a value it never holds (an option its list lacks): the rule is silently off.
        if (rule?.whenData !== undefined) out.push(...conditionMistakes(file, rule.whenData, fieldSchemas(node), [...at, 'properties', name, 'optionsWhen', i, 'whenData'], false));
      });
    }
  });
  return out;
}

/** The JSON types a field holds: its `type`, or the types of the values it lists (enum, oneOf/anyOf consts). */
function typesOf(field: Json): string[] {
  if (Array.isArray(field.type)) return field.type.filter((t: unknown) => t !== 'null');
  if (typeof field.type === 'string') return [field.type];
  const values = optionValues(field) ?? ('const' in field ? [field.const] : []);
  return [...new Set(values.map(jsonType).filter((t) => t !== 'null'))];
}

/** Each field of an object and nested object or list item beside its UI entry, with where that entry is. */
function eachUiField(schema: Json, ui: Json, at: At, visit: (name: string, field: Json, entry: Json, at: At) => void): void {
  if (!isObject(ui)) return;
  const fields = fieldSchemas(schema);
  for (const [name, entry] of Object.entries<Json>(ui)) {
    const field = fields.get(name);
    if (name.startsWith('ui:') || !isObject(entry) || !isObject(field)) continue;
    visit(name, field, entry, [...at, name]);
    if (field.type === 'object' || field.properties) eachUiField(field, entry, [...at, name], visit);
    if (isObject(field.items) && isObject(entry.items)) eachUiField(field.items, entry.items, [...at, name, 'items'], visit);
  }
}

/**
 * A field written as a bare `enum` whose options would show as their raw values: no `ui:enumNames` at all, or names
 * that do not match the values one for one (an option added to the enum without its name, a name left after its
 * option went). RJSF labels the i-th value with the i-th name and falls back to the value itself. A field drawn
 * hidden shows no options.
 */
export function enumNamesMistakes(file: string, uiFile: string, schema: Json, ui: Json, schemaAt: At = [], uiAt: At = []): Problem[] {
  const out: Problem[] = [];
  for (const [name, field] of fieldSchemas(schema)) {
    const entry: Json = isObject(ui?.[name]) ? ui[name] : {};
    const fieldAt = [...schemaAt, 'properties', name];
    if (field?.type === 'object' || isObject(field?.properties)) out.push(...enumNamesMistakes(file, uiFile, field, entry, fieldAt, [...uiAt, name]));
    if (isObject(field?.items)) out.push(...enumNamesMistakes(file, uiFile, field.items, isObject(entry.items) ? entry.items : {}, [...fieldAt, 'items'], [...uiAt, name, 'items']));
    const values = Array.isArray(field?.enum) ? (field.enum as unknown[]) : null;
    const shown = (list: unknown[]) => list.map((v) => JSON.stringify(v)).join(', ');
    // "ui:enumOrder" (RJSF): the options offered and their order; an option it leaves out is not offered (the admin
    // user forms offer Male and Female while the schema also takes "other"), and a name that is no value offers nothing.
    const order = entry['ui:enumOrder'];
    if (Array.isArray(order)) {
      const orderAt = pointer([...uiAt, name, 'ui:enumOrder']);
      if (!values) {
        out.push({ file: uiFile, path: orderAt, message: `"ui:enumOrder" orders the options of "${name}", which is not written as a bare "enum": it changes nothing`, hint: 'Order the options in the list itself (its "oneOf"), or drop "ui:enumOrder".' });
      } else {
        for (const [i, item] of order.entries()) {
          if (item === '*' || values.some((v) => String(v) === String(item))) continue;
          const close = nearMiss(String(item), values.map(String));
          out.push({ file: uiFile, path: pointer([...uiAt, name, 'ui:enumOrder', String(i)]), message: `"ui:enumOrder" names ${JSON.stringify(item)}, which is not a value of "${name}" (${shown(values)}): no option is offered for it`, hint: close ? `Did you mean ${JSON.stringify(close)}?` : 'Name values of the schema\'s "enum", or "*" for every value not named.' });
        }
      }
    }
    if (!values || entry['ui:widget'] === 'hidden' || field.readOnly === true) continue;
    const names = entry['ui:enumNames'];
    if (names === undefined) {
      out.push({ file, path: pointer([...fieldAt, 'enum']), message: `the options of "${name}" (${shown(values)}) have no titles: the applicant would read the raw values`, hint: `Write the field as a list ("oneOf": [{ "const": ${JSON.stringify(values[0])}, "title": "<the words the applicant reads>" }, ...], forms/README.md "Lists"), or give "${name}" in the UI schema "ui:enumNames" with one name per value, in the same order.` });
    } else if (Array.isArray(names) && names.length !== values.length) {
      const effect = names.length < values.length ? `${shown(values.slice(names.length))} would show as ${values.length - names.length > 1 ? 'their raw values' : 'its raw value'}` : `the last ${names.length - values.length > 1 ? `${names.length - values.length} names name` : 'name names'} no option`;
      out.push({ file: uiFile, path: pointer([...uiAt, name, 'ui:enumNames']), message: `"ui:enumNames" gives ${names.length} name${names.length === 1 ? '' : 's'} for the ${values.length} values of "${name}" (${shown(values)}): they no longer match one for one (${effect}; a name missing in between labels every later option wrongly)`, hint: 'One name per value of the schema\'s "enum", in the same order.' });
    }
  }
  return out;
}

/** A widget on a field of a type it cannot draw (a file upload on a text field, Yes/No on a list of bands). */
export function widgetTypeMismatch(uiFile: string, schema: Json, ui: Json): Problem[] {
  const out: Problem[] = [];
  eachUiField(schema, ui, [], (name, field, entry, at) => {
    const widget = entry['ui:widget'];
    // A field that offers options, drawn by a widget that takes free input (a date picker on a list of branches):
    // no answer it gives is one of the options.
    if (typeof widget === 'string' && WIDGET_FIELD_TYPES[widget] && !OPTION_WIDGETS.includes(widget) && field.type !== 'array' && optionValues(field)) {
      out.push({ file: uiFile, path: pointer([...at, 'ui:widget']), message: `widget "${widget}" takes free input, but "${name}" offers options: the applicant could not give one of them`, hint: `Draw it with an option widget (${OPTION_WIDGETS.join(', ')}), or leave "ui:widget" out for a select.` });
      return;
    }
    const needed = typeof widget === 'string' ? (WIDGET_REQUIRED_OPTIONS[widget] ?? []) : [];
    const options = isObject(entry['ui:options']) ? entry['ui:options'] : {};
    for (const key of Object.keys(options)) {
      const meant = nearMiss(key, KNOWN_UI_OPTIONS);
      if (meant) out.push({ file: uiFile, path: pointer([...at, 'ui:options', key]), message: `"ui:options.${key}" is read by nothing: it is ignored`, hint: `Did you mean "${meant}"? Option names are case-sensitive.` });
    }
    const missing = needed.filter((key) => options[key] === undefined || options[key] === '' || (Array.isArray(options[key]) && !options[key].length));
    if (missing.length) out.push({ file: uiFile, path: pointer([...at, 'ui:widget']), message: `widget "${widget}" on "${name}" needs ${missing.map((k) => `"ui:options.${k}"`).join(' and ')}: without ${missing.length > 1 ? 'them' : 'it'} the applicant reads the field's label in its place`, hint: `Add "ui:options": { ${missing.map((k) => `"${k}": ...`).join(', ')} } (forms/README.md, the widget's options).` });
    const fits = typeof widget === 'string' ? WIDGET_FIELD_TYPES[widget] : undefined;
    const types = typesOf(field);
    if (!fits || !types.length || types.some((t) => fits.includes(t) || (t === 'integer' && fits.includes('number')))) return;
    out.push({ file: uiFile, path: pointer([...at, 'ui:widget']), message: `widget "${widget}" cannot draw "${name}", a field of type ${types.join(' or ')}: the applicant could not give a valid answer`, hint: `"${widget}" draws ${fits.join(' or ')} fields; use a widget for ${types.join(' or ')} (${Object.entries(WIDGET_FIELD_TYPES).filter(([, t]) => types.some((x) => t.includes(x))).map(([w]) => w).join(', ')}) or change the field's type.` });
  });
  return out;
}

let defaultsAjv: ReturnType<typeof createAjv> | undefined;
/** Why a field's `default` breaks the field's own rules (its const, type, format, pattern, bounds), or undefined. */
function defaultRefused(node: Json): string | undefined {
  const { default: value, errorMessage: _words, ...rules } = node;
  try {
    defaultsAjv ??= createAjv({ strict: false });
    const validate = defaultsAjv.compile(rules);
    if (validate(value)) return undefined;
    const first = validate.errors?.[0];
    return first ? `${first.keyword}${first.instancePath ? ` at ${first.instancePath}` : ''}: ${first.message ?? ''}`.trim() : 'it does not pass';
  } catch {
    // A rule that reads another field ($data) cannot be judged alone.
    return undefined;
  }
}

/** A `default` the field does not offer or its own rules refuse, and bounds no value meets (minLength above maxLength, and the like). */
export function impossibleFieldRules(file: string, schema: Json): Problem[] {
  const out: Problem[] = [];
  const pairs = [['minLength', 'maxLength'], ['minimum', 'maximum'], ['minimum', 'exclusiveMaximum'], ['exclusiveMinimum', 'maximum'], ['exclusiveMinimum', 'exclusiveMaximum'], ['minItems', 'maxItems'], ['minProperties', 'maxProperties'], ['minAgeYears', 'maxAgeYears']] as const;
  eachSchemaNode(schema, [], new Set(), (node, at) => {
    const options = optionValues(node);
    if ('default' in node && options && !options.some((o) => JSON.stringify(o) === JSON.stringify(node.default)) && node.type !== 'array') {
      out.push({ file, path: pointer([...at, 'default']), message: `default ${JSON.stringify(node.default)} is not one of the field's options: the field shows empty and is refused`, hint: `Options: ${options.map((o) => JSON.stringify(o)).join(', ')}.` });
    } else if ('default' in node && at.length > 0) {
      const why = defaultRefused(node);
      if (why) out.push({ file, path: pointer([...at, 'default']), message: `default ${JSON.stringify(node.default)} breaks the field's own rules (${why}): every applicant starts with a refused answer`, hint: 'Give a default the field accepts (mind its const, format such as a date as YYYY-MM-DD, pattern and bounds), or remove it.' });
    }
    for (const [low, high] of pairs) {
      const exclusive = low.startsWith('exclusive') || high.startsWith('exclusive');
      if (typeof node[low] === 'number' && typeof node[high] === 'number' && (node[low] > node[high] || (exclusive && node[low] === node[high]))) {
        out.push({ file, path: pointer([...at, low]), message: `${low} ${node[low]} is above ${high} ${node[high]}: no answer can pass`, hint: `Make ${low} at most ${high}.` });
      }
    }
  });
  return out;
}

/**
 * A field every applicant must give (in its object's own `required`, not a branch's) that the UI shows only while a
 * `showWhen` holds, or draws hidden or read-only with no value of its own (`default`, `const`): the form says it is
 * required and offers nowhere to give it. `pageFilled`: a form whose page's code fills such fields (the hand-written
 * routes' forms, ROUTE_FORM_FIELDS).
 */
export function requiredButHidden(uiFile: string, schema: Json, ui: Json, at: At = [], pageFilled = false): Problem[] {
  const out: Problem[] = [];
  if (!isObject(ui)) return out;
  for (const name of Array.isArray(schema.required) ? schema.required : []) {
    if (isObject(ui[name]) && ui[name]['ui:options']?.showWhen !== undefined) {
      out.push({ file: uiFile, path: pointer([...at, name, 'ui:options', 'showWhen']), message: `"${name}" is required of everyone but shown only while its showWhen holds: when hidden, the form cannot be sent`, hint: 'Require it only under the same condition (an "if"/"then" in the schema, see forms/README.md), or show it always.' });
    }
    // Drawn as nothing, or drawn but not editable, with no value of its own: nobody can give the answer it requires.
    const field = isObject(schema.properties) ? schema.properties[name] : undefined;
    const noValue = isObject(field) && field.default === undefined && field.const === undefined;
    const how = isObject(ui[name]) && ui[name]['ui:widget'] === 'hidden' ? 'hidden (ui:widget "hidden")' : (isObject(field) && field.readOnly === true) || (isObject(ui[name]) && (ui[name]['ui:readonly'] === true || ui[name]['ui:disabled'] === true)) ? 'read-only' : undefined;
    if (noValue && how && !pageFilled) {
      out.push({ file: uiFile, path: pointer([...at, name]), message: `"${name}" is required of everyone but ${how}, with no default: nobody can answer it, so the form cannot be sent`, hint: 'Show it (remove the hidden widget or the read-only setting), give it a "default" in the schema, or make it optional.' });
    }
  }
  for (const [name, sub] of Object.entries<Json>(isObject(schema.properties) ? schema.properties : {})) {
    if (isObject(sub) && sub.properties && isObject(ui[name])) out.push(...requiredButHidden(uiFile, sub, ui[name], [...at, name], pageFilled));
    if (isObject(sub?.items) && isObject(ui[name]?.items)) out.push(...requiredButHidden(uiFile, sub.items, ui[name].items, [...at, name, 'items'], pageFilled));
  }
  return out;
}

/** The values a condition compares a field with (its consts and enums; true and false for a boolean), by field. */
function conditionValues(condition: unknown, out = new Map<string, unknown[]>()): Map<string, unknown[]> {
  if (!isObject(condition)) return out;
  for (const [name, rule] of Object.entries<Json>(isObject(condition.properties) ? condition.properties : {})) {
    const values = out.get(name) ?? [];
    if (isObject(rule)) {
      if ('const' in rule) values.push(rule.const);
      if (Array.isArray(rule.enum)) values.push(...rule.enum);
      if (rule.type === 'boolean') values.push(true, false);
      if (isObject(rule.not)) conditionValues({ properties: { [name]: rule.not } }, out).get(name)?.forEach((v) => values.push(v));
    }
    out.set(name, values);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf']) for (const sub of Array.isArray(condition[key]) ? condition[key] : []) conditionValues(sub, out);
  if (isObject(condition.not)) conditionValues(condition.not, out);
  return out;
}

/**
 * A field a branch of the schema requires (`then` or `else` of an `if`, at the root or in `allOf`) whose `showWhen`
 * can be false while that branch applies: for those answers the form asks for the field and draws nowhere to give it,
 * and the page says "required" for ever (an analyst review: a name shown while the applicant is on a board but
 * required while they are a member of another credit union). Found by trying the values both conditions name (with
 * each field also left out, or given another value): the first answers that show the clash are in the message. A field
 * the branch itself pins with a `const` is sent by the wizard (forms/README.md "Fields a branch fixes") and is fine.
 */
export function requiredWhileHidden(uiFile: string, schema: Json, ui: Json): Problem[] {
  const out: Problem[] = [];
  if (!isObject(ui)) return out;
  const branches = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])].filter((b): b is Json => isObject(b) && b.if !== undefined);
  for (const branch of branches) {
    for (const side of ['then', 'else'] as const) {
      const part = branch[side];
      if (!isObject(part)) continue;
      for (const name of Array.isArray(part.required) ? (part.required as string[]) : []) {
        const showWhen = isObject(ui[name]) ? ui[name]['ui:options']?.showWhen : undefined;
        if (showWhen === undefined || (isObject(part.properties?.[name]) && 'const' in part.properties[name])) continue;
        const values = conditionValues({ allOf: [branch.if, showWhen] });
        const names = [...values.keys()];
        // Each field: the values named, left out (undefined), or another value, as far as the field takes them (a
        // boolean is true or false, a list one of its options, a field with a default starts with it); at most a few
        // thousand answers.
        const choices = names.map((n) => {
          const field = isObject(schema.properties) ? schema.properties[n] : undefined;
          const listed = isObject(field) && (field.type === 'boolean' || Array.isArray(field.enum) || Array.isArray(field.oneOf) || typeof field.$ref === 'string');
          const own = isObject(field) ? [...(field.type === 'boolean' ? [true, false] : []), ...(Array.isArray(field.enum) ? field.enum : []), ...(Array.isArray(field.oneOf) ? field.oneOf.map((o: Json) => o?.const) : [])] : [];
          const absent = isObject(field) && field.default !== undefined ? [field.default] : [undefined];
          return [...new Set([...(values.get(n) ?? []), ...own, ...absent, ...(listed ? [] : ['\u0000other'])])];
        });
        if (choices.reduce((count, c) => count * c.length, 1) > 4096) continue;
        const answers = choices.reduce<Array<Record<string, unknown>>>((acc, options, i) => acc.flatMap((a) => options.map((v) => (v === undefined ? a : { ...a, [names[i]]: v }))), [{}]);
        // As the page holds them: an answer to a field hidden itself is never there.
        const clash = answers.map((a) => withoutHiddenFields(schema, ui, a)).find((a) => matchesCondition(branch.if, a) === (side === 'then') && !matchesCondition(showWhen, a));
        if (clash) {
          out.push({
            file: uiFile,
            path: pointer([name, 'ui:options', 'showWhen']),
            message: `"${name}" is required when ${JSON.stringify(clash)} (the schema's if/${side}) but its showWhen hides it then: those applicants cannot send the form`,
            hint: `Show "${name}" under the same condition that requires it (its showWhen and the "if" should agree), or require it only while it is shown.`,
          });
        }
      }
    }
  }
  return out;
}

/**
 * A list whose options name offices (`x-office`, the home branches): every option names one, and one that
 * lists/offices.json has. An option without one (a branch an analyst added) would approve its applicants into no
 * office.
 */
export function officeMistakes(file: string, list: unknown, offices: unknown): Problem[] {
  const options: Json[] = isObject(list) && Array.isArray(list.oneOf) ? list.oneOf.filter(isObject) : [];
  if (!options.some((o) => o['x-office'] !== undefined)) return [];
  const known = isObject(offices) && Array.isArray(offices.oneOf) ? offices.oneOf.map((o: Json) => o?.const) : [];
  const out: Problem[] = [];
  options.forEach((option, i) => {
    const office = option['x-office'];
    if (office === undefined) out.push({ file, path: pointer(['oneOf', i]), message: `option ${JSON.stringify(option.const)} names no office, while the others do: an applicant who chooses it is approved into no office`, hint: `Give it "x-office": one of ${known.join(', ')} (forms/lists/offices.json).` });
    else if (!known.includes(office)) out.push({ file, path: pointer(['oneOf', i, 'x-office']), message: `office ${JSON.stringify(office)} is not in forms/lists/offices.json`, hint: `Use one of ${known.join(', ')}, or add the office to forms/lists/offices.json (and to the offices table).` });
  });
  return out;
}

/** The keywords that refuse an answer and whose refusal the applicant reads (`type` and `enum` never show in a form). */
const MESSAGED_KEYWORDS = ['pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'format', 'minItems', 'maxItems', ...FIELD_COMPARISON_KEYWORDS];
/** Keys whose values are conditions or values, not rules an answer must pass. */
const NOT_RULES = new Set(['if', 'not', 'optionsWhen', 'examples', 'default', 'const', 'enum', 'errorMessage', '$comment']);

/**
 * A rule with no message of its own (`errorMessage` naming the keyword, `_`, or one text for all): the applicant would
 * read only a general one under the field (shared/keyword-words.ts: "Enter at least 9 characters."), not what this
 * field asks for. `schema` is a form's as written, or a list.
 */
export function rulesWithoutMessage(file: string, schema: unknown, at: At = [], coveredByParent = false): Problem[] {
  const out: Problem[] = [];
  if (Array.isArray(schema)) {
    schema.forEach((s, i) => out.push(...rulesWithoutMessage(file, s, [...at, i])));
    return out;
  }
  if (!isObject(schema)) return out;
  const message = schema.errorMessage;
  const covered = (keyword: string) => coveredByParent || typeof message === 'string' || (isObject(message) && (keyword in message || '_' in message));
  for (const keyword of MESSAGED_KEYWORDS) {
    if (keyword in schema && typeof schema[keyword] !== 'object' && !covered(keyword)) {
      out.push({ file, path: pointer([...at, keyword]), message: `"${keyword}" has no message: the applicant would read only a general one under the field ("Enter at least ...", "This value is not written the way this field expects."), not what this field asks for`, hint: `Add "errorMessage": { "${keyword}": "<what to fix, in the applicant's words>" } beside it.` });
    }
  }
  const byParent = isObject(message) && isObject(message.properties) ? (message.properties as Json) : {};
  for (const [key, value] of Object.entries(schema)) {
    if (NOT_RULES.has(key)) continue;
    if (key === 'properties' && isObject(value)) {
      for (const [name, sub] of Object.entries(value)) out.push(...rulesWithoutMessage(file, sub, [...at, key, name], typeof byParent[name] === 'string'));
    } else out.push(...rulesWithoutMessage(file, value, [...at, key]));
  }
  return out;
}

/**
 * A choice between schemas used as a rule (`dependencies`, or a `oneOf` / `anyOf` whose entries are not the options of
 * a list) outside an `if`: when it fails, ajv reports the branch's own bookkeeping ("must match exactly one schema in
 * oneOf", "must NOT be valid" under the field the branches test, "must have required property ...") and no
 * `errorMessage` can put words in their place, so the page and the server's answer would show the library's English.
 * The same rule as an `if`/`then` gets the form's own messages.
 */
export function rulesTheLibraryWords(file: string, schema: unknown, at: At = []): Problem[] {
  const out: Problem[] = [];
  if (Array.isArray(schema)) {
    schema.forEach((s, i) => out.push(...rulesTheLibraryWords(file, s, [...at, i])));
    return out;
  }
  if (!isObject(schema)) return out;
  const hint = 'Write it as an "allOf" entry { "if": { "properties": { "<field>": { "const": <value> } }, "required": ["<field>"] }, "then": { "required": ["<other field>"], "errorMessage": { "required": { "<other field>": "<words>" } } } }, and hide the other field with "showWhen" (forms/README.md, "Visibility").';
  if (isObject(schema.dependencies)) {
    out.push({ file, path: pointer([...at, 'dependencies']), message: '"dependencies" words its refusals in the library\'s English ("must match exactly one schema in oneOf", "must NOT be valid", "must have property ..."), which no "errorMessage" can replace: applicants would read them', hint });
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const entries = schema[key];
    if (Array.isArray(entries) && !entries.every((e: unknown) => isObject(e) && 'const' in e)) {
      out.push({ file, path: pointer([...at, key]), message: `"${key}" between schemas words its refusals in the library's English ("must match ... schema in ${key}", and the failing branch's own), which no "errorMessage" can replace: applicants would read them`, hint });
    }
  }
  for (const [key, value] of Object.entries(schema)) {
    // A condition's keywords decide; they refuse nothing.
    if (['if', 'not', 'optionsWhen', 'showWhen', 'examples', 'default', 'const', 'enum', 'errorMessage', '$comment', 'dependencies'].includes(key)) continue;
    out.push(...rulesTheLibraryWords(file, value, [...at, key]));
  }
  return out;
}

/** A message the form's page reads by name (route-form-fields.ts) missing from its "ui:options", or not words: the page would show the name. */
export function pageMessagesMissing(uiFile: string, formId: string, ui: Json): Problem[] {
  const names: readonly string[] = PAGE_MESSAGES[formId as keyof typeof PAGE_MESSAGES] ?? [];
  const options = isObject(ui['ui:options']) ? ui['ui:options'] : {};
  const held = Object.keys(options).filter((key) => !names.includes(key));
  return names.flatMap((name) => {
    const value = options[name];
    if (typeof value === 'string' && value.trim()) return [];
    if (value !== undefined) return [{ file: uiFile, path: pointer(['ui:options', name]), message: `the page of ${formId} shows "${name}" as a message, and it holds ${JSON.stringify(value)}: people would see no words`, hint: `Write the words between quotes, e.g. "${name}": "<the words>".` }];
    return [{ file: uiFile, path: pointer(['ui:options']), message: `the page of ${formId} shows the message "${name}" from here, and it is missing: people would see the bare name`, hint: `Add "${name}": "<the words>" to "ui:options" (this page reads ${names.join(', ')}${held.length ? `; "ui:options" now also holds ${held.join(', ')}: a misspelt name?` : ''}).` }];
  });
}

/**
 * A form of a hand-written page (route-form-fields.ts) without its button's words: the page draws its own submit
 * button from `ui:submitButtonOptions.submitText` and has no words of its own to fall back on.
 */
export function submitWordsMissing(uiFile: string, formId: string, ui: Json): Problem[] {
  if (!ROUTE_FORM_FIELDS[formId]) return [];
  const options = ui['ui:submitButtonOptions'];
  const words = isObject(options) ? options.submitText : undefined;
  if (typeof words === 'string' && words.trim()) return [];
  return [{ file: uiFile, path: pointer(isObject(options) ? ['ui:submitButtonOptions', 'submitText'] : ['ui:submitButtonOptions']), message: `the page of ${formId} words its button from here, and ${words === undefined ? 'it is missing' : `it holds ${JSON.stringify(words)}`}: the button would have no words`, hint: 'Add "ui:submitButtonOptions": { "submitText": "<the words>" } to the UI schema.' }];
}

/** A field on a form of a hand-written route that the route does not read: it would be checked, then dropped. */
export function fieldsARouteDrops(file: string, formId: string, schema: Json): Problem[] {
  const kept = ROUTE_FORM_FIELDS[formId];
  if (!kept) return [];
  return [...fieldsOf(schema)]
    .filter((field) => !kept.includes(field))
    .map((field) => ({ file, path: pointer(['properties', field]), message: `"${field}" would be checked and then dropped: the server's route for ${formId} keeps only ${kept.join(', ')}`, hint: "A new field on this form needs a developer (the route's columns, and src/shared/forms/route-form-fields.ts); onboarding steps keep any field." }));
}

/** A field a route reads and cannot do without, dropped from its form or no longer required of everyone. */
export function fieldsTheServerLacks(file: string, formId: string, schema: Json): Problem[] {
  const needs = FIELDS_THE_SERVER_NEEDS[formId];
  if (!needs) return [];
  const present = fieldsOf(schema);
  const required = Array.isArray(schema.required) ? schema.required : [];
  return needs.fields
    .filter((field) => !present.has(field) || !required.includes(field))
    .map((field) =>
      present.has(field)
        ? { file, path: pointer(['required']), message: `"${field}" must stay required: the server reads it for ${needs.for}, and without it the call would fail or store nothing useful`, hint: `Put "${field}" back in "required" (with its message). Making it optional needs a developer (src/shared/forms/route-form-fields.ts).` }
        : { file, path: pointer(['properties']), message: `"${field}" is missing: the server reads it for ${needs.for}`, hint: `Put the field back. Removing it needs a developer (src/shared/forms/route-form-fields.ts).` },
    );
}

/** What a field holds for a comparison: a date (`format: date`), a number, or neither. */
function comparedKind(field: Json | undefined): 'date' | 'number' | undefined {
  if (!isObject(field)) return undefined;
  if (field.format === 'date') return 'date';
  const types = [field.type].flat();
  return types.includes('number') || types.includes('integer') ? 'number' : undefined;
}

/**
 * A comparison with another field (`afterField`, `atMostField`...) that can never be made: the other field is not
 * beside this one (a misspelling, a field of another step), is the field itself, or does not hold what the keyword
 * compares (a date compared with a number, a field that is not a date); or this field does not. The rule would be
 * silently off. `schema` has its lists inlined.
 */
export function fieldComparisonMistakes(file: string, schema: Json): Problem[] {
  const out: Problem[] = [];
  const walk = (node: Json, at: At, inherited: Record<string, Json>) => {
    if (!isObject(node)) return;
    const beside: Record<string, Json> = { ...inherited, ...(isObject(node.properties) ? (node.properties as Record<string, Json>) : {}) };
    // A branch may narrow a field without repeating its type: the enclosing object's declaration says what it holds.
    const kindOf = (field: string) => comparedKind(beside[field]) ?? comparedKind(inherited[field]);
    for (const [name, field] of Object.entries<Json>(isObject(node.properties) ? node.properties : {})) {
      for (const keyword of FIELD_COMPARISON_KEYWORDS) {
        const other = field?.[keyword];
        if (typeof other !== 'string') continue;
        const where = pointer([...at, 'properties', name, keyword]);
        const kind = FIELD_COMPARISON_KINDS[keyword];
        const what = kind === 'date' ? 'a date ("format": "date")' : 'a number ("type": "number" or "integer")';
        if (other === name) out.push({ file, path: where, message: `"${name}" is compared with itself: the rule ${keyword === 'afterField' ? 'refuses every answer' : 'never refuses anything'}`, hint: 'Name the other field of this object it must be compared with.' });
        else if (!(other in beside)) out.push({ file, path: where, message: `${keyword} names "${other}", which is not a field beside "${name}": the rule never applies`, hint: `Fields beside "${name}": ${Object.keys(beside).filter((f) => f !== name).join(', ') || 'none'}. A comparison reads a field of the same object (the same step, the same list item).` });
        else if (kindOf(name) !== kind || kindOf(other) !== kind) {
          const wrong = kindOf(name) !== kind ? name : other;
          out.push({ file, path: where, message: `${keyword} compares ${kind === 'date' ? 'dates' : 'numbers'}, but "${wrong}" is not ${what}: the rule never applies`, hint: kind === 'date' ? 'Use afterField or notBeforeField between two date fields, atMostField or atLeastField between two numbers.' : 'Use atMostField or atLeastField between two number fields, afterField or notBeforeField between two dates.' });
        }
      }
    }
    for (const key of ['if', 'then', 'else', 'not'] as const) if (isObject(node[key])) walk(node[key], [...at, key], beside);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) (Array.isArray(node[key]) ? node[key] : []).forEach((s: Json, i: number) => walk(s, [...at, key, i], beside));
    for (const [name, sub] of Object.entries<Json>(isObject(node.properties) ? node.properties : {})) {
      walk(sub, [...at, 'properties', name], {});
      if (isObject(sub?.items)) walk(sub.items, [...at, 'properties', name, 'items'], {});
    }
  };
  walk(schema, [], {});
  return out;
}
