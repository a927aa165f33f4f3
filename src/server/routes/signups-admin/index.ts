import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { auditEntry, errorResponses, messageAnswer, openObject, timestamp } from '../../lib/route-schemas.js';
import { conflict, missing } from '../../lib/http-errors.js';
import { listAudit, writeAudit } from '../../lib/audit.js';
import { adminListOptions, adminListQuerystring } from '../../lib/admin-list.js';
import { approveSignup, needsTwoApprovals, referSignup, rejectSignup } from './approve-signup.js';
import { changeAssignment } from './assignment.js';
import { listConsents, refreshRiskFlags, riskFlagLabels } from '../../lib/review-rules.js';
import { claimReview, findFile, findSubmittedSignup, listAdministrators, listApprovals, listFiles, listSignups, listSteps, toView, withAssigneeNames } from './signups-admin.repository.js';
import { SIGNUP_STATUS_FILTER_NAMES, type SignupStatusFilter } from '../../../shared/statuses.js';
import { stepsInFlowOrder } from './flow-steps.js';
import { withFormsThen } from '../../lib/forms-then.js';
import { changeRequestOf } from '../../lib/change-requests.js';
import { requestChanges } from './request-changes.js';
import { ADMIN_TEXTS, REQUEST_CHANGES_MAX } from '../../../shared/messages.js';
import { fillText } from '../../../shared/fill-text.js';

const signupIdProperty = { type: 'string', minLength: 1, maxLength: 100 } as const;

const decisionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['signup_id'],
  properties: { signup_id: signupIdProperty },
} as const;

// The comment dialog's rules (spec 2 section 5): not blank, at most 500 characters. Built at registration, so the
// messages are the configuration's (src/server/lib/configured-messages.ts).
const COMMENT_MAX = 500;
const commentBody = () => ({
  type: 'object',
  additionalProperties: false,
  required: ['signup_id', 'comments'],
  properties: {
    signup_id: signupIdProperty,
    comments: {
      type: 'string',
      maxLength: COMMENT_MAX,
      pattern: '\\S',
      errorMessage: { pattern: ADMIN_TEXTS.commentRequired, maxLength: fillText(ADMIN_TEXTS.commentTooLong, { max: COMMENT_MAX }), type: ADMIN_TEXTS.commentRequired },
    },
  },
  errorMessage: { required: { comments: ADMIN_TEXTS.commentRequired } },
}) as const;

/** Risk flag id -> the words its chip shows (flows/review.json). */
const flagLabels = { type: 'object', additionalProperties: { type: 'string' } } as const;

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
    risk_flags: { type: 'array', items: { type: 'string' }, description: 'Risk flag ids (flows/review.json); chips read flag_labels' },
    assignee_user_id: { type: ['integer', 'null'] },
    assignee_name: { type: ['string', 'null'] },
    assigned_on: timestamp,
    approved_by: { type: 'array', items: { type: 'integer' }, description: 'In the list: the administrators who approved it so far (awaiting a second approval)' },
  },
} as const;

const signupAnswer = {
  type: 'object',
  required: ['signup', 'steps', 'files', 'audit', 'claim', 'consents', 'approvals', 'approvals_needed', 'flag_labels'],
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
          changed_after_request: { type: 'boolean', description: 'Sent again by the applicant after a request for changes' },
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
    consents: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          consent: { type: 'string' },
          label: { type: 'string' },
          step: { type: 'string' },
          text_version: { type: 'string' },
          current_version: { type: 'boolean', description: 'Whether the text agreed to is the wording shown today' },
          client_ip: { type: ['string', 'null'] },
          agreed_on: timestamp,
        },
      },
    },
    approvals: { type: 'array', items: { type: 'object', properties: { admin_user_id: { type: 'integer' }, admin_name: { type: ['string', 'null'] }, approved_on: timestamp } } },
    approvals_needed: { type: 'integer', description: '2 for a flagged application (four eyes), else 1' },
    flag_labels: flagLabels,
    change_request: {
      type: ['object', 'null'],
      description: "The reviewer's request for changes (steps, message, when and by whom), and once sent again what changed",
      additionalProperties: false,
      properties: {
        steps: { type: 'array', items: { type: 'string' } },
        message: { type: 'string' },
        requested_on: { type: 'string' },
        requested_by: { type: 'integer' },
        resubmitted_on: { type: 'string' },
        changed: { type: 'array', items: { type: 'string' } },
      },
    },
  },
} as const;

/** Refer and reject: the application, and an optional reason kept in the audit trail. */
const reasonBody = () => ({
  type: 'object',
  additionalProperties: false,
  required: ['signup_id'],
  properties: { signup_id: signupIdProperty, reason: { type: 'string', maxLength: COMMENT_MAX, errorMessage: { maxLength: fillText(ADMIN_TEXTS.reasonTooLong, { max: COMMENT_MAX }), type: ADMIN_TEXTS.reasonNotText } } },
}) as const;

/** Built at registration, so the messages are the configuration's (src/server/lib/configured-messages.ts). */
const requestChangesBody = () => ({
  type: 'object',
  additionalProperties: false,
  required: ['signup_id', 'steps', 'message'],
  properties: {
    signup_id: signupIdProperty,
    steps: {
      type: 'array',
      minItems: 1,
      maxItems: 40,
      items: { type: 'string', minLength: 1, maxLength: 80 },
      errorMessage: { minItems: ADMIN_TEXTS.noSteps, maxItems: ADMIN_TEXTS.tooManySteps, type: ADMIN_TEXTS.chooseSteps },
    },
    message: {
      type: 'string',
      minLength: 1,
      maxLength: REQUEST_CHANGES_MAX,
      pattern: '\\S',
      errorMessage: { minLength: ADMIN_TEXTS.noMessage, pattern: ADMIN_TEXTS.noMessage, maxLength: fillText(ADMIN_TEXTS.messageTooLong, { max: REQUEST_CHANGES_MAX }), type: ADMIN_TEXTS.messageNotText },
    },
  },
  errorMessage: { required: { steps: ADMIN_TEXTS.noSteps, message: ADMIN_TEXTS.noMessage } },
}) as const;

const reassignBody = () => ({
  type: 'object',
  additionalProperties: false,
  required: ['signup_id', 'user_id'],
  properties: { signup_id: signupIdProperty, user_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647, errorMessage: ADMIN_TEXTS.chooseAdministrator } },
  errorMessage: { required: { user_id: ADMIN_TEXTS.chooseAdministrator } },
}) as const;

const assignmentAnswer = {
  type: 'object',
  required: ['signup_id', 'assignee_user_id', 'message'],
  properties: { signup_id: { type: 'string' }, assignee_user_id: { type: ['integer', 'null'] }, assignee_name: { type: ['string', 'null'] }, assigned_on: { type: ['string', 'null'] }, message: { type: 'string' } },
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

  const listQuery = adminListQuerystring(SIGNUP_STATUS_FILTER_NAMES, 20);
  app.get('/signups', {
    schema: {
      querystring: { ...listQuery, properties: { ...listQuery.properties, mine: { type: 'boolean', description: 'Only the applications assigned to the caller' } } },
      response: {
        200: { type: 'object', required: ['signups', 'total', 'flag_labels'], properties: { signups: { type: 'array', items: signupView }, total: { type: 'integer' }, flag_labels: flagLabels } },
        ...errorResponses,
      },
    },
    // Spec 2 section 7: the list is read as an array or under `data`, `signups` or `registrations`; `signups` it is.
    handler: async (request) => {
      const options = { ...adminListOptions<SignupStatusFilter>(request.query), ...(request.query.mine ? { assigneeUserId: request.user!.id } : {}) };
      const { items, total } = await listSignups(app.db, options);
      return { signups: items, total, flag_labels: riskFlagLabels() };
    },
  });

  app.get('/signups/assignees', {
    schema: {
      response: {
        200: { type: 'object', required: ['administrators'], properties: { administrators: { type: 'array', items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } } } } } },
        ...errorResponses,
      },
    },
    handler: async () => ({ administrators: await listAdministrators(app.db) }),
  });

  app.get('/signups/:id', {
    schema: { params: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: signupIdProperty } }, response: { 200: signupAnswer, ...errorResponses } },
    handler: async (request) => {
      const { id } = request.params;
      const signup = await findSubmittedSignup(app.db, id);
      if (!signup) throw missing('signup');
      const [steps, files, audit, claim, consents, approvals, [view]] = await Promise.all([
        listSteps(app.db, id),
        listFiles(app.db, id),
        listAudit(app.db, 'signup', id),
        claimReview(app.db, signup),
        listConsents(app.db, id),
        listApprovals(app.db, id),
        withAssigneeNames(app.db, [toView(signup)]),
      ]);
      // A step the applicant sent again after a request for changes is marked, so the reviewer sees what changed.
      const changeRequest = changeRequestOf(signup);
      const since = changeRequest ? new Date(changeRequest.requested_on).getTime() : Infinity;
      const marked = steps.map((s) => ({ ...s, changed_after_request: new Date(s.updated_on).getTime() > since }));
      return {
        signup: view,
        steps: await withFormsThen(app.db, app.forms, app.configVersion, stepsInFlowOrder(marked)),
        files,
        audit,
        claim,
        consents,
        approvals,
        flag_labels: riskFlagLabels(),
        approvals_needed: needsTwoApprovals(signup) ? 2 : 1,
        change_request: changeRequest,
      };
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

  app.put('/signups/request-changes', {
    schema: { body: requestChangesBody(), response: { 200: decisionAnswer, ...errorResponses } },
    handler: async (request) => requestChanges(app, { signupId: request.body.signup_id, actorUserId: request.user!.id, steps: [...request.body.steps], message: request.body.message.trim() }),
  });

  app.put('/signups/refer', {
    schema: { body: reasonBody(), response: { 200: decisionAnswer, ...errorResponses } },
    handler: async (request) => referSignup(app, request.body.signup_id, request.user!.id, request.body.reason?.trim() || undefined),
  });

  for (const action of ['claim', 'release'] as const) {
    app.put(`/signups/${action}`, {
      schema: { body: decisionBody, response: { 200: assignmentAnswer, ...errorResponses } },
      handler: async (request) => changeAssignment(app, action, request.body.signup_id, request.user!.id),
    });
  }

  app.put('/signups/reassign', {
    schema: { body: reassignBody(), response: { 200: assignmentAnswer, ...errorResponses } },
    handler: async (request) => changeAssignment(app, 'reassign', request.body.signup_id, request.user!.id, request.body.user_id),
  });

  // Risk flags are computed at final submission; after a change of flows/review.json an administrator recomputes them.
  app.put('/signups/risk-flags', {
    schema: {
      body: decisionBody,
      response: { 200: { type: 'object', required: ['signup_id', 'risk_flags', 'message'], properties: { signup_id: { type: 'string' }, risk_flags: { type: 'array', items: { type: 'string' } }, message: { type: 'string' } } }, ...errorResponses },
    },
    handler: async (request) => {
      const now = app.clock.now();
      return app.db.transaction().execute(async (trx) => {
        const signup = await findSubmittedSignup(trx, request.body.signup_id, { forUpdate: true });
        if (!signup) throw missing('signup');
        const flags = await refreshRiskFlags(trx, signup, now);
        await writeAudit(trx, { actorUserId: request.user!.id, action: 'signup.risk_flags', entityType: 'signup', entityId: signup.id, before: { risk_flags: signup.risk_flags }, after: { risk_flags: flags } });
        return { signup_id: signup.id, risk_flags: flags, message: ADMIN_TEXTS.riskFlagsRecomputed };
      });
    },
  });

  app.put('/signups/reject', {
    schema: { body: reasonBody(), response: { 200: decisionAnswer, ...errorResponses } },
    handler: async (request) => rejectSignup(app, request.body.signup_id, request.user!.id, request.body.reason?.trim() || undefined),
  });

  app.put('/signups/comment', {
    schema: {
      body: commentBody(),
      response: { 200: { type: 'object', required: ['signup_id', 'comments', 'message'], properties: { signup_id: { type: 'string' }, comments: { type: 'string' }, message: { type: 'string' } } }, ...errorResponses },
    },
    handler: async (request) => {
      const { signup_id: signupId, comments } = request.body;
      const text = comments.trim();
      const now = app.clock.now();
      return app.db.transaction().execute(async (trx) => {
        const signup = await findSubmittedSignup(trx, signupId, { forUpdate: true });
        if (!signup) throw missing('signup');
        if (signup.comments === text) throw conflict(ADMIN_TEXTS.commentRecorded);
        await trx.updateTable('signups').set({ comments: text, updated_on: now }).where('id', '=', signupId).execute();
        await writeAudit(trx, { actorUserId: request.user!.id, action: 'signup.comment', entityType: 'signup', entityId: signupId, before: { comments: signup.comments }, after: { comments: text } });
        return { signup_id: signupId, comments: text, message: ADMIN_TEXTS.commentAdded };
      });
    },
  });
}
