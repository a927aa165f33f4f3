import type { RJSFValidationError } from '@rjsf/utils';
import type { JsonObject } from '../../shared/forms/form-registry';
import { moveRequiredErrors } from '../../shared/forms/move-required-errors';
import { keywordInWords } from '../../shared/keyword-words';
import { placeError, propertyPath } from './place-error';

/** Where an error no field can show is placed: the form's root, whose messages SchemaForm's alert shows. */
export const ROOT = '.';
/**
 * The browser validator's errors as the form shows them: an `if` error ('must match "then" schema') only says a
 * branch failed (the branch's own errors carry the words), `required` messages move onto their fields, and each
 * message moves to the node that draws it (place-error.ts). A message no visible field can show goes to the
 * root, which SchemaForm shows in its alert: a refused submit is never silent. A rule without a message of its own
 * is said in words, as the server says it (shared/keyword-words.ts).
 */
export function transformErrors(errors: RJSFValidationError[], schema: JsonObject, uiSchema: JsonObject): RJSFValidationError[] {
  return (moveRequiredErrors(errors.filter((e) => e.name !== 'if'))).map((error) => {
    const placed = placeError(propertyPath(error.property), schema, uiSchema);
    const property = placed?.length ? `.${placed.join('.')}` : ROOT;
    const message = keywordInWords(error) ?? error.message;
    return property === error.property && message === error.message ? error : { ...error, property, message, stack: `${property} ${message ?? ''}`.trim() };
  });
}
