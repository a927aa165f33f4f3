import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import type { OutboxTable } from '../db/tables/outbox.table.js';
import { smtpEmailSender, type EmailSender } from '../lib/email-sender.js';
import { httpSmsGateway, type SmsSender } from '../lib/sms-sender.js';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  body: string;
  purpose: string;
}

export interface Outbox {
  /** Records a message in the outbox (inside the caller's transaction when given one); delivery follows. */
  send(message: OutgoingMessage, executor?: Kysely<Database>): Promise<number>;
  /** Delivers the messages due now (a pass that starts after the call); returns how many were attempted. */
  flush(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

/** How long a server's claim on a message lasts: longer than any one send may take (the senders' time limits). */
export const CLAIM_MS = 2 * 60_000;
/** Longest wait between two attempts, however many failed. */
const MAX_RETRY_DELAY_MS = 60 * 60_000;
/** Messages one flush attempts at most; the rest wait for the next. */
const FLUSH_LIMIT = 50;

/** The wait after failed attempt number `attempt` (1, 2, ...): base, 2 x base, 4 x base, ... at most an hour. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempt - 1));
}

type MessageRow = Selectable<OutboxTable>;

/**
 * The one way the product sends email and SMS. Every message is a row first (in the transaction of the
 * change that causes it); delivery reads the rows. Email goes out through SMTP when SMTP_URL is set and SMS
 * through the HTTP gateway when SMS_GATEWAY_URL is set; otherwise the message is logged (metadata only: bodies
 * hold codes) and listed on the development outbox page.
 *
 * Several API servers may deliver from one table: a server claims one due message at a time with a
 * conditional update (`FOR UPDATE SKIP LOCKED`, re-checked), which moves its next_attempt_at CLAIM_MS ahead
 * and counts the attempt, so no other server sends it meanwhile. A failed attempt is retried after
 * retryDelayMs (OUTBOX_RETRY_BASE_MS doubling); after OUTBOX_MAX_ATTEMPTS it is marked failed. Times are
 * the app's clock, so tests move backoff with the fake clock.
 */
export default fp(
  async function outboxPlugin(app: FastifyInstance) {
    const { config } = app;
    const email: EmailSender | undefined = config.smtpUrl ? await smtpEmailSender(config.smtpUrl, config.mailFrom) : undefined;
    const sms: SmsSender | undefined = config.smsGateway ? httpSmsGateway(config.smsGateway) : undefined;
    const { maxAttempts, retryBaseMs } = config.outbox;
    let running: Promise<number> | undefined;
    let queued: Promise<number> | undefined;

    /** Takes the oldest due message for this server, or none; the attempt is counted as it is taken. */
    async function claimNext(): Promise<MessageRow | undefined> {
      const now = app.clock.now();
      return app.db
        .updateTable('outbox_messages')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: new Date(now.getTime() + CLAIM_MS) }))
        // `=` a scalar subquery (run once), never `in`: with `in` the planner may rerun the LIMIT 1 subquery
        // for each row and claim them all (seen on PGlite with the partial index outbox_pending_idx).
        .where('id', '=', (eb) =>
          eb
            .selectFrom('outbox_messages')
            .select('id')
            .where('status', '=', 'pending')
            .where((w) => w.or([w('next_attempt_at', 'is', null), w('next_attempt_at', '<=', now)]))
            .orderBy('id')
            .limit(1)
            .forUpdate()
            .skipLocked(),
        )
        // Re-checked on the row itself: a message another server claimed a moment ago is no longer due.
        .where('status', '=', 'pending')
        .where((w) => w.or([w('next_attempt_at', 'is', null), w('next_attempt_at', '<=', now)]))
        .returningAll()
        .executeTakeFirst();
    }

    /** Records the outcome, only while this server's claim (its attempt number) still holds the message. */
    async function settle(message: MessageRow, outcome: { status: 'sent' | 'logged' } | { error: Error }) {
      const now = app.clock.now();
      const mine = app.db.updateTable('outbox_messages').where('id', '=', message.id).where('attempts', '=', message.attempts).where('status', '=', 'pending');
      if ('status' in outcome) {
        await mine.set({ status: outcome.status, sent_on: now, next_attempt_at: null, last_error: null }).execute();
        return;
      }
      const failed = message.attempts >= maxAttempts;
      const retryAt = new Date(now.getTime() + retryDelayMs(message.attempts, retryBaseMs));
      app.log.warn({ outboxId: message.id, channel: message.channel, attempt: message.attempts, err: outcome.error.message, retryAt: failed ? undefined : retryAt }, failed ? 'outbox delivery failed for good' : 'outbox delivery failed; will retry');
      await mine.set({ status: failed ? 'failed' : 'pending', next_attempt_at: failed ? null : retryAt, last_error: outcome.error.message.slice(0, 500) }).execute();
    }

    async function deliver(message: MessageRow): Promise<void> {
      try {
        if (message.channel === 'email' && email) {
          await email.send({ to: message.recipient, subject: message.subject ?? '', text: message.body });
          await settle(message, { status: 'sent' });
        } else if (message.channel === 'sms' && sms) {
          await sms.send(message.recipient, message.body);
          await settle(message, { status: 'sent' });
        } else {
          app.log.info({ outboxId: message.id, channel: message.channel, to: message.recipient, purpose: message.purpose }, 'outbox message (see /dev/outbox)');
          await settle(message, { status: 'logged' });
        }
      } catch (err) {
        await settle(message, { error: err instanceof Error ? err : new Error(String(err)) });
      }
    }

    async function deliverDue(): Promise<number> {
      let handled = 0;
      while (handled < FLUSH_LIMIT) {
        const message = await claimNext();
        if (!message) break;
        handled += 1;
        await deliver(message);
      }
      return handled;
    }

    const outbox: Outbox = {
      async send(message, executor = app.db) {
        const row = await executor
          .insertInto('outbox_messages')
          .values({ channel: message.channel, recipient: message.to, subject: message.subject ?? null, body: message.body, purpose: message.purpose, last_error: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (executor === app.db) setImmediate(() => void outbox.flush().catch(() => undefined));
        return row.id;
      },
      // One pass at a time per server; a call during a pass gets the next pass (so it sees what is due now).
      flush() {
        if (!running) {
          running = deliverDue().finally(() => {
            running = undefined;
          });
          return running;
        }
        queued ??= running
          .catch(() => 0)
          .then(() => {
            queued = undefined;
            return outbox.flush();
          });
        return queued;
      },
    };
    app.decorate('outbox', outbox);

    // Messages written inside a transaction, and retries, are picked up by this timer.
    const timer = setInterval(() => void outbox.flush().catch((err: Error) => app.log.warn({ err: err.message }, 'outbox flush failed')), 2000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await Promise.all([running?.catch(() => undefined), queued?.catch(() => undefined)]);
      email?.close();
    });
  },
  { name: 'outbox', dependencies: ['config', 'db'] },
);
