import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent (headers and body). */
  raw: string;
}

/**
 * A real SMTP server (the smtp-server package) on a free port, with a login; `stop` refuses connections
 * until `start` brings it back on the same port. `rejectNext(n)` answers the next n recipients with a
 * temporary failure (451), as a busy server does.
 */
export interface TestMailServer {
  url: string;
  received: ReceivedMail[];
  start(): Promise<void>;
  stop(): Promise<void>;
  rejectNext(count: number): void;
}

export async function startMailServer(user = 'mailer', password = 'mail-secret'): Promise<TestMailServer> {
  const received: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer | undefined;
  let rejections = 0;
  const start = async () => {
    const next = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === user && auth.password === password) callback(null, { user });
        else callback(new Error('Invalid username or password'));
      },
      onRcptTo(_address, _session, callback) {
        if (rejections > 0) {
          rejections -= 1;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        } else callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.server.address() as AddressInfo).port;
    server = next;
  };
  await start();
  return {
    url: `smtp://${user}:${password}@127.0.0.1:${port}`,
    received,
    start,
    async stop() {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
    rejectNext(count) {
      rejections = count;
    },
  };
}
