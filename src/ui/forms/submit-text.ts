import type { JsonObject } from '../../shared/forms/form-registry';
import type { StepRef } from '../../shared/flow/flow-types';

/**
 * A form's submit button words (its UI schema's `ui:submitButtonOptions.submitText`), or `fallback`. The pages that
 * draw their own button (sign-in, the codes, the transfers, the user form) give none: the config checker refuses their
 * forms without the words (submitWordsMissing). A module of its own: those pages read it without loading RJSF.
 */
export function submitTextOf(form: { uiSchema: JsonObject } | null | undefined, fallback = ''): string {
  return (form?.uiSchema['ui:submitButtonOptions'] as { submitText?: string } | undefined)?.submitText ?? fallback;
}

/**
 * The words of the button that sends a step and goes on: the step's `texts.submit`, else its form's submitText, else
 * `texts.next` (the flow's `stepTexts` give it to every step, src/shared/flow/flow-types.ts stepForPage; the checker
 * refuses a flow without it, FLOW_WIDE_STEP_TEXTS).
 */
export function stepSubmitText(step: Pick<StepRef, 'texts'>, form?: { uiSchema: JsonObject } | null): string {
  return step.texts?.submit ?? submitTextOf(form, step.texts?.next);
}
