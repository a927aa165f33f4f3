import type { JsonObject } from '../../shared/forms/form-registry';

/**
 * A form's submit button words (its UI schema's `ui:submitButtonOptions.submitText`), or `fallback`. A module of its
 * own: the flat forms' pages (sign-in, the codes) read it without loading RJSF.
 */
export function submitTextOf(form: { uiSchema: JsonObject } | null | undefined, fallback: string): string {
  return (form?.uiSchema['ui:submitButtonOptions'] as { submitText?: string } | undefined)?.submitText ?? fallback;
}
