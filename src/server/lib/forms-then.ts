import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { JsonObject } from '../../shared/forms/form-registry.js';
import { formSourcesFromFiles, resolveForm, type FormSources } from '../../shared/forms/form-registry.js';
import type { FormValidator } from './form-validation.js';

/** Each configuration version's forms, parsed once per process (a version's content never changes). */
const sourcesByVersion = new Map<string, FormSources | null>();

async function sourcesOf(db: Kysely<Database>, hash: string): Promise<FormSources | null> {
  if (sourcesByVersion.has(hash)) return sourcesByVersion.get(hash)!;
  const row = await db.selectFrom('config_versions').select('content').where('hash', '=', hash).executeTakeFirst();
  let sources: FormSources | null = null;
  if (row) {
    const files = (typeof row.content === 'string' ? JSON.parse(row.content) : row.content) as Record<string, string>;
    const forms = Object.fromEntries(Object.entries(files).filter(([name]) => name.startsWith('forms/') && !name.endsWith('.meta.schema.json')).map(([name, text]) => [name, JSON.parse(text) as JsonObject]));
    sources = formSourcesFromFiles(forms);
  }
  sourcesByVersion.set(hash, sources);
  return sources;
}

/**
 * The review page shows each step as it was submitted (DESIGN.md "Configuration versions"): a step validated under
 * another version whose form has changed since carries that version's form (`form_then`, lists resolved), so the
 * reviewer reads the questions the applicant answered, not today's.
 */
export async function withFormsThen<T extends { form: string | null; config_version: string | null }>(
  db: Kysely<Database>,
  forms: FormValidator,
  current: string,
  steps: T[],
): Promise<Array<T & { form_then?: { schema: JsonObject; uiSchema: JsonObject } }>> {
  return Promise.all(
    steps.map(async (step) => {
      if (!step.form || !step.config_version || step.config_version === current) return step;
      const sources = await sourcesOf(db, step.config_version);
      if (!sources?.schemas[step.form]) return step;
      const then = resolveForm(sources, step.form);
      const same = forms.has(step.form) && JSON.stringify(then.schema) === JSON.stringify(forms.schemaOf(step.form)) && JSON.stringify(then.uiSchema) === JSON.stringify(forms.uiSchemaOf(step.form));
      return same ? step : { ...step, form_then: { schema: then.schema, uiSchema: then.uiSchema } };
    }),
  );
}
