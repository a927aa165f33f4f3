import type { ErrorObject } from 'ajv';

type AjvLikeError = Pick<ErrorObject, 'keyword' | 'instancePath' | 'schemaPath' | 'params'> & { message?: string };

/** Which failure a person reads first: a missing value, then length, then shape, then a nested rule (allOf), then equality. */
const KEYWORD_RANK: Record<string, number> = { required: 0, type: 1, minLength: 2, maxLength: 3, format: 4, pattern: 5, const: 7 };
const NESTED_RANK = 6;

const fieldOf = (error: AjvLikeError, inner: AjvLikeError | undefined): string => {
  const path = error.instancePath.split('/').filter(Boolean).join('.');
  const missing = inner?.keyword === 'required' ? String(inner.params.missingProperty ?? '') : '';
  return [path, missing].filter(Boolean).join('.') || '_root';
};

/**
 * Field -> the one message to show, from ajv (ajv-errors) errors of a flat form, in the order a person fixes them:
 * required, length, format or pattern, the rules of a referenced policy (`allOf`, in its file's order), equality.
 * ajv reports `allOf` before a field's own keywords, so "short" would read "needs an uppercase letter" before
 * "at least 8 characters"; the specification's order is the other way round.
 */
export function firstFieldMessages(errors: readonly AjvLikeError[] | null | undefined): Record<string, string> {
  const best: Record<string, { rank: number; message: string }> = {};
  for (const error of errors ?? []) {
    const inner = error.keyword === 'errorMessage' ? (error.params.errors as AjvLikeError[] | undefined)?.[0] : error;
    const field = fieldOf(error, inner);
    const nested = /\/(allOf|anyOf|oneOf)\/\d+\//.test(error.schemaPath);
    const rank = nested ? NESTED_RANK : (KEYWORD_RANK[inner?.keyword ?? ''] ?? NESTED_RANK);
    if (!best[field] || rank < best[field].rank) best[field] = { rank, message: error.message ?? 'Invalid value' };
  }
  return Object.fromEntries(Object.entries(best).map(([field, { message }]) => [field, message]));
}
