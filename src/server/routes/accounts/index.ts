import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { errorResponses } from '../../lib/route-schemas.js';
import rateLimit from '@fastify/rate-limit';
import { HttpError, badRequest, missing, tooMany, unauthorized } from '../../lib/http-errors.js';
import { formBody } from '../../lib/form-body.js';
import { maskPhone } from '../../lib/sign-in-attempts.js';
import { CODE_TTL_MS, sendCountTurn } from '../../lib/one-time-codes.js';
import { TRANSFER_CODE_PURPOSE, claimTransferCode, issueTransferCode, transferCodeMessage } from '../../lib/transfer-codes.js';
import { dayRange, startOfToday } from '../../lib/day-bounds.js';
import { SESSION_TEXTS, TRANSFER_TEXTS } from '../../../shared/messages.js';
import { MEMBER_TEXTS } from '../../../shared/member-texts.js';
import type { Account } from '../../db/tables/accounts.table.js';
import { IDEMPOTENCY_HEADER } from '../../../shared/product.js';
import { centsToDollars, dollarsToCents } from '../../../shared/money.js';
import { ruleMessage } from '../../../shared/keyword-words.js';
import { isTransferable, listDestinationProducts, listMemberAccounts, listMemberTransactions } from './accounts.repository.js';
import { answerError } from '../../plugins/errors.js';
import { checkMemberTransfer, performTransfer, refuseUsedKey, transferFingerprint, SessionNotLive, type SessionCaller, type TransferOutcome, type TransferRequest } from './transfers.repository.js';
import { notification } from '../../lib/notification-texts.js';
import { API_TEXTS } from '../../lib/api-texts.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,100}$/;

const money = { type: 'number', description: 'Dollars (two decimals at most)' } as const;
const cents = { type: 'integer', description: 'The same amount in integer cents' } as const;

/** `dashboardAccount` below, field for field. */
const dashboardAccountSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    AccountNumber: { type: 'string' },
    Product: { type: 'string' },
    AvailableBalance: money,
    account_number: { type: 'string' },
    account_type: { type: 'string', enum: ['savings', 'deposit', 'loan'] },
    product_code: { type: 'string' },
    product_name: { type: 'string' },
    balance_cents: cents,
  },
} as const;
const accountGroups = {
  savings: { type: 'array', items: dashboardAccountSchema },
  deposit: { type: 'array', items: dashboardAccountSchema },
  loan: { type: 'array', items: dashboardAccountSchema },
} as const;

/** `optionAccount` below, field for field. */
const optionAccountSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    Account: { type: 'string', description: 'The account number' },
    Product: { type: 'string' },
    AvailableBalance: money,
    account_type: { type: 'string', enum: ['savings', 'deposit', 'loan'] },
    balance_cents: cents,
  },
} as const;

/** `transferAnswer` below (spec 2 section 7 reads data.ReferenceNo, or ReferenceNo). */
const transferAnswerSchema = {
  type: 'object',
  required: ['message', 'data', 'ReferenceNo'],
  properties: {
    message: { type: 'string' },
    data: {
      type: 'object',
      required: ['ReferenceNo', 'reference_no', 'amount', 'amount_cents', 'created_on'],
      properties: { ReferenceNo: { type: 'string' }, reference_no: { type: 'string' }, amount: money, amount_cents: cents, created_on: { type: 'string', description: 'ISO 8601' } },
    },
    ReferenceNo: { type: 'string' },
  },
  examples: [
    {
      message: 'Transfer completed successfully',
      data: { ReferenceNo: 'TRF-20261125-000042', reference_no: 'TRF-20261125-000042', amount: 25.5, amount_cents: 2550, created_on: '2026-11-25T09:00:00.000Z' },
      ReferenceNo: 'TRF-20261125-000042',
    },
  ],
} as const;
const transferResponses = { 200: transferAnswerSchema, ...errorResponses } as const;

const transactionsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
    page_size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    account_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    from: { type: 'string', format: 'date', description: 'First day (YYYY-MM-DD, the credit union\'s time zone), inclusive' },
    to: { type: 'string', format: 'date', description: 'Last day (YYYY-MM-DD), inclusive' },
  },
} as const;
const transactionsAnswer = {
  type: 'object',
  required: ['items', 'total', 'page', 'page_size'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          id: { type: 'integer' },
          date: { type: 'string', description: 'ISO 8601' },
          account_id: { type: 'integer' },
          account_number: { type: 'string' },
          account_type: { type: 'string', enum: ['savings', 'deposit', 'loan'] },
          product: { type: 'string' },
          description: { type: 'string' },
          kind: { type: 'string' },
          amount: money,
          amount_cents: cents,
          balance_after: { ...money, description: 'The account\'s balance right after this entry (dollars)' },
          balance_after_cents: cents,
          reference_no: { type: ['string', 'null'] },
          instructions: { type: ['string', 'null'] },
        },
      },
    },
    total: { type: 'integer' },
    page: { type: 'integer' },
    page_size: { type: 'integer' },
  },
} as const;

/** The account as the dashboard reads it (spec 2 section 3), with plain snake_case fields too. */
function dashboardAccount(account: Account) {
  return {
    id: account.id,
    AccountNumber: account.account_number,
    Product: account.product_name,
    AvailableBalance: centsToDollars(Number(account.balance_cents)),
    account_number: account.account_number,
    account_type: account.account_type,
    product_code: account.product_code,
    product_name: account.product_name,
    balance_cents: Number(account.balance_cents),
  };
}

/** An entry of a transfer option list: id, Account, Product, AvailableBalance (spec 2 section 3). */
function optionAccount(account: Account) {
  return {
    id: account.id,
    Account: account.account_number,
    Product: account.product_name,
    AvailableBalance: centsToDollars(Number(account.balance_cents)),
    account_type: account.account_type,
    balance_cents: Number(account.balance_cents),
  };
}

function transferAnswer(outcome: TransferOutcome) {
  const data = {
    ReferenceNo: outcome.referenceNo,
    reference_no: outcome.referenceNo,
    amount: centsToDollars(outcome.amountCents),
    amount_cents: outcome.amountCents,
    created_on: outcome.createdOn.toISOString(),
  };
  return { message: TRANSFER_TEXTS.completed, data, ReferenceNo: outcome.referenceNo };
}

function readIdempotencyKey(request: FastifyRequest): string {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
    throw badRequest(API_TEXTS.idempotencyKeyNeeded);
  }
  return key;
}

/** Exact cents, or 400 with the form's message: fractions of a cent never reach the ledger (I3). */
function readCents(amount: number, message: string): number {
  const cents = dollarsToCents(amount);
  if (cents === null) throw badRequest(message, { amount: message });
  return cents;
}

function caller(request: FastifyRequest) {
  // requireMember guarantees a member id.
  return { userId: request.user!.id, memberId: request.user!.memberId! };
}

/** The fields both transfer forms send. */
interface TransferBody {
  source_id: number;
  source_account: string;
  destination_account: string;
  amount: number;
  instructions?: string;
}
interface SelfBody extends TransferBody {
  destination_id: number;
}
interface MemberBody extends TransferBody {
  destination_product: string;
}
interface ConfirmedMemberBody extends MemberBody {
  code: string;
}

/** What POST /accounts/transfer-to-member/code answers: where the code went, and for how long it holds. */
const codeSentSchema = {
  type: 'object',
  required: ['message', 'phone', 'expires_in'],
  properties: {
    message: { type: 'string' },
    phone: { type: 'string', description: 'The mobile the code went to, masked' },
    expires_in: { type: 'integer', description: 'Seconds the code stays valid' },
  },
  examples: [{ message: TRANSFER_TEXTS.codeSent, phone: '+1868***0002', expires_in: 600 }],
} as const;

const instructionsOf = (text: string | undefined) => (text && text.trim() ? text.trim() : null);

/**
 * What both transfer kinds read alike, in the order their refusals come: the Idempotency-Key header,
 * then exact cents; the kind-specific checks follow.
 */
function readTransfer(request: FastifyRequest<{ Body: TransferBody }>, amountMessage: string) {
  const key = readIdempotencyKey(request);
  const body = request.body;
  const common = {
    sourceId: body.source_id,
    sourceAccount: body.source_account,
    destinationAccount: body.destination_account,
    amountCents: readCents(body.amount, amountMessage),
    instructions: instructionsOf(body.instructions),
  };
  return { key, common };
}

/** The member area (spec 2): accounts, transfer options, transfers and the ledger, each limited to the caller's own records. */
export default async function accountRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  // preValidation, not preHandler: a caller without a member session learns nothing from body validation.
  const guard = { preValidation: app.requireMember };
  // The same JSON Schemas the browser renders (forms/member); bodies are validated by them.
  const transferSchemas = { self: app.forms.schemaOf('member/transfer-to-self'), member: app.forms.schemaOf('member/transfer-to-member') };
  // The exact-cents check (I3) says what each form's `multipleOf` says.
  const amountMessages = { self: ruleMessage(transferSchemas.self.properties.amount, 'multipleOf'), member: ruleMessage(transferSchemas.member.properties.amount, 'multipleOf') };

  // The transfer bodies are forms/ schemas loaded at run time (JsonObject-typed): the handlers name their body type.
  const transferExample = { source_id: 1, source_account: '10000000101', destination_account: '10000000102', amount: 25.5, instructions: 'Rent for November' };
  const documented = {
    self: { ...transferSchemas.self, examples: [{ ...transferExample, destination_id: 2 }] },
    member: { ...transferSchemas.member, examples: [{ ...transferExample, destination_account: '10000000202', destination_product: 'SAV' }] },
  };

  app.get('/', { ...guard, schema: { response: { 200: { type: 'object', required: ['data', 'savings', 'deposit', 'loan'], properties: { data: { type: 'object', properties: accountGroups }, ...accountGroups } }, ...errorResponses } } }, async (request) => {
    const accounts = await listMemberAccounts(app.db, caller(request).memberId);
    const group = (type: Account['account_type']) => accounts.filter((a) => a.account_type === type).map(dashboardAccount);
    const data = { savings: group('savings'), deposit: group('deposit'), loan: group('loan') };
    return { data, ...data };
  });

  const optionList = { type: 'array', items: optionAccountSchema } as const;
  const selfOptions = { type: 'object', required: ['data'], properties: { data: { type: 'object', properties: { Source: optionList, Destination: optionList } } } } as const;
  app.get('/transfer-to-self-options', { ...guard, schema: { response: { 200: selfOptions, ...errorResponses } } }, async (request) => {
    const accounts = (await listMemberAccounts(app.db, caller(request).memberId)).filter(isTransferable).map(optionAccount);
    return { data: { Source: accounts, Destination: accounts } };
  });

  const products = { type: 'array', items: { type: 'object', additionalProperties: false, properties: { Prd: { type: 'string', description: 'The product code to send as destination_product' }, Product: { type: 'string' } } } } as const;
  const memberOptions = { type: 'object', required: ['data'], properties: { data: { type: 'object', properties: { Source: optionList, Destination: products } } } } as const;
  app.get('/transfer-to-member-options', { ...guard, schema: { response: { 200: memberOptions, ...errorResponses } } }, async (request) => {
    const [accounts, products] = await Promise.all([listMemberAccounts(app.db, caller(request).memberId), listDestinationProducts(app.db)]);
    return {
      data: {
        Source: accounts.filter(isTransferable).map(optionAccount),
        Destination: products.map((p) => ({ Prd: p.product_code, Product: p.product_name })),
      },
    };
  });

  /** The member transfer a body asks for, once its destination type is one of the listed ones. */
  async function readMemberTransfer(request: FastifyRequest<{ Body: MemberBody }>) {
    const { key, common } = readTransfer(request, amountMessages.member);
    const products = await listDestinationProducts(app.db);
    if (!products.some((p) => p.product_code === request.body.destination_product)) {
      const message: string = transferSchemas.member.properties.destination_product.errorMessage;
      throw badRequest(message, { destination_product: message });
    }
    const transfer: Extract<TransferRequest, { kind: 'member' }> = { ...common, kind: 'member', destinationProduct: request.body.destination_product };
    return { key, transfer };
  }
  const limits = app.config.transferLimits;
  const dayStart = (now: Date) => startOfToday(app.config.timeZone, now);
  // Destination numbers a member entered that were not found, per member and hour (in Redis when REDIS_URL is set).
  let notFound: (request: FastifyRequest, options?: { increment?: boolean }) => Promise<{ remaining: number; ttlInSeconds: number }>;
  await app.register(async (holder) => {
    await holder.register(rateLimit, { global: false, ...app.counters.storeOptions('transfer-not-found') });
    notFound = holder.createRateLimit({ max: limits.notFoundPerHour, timeWindow: 3600_000, keyGenerator: (request) => String(request.user!.id) }) as typeof notFound;
  });

  // A transfer to self is one round trip: its statement checks the session row (performTransfer's SessionCaller)
  // where requireMember would have read it first. Before the body is looked at, only the token is checked
  // (signature, audience, expiry); any answer the statement does not give (the body's 400s, a refusal before
  // the session was read) first runs requireMember, so a caller without a live member session still gets
  // 401/403 and learns nothing from validation (tests/server/member/accounts-routes.test.ts).
  const claimsOf = new WeakMap<FastifyRequest, SessionCaller>();
  const selfGuard = {
    preValidation: async (request: FastifyRequest) => {
      claimsOf.set(request, await app.sessionClaims(request));
    },
    errorHandler: async (error: Error, request: FastifyRequest, reply: FastifyReply) => {
      let answer = error;
      if (claimsOf.has(request) && !request.user) {
        try {
          await app.requireMember(request);
        } catch (refused) {
          // A session that is not live answers 401/403; a lookup that failed otherwise leaves the first error.
          if (refused instanceof HttpError) answer = refused;
        }
      }
      // The statement and the lookup disagree on the session (it ended in between): not live either way.
      if (answer instanceof SessionNotLive) answer = unauthorized(SESSION_TEXTS.expired);
      return answerError(app, answer as FastifyError, request, reply);
    },
  };
  app.post<{ Body: SelfBody }>('/transfer-to-self', { ...selfGuard, schema: { body: documented.self, response: transferResponses } }, async (request) => {
    const claims = claimsOf.get(request)!;
    const { key, common } = readTransfer(request, amountMessages.self);
    const transfer: TransferRequest = { ...common, kind: 'self', destinationId: request.body.destination_id };
    const outcome = await performTransfer(app.db, claims, key, transfer, app.clock.now(), undefined, (session) => {
      request.user = { id: session.user_id, sessionId: claims.sessionId, roleId: session.role_id, memberId: session.member_id, email: session.email };
    });
    return transferAnswer(outcome);
  });

  // A transfer to another member takes two calls (DESIGN.md "Transfers to another member", docs/api/accounts.md):
  // the transfer's details for a code, checked first against every rule and limit; then the same details with
  // the code, which confirms exactly that transfer (source, destination, amount) and nothing else.
  app.post<{ Body: MemberBody }>('/transfer-to-member/code', { ...guard, schema: { body: documented.member, response: { 200: codeSentSchema, ...errorResponses } } }, async (request) => {
    const { key, transfer } = await readMemberTransfer(request);
    const who = caller(request);
    const now = app.clock.now();
    const user = await app.db.selectFrom('users').select('mobile').where('id', '=', who.userId).executeTakeFirstOrThrow();
    if (!user.mobile) throw new HttpError(422, TRANSFER_TEXTS.noContact);
    const mobile = user.mobile;
    const fingerprint = transferFingerprint(transfer);
    await refuseUsedKey(app.db, who.userId, key, fingerprint);
    // One lookup at a time per member, counted before the next is let in: a burst of numbers would otherwise all read
    // the same count and be looked up together (28 not found of 10 allowed, seen on Postgres).
    const destination = await app.db.transaction().execute(async (trx) => {
      await sendCountTurn(trx, `transfer-not-found:${who.userId}`);
      const used = await notFound(request, { increment: false });
      if (used.remaining <= 0) throw tooMany(TRANSFER_TEXTS.tooManyNotFound, used.ttlInSeconds);
      return checkMemberTransfer(trx, who, transfer, now, limits, dayStart(now)).catch(async (error: unknown) => {
        if (error instanceof HttpError && error.message === TRANSFER_TEXTS.notFound) await notFound(request);
        throw error;
      });
    });
    await app.db.transaction().execute(async (trx) => {
      const code = await issueTransferCode(trx, { userId: who.userId, idempotencyKey: key, binding: fingerprint, recipient: mobile, now, secret: app.config.jwtSecret, perHour: limits.codesPerHour });
      // The same request again (a repeat the browser sent): the code already sent stands.
      if (code === null) return;
      await app.outbox.send({ channel: 'sms', to: mobile, subject: notification('transferCodeSubject', app.config.productName), body: transferCodeMessage(app.config.productName, code, transfer.amountCents, destination.account_number), purpose: TRANSFER_CODE_PURPOSE }, trx);
    });
    void app.outbox.flush().catch(() => undefined);
    return { message: TRANSFER_TEXTS.codeSent, phone: maskPhone(mobile) ?? '', expires_in: CODE_TTL_MS / 1000 };
  });

  const confirmedMemberBody = {
    ...formBody([transferSchemas.member, app.forms.schemaOf('member/transfer-code')], {}),
    examples: [{ ...documented.member.examples[0], code: '123456' }],
  };
  app.post<{ Body: ConfirmedMemberBody }>('/transfer-to-member', { ...guard, schema: { body: confirmedMemberBody, response: transferResponses } }, async (request) => {
    const { key, transfer } = await readMemberTransfer(request);
    const who = caller(request);
    const now = app.clock.now();
    // A retry of a transfer already made answers from the transfer: its code was used up by it, in the transaction
    // that made it, so a claim refused for that reason finds the transfer committed (a twin in flight included).
    const codeId = await claimTransferCode(app.db, { userId: who.userId, idempotencyKey: key, binding: transferFingerprint(transfer), code: request.body.code, now, secret: app.config.jwtSecret }).catch(async (error: unknown) => {
      const made = await app.db.selectFrom('transfers').select('id').where('user_id', '=', who.userId).where('idempotency_key', '=', key).executeTakeFirst();
      if (made) return null;
      throw error;
    });
    return transferAnswer(await performTransfer(app.db, who, key, transfer, now, { limits, dayStart: dayStart(now), codeId }));
  });

  app.get(
    '/transactions',
    { ...guard, schema: { querystring: transactionsQuery, response: { 200: transactionsAnswer, ...errorResponses } } },
    async (request) => {
      const { memberId } = caller(request);
      // The defaults are filled in by the querystring validator (useDefaults).
      const { page = 1, page_size: pageSize = 20, account_id: accountId, from, to } = request.query;
      if (from && to && from > to) {
        const message = MEMBER_TEXTS.reversedDates;
        throw badRequest(message, { from: message });
      }
      if (accountId !== undefined) {
        const own = (await listMemberAccounts(app.db, memberId)).some((a) => a.id === accountId);
        if (!own) throw missing('account');
      }
      const { items, total } = await listMemberTransactions(app.db, memberId, { offset: (page - 1) * pageSize, limit: pageSize, accountId, ...dayRange(app.config.timeZone, { from, to }) });
      return {
        items: items.map((row) => ({
          id: row.id,
          date: new Date(row.created_on).toISOString(),
          account_id: row.account_id,
          account_number: row.account_number,
          account_type: row.account_type,
          product: row.product_name,
          description: row.description,
          kind: row.kind,
          amount: centsToDollars(Number(row.amount_cents)),
          amount_cents: Number(row.amount_cents),
          balance_after: centsToDollars(Number(row.balance_after_cents)),
          balance_after_cents: Number(row.balance_after_cents),
          reference_no: row.reference_no,
          instructions: row.instructions,
        })),
        total,
        page,
        page_size: pageSize,
      };
    },
  );
}
