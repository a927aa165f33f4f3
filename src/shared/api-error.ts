import { keywordInWords } from './keyword-words.js';

/** The one error shape every API answer uses (read by the client's error translation). */
export interface ApiErrorBody {
  status: number;
  /** Human-readable message, safe to show. */
  message: string;
  /** Same as message; the specification's translation reads `detail` first. */
  detail: string;
  /** Field errors: field name (dotted path for nested fields) -> message. */
  errors?: Record<string, string>;
  /** Correlates with the server log line; the only detail a 5xx answer carries. */
  request_id?: string;
}

interface AjvLikeError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function pointerToField(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** Maps ajv (and ajv-errors) errors to field -> first message; `_root` holds errors with no field. */
export function ajvErrorsToFieldErrors(errors: readonly AjvLikeError[] | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors ?? []) {
    // 'must match "then" schema' only says an if/then failed; the branch's own errors name the field and the words.
    if (error.keyword === 'if') continue;
    let field = pointerToField(error.instancePath);
    const inner = error.keyword === 'errorMessage' ? ((error.params.errors as AjvLikeError[] | undefined) ?? []) : [error];
    const first = inner[0];
    const missing = textOf(first?.params.missingProperty);
    const unknown = textOf(first?.params.additionalProperty);
    if (first && (first.keyword === 'required' || first.keyword === 'dependentRequired') && missing) {
      field = field ? `${field}.${missing}` : missing;
    } else if (first && first.keyword === 'additionalProperties' && unknown) {
      field = field ? `${field}.${unknown}` : unknown;
    }
    const key = field || '_root';
    // A rule without a message of its own (a form's errorMessage) is said in words, not in ajv's English ("must be string").
    const message = keywordInWords(error) ?? error.message ?? 'Invalid value';
    // Own keys only: an unknown field named `constructor` or `toString` is a key `in` every object; and defined, not
    // assigned, so one named `__proto__` is a key too rather than the object's prototype.
    if (!Object.hasOwn(out, key)) Object.defineProperty(out, key, { value: message, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
