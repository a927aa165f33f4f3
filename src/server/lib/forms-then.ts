import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { JsonObject } from '../../shared/forms/form-registry.js';
import { resolveForm } from '../../shared/forms/form-registry.js';
import { storedConfigVersion } from './config-version.js';
import type { FormValidator } from './form-validation.js';

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
      const sources = (await storedConfigVersion(db, step.config_version))?.forms;
      if (!sources?.schemas[step.form]) return step;
      const then = resolveForm(sources, step.form);
      const same = forms.has(step.form) && JSON.stringify(then.schema) === JSON.stringify(forms.writtenSchemaOf(step.form)) && JSON.stringify(then.uiSchema) === JSON.stringify(forms.uiSchemaOf(step.form));
      return same ? step : { ...step, form_then: { schema: then.schema, uiSchema: then.uiSchema } };
    }),
  );
}
