import type { JsonObject as Json } from './form-registry';

/** The field's message for one keyword in its `errorMessage` object (none when it words every rule in one text). */
export function keywordMessage(property: Json | undefined, keyword: string): string | undefined {
  const own = property?.errorMessage;
  return own && typeof own === 'object' && typeof own[keyword] === 'string' ? own[keyword] : undefined;
}

/**
 * A field's own message for a failed keyword, as ajv-errors chooses it: the field's `errorMessage` when it is one
 * text, else its entry for that keyword (undefined when the form has none: the keyword's general words apply).
 */
export function fieldMessage(property: Json | undefined, keyword: string): string | undefined {
  const own = property?.errorMessage;
  return typeof own === 'string' ? own : keywordMessage(property, keyword);
}
