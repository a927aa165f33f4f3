/** Lone UTF-16 surrogates: JSON can carry them (`"\ud800"`), Postgres text and jsonb cannot store them. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the database can store the text: no NUL character and no unpaired surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** Deeper nesting than any form has (forms nest a few levels): refused as input the product cannot mean. */
export const MAX_NESTING = 32;

/**
 * The dotted path ('' for the value itself) of the first string or object key in a parsed body, query
 * or params that the database cannot store, or of a value nested deeper than MAX_NESTING, or null. Walks with an explicit stack, so a deeply nested
 * body cannot exhaust the call stack.
 */
export function findUnstorableText(value: unknown): { path: string; tooDeep: boolean } | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (stack.length) {
    const { value: current, path, depth } = stack.pop()!;
    // No form nests deeper than a few levels; far deeper input is refused before any code walks it recursively.
    if (depth > MAX_NESTING) return { path, tooDeep: true };
    if (typeof current === 'string') {
      if (!isStorableText(current)) return { path, tooDeep: false };
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => stack.push({ value: item, path: path ? `${path}.${i}` : String(i), depth: depth + 1 }));
    } else if (current && typeof current === 'object' && !Buffer.isBuffer(current) && typeof (current as { pipe?: unknown }).pipe !== 'function') {
      for (const [key, item] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) return { path, tooDeep: false };
        stack.push({ value: item, path: at, depth: depth + 1 });
      }
    }
  }
  return null;
}

export const UNSTORABLE_TEXT_MESSAGE = 'The request contains a character that is not allowed (a NUL character or an unpaired surrogate). Remove it and try again.';
export const TOO_DEEP_MESSAGE = 'The request is nested too deeply.';
export const UNSTORABLE_FIELD_MESSAGE = 'This field contains a character that is not allowed.';
