import type { ErrorSchema } from '@rjsf/utils';
import type { JsonObject } from '../../shared/forms/form-registry';
import { placeError } from './place-error';

/**
 * Field -> message (dotted path) into RJSF's nested ErrorSchema, each message at the node that shows it
 * (place-error.ts); messages no visible field can show are returned apart, for the form's alert.
 */
export function toErrorSchema(errors: Record<string, string>, schema: JsonObject, uiSchema: JsonObject = {}): { errorSchema: ErrorSchema; unplaced: string[] } {
  const errorSchema: JsonObject = {};
  const unplaced: string[] = [];
  for (const [field, message] of Object.entries(errors)) {
    const parts = placeError(field.split('.').filter(Boolean), schema, uiSchema);
    if (!parts?.length) {
      unplaced.push(message);
      continue;
    }
    let target = errorSchema;
    for (const part of parts) target = target[part] ??= {};
    if (!target.__errors?.includes(message)) (target.__errors ??= []).push(message);
  }
  return { errorSchema: errorSchema as ErrorSchema, unplaced };
}
