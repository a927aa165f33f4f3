import type { RJSFValidationError } from '@rjsf/utils';
import type { JsonObject } from '../../shared/forms/form-registry';
import { placeError } from './place-error';
import { ROOT } from './transform-errors';

/** The messages of errors placed at the root (see transformErrors), once each; none when one field draws the whole form (a checklist shows its own). */
export function rootMessages(errors: readonly RJSFValidationError[] | undefined, schema: JsonObject, uiSchema: JsonObject): string[] {
  if (placeError([], schema, uiSchema)) return [];
  return [...new Set((errors ?? []).filter((e) => (e.property ?? ROOT) === ROOT && e.message).map((e) => e.message!))];
}
