import { keywordInWords } from '../keyword-words.js';

/** The parts of an RJSF validation error this helper reads and writes (kept structural: no RJSF import). */
export interface FormErrorLike {
  name?: string;
  property?: string;
  message?: string;
  stack: string;
  params?: { errors?: Array<{ keyword?: string; params?: { missingProperty?: string } }>; additionalProperty?: string };
  schemaPath?: string;
}

/**
 * ajv-errors reports `errorMessage: { required: { email: '...' } }` on the parent object, so RJSF would show
 * it at the top of the form. This moves each such error (all of whose inner errors are `required`) onto
 * `.<missingProperty>`, so the message sits under the field and the input gets aria-invalid.
 */
export function moveRequiredErrors<E extends FormErrorLike>(errors: E[]): E[] {
  return errors.map((error) => {
    if (error.name !== 'errorMessage') return error;
    const inner = error.params?.errors ?? [];
    if (inner.length === 0 || !inner.every((e) => e.keyword === 'required' && e.params?.missingProperty)) return error;
    const missing = inner[0].params!.missingProperty!;
    const parent = error.property && error.property !== '.' ? error.property : '';
    const property = `${parent}.${missing}`;
    return { ...error, property, stack: `${property} ${error.message ?? ''}`.trim() };
  });
}

/** Field -> first message from RJSF-style errors (property ".a.b" -> "a.b"); root errors under "_root"; a rule without a message of its own in words, as the server says it. */
export function formErrorsToFieldErrors(errors: FormErrorLike[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of moveRequiredErrors(errors)) {
    if (error.name === 'if') continue; // as the server: the then-branch's errors carry the words
    let key = (error.property ?? '').replace(/^\./, '').replace(/\[(\d+)\]/g, '.$1').replace(/\['([^']+)'\]/g, '.$1');
    // An unknown field is reported on its parent; name the field itself, as the server does.
    if (error.name === 'additionalProperties' && error.params?.additionalProperty) key = key ? `${key}.${error.params.additionalProperty}` : error.params.additionalProperty;
    key ||= '_root';
    if (!Object.hasOwn(out, key)) out[key] = keywordInWords(error) ?? error.message ?? error.stack;
  }
  return out;
}
