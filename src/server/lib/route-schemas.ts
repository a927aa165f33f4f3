/**
 * Schema pieces every route shares (issue 13/15). A response schema is also a serializer: fast-json-stringify
 * drops a property it does not list and coerces a listed one to its type, so an answer's schema lists every
 * property the browser and the specification's client read, and objects whose shape is open (stored step data,
 * table rows) keep `additionalProperties: true` rather than lose data.
 */

/** The one error shape (plugins/errors.ts `errorBody`): `{ status, message, detail, errors?, request_id }`. */
export const errorShape = {
  type: 'object',
  description: 'The one error shape of every failed call; `errors` maps a field (dotted path) to its message.',
  required: ['status', 'message', 'detail'],
  additionalProperties: true,
  properties: {
    status: { type: 'integer' },
    message: { type: 'string' },
    detail: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
    request_id: { type: 'string' },
  },
} as const;

/** 4xx and 5xx answers: the error shape (a route lists its own 4xx statuses only where they differ). */
export const errorResponses = { '4xx': errorShape, '5xx': errorShape } as const;

/** `{ message }` and anything else: the answer of a call whose client reads only the message. */
export const messageAnswer = {
  type: 'object',
  required: ['message'],
  additionalProperties: true,
  properties: { message: { type: 'string' } },
} as const;

/** An object whose properties are open (stored step data, a table row): listed ones are documented, none is dropped. */
export const openObject = { type: 'object', additionalProperties: true } as const;

/**
 * A timestamp as the database gives it: a Date (sent as ISO 8601 text) or null. No `type`, on purpose: the value
 * is serialized as JSON.stringify does, and a typed schema would turn a Date `dob` into a date-only text.
 */
export const timestamp = { description: 'ISO 8601 date-time (null where the column allows it)' } as const;

/** One audit entry (lib/audit.ts `listAudit`, shared/api-types.ts `AuditEntry`): who did what, before and after. */
export const auditEntry = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'action', 'created_on'],
  properties: {
    id: { type: 'integer' },
    action: { type: 'string' },
    actor_user_id: { type: ['integer', 'null'] },
    actor_name: { type: ['string', 'null'] },
    actor_email: { type: ['string', 'null'] },
    before: { description: 'The values before the change (any JSON), or null' },
    after: { description: 'The values after the change (any JSON), or null' },
    created_on: timestamp,
  },
} as const;

/**
 * Route options of a call that validates its own body: a form through `app.forms.validate` (the form's transforms,
 * hidden-field and date rules, and its messages, which tests pin), a multipart body read by the route, or
 * `takeSignupId`. Its `schema.body` documents the call (OpenAPI) and is not compiled a second time. For routes
 * without params or querystring only (this compiler answers for every part of the route).
 */
export const bodyValidatedByHandler = { validatorCompiler: () => () => true } as const;

type Schema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: readonly string[] };
export const signupIdField = { type: 'string', minLength: 1, maxLength: 100, description: 'The signup id from POST /api/signups/' } as const;

/** A form's schema (forms/, loaded at run time, so JsonObject-typed) with the transport field `signup_id`, for the document. */
export function withSignupId(schema: Schema, extra: Record<string, unknown> = {}): Schema {
  // A form's examples are its fields (the form has no signup_id): the call's examples carry the transport field too.
  const examples = Array.isArray(schema.examples) ? { examples: schema.examples.map((example: unknown) => ({ signup_id: EXAMPLE_SIGNUP_ID, ...(example as object) })) } : {};
  return { ...schema, properties: { signup_id: signupIdField, ...schema.properties }, required: ['signup_id', ...(schema.required ?? [])], ...examples, ...extra };
}

/** The signup id the API document's examples use. */
const EXAMPLE_SIGNUP_ID = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

/** What an onboarding step call answers: the signup id and the stored (validated) data, whatever the form holds. */
export const storedStepAnswer = {
  type: 'object',
  required: ['signup_id'],
  additionalProperties: true,
  properties: { signup_id: { type: 'string' }, step: { type: 'string', description: 'The flow step stored' }, message: { type: 'string' } },
} as const;
