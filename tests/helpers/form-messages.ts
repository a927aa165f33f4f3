// A field's message as the configured form words it (CONFIG_ROOT's forms/, else the repository's): an analyst
// rewords messages in the schemas, so a test reads the words it expects from there, as the pages and the server
// do, and never spells them itself. `npm run test:analyst-change` rewords every message to prove it.
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { resolveForm, type FormSources, type JsonObject } from '../../src/shared/forms/form-registry';
import { configRoot, readFormsDir } from '../../src/shared/forms/read-forms-dir';
import { submitTextOf as buttonWords } from '../../src/ui/forms/submit-text';
import { fillText } from '../../src/shared/fill-text';
import { REQUEST_TEXTS } from '../../src/shared/request-texts';

type Data = Record<string, unknown>;

/** One message a schema has for a field: the keyword it answers, where it sits, and when it applies. */
interface Candidate {
  keyword: string;
  text: string;
  /** JSON pointer of the text in the form's schema (lists inlined). */
  pointer: string;
  /** Whether the message applies to these answers (the `if` of its branch); none: always. */
  applies?: (data: Data) => boolean;
  /** The rule the message words, for telling apart messages of one keyword: does the value break it? */
  rule?: JsonObject;
}

const REPO_FORMS = path.resolve(import.meta.dirname, '../../forms');
const sourcesByDir = new Map<string, FormSources>();
function sourcesIn(formsDir: string): FormSources {
  let sources = sourcesByDir.get(formsDir);
  if (!sources) sourcesByDir.set(formsDir, (sources = readFormsDir(formsDir)));
  return sources;
}
const schemaOf = (formId: string, formsDir: string): JsonObject => resolveForm(sourcesIn(formsDir), formId).schema;
const configuredForms = () => path.join(configRoot(), 'forms');

// Checks a branch's `if` (or a rule of a field) against the answers: plain JSON Schema, the messages left out.
const ajv = new Ajv({ strict: false, $data: true, allErrors: true });
const compiled = new WeakMap<object, ValidateFunction>();
const withoutMessages = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(withoutMessages);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).filter(([k]) => k !== 'errorMessage').map(([k, v]) => [k, withoutMessages(v)]));
};
function passes(schema: JsonObject, value: unknown): boolean {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(withoutMessages(schema) as JsonObject)));
  return validate(value) as boolean;
}
const both = (a: Candidate['applies'], b: Candidate['applies']): Candidate['applies'] => (a && b ? (d) => a(d) && b(d) : a ?? b);

/** An object schema and the branches of it that may add rules to its fields (`allOf`, `if`/`then`/`else`, at any depth). */
type Context = { node: JsonObject; pointer: string; applies?: Candidate['applies'] };
function contexts(node: JsonObject, pointer: string, applies?: Candidate['applies']): Context[] {
  const out: Context[] = [{ node, pointer, applies }];
  (Array.isArray(node.allOf) ? node.allOf : []).forEach((entry: JsonObject, i: number) => out.push(...contexts(entry, `${pointer}/allOf/${i}`, applies)));
  if (node.if && typeof node.if === 'object') {
    const condition = node.if as JsonObject;
    if (node.then) out.push(...contexts(node.then, `${pointer}/then`, both(applies, (d) => passes(condition, d))));
    if (node.else) out.push(...contexts(node.else, `${pointer}/else`, both(applies, (d) => !passes(condition, d))));
  }
  return out;
}

/** Keys of a schema node that are not keywords a value can fail. */
/** Keywords a value can be checked against on their own here (plain JSON Schema, no `$data`). */
const VALUE_RULES = new Set(['pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'enum']);
const NOT_RULES = new Set(['optionsWhen', 'title', 'description', '$comment', 'default', 'examples', 'readOnly', 'errorMessage', 'properties', 'items', 'allOf', 'if', 'then', 'else', 'x-transform']);

/** The messages of one field's schema node: its `errorMessage` (a text for all its keywords, or one per keyword), its rules' (`allOf`), its option rules'. */
function messagesOfField(name: string, node: JsonObject, pointer: string, applies?: Candidate['applies']): Candidate[] {
  const out: Candidate[] = [];
  const message = node.errorMessage;
  const ruleOf = (keyword: string) => (VALUE_RULES.has(keyword) && keyword in node ? { [keyword]: node[keyword] } : undefined);
  if (typeof message === 'string') {
    for (const keyword of Object.keys(node)) if (!NOT_RULES.has(keyword)) out.push({ keyword, text: message, pointer: `${pointer}/errorMessage`, applies, rule: ruleOf(keyword) });
  } else if (message && typeof message === 'object') {
    for (const [keyword, text] of Object.entries(message)) if (typeof text === 'string') out.push({ keyword, text, pointer: `${pointer}/errorMessage/${keyword}`, applies, rule: ruleOf(keyword) });
  }
  // A field's own rules (the password policy's): each words the values it refuses.
  (Array.isArray(node.allOf) ? node.allOf : []).forEach((rule: JsonObject, i: number) => out.push(...messagesOfField(name, rule, `${pointer}/allOf/${i}`, applies)));
  (Array.isArray(node.optionsWhen) ? node.optionsWhen : []).forEach((rule: JsonObject, i: number) => {
    if (typeof rule.message === 'string') out.push({ keyword: 'optionsWhen', text: rule.message, pointer: `${pointer}/optionsWhen/${i}/message`, applies });
  });
  return out;
}

/** Every message a form's schema has for a field ("a.b", or "list.0.field" for a field of a list's items). */
function candidates(formId: string, field: string, formsDir: string): Candidate[] {
  const segments = field.split('.');
  const name = segments.pop()!;
  let levels = [{ node: schemaOf(formId, formsDir), pointer: '' }];
  for (const segment of segments) {
    levels = /^\d+$/.test(segment)
      ? levels.flatMap((l) => (l.node.items && typeof l.node.items === 'object' ? [{ node: l.node.items as JsonObject, pointer: `${l.pointer}/items` }] : []))
      : levels.flatMap((l) => contexts(l.node, l.pointer).flatMap((c) => (c.node.properties?.[segment] ? [{ node: c.node.properties[segment] as JsonObject, pointer: `${c.pointer}/properties/${segment}` }] : [])));
  }
  const out: Candidate[] = [];
  for (const level of levels) {
    for (const c of contexts(level.node, level.pointer)) {
      const required = c.node.errorMessage?.required;
      if (typeof required?.[name] === 'string') out.push({ keyword: 'required', text: required[name], pointer: `${c.pointer}/errorMessage/required/${name}`, applies: c.applies });
      const property = c.node.properties?.[name];
      if (property && typeof property === 'object') out.push(...messagesOfField(name, property, `${c.pointer}/properties/${name}`, c.applies));
    }
  }
  return out;
}

/** The object holding `field` in a body ('beneficiaries.0.dob': the body's first beneficiary). */
function holderOf(body: Data, field: string): Data | undefined {
  let node: unknown = body;
  for (const segment of field.split('.').slice(0, -1)) node = node && typeof node === 'object' ? (node as Data)[segment] : undefined;
  return node && typeof node === 'object' ? (node as Data) : undefined;
}

const listed = (found: Candidate[]) => found.map((c) => `\n  ${c.keyword} at ${c.pointer}: ${JSON.stringify(c.text)}`).join('');

/**
 * The message the configured form `formId` (e.g. 'onboarding/basic-info') gives `field` when its value breaks
 * `keyword` ('required', 'pattern', 'minLength', 'oneOf' for a list, 'const', 'notAfterToday', 'optionsWhen', ...).
 * It looks in the field's own `errorMessage` (one text for all its keywords, or one per keyword), the
 * `errorMessage.required` of the object holding it, the branches of that object (`allOf`, `if`/`then`/`else`) and
 * the field's own rules (`allOf`, the password policy's). A field of a list's items is named with an index:
 * 'beneficiaries.0.dob'. When the form words the keyword differently in several places (a branch per ID type,
 * a rule per password requirement), pass the body sent (`data`): only the messages of the branches whose `if`
 * its answers meet count, and if that leaves several, only those of the rules the field's value breaks.
 * Throws when no message, or more than one, is found: a test never compares against undefined.
 */
export function fieldMessage(formId: string, field: string, keyword: string, data?: Data): string {
  const all = candidates(formId, field, configuredForms());
  const forKeyword = all.filter((c) => c.keyword === keyword);
  if (!forKeyword.length) throw new Error(`forms/${formId}.schema.json has no ${keyword} message for ${field}; it has:${listed(all) || ' none'}`);
  const holder = data && holderOf(data, field);
  let applying = holder ? forKeyword.filter((c) => !c.applies || c.applies(holder)) : forKeyword;
  // Still several: only the rules the value breaks (a pattern of the field's own and its ID type's).
  if (holder && new Set(applying.map((c) => c.text)).size > 1) applying = applying.filter((c) => !c.rule || !passes(c.rule, holder[field.split('.').pop()!]));
  const texts = [...new Set(applying.map((c) => c.text))];
  if (texts.length === 1) return texts[0];
  if (!texts.length) throw new Error(`None of the ${keyword} messages of ${field} in forms/${formId}.schema.json applies to ${JSON.stringify(data)}:${listed(forKeyword)}`);
  throw new Error(`forms/${formId}.schema.json words ${keyword} of ${field} in several ways; pass the answers sent (data) to choose:${listed(applying)}`);
}

/**
 * For a table of cases that spells the repository's words (tests/server/admin/user-form-rules.ts, which the UI
 * tests share): the configured form's text at the place where the repository's form has `text` for `field`.
 * An analyst's rewording in the configuration is followed; a table whose text is no longer in the repository's
 * form fails here, saying so.
 */
export function configuredMessage(formId: string, field: string, text: string): string {
  const at = candidates(formId, field, REPO_FORMS).filter((c) => c.text === text);
  if (!at.length) throw new Error(`forms/${formId}.schema.json has no message ${JSON.stringify(text)} for ${field}: the table's words and the form's differ`);
  const configured = new Map(candidates(formId, field, configuredForms()).map((c) => [c.pointer, c.text]));
  const texts = [...new Set(at.map((c) => configured.get(c.pointer)))];
  if (texts.length !== 1 || texts[0] === undefined) throw new Error(`The configured forms/${formId}.schema.json words ${JSON.stringify(text)} of ${field} ${texts.length > 1 ? 'in several ways' : 'nowhere'}:${listed(at)}`);
  return texts[0];
}

/**
 * A message file's text as a pattern of what the page shows: the `values` filled in, any other {placeholder} (a date,
 * a name the test does not know) matching any text. A rewording in the file keeps the test.
 */
export function messagePattern(text: string, values: Record<string, string> = {}): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(text.split(/(\{\w+\})/).map((part) => (/^\{\w+\}$/.test(part) ? (values[part.slice(1, -1)] !== undefined ? escape(values[part.slice(1, -1)]) : '.*') : escape(part))).join(''));
}

/** A form's submit button as the configured form words it (its UI schema's `ui:submitButtonOptions.submitText`). */
export function submitTextOf(formId: string): string {
  const text = buttonWords(resolveForm(sourcesIn(configuredForms()), formId), '');
  if (!text) throw new Error(`forms/${formId}.ui.json has no ui:submitButtonOptions.submitText`);
  return text;
}

/** The refusal of a field a form does not have (forms/messages/requests.json's `unknownField`). */
export function unknownFieldMessage(field: string): string {
  return fillText(REQUEST_TEXTS.unknownField, { field });
}
