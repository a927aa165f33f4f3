import type { FastifyInstance } from 'fastify';
import { endPendingGrants } from '../../lib/pending-grants.js';
import type { ValidateFunction } from 'ajv';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { auditEntry, errorResponses, timestamp } from '../../lib/route-schemas.js';
import { hashPassword } from '../../lib/passwords.js';
import { badRequest, conflict, missing } from '../../lib/http-errors.js';
import { listAudit, writeAudit } from '../../lib/audit.js';
import { adminListOptions, adminListQuerystring } from '../../lib/admin-list.js';
import { normaliseMobile } from '../../../shared/mobile-number.js';
import { ajvErrorsToFieldErrors } from '../../../shared/api-error.js';
import { findUser, insertUser, listUsers, updateUser } from './users.repository.js';
import { takenContacts } from '../../lib/user-contacts.js';
import { maskEmail, maskPhone } from '../../lib/sign-in-attempts.js';
import { formatDateTime } from '../../../shared/format-date.js';
import { notification } from '../../lib/notification-texts.js';
import { USER_STATUS_FILTER_NAMES, type UserStatusFilter } from '../../../shared/statuses.js';
import { ROLES } from '../../../shared/roles.js';
import { ADMIN_TEXTS, REQUEST_TEXTS } from '../../../shared/messages.js';
import { API_TEXTS } from '../../lib/api-texts.js';


/**
 * A change to the caller's own account that would lock them out (block or delete, alone or inside an edit, or a role
 * other than administrator, which would leave the area at once and could leave no administrator, or no second one
 * for a flagged application): 409.
 */
function refuseSelfLockout(body: Record<string, unknown>): void {
  if (body.is_blocked === true) throw conflict(ADMIN_TEXTS.cannotBlockSelf);
  if (body.is_deleted === true) throw conflict(ADMIN_TEXTS.cannotDeleteSelf);
  if (body.role_id !== undefined && body.role_id !== ROLES.SYSTEMS_ADMINISTRATOR) throw conflict(ADMIN_TEXTS.cannotChangeOwnRole, { role_id: ADMIN_TEXTS.cannotChangeOwnRole });
}

const idParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

/** Block or unblock: a body with this one field and nothing else. */
const blockSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['is_blocked'],
  properties: { is_blocked: { type: 'boolean' } },
} as const;

/** A user as the API shows it (users.repository `UserView`: every column but the password hash, plus `name`). */
const userView = {
  type: 'object',
  additionalProperties: true,
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    other_names: { type: ['string', 'null'] },
    email: { type: 'string' },
    mobile: { type: ['string', 'null'] },
    role_id: { type: 'integer' },
    office_id: { type: ['integer', 'null'] },
    dob: { description: 'YYYY-MM-DD, or null' },
    gender: { type: ['string', 'null'] },
    is_blocked: { type: 'boolean' },
    is_deleted: { type: 'boolean' },
    member_id: { type: ['integer', 'null'] },
    last_signed_in_on: timestamp,
    created_on: timestamp,
    updated_on: timestamp,
  },
} as const;
const userAnswer = { type: 'object', required: ['message', 'user'], properties: { message: { type: 'string' }, user: userView } } as const;
const auditList = { type: 'array', items: auditEntry } as const;

interface UserFormBody {
  first_name: string;
  last_name: string;
  other_names?: string;
  email: string;
  mobile: string;
  password?: string;
  verify_password?: string;
  role_id: number;
  office_id: number;
  dob: string;
  gender: string;
}

/** The stored columns of a validated form body (verify_password is only a check and is dropped). */
function userColumns(body: UserFormBody) {
  return {
    first_name: body.first_name.trim(),
    last_name: body.last_name.trim(),
    other_names: body.other_names?.trim() || null,
    email: body.email.trim(),
    mobile: normaliseMobile(body.mobile),
    role_id: body.role_id,
    office_id: body.office_id,
    dob: body.dob,
    gender: body.gender,
  };
}

/**
 * What a user is told at their old email and mobile when an administrator changes either: sign-in codes and password
 * resets go to the new ones from now on, so a change the user did not ask for is an account taken over, and only the
 * old contacts can raise the alarm. The new ones are masked.
 */
function contactChangedText(before: { email: string; mobile: string | null }, after: { email: string; mobile: string | null; first_name: string }, productName: string, now: Date): string | undefined {
  const email = before.email !== after.email;
  const mobile = before.mobile !== after.mobile;
  if (!email && !mobile) return undefined;
  const values = { name: after.first_name, email: maskEmail(after.email), mobile: maskPhone(after.mobile) ?? '', when: formatDateTime(now) };
  return notification(email && mobile ? 'contactChangedBoth' : email ? 'contactChangedEmail' : 'contactChangedMobile', productName, values);
}

/**
 * User administration (spec 2 sections 2-5): list, view, create, update, block/unblock, soft delete.
 * Administrators only; every change is audited; blocking or deleting ends the user's sessions at once.
 */
export default async function usersRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  // The same schemas (lists inlined) the browser's precompiled validators were built from.
  const createSchema = app.forms.schemaOf('admin/user');
  // Compiled at its first use, as the route schemas are (app.ts).
  let validateBlock: ValidateFunction | undefined;
  // The form's schema AND its date rules in one pass, so every field's message comes back together.
  const formValidator = app.forms;
  const validateForm = (formId: 'admin/user' | 'admin/user-update', body: unknown): UserFormBody => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest(API_TEXTS.bodyNotObject);
    return formValidator.validate(formId, body as Record<string, unknown>) as unknown as UserFormBody;
  };

  async function ensureContactsFree(contact: { email: string; mobile: string }, exceptUserId?: number) {
    const taken = await takenContacts(app.db, contact, exceptUserId);
    const errors: Record<string, string> = {};
    if (taken.email) errors.email = REQUEST_TEXTS.emailTaken;
    if (taken.mobile) errors.mobile = REQUEST_TEXTS.mobileTaken;
    if (Object.keys(errors).length) throw conflict(errors.email ?? errors.mobile, errors);
  }

  // onRequest, before the body is even parsed: without an administrator's session nothing else is looked at.
  app.addHook('onRequest', app.requireAdmin);

  app.get('/', {
    schema: {
      querystring: adminListQuerystring(USER_STATUS_FILTER_NAMES, 10),
      response: { 200: { type: 'object', required: ['items', 'total'], properties: { items: { type: 'array', items: userView }, total: { type: 'integer' } } }, ...errorResponses },
    },
    handler: async (request) => listUsers(app.db, adminListOptions<UserStatusFilter>(request.query)),
  });

  app.get('/:id', {
    schema: { params: idParams, response: { 200: { type: 'object', required: ['user', 'audit'], properties: { user: userView, audit: auditList } }, ...errorResponses } },
    handler: async (request) => {
      const { id } = request.params;
      const user = await findUser(app.db, id);
      if (!user) throw missing('user');
      return { user, audit: await listAudit(app.db, 'user', id) };
    },
  });

  app.post('/', {
    // The schema documents the body; the handler validates it with the date rules, so a failure of the
    // schema does not hide the rules' messages (every field's message at once).
    // The form's schema is loaded from forms/ at run time, so it stays JsonObject-typed (no static body type).
    schema: { body: createSchema, response: { 201: userAnswer, ...errorResponses } },
    attachValidation: true,
    handler: async (request, reply) => {
      const body = validateForm('admin/user', request.body);
      const columns = userColumns(body);
      await ensureContactsFree(columns);
      const passwordHash = await hashPassword(body.password!);
      const user = await app.db.transaction().execute(async (trx) => {
        const created = await insertUser(trx, { ...columns, password_hash: passwordHash, member_id: null, last_signed_in_on: null });
        await writeAudit(trx, { actorUserId: request.user!.id, action: 'user.create', entityType: 'user', entityId: created.id, after: created });
        return created;
      });
      return reply.status(201).send({ message: ADMIN_TEXTS.userCreated, user });
    },
  });

  app.put('/:id', {
    // Two bodies share this call (spec 2 section 7): `{ is_blocked }` alone, or the update form.
    // Each is checked against its own schema below, so its messages stay the form's own.
    schema: {
      params: idParams,
      body: {
        type: 'object',
        description: 'Either `{ is_blocked }` alone (block or unblock), or the body of the admin/user-update form (forms/admin/user-update.schema.json).',
        examples: [{ is_blocked: true }],
      },
      response: { 200: userAnswer, ...errorResponses },
    } as const,
    handler: async (request) => {
      const { id } = request.params;
      const { body } = request;
      // Whatever else the body holds, an administrator never locks themselves out: 409 before any other check.
      if (id === request.user!.id) refuseSelfLockout(body);
      const isBlockChange = Object.keys(body).length === 1 && 'is_blocked' in body;

      if (isBlockChange) {
        validateBlock ??= app.bodyAjv.compile(blockSchema);
        if (!validateBlock(body)) throw badRequest(REQUEST_TEXTS.fixFields, ajvErrorsToFieldErrors(validateBlock.errors));
        const blocked = body.is_blocked as boolean;
        const user = await app.db.transaction().execute(async (trx) => {
          const before = await findUser(trx, id, { forUpdate: true });
          if (!before) throw missing('user');
          const after = await updateUser(trx, id, { is_blocked: blocked, updated_on: app.clock.now() });
          if (blocked) await endPendingGrants(trx, id, app.clock.now());
          await writeAudit(trx, { actorUserId: request.user!.id, action: blocked ? 'user.block' : 'user.unblock', entityType: 'user', entityId: id, before: { is_blocked: before.is_blocked }, after: { is_blocked: after.is_blocked } });
          return after;
        });
        if (blocked) await app.sessions.revokeAllForUser(id);
        return { message: blocked ? ADMIN_TEXTS.userBlocked : ADMIN_TEXTS.userUnblocked, user };
      }

      const form = validateForm('admin/user-update', body);
      const columns = userColumns(form);
      if (!(await findUser(app.db, id))) throw missing('user');
      await ensureContactsFree(columns, id);
      const user = await app.db.transaction().execute(async (trx) => {
        const before = await findUser(trx, id, { forUpdate: true });
        if (!before) throw missing('user');
        const now = app.clock.now();
        const after = await updateUser(trx, id, { ...columns, updated_on: now });
        await writeAudit(trx, { actorUserId: request.user!.id, action: 'user.update', entityType: 'user', entityId: id, before, after });
        const notice = contactChangedText(before, after, app.config.productName, now);
        if (notice) {
          // A code on its way to the old address no longer signs in or resets the password.
          await endPendingGrants(trx, id, now);
          await app.outbox.send({ channel: 'email', to: before.email, subject: notification('contactChangedSubject', app.config.productName), body: notice, purpose: 'contact_changed' }, trx);
          if (before.mobile) await app.outbox.send({ channel: 'sms', to: before.mobile, body: notice, purpose: 'contact_changed' }, trx);
        }
        return after;
      });
      void app.outbox.flush().catch(() => undefined);
      return { message: ADMIN_TEXTS.userUpdated, user };
    },
  });

  app.delete('/:id/soft', {
    schema: { params: idParams, response: { 200: userAnswer, ...errorResponses } },
    handler: async (request) => {
      const { id } = request.params;
      if (id === request.user!.id) throw conflict(ADMIN_TEXTS.cannotDeleteSelf);
      const user = await app.db.transaction().execute(async (trx) => {
        const before = await findUser(trx, id, { forUpdate: true });
        if (!before) throw missing('user');
        if (before.is_deleted) throw conflict(ADMIN_TEXTS.userAlreadyDeleted);
        const after = await updateUser(trx, id, { is_deleted: true, updated_on: app.clock.now() });
        await endPendingGrants(trx, id, app.clock.now());
        await writeAudit(trx, { actorUserId: request.user!.id, action: 'user.delete', entityType: 'user', entityId: id, before: { is_deleted: false }, after: { is_deleted: true } });
        return after;
      });
      await app.sessions.revokeAllForUser(id);
      return { message: ADMIN_TEXTS.userDeleted, user };
    },
  });
}
