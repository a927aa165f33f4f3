import { inlineListRefs } from './inline-list-refs.js';

/**
 * A JSON object read from forms/ or flows/ (a schema, a UI schema, a list): TypeScript cannot know its keywords,
 * the meta-schemas and the config checker do (`npm run config:check`, and the server at start). The one loosely
 * typed value of the code base: code reading a keyword checks its type where it matters (typeof, Array.isArray).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: checked by the meta-schemas, not by TypeScript
export type JsonObject = Record<string, any>;

/** The raw contents of forms/: schemas and UI schemas keyed by form id, lists keyed by name. */
export interface FormSources {
  schemas: Record<string, JsonObject>;
  uiSchemas: Record<string, JsonObject>;
  lists: Record<string, JsonObject>;
}

/** A form ready to render and validate: its schema with lists inlined, and its UI schema. */
export interface FormDefinition {
  id: string;
  schema: JsonObject;
  uiSchema: JsonObject;
}

/** Sorts file paths relative to forms/ ("admin/user.schema.json", "lists/roles.json") into FormSources. */
export function formSourcesFromFiles(files: Record<string, JsonObject>): FormSources {
  const sources: FormSources = { schemas: {}, uiSchemas: {}, lists: {} };
  for (const [rawPath, content] of Object.entries(files)) {
    const path = rawPath.replace(/\\/g, '/').replace(/^.*?forms\//, '');
    let m = /^lists\/([a-z0-9-]+)\.json$/.exec(path);
    if (m) {
      sources.lists[m[1]] = content;
      continue;
    }
    m = /^([a-z0-9-]+\/[a-z0-9-]+)\.(schema|ui)\.json$/.exec(path);
    if (m) (m[2] === 'schema' ? sources.schemas : sources.uiSchemas)[m[1]] = content;
  }
  return sources;
}

/** Every form id, sorted. */
export function listFormIds(sources: FormSources): string[] {
  return Object.keys(sources.schemas).sort();
}

/** One form, with its lists inlined; throws a plain message naming the form when it does not exist. */
export function resolveForm(sources: FormSources, formId: string): FormDefinition {
  const schema = sources.schemas[formId];
  if (!schema) throw new Error(`Unknown form "${formId}": no forms/${formId}.schema.json`);
  const { $schema: _s, ...rest } = schema;
  return { id: formId, schema: inlineListRefs(rest, sources.lists), uiSchema: sources.uiSchemas[formId] ?? {} };
}
