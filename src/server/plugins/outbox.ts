import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/database.js';

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
  /** Delivers pending messages now; returns how many were handled. */
  flush(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

/**
 * The one way the product sends email and SMS. Every message is a row first; email goes out through
 * SMTP when SMTP_URL is set, otherwise it is logged (metadata only: bodies hold codes) and listed on
 * the development outbox page. SMS has no gateway configured here, so it is logged the same way.
 */
export default fp(
  async function outboxPlugin(app: FastifyInstance) {
    const { config } = app;
    const transporter: Transporter | undefined = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
    let flushing: Promise<number> | undefined;

    async function deliverPending(): Promise<number> {
      const pending = await app.db.selectFrom('outbox_messages').selectAll().where('status', '=', 'pending').orderBy('id').limit(50).execute();
      for (const message of pending) {
        try {
          if (message.channel === 'email' && transporter) {
            await transporter.sendMail({ from: config.mailFrom, to: message.recipient, subject: message.subject ?? '', text: message.body });
            await app.db.updateTable('outbox_messages').set({ status: 'sent', sent_on: new Date(), attempts: message.attempts + 1 }).where('id', '=', message.id).execute();
          } else {
            app.log.info({ outboxId: message.id, channel: message.channel, to: message.recipient, purpose: message.purpose }, 'outbox message (see /dev/outbox)');
            await app.db.updateTable('outbox_messages').set({ status: 'logged', sent_on: new Date(), attempts: message.attempts + 1 }).where('id', '=', message.id).execute();
          }
        } catch (err) {
          app.log.warn({ outboxId: message.id, err: (err as Error).message }, 'outbox delivery failed');
          await app.db
            .updateTable('outbox_messages')
            .set({ status: message.attempts + 1 >= 5 ? 'failed' : 'pending', attempts: message.attempts + 1, last_error: (err as Error).message.slice(0, 500) })
            .where('id', '=', message.id)
            .execute();
        }
      }
      return pending.length;
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
      flush() {
        flushing ??= deliverPending().finally(() => {
          flushing = undefined;
        });
        return flushing;
      },
    };
    app.decorate('outbox', outbox);

    // Messages written inside a transaction are picked up once it commits.
    const timer = setInterval(() => void outbox.flush().catch(() => undefined), 2000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await flushing?.catch(() => undefined);
    });
  },
  { name: 'outbox', dependencies: ['config', 'db'] },
);
