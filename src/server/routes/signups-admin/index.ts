import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { auditEntry, errorResponses, messageAnswer, openObject, timestamp } from '../../lib/route-schemas.js';
import { conflict, missing } from '../../lib/http-errors.js';
import { listAudit, writeAudit } from '../../lib/audit.js';
import { adminListOptions, adminListQuerystring } from '../../lib/admin-list.js';
import { approveSignup, rejectSignup } from './approve-signup.js';
import { claimReview, findFile, findSubmittedSignup, listFiles, listSignups, listSteps, toView } from './signups-admin.repository.js';
import { SIGNUP_STATUS_FILTER_NAMES, type SignupStatusFilter } from '../../../shared/statuses.js';
import { stepsInFlowOrder } from './flow-steps.js';
import { withFormsThen } from '../../lib/forms-then.js';

const signupIdProperty = { type: 'string', minLength: 1, maxLength: 100 } as const;

const decisionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['signup_id'],
  properties: { signup_id: signupIdProperty },
} as const;

// The comment dialog's rules (spec 2 section 5): not blank, at most 500 characters.
const commentBody = {
  type: 'object',
  additionalProperties: false,
  required: ['signup_id', 'comments'],
  properties: {
    signup_id: signupIdProperty,
    comments: { type: 'string', maxLength: 500, pattern: '\\S', errorMessage: { pattern: 'Please enter a comment.', maxLength: 'Comments cannot exceed 500 characters.', type: 'Please enter a comment.' } },
  },
  errorMessage: { required: { comments: 'Please enter a comment.' } },
} as const;

/** A signup as the back office sees it (repository `toView`: every column but the secrets); open, nothing dropped. */
const signupView = {
  type: 'object',
  additionalProperties: true,
  properties: {
    id: { type: 'string' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    email: { type: 'string' },
    status: { type: 'string' },
    comments: { type: ['string', 'null'] },
    created_on: timestamp,
  },
} as const;

const signupAnswer = {
  type: 'object',
  required: ['signup', 'steps', 'files', 'audit', 'claim'],
  properties: {
    signup: signupView,
    steps: {
      type: 'array',
      description: 'Every stored step in flow order; `data` is the step\'s validated body, whatever its form holds.',
      items: {
        type: 'object',
        additionalProperties: true,
        properties: {
          step: { type: 'string' },
          data: openObject,
          updated_on: timestamp,
          config_version: { type: ['string', 'null'], description: 'The configuration version the step was validated under' },
          form_then: { ...openObject, description: 'The form as it was under that version ({ schema, uiSchema }), when it has changed since' },
        },
      },
    },
    files: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: true,
        properties: {
          id: { type: 'string' },
          step: { type: 'string' },
          field: { type: 'string' },
          original_name: { type: 'string' },
          content_type: { type: 'string' },
          size_bytes: { type: 'integer' },
          sha256: { type: 'string' },
          created_on: timestamp,
        },
      },
    },
    audit: { type: 'array', items: auditEntry },
    claim: { description: 'The account claim of an existing customer (docs/api/onboarding.md), or null for a new customer' },
  },
} as const;

/** Approve and reject: `{ signup_id, status, message }`; an approval also names the user, member and account. */
const decisionAnswer = {
  ...messageAnswer,
  properties: {
    message: { type: 'string' },
    signup_id: { type: 'string' },
    status: { type: 'string' },
    user_id: { type: 'integer' },
    member_id: { type: 'integer' },
    account_number: { type: ['string', 'null'] },
  },
} as const;

/** `filename` for Content-Disposition: ASCII fallback plus the exact UTF-8 name (RFC 6266 / 5987). */
function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The back office's view of applications (spec 2 sections 2, 4 and 7; DESIGN.md "Application review"):
 * list, review with every submitted step and document, download documents, approve, reject, comment.
 * Administrators only. The applicant's own calls live in routes/signups (POST /signups/, home branch, submit).
 */
export default async function signupsAdminRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  // onRequest: without an administrator's session nothing else (body, ids) is looked at.
  app.addHook('onRequest', app.requireAdmin);

  app.get('/signups', {
    schema: {
      querystring: adminListQuerystring(SIGNUP_STATUS_FILTER_NAMES, 20),
      response: { 200: { type: 'object', required: ['signups', 'total'], properties: { signups: { type: 'array', items: signupView }, total: { type: 'integer' } } }, ...errorResponses },
    },
    // Spec 2 section 7: the list is read as an array or under `data`, `signups` or `registrations`; `signups` it is.
    handler: async (request) => {
      const { items, total } = await listSignups(app.db, adminListOptions<SignupStatusFilter>(request.query));
      return { signups: items, total };
    },
  });

  app.get('/signups/:id', {
    schema: { params: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: signupIdProperty } }, response: { 200: signupAnswer, ...errorResponses } },
    handler: async (request) => {
      const { id } = request.params;
      const signup = await findSubmittedSignup(app.db, id);
      if (!signup) throw missing('signup');
      const [steps, files, audit, claim] = await Promise.all([listSteps(app.db, id), listFiles(app.db, id), listAudit(app.db, 'signup', id), claimReview(app.db, signup)]);
      return { signup: toView(signup), steps: await withFormsThen(app.db, app.forms, app.configVersion, stepsInFlowOrder(steps)), files, audit, claim };
    },
  });

  // Untyped instance: the answer is a file stream, which the typed reply (built from the schemas) cannot name.
  instance.get('/signups/:id/files/:fileId', {
    schema: {
      params: { type: 'object', additionalProperties: false, required: ['id', 'fileId'], properties: { id: signupIdProperty, fileId: signupIdProperty } },
      // A stream, never serialized: the document says what it is.
      response: {
        200: { description: 'The document, as an attachment (its stored type: PDF, PNG, JPEG or WEBP)', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      const { id, fileId } = request.params as { id: string; fileId: string };
      const signup = await findSubmittedSignup(app.db, id);
      const file = signup ? await findFile(app.db, id, fileId) : undefined;
      if (!file) throw missing('document');
      // Streamed from the file store (local folder or S3) to the administrator: never held whole in memory.
      const stream = await app.files.get(file.stored_name);
      if (!stream) throw missing('document');
      await writeAudit(app.db, { actorUserId: request.user!.id, action: 'signup.document_download', entityType: 'signup', entityId: id, after: { file_id: file.id, name: file.original_name } });
      // Never rendered inline: an attachment, its stored type, and no sniffing, whatever was uploaded.
      return reply
        .header('content-type', file.content_type)
        .header('content-disposition', attachmentHeader(file.original_name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .header('content-length', String(file.size_bytes))
        .send(stream);
    },
  });

  app.put('/signups/approve', {
    schema: { body: decisionBody, response: { 200: decisionAnswer, ...errorResponses } },
    handler: async (request) => approveSignup(app, request.body.signup_id, request.user!.id),
  });

  app.put('/signups/reject', {
    schema: { body: decisionBody, response: { 200: decisionAnswer, ...errorResponses } },
    handler: async (request) => rejectSignup(app, request.body.signup_id, request.user!.id),
  });

  app.put('/signups/comment', {
    schema: {
      body: commentBody,
      response: { 200: { type: 'object', required: ['signup_id', 'comments', 'message'], properties: { signup_id: { type: 'string' }, comments: { type: 'string' }, message: { type: 'string' } } }, ...errorResponses },
    },
    handler: async (request) => {
      const { signup_id: signupId, comments } = request.body;
      const text = comments.trim();
      const now = app.clock.now();
      return app.db.transaction().execute(async (trx) => {
        const signup = await findSubmittedSignup(trx, signupId, { forUpdate: true });
        if (!signup) throw missing('signup');
        if (signup.comments === text) throw conflict('This comment is already recorded.');
        await trx.updateTable('signups').set({ comments: text, updated_on: now }).where('id', '=', signupId).execute();
        await writeAudit(trx, { actorUserId: request.user!.id, action: 'signup.comment', entityType: 'signup', entityId: signupId, before: { comments: signup.comments }, after: { comments: text } });
        return { signup_id: signupId, comments: text, message: 'Comment added successfully' };
      });
    },
  });
}
