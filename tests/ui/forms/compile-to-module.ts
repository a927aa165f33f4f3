import fs from 'node:fs';
import path from 'node:path';
import { compileFormValidators, moduleFileOf } from '../../../scripts/lib/compile-form-validators';
import type { CompiledFormModule } from '../../../src/ui/forms/load-form';

// Under the repository so the generated imports (the ajv runtime) resolve from node_modules.
const TMP = path.resolve(import.meta.dirname, '../../../.tmp/compiled-forms');

/** Compiles one schema the way the build does and imports the generated module (the browser's validator). */
export async function compileToModule(formId: string, schema: object, uiSchema: object, lists: Record<string, object> = {}): Promise<CompiledFormModule> {
  const outDir = (fs.mkdirSync(TMP, { recursive: true }), fs.mkdtempSync(path.join(TMP, 'forms-')));
  const { errors } = compileFormValidators({ outDir, sources: { schemas: { [formId]: schema }, uiSchemas: { [formId]: uiSchema }, lists } });
  if (errors.length) throw new Error(errors.join('\n'));
  return import(/* @vite-ignore */ path.join(outDir, 'forms', moduleFileOf(formId)));
}
