import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dbTargets } from '../../helpers/test-db';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { startMailServer, type TestMailServer } from '../../helpers/mail-server';
import { FakeClock } from '../../../src/server/lib/clock';
import { CLAIM_MS } from '../../../src/server/plugins/outbox';
import type { AppConfig } from '../../../src/server/config';
import type { DbHandle } from '../../../src/server/db/create-db';

const MINUTE = 60_000;

/** A local HTTP SMS gateway: checks the bearer token, records every request, answers 503 to the next `failNext` ones. */
async function startGateway(token: string) {
  const requests: Array<{ authorization?: string; contentType?: string; body: unknown; answered: number }> = [];
  let failures = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answered = req.headers.authorization !== `Bearer ${token}` ? 401 : failures > 0 ? 503 : 202;
      if (answered === 503) failures -= 1;
      requests.push({ authorization: req.headers.authorization, contentType: req.headers['content-type'], body: JSON.parse(Buffer.concat(chunks).toString('utf8')), answered });
      res.writeHead(answered, { 'content-type': 'application/json' }).end(JSON.stringify({ status: answered === 202 ? 'queued' : 'refused' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`,
    requests,
    failNext(count: number) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(dbTargets())('outbox delivery on $name', (target) => {
  let db: DbHandle;
  let mail: TestMailServer;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  const apps: TestApp[] = [];
  let n = 0;

  beforeAll(async () => {
    [db, mail, gateway] = await Promise.all([target.open(), startMailServer(), startGateway('gateway-token')]);
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });
  afterAll(async () => {
    await Promise.all([db?.close(), mail?.stop(), gateway?.close()]);
  });

  async function server(clock: FakeClock, config: Partial<AppConfig>) {
    const t = await createTestApp(db, { clock, config: { logLevel: process.env.OUTBOX_LOG ?? 'silent', mailFrom: 'Credit Union <no-reply@cu.example>', outbox: { maxAttempts: 8, retryBaseMs: MINUTE }, ...config } });
    apps.push(t);
    return t;
  }
  const row = (id: number) => db.db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const mailTo = (address: string) => mail.received.filter((m) => m.to.includes(address));
  const email = (to: string, subject = 'Your sign-in code') => ({ channel: 'email' as const, to, subject, body: `Hello ${to}, your code is 246810.`, purpose: 'delivery_test' });

  it('delivers email through the SMTP server (with its login) from MAIL_FROM, with the recipient, subject and body, and marks it sent', async () => {
    const clock = new FakeClock();
    const t = await server(clock, { smtpUrl: mail.url });
    const to = `ada${++n}@example.com`;
    const id = await t.app.outbox.send(email(to, 'Your sign-in code'));
    await t.app.outbox.flush();
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null, next_attempt_at: null, sent_on: clock.now() });
    const [received, ...more] = mailTo(to);
    expect(more).toEqual([]);
    expect(received.from).toBe('no-reply@cu.example');
    expect(received.raw).toMatch(/^Subject: Your sign-in code\r?$/m);
    expect(received.raw).toMatch(new RegExp(`^To: ${to.replace('.', '\\.')}\\r?$`, 'm'));
    expect(received.raw).toContain(`Hello ${to}, your code is 246810.`);
  });

  it('the mail server down for a while: attempts back off (1, 2 minutes ...), and once it is back every message arrives exactly once', async () => {
    const clock = new FakeClock();
    const t = await server(clock, { smtpUrl: mail.url });
    await mail.stop();
    const recipients = [1, 2, 3].map((i) => `down${i}-${++n}@example.com`);
    const ids = [];
    for (const to of recipients) ids.push(await t.app.outbox.send(email(to)));
    await t.app.outbox.flush();
    for (const id of ids) {
      const r = await row(id);
      expect(r).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: new Date(clock.now().getTime() + MINUTE) });
      expect(r.last_error).toMatch(/ECONNREFUSED|connect/i);
    }
    // Not due yet: nothing is tried.
    await t.app.outbox.flush();
    expect((await row(ids[0])).attempts).toBe(1);
    clock.advance(MINUTE);
    await t.app.outbox.flush();
    expect(await row(ids[0])).toMatchObject({ status: 'pending', attempts: 2, next_attempt_at: new Date(clock.now().getTime() + 2 * MINUTE) });

    await mail.start();
    clock.advance(MINUTE);
    await t.app.outbox.flush();
    expect(recipients.flatMap(mailTo)).toEqual([]);
    clock.advance(MINUTE);
    await t.app.outbox.flush();
    for (const id of ids) expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3 });
    clock.advance(60 * MINUTE);
    await t.app.outbox.flush();
    for (const to of recipients) expect(mailTo(to)).toHaveLength(1);
  });

  it('a temporary refusal (451) is retried and delivered once', async () => {
    const clock = new FakeClock();
    const t = await server(clock, { smtpUrl: mail.url });
    const to = `busy${++n}@example.com`;
    mail.rejectNext(1);
    const id = await t.app.outbox.send(email(to));
    await t.app.outbox.flush();
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('451') });
    clock.advance(MINUTE);
    await t.app.outbox.flush();
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(mailTo(to)).toHaveLength(1);
  });

  it('marks a message failed after OUTBOX_MAX_ATTEMPTS and never tries it again', async () => {
    const clock = new FakeClock();
    const t = await server(clock, { smtpUrl: mail.url, outbox: { maxAttempts: 3, retryBaseMs: 1000 } });
    await mail.stop();
    const to = `gone${++n}@example.com`;
    const id = await t.app.outbox.send(email(to));
    for (let i = 0; i < 4; i++) {
      await t.app.outbox.flush();
      clock.advance(10 * MINUTE);
    }
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 3, next_attempt_at: null });
    await mail.start();
    await t.app.outbox.flush();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(mailTo(to)).toEqual([]);
  });

  it('two API servers flushing one outbox at once send each message exactly once', async () => {
    const clock = new FakeClock();
    const [a, b] = [await server(clock, { smtpUrl: mail.url }), await server(clock, { smtpUrl: mail.url })];
    const recipients = Array.from({ length: 12 }, (_, i) => `many${i}-${++n}@example.com`);
    // Written in a transaction, as the product does, so neither server starts delivering before both flush.
    await db.db.transaction().execute(async (trx) => {
      for (const to of recipients) await a.app.outbox.send(email(to), trx);
    });
    await Promise.all([a.app.outbox.flush(), b.app.outbox.flush(), a.app.outbox.flush(), b.app.outbox.flush()]);
    for (const to of recipients) expect(mailTo(to)).toHaveLength(1);
    const rows = await db.db.selectFrom('outbox_messages').selectAll().where('recipient', 'in', recipients).execute();
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(recipients.map(() => ['sent', 1]));
  });

  it('a message another server has claimed is left alone until its claim lapses (that server stopped mid-send)', async () => {
    const clock = new FakeClock();
    const t = await server(clock, { smtpUrl: mail.url });
    const to = `claimed${++n}@example.com`;
    const id = await db.db.transaction().execute((trx) => t.app.outbox.send(email(to), trx));
    await db.db.updateTable('outbox_messages').set({ attempts: 1, next_attempt_at: new Date(clock.now().getTime() + CLAIM_MS) }).where('id', '=', id).execute();
    await t.app.outbox.flush();
    expect(mailTo(to)).toEqual([]);
    clock.advance(CLAIM_MS);
    await t.app.outbox.flush();
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(mailTo(to)).toHaveLength(1);
  });

  it('SMS goes to the HTTP gateway as JSON {to, text} with the bearer token; a failing gateway is retried until it accepts', async () => {
    const clock = new FakeClock();
    const t = await server(clock, { smsGateway: { url: gateway.url, token: 'gateway-token' } });
    const to = `+1868555${String(++n).padStart(4, '0')}`;
    gateway.failNext(2);
    const id = await t.app.outbox.send({ channel: 'sms', to, body: 'Your code is 135790', purpose: 'delivery_test' });
    await t.app.outbox.flush();
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('503') });
    clock.advance(MINUTE);
    await t.app.outbox.flush();
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 2 });
    clock.advance(2 * MINUTE);
    await t.app.outbox.flush();
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3 });
    const mine = gateway.requests.filter((r) => (r.body as { to: string }).to === to);
    expect(mine.map((r) => r.answered)).toEqual([503, 503, 202]);
    for (const r of mine) expect(r).toMatchObject({ authorization: 'Bearer gateway-token', contentType: 'application/json', body: { to, text: 'Your code is 135790' } });
  });

  it('a gateway refusing the token (401) leaves the message failed after the last attempt, never sent', async () => {
    const clock = new FakeClock();
    const t = await server(clock, { smsGateway: { url: gateway.url, token: 'wrong-token' }, outbox: { maxAttempts: 2, retryBaseMs: 1000 } });
    const to = `+1868556${String(++n).padStart(4, '0')}`;
    const id = await t.app.outbox.send({ channel: 'sms', to, body: 'Your code is 975310', purpose: 'delivery_test' });
    await t.app.outbox.flush();
    clock.advance(MINUTE);
    await t.app.outbox.flush();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2, last_error: expect.stringContaining('401') });
    expect(gateway.requests.filter((r) => (r.body as { to: string }).to === to).map((r) => r.answered)).toEqual([401, 401]);
  });

  it('without SMTP_URL or a gateway, messages are only recorded (logged) for the development outbox page', async () => {
    const t = await server(new FakeClock(), {});
    const to = `local${++n}@example.com`;
    const id = await t.app.outbox.send(email(to));
    await t.app.outbox.flush();
    expect(await row(id)).toMatchObject({ status: 'logged', attempts: 1 });
    expect(mailTo(to)).toEqual([]);
  });
});
