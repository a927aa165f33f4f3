import type { JsonObject as Json } from './form-registry';

/**
 * A field's own message for a failed keyword, as ajv-errors chooses it: the field's `errorMessage` when it is one
 * text, else its entry for that keyword (undefined when the form has none: the keyword's general words apply).
 */
export function fieldMessage(property: Json | undefined, keyword: string): string | undefined {
  const own = property?.errorMessage;
  if (typeof own === 'string') return own;
  return own && typeof own === 'object' && typeof own[keyword] === 'string' ? own[keyword] : undefined;
}
