import type { RJSFValidationError } from '@rjsf/utils';
import type { JsonObject } from '../../shared/forms/form-registry';
import { placeError } from './place-error';
import { ROOT } from './transform-errors';

/**
 * The messages of errors placed at the root (see transformErrors), once each; none when one field draws the whole form
 * (a checklist shows its own). A message a field already shows is not said again at the top without its field: a
 * hidden field filled from a visible one (a transfer's account number from its account) has the visible one's "Required".
 */
export function rootMessages(errors: readonly RJSFValidationError[] | undefined, schema: JsonObject, uiSchema: JsonObject): string[] {
  if (placeError([], schema, uiSchema)) return [];
  const atRoot = (e: RJSFValidationError) => (e.property ?? ROOT) === ROOT;
  const underFields = new Set((errors ?? []).filter((e) => !atRoot(e)).map((e) => e.message));
  return [...new Set((errors ?? []).filter((e) => atRoot(e) && e.message && !underFields.has(e.message)).map((e) => e.message!))];
}
