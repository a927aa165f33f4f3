import type { JsonObject } from '../../shared/forms/form-registry';
import type { StepRef } from '../../shared/flow/flow-types';

/**
 * A form's submit button words (its UI schema's `ui:submitButtonOptions.submitText`), or `fallback`. A module of its
 * own: the flat forms' pages (sign-in, the codes) read it without loading RJSF.
 */
export function submitTextOf(form: { uiSchema: JsonObject } | null | undefined, fallback: string): string {
  return (form?.uiSchema['ui:submitButtonOptions'] as { submitText?: string } | undefined)?.submitText ?? fallback;
}

/**
 * The words of the button that sends a step and goes on: the step's `texts.submit`, else its form's submitText, else
 * `texts.next` (the flow's `stepTexts` give it to every step, src/shared/flow/flow-types.ts stepForPage).
 */
export function stepSubmitText(step: Pick<StepRef, 'texts'>, form?: { uiSchema: JsonObject } | null): string {
  return step.texts?.submit ?? submitTextOf(form, step.texts?.next ?? 'Next');
}
