import type { LoadedForm } from './load-form';
import { transformErrors } from './transform-errors';

/**
 * validateOn 'blur': the schema's and the form rules' messages of the fields whose ids are given (RJSF ids:
 * `<prefix>_<path joined by _>`), as field (dotted) -> message.
 */
export function fieldErrorsFor(form: LoadedForm, data: unknown, ids: ReadonlySet<string>, prefix: string, rules: Record<string, string>): Record<string, string> {
  const idOf = (field: string) => [prefix, ...field.split('.').filter(Boolean)].join('_');
  const out: Record<string, string> = {};
  const { errors } = form.validator.validateFormData(data, form.schema, undefined, (e) => transformErrors(e, form.schema, form.uiSchema));
  for (const e of errors) {
    const field = (e.property ?? '').replace(/^\./, '');
    if (field && e.message && ids.has(idOf(field)) && !(field in out)) out[field] = e.message;
  }
  for (const [field, message] of Object.entries(rules)) if (ids.has(idOf(field)) && !(field in out)) out[field] = message;
  return out;
}
