// Shared parts of the fault drills (SECURITY.md "Fault drills", I5): a scratch Postgres database per
// drill, the real server as a child process, real sign-ins, a bounded transfer load over loopback
// that records what each idempotency key was answered, and the checks of the books afterwards.
import crypto from 'node:crypto';
import pg from 'pg';
import { startServer, type RunningServer } from '../e2e/harness';
import { API_KEY_HEADER, API_SECRET_HEADER, IDEMPOTENCY_HEADER, TOKEN_HEADER } from '../../src/shared/product';
import { DEMO_MEMBER, DEMO_OTHER_MEMBER } from '../../src/server/db/seed';
import { transferCodeMessage } from '../../src/server/lib/transfer-codes';
import { DEFAULT_PRODUCT_NAME } from '../../src/server/config';

const CLIENT_HEADERS = { [API_KEY_HEADER]: 'cu-web', [API_SECRET_HEADER]: 'cu-web-client' };

/** The Postgres server the drills run on; without it they fail loudly (they are never skipped). */
export function postgresUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('The reliability drills need a Postgres server: set DATABASE_URL (npm run test:pg does).');
  return url;
}

async function runSql<R>(connectionString: string, text: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString, application_name: 'reliability-drill' });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as R[];
  } finally {
    await client.end();
  }
}

/** Runs SQL on the maintenance database (the one DATABASE_URL names). */
export const adminSql = <R>(text: string, params: unknown[] = []) => runSql<R>(postgresUrl(), text, params);

export interface ScratchDatabase {
  name: string;
  url: string;
  sql<R>(text: string, params?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

/** An empty database of the drill's own; the server migrates and seeds it on its first start. */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const name = `rel_${crypto.randomBytes(6).toString('hex')}`;
  await adminSql(`create database ${name}`);
  const u = new URL(postgresUrl());
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    name,
    url,
    sql: (text, params) => runSql(url, text, params),
    drop: async () => {
      await adminSql(`drop database if exists ${name} with (force)`);
    },
  };
}

/** The real server (`src/server/server.ts`) on a free port, on the scratch database. */
export function startApi(db: ScratchDatabase): Promise<RunningServer> {
  // Sessions outlive the drill (default 5 minutes) so a slow machine does not turn into 401s.
  // Every member transfer asks for its own SMS code: a drill sends a few hundred in a minute or two.
  return startServer({ DATABASE_URL: db.url, SESSION_SECONDS: '1800', LOG_LEVEL: 'error', TRANSFER_CODES_PER_HOUR: '10000' });
}

export interface DrillStage {
  /** The drill's scratch database (made in beforeAll). */
  readonly db: ScratchDatabase;
  /** Starts the API on it; the last one started is stopped after the drill. */
  startApi(): Promise<RunningServer>;
}

/**
 * The scratch database and the API of the enclosing describe's drill: the database is made in
 * beforeAll; afterAll stops the last API started (resuming it first, so no stopped process is left
 * behind) and drops the database.
 */
export function drillStage(): DrillStage {
  let db: ScratchDatabase | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    db = await createScratchDatabase();
  });
  afterAll(async () => {
    if (server && serverIsRunning(server)) server.process.kill('SIGCONT');
    await server?.stop();
    await db?.drop();
  });
  const created = () => {
    if (!db) throw new Error('drillStage: the database is made in beforeAll; use it in tests only.');
    return db;
  };
  return {
    get db() {
      return created();
    },
    async startApi() {
      server = await startApi(created());
      return server;
    },
  };
}

/** A drill's opening: the API started, both demo members signed in, the opening books, an empty book of answers. */
export async function openDrill(stage: DrillStage) {
  const api = await stage.startApi();
  const marcus = await signIn(api.url, stage.db, DEMO_MEMBER.email, DEMO_MEMBER.password);
  const grace = await signIn(api.url, stage.db, DEMO_OTHER_MEMBER.email, DEMO_OTHER_MEMBER.password);
  const opening = await readBooks(stage.db);
  return { api, marcus, grace, opening, book: new TransferBook() };
}

/** Sends a signal and waits until the process is gone (SIGKILL) or has received it. */
export async function killHard(server: RunningServer): Promise<void> {
  const child = server.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** Server connections to the scratch database inside a transaction right now (the drills' own excluded). */
export async function openTransactions(db: ScratchDatabase): Promise<number> {
  const [row] = await adminSql<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where datname = $1 and xact_start is not null and application_name <> 'reliability-drill'",
    [db.name],
  );
  return row.n;
}

export function serverIsRunning(server: RunningServer): boolean {
  return server.process.exitCode === null && server.process.signalCode === null;
}

/** For wait conditions: a server that died fails the drill at once, with what it printed. */
export function assertServerUp(server: RunningServer): void {
  if (!serverIsRunning(server)) {
    throw new Error(`the API process died (exit ${server.process.exitCode ?? server.process.signalCode}):\n${server.output().slice(-4000)}`);
  }
}

async function call<T>(baseUrl: string, method: string, path: string, options: { body?: unknown; token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { ...CLIENT_HEADERS };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers[TOKEN_HEADER] = options.token;
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

export interface MemberAccount {
  id: number;
  number: string;
  productCode: string;
}

export interface SignedInMember {
  userId: number;
  token: string;
  /** Where the member's SMS codes go (read back from the development outbox). */
  mobile: string;
  /** Savings and deposit accounts (loans take no transfers). */
  accounts: MemberAccount[];
}

/**
 * Signs a seeded member in the way the browser does: password (POST /api/users/login), the SMS code
 * from the development outbox, then POST /api/device-verifications/verify/ with operation sign_in.
 */
export async function signIn(baseUrl: string, db: ScratchDatabase, email: string, password: string): Promise<SignedInMember> {
  const login = await call<{ user_id: number; sign_in_attempt: string }>(baseUrl, 'POST', '/api/users/login', { body: { email, password } });
  // The outbox is read by recipient; the member's mobile is on their user row.
  const [user] = await db.sql<{ mobile: string }>('select mobile from users where id = $1', [login.user_id]);
  const outbox = await call<{ items: Array<{ body: string }> }>(baseUrl, 'GET', `/api/dev/outbox?${new URLSearchParams({ recipient: user.mobile, purpose: 'sign_in_code' })}`);
  const code = outbox.items[0]?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no sign-in code for ${email} in the outbox`);
  const verified = await call<{ access_token: string }>(baseUrl, 'POST', '/api/device-verifications/verify/', {
    body: { identifier_type: 'mobile', operation: 'sign_in', user_id: login.user_id, code, sign_in_attempt: login.sign_in_attempt },
  });
  type Grouped = { savings: Array<{ id: number; account_number: string; product_code: string }>; deposit: Array<{ id: number; account_number: string; product_code: string }> };
  const grouped = await call<Grouped>(baseUrl, 'GET', '/api/accounts', { token: verified.access_token });
  const accounts = [...grouped.savings, ...grouped.deposit].map((a) => ({ id: a.id, number: a.account_number, productCode: a.product_code }));
  return { userId: login.user_id, token: verified.access_token, mobile: user.mobile, accounts };
}

export interface PlannedTransfer {
  key: string;
  token: string;
  /** A transfer to another member: the sender's mobile, and the code once read (a retry reuses it). */
  mobile?: string;
  code?: string;
  /** Keys given up before the transfer was ever sent (its code step failed): the book forgets them. */
  abandonedKeys?: string[];
  path: '/api/accounts/transfer-to-self' | '/api/accounts/transfer-to-member';
  body: Record<string, unknown>;
  sourceId: number;
  destinationId: number;
  cents: number;
}

/** What the client learnt: a 200 with a reference number, a definitive refusal, or nothing certain. */
export type Outcome = { kind: 'acked'; referenceNo: string } | { kind: 'refused'; status: number; body: string } | { kind: 'unknown'; reason: string };

/**
 * A deterministic mix (mulberry32, fixed seed) of transfers to self between the first member's
 * accounts and member transfers both ways between the two members, 0.01 to 2.00 each: with at most
 * a few hundred per drill no account can run dry, so every transfer must end in a 200.
 */
export function transferPlanner(a: SignedInMember, b: SignedInMember, seed: number, kinds: 'both' | 'to self' = 'both'): () => PlannedTransfer {
  let state = seed;
  const next = (n: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % n;
  };
  return () => {
    const cents = 1 + next(200);
    const amount = cents / 100;
    const key = crypto.randomUUID();
    const pick = kinds === 'to self' ? 0 : next(4);
    if (pick < 2) {
      const from = a.accounts[next(a.accounts.length)];
      const others = a.accounts.filter((x) => x.id !== from.id);
      const to = others[next(others.length)];
      return {
        key,
        token: a.token,
        path: '/api/accounts/transfer-to-self',
        body: { source_id: from.id, source_account: from.number, destination_id: to.id, destination_account: to.number, amount },
        sourceId: from.id,
        destinationId: to.id,
        cents,
      };
    }
    const [sender, receiver] = pick === 2 ? [a, b] : [b, a];
    const from = sender.accounts[next(sender.accounts.length)];
    const to = receiver.accounts[next(receiver.accounts.length)];
    return {
      key,
      token: sender.token,
      mobile: sender.mobile,
      path: '/api/accounts/transfer-to-member',
      body: { source_id: from.id, source_account: from.number, destination_product: to.productCode, destination_account: to.number, amount },
      sourceId: from.id,
      destinationId: to.id,
      cents,
    };
  };
}

// Codes are asked for one at a time per sender, so each worker reads its own SMS from the outbox.
const codeQueues = new Map<string, Promise<unknown>>();

/**
 * The code of a transfer to another member, asked for under the transfer's key and read from the SMS in the
 * development outbox; kept on the transfer, so a retry after a fault sends the same code. A failure is the
 * transfer's outcome: 'unknown' for a fault, and then the transfer takes a new key, because no transfer was
 * sent under the old one and a code asked for again under it would wait out the 60 s between codes.
 */
async function codeOf(baseUrl: string, transfer: PlannedTransfer, timeoutMs: number): Promise<Outcome | null> {
  if (transfer.code || !transfer.mobile) return null;
  const mobile = transfer.mobile;
  const run = (codeQueues.get(mobile) ?? Promise.resolve()).then(async (): Promise<Outcome | null> => {
    const res = await fetch(`${baseUrl}${transfer.path}/code`, {
      method: 'POST',
      headers: { ...CLIENT_HEADERS, 'content-type': 'application/json', [TOKEN_HEADER]: transfer.token, [IDEMPOTENCY_HEADER]: transfer.key },
      body: JSON.stringify(transfer.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    if (res.status >= 500 || res.status === 429) return { kind: 'unknown', reason: `code: HTTP ${res.status}` };
    if (res.status !== 200) return { kind: 'refused', status: res.status, body: text };
    const outbox = await call<{ items: Array<{ body: string }> }>(baseUrl, 'GET', `/api/dev/outbox?${new URLSearchParams({ recipient: mobile, purpose: 'transfer_code' })}`);
    // This transfer's SMS (its amount and destination), newest first: a code request the fault held up can land
    // after a later transfer's, and the newest SMS to the mobile is then that one's.
    const expected = transferCodeMessage(DEFAULT_PRODUCT_NAME, '000000', transfer.cents, String(transfer.body.destination_account));
    transfer.code = outbox.items.find((item) => item.body.replace(/\b\d{6}\b/, '000000') === expected)?.body.match(/\b(\d{6})\b/)?.[1];
    return transfer.code ? null : { kind: 'unknown', reason: 'no transfer code in the outbox' };
  });
  codeQueues.set(mobile, run.catch(() => undefined));
  const outcome = await run.catch((err: Error & { cause?: { code?: string } }): Outcome => ({ kind: 'unknown', reason: `code: ${err.cause?.code ?? err.name}` }));
  if (outcome?.kind === 'unknown') {
    transfer.abandonedKeys = [...(transfer.abandonedKeys ?? []), transfer.key];
    transfer.key = crypto.randomUUID();
  }
  return outcome;
}

/** One POST with the transfer's idempotency key (after its code, for a member transfer); a timeout, a dropped connection or a 5xx is 'unknown'. */
export async function sendTransfer(baseUrl: string, transfer: PlannedTransfer, timeoutMs: number): Promise<Outcome> {
  try {
    const failed = await codeOf(baseUrl, transfer, timeoutMs);
    if (failed) return failed;
    const res = await fetch(`${baseUrl}${transfer.path}`, {
      method: 'POST',
      headers: { ...CLIENT_HEADERS, 'content-type': 'application/json', [TOKEN_HEADER]: transfer.token, [IDEMPOTENCY_HEADER]: transfer.key },
      body: JSON.stringify(transfer.code ? { ...transfer.body, code: transfer.code } : transfer.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    if (res.status >= 500) return { kind: 'unknown', reason: `HTTP ${res.status}` };
    const referenceNo = res.status === 200 ? (JSON.parse(text) as { data?: { ReferenceNo?: unknown } }).data?.ReferenceNo : undefined;
    if (typeof referenceNo === 'string') return { kind: 'acked', referenceNo };
    // A 4xx, or a 200 without a reference number: definitive, and never expected in a drill.
    return { kind: 'refused', status: res.status, body: text };
  } catch (err) {
    const error = err as Error & { cause?: { code?: string } };
    return { kind: 'unknown', reason: error.cause?.code ?? error.name };
  }
}

interface BookEntry {
  transfer: PlannedTransfer;
  outcome: Outcome;
  /** Every answer this key got, in order (a retry must never change an acknowledged reference). */
  history: Outcome[];
}

/** The client's side of the story: every key sent and what it was last answered. */
export class TransferBook {
  readonly entries = new Map<string, BookEntry>();

  record(transfer: PlannedTransfer, outcome: Outcome): void {
    // A key given up before its transfer was sent moved nothing: only the transfer's new key counts.
    for (const key of transfer.abandonedKeys ?? []) this.entries.delete(key);
    const entry = this.entries.get(transfer.key);
    if (!entry) {
      this.entries.set(transfer.key, { transfer, outcome, history: [outcome] });
      return;
    }
    entry.history.push(outcome);
    // Once acknowledged, a later timeout does not make the key unknown again.
    if (entry.outcome.kind !== 'acked' || outcome.kind === 'acked') entry.outcome = outcome;
  }

  list(kind: Outcome['kind']): BookEntry[] {
    return [...this.entries.values()].filter((e) => e.outcome.kind === kind);
  }

  count(kind: Outcome['kind']): number {
    return this.list(kind).length;
  }

  /** Keys whose answers named two different reference numbers (must be none). */
  conflictingReferences(): string[] {
    return [...this.entries.values()]
      .filter((e) => new Set(e.history.flatMap((o) => (o.kind === 'acked' ? [o.referenceNo] : []))).size > 1)
      .map((e) => e.transfer.key);
  }
}

export interface Load {
  /** Requests sent so far (bounded by maxRequests). */
  issued(): number;
  /** Requests sent and not yet answered. */
  inFlight(): number;
  /** Stops issuing and waits for the requests in flight to end. */
  stop(): Promise<void>;
}

export interface LoadOptions {
  baseUrl: string;
  plan: () => PlannedTransfer;
  book: TransferBook;
  workers: number;
  maxRequests: number;
  maxMs: number;
  timeoutMs: number;
}

/** `workers` clients sending new transfers one after another, bounded in count and in time. */
export function startLoad(options: LoadOptions): Load {
  let stopped = false;
  let issued = 0;
  let inFlight = 0;
  const deadline = Date.now() + options.maxMs;
  const worker = async () => {
    while (!stopped && issued < options.maxRequests && Date.now() < deadline) {
      const transfer = options.plan();
      issued += 1;
      inFlight += 1;
      const outcome = await sendTransfer(options.baseUrl, transfer, options.timeoutMs);
      inFlight -= 1;
      options.book.record(transfer, outcome);
      // A dead server refuses at once: pause briefly instead of spinning through the request budget.
      if (outcome.kind === 'unknown') await sleep(50);
    }
  };
  const done = Promise.all(Array.from({ length: options.workers }, worker));
  return {
    issued: () => issued,
    inFlight: () => inFlight,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until the condition holds; fails with the description after maxMs. */
export async function waitFor(description: string, condition: () => boolean | Promise<boolean>, maxMs: number): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${maxMs} ms waiting for: ${description}`);
    await sleep(25);
  }
}

/**
 * Sends every unacknowledged transfer again with its own idempotency key and body (a few at a time),
 * for at most `rounds` rounds, until each has a definitive answer.
 */
export async function retryUnknown(baseUrl: string, book: TransferBook, options: { timeoutMs: number; rounds: number; concurrency: number }): Promise<number> {
  let sent = 0;
  for (let round = 0; round < options.rounds && book.count('unknown') > 0; round++) {
    if (round > 0) await sleep(250 * round);
    const queue = book.list('unknown').map((e) => e.transfer);
    const worker = async () => {
      for (let transfer = queue.shift(); transfer; transfer = queue.shift()) {
        sent += 1;
        book.record(transfer, await sendTransfer(baseUrl, transfer, options.timeoutMs));
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  }
  return sent;
}

export interface Books {
  total: number;
  balances: Map<number, number>;
  /** Accounts whose stored balance differs from the sum of their ledger entries. */
  ledgerMismatches: number[];
  /** Transfers without exactly one debit of -amount on the source and one credit of +amount on the destination. */
  halfTransfers: number[];
  /** Transfer legs whose transfer row does not exist, or ledger rows of a transfer kind without a transfer. */
  orphanLegs: number[];
  /** idempotency key -> reference numbers of the transfer rows carrying it. */
  byKey: Map<string, string[]>;
}

/** Reads the books straight from the database (the server may be dead at the time). */
export async function readBooks(db: ScratchDatabase): Promise<Books> {
  const accounts = await db.sql<{ id: number; balance: string }>('select id, balance_cents::text as balance from accounts order by id');
  const ledgerMismatches = await db.sql<{ id: number }>(`
    select a.id from accounts a left join ledger_entries l on l.account_id = a.id
    group by a.id, a.balance_cents having a.balance_cents <> coalesce(sum(l.amount_cents), 0)`);
  const halfTransfers = await db.sql<{ id: number }>(`
    select t.id from transfers t
    where (select count(*) from ledger_entries l where l.transfer_id = t.id) <> 2
       or not exists (select 1 from ledger_entries l where l.transfer_id = t.id and l.account_id = t.source_account_id and l.amount_cents = -t.amount_cents and l.kind = 'transfer_debit')
       or not exists (select 1 from ledger_entries l where l.transfer_id = t.id and l.account_id = t.destination_account_id and l.amount_cents = t.amount_cents and l.kind = 'transfer_credit')`);
  const orphanLegs = await db.sql<{ id: number }>(`
    select l.id from ledger_entries l left join transfers t on t.id = l.transfer_id
    where (l.transfer_id is not null and t.id is null) or (l.transfer_id is null and l.kind like 'transfer%')`);
  const transfers = await db.sql<{ idempotency_key: string; reference_no: string }>('select idempotency_key, reference_no from transfers order by id');
  const byKey = new Map<string, string[]>();
  for (const row of transfers) byKey.set(row.idempotency_key, [...(byKey.get(row.idempotency_key) ?? []), row.reference_no]);
  const balances = new Map(accounts.map((a) => [a.id, Number(a.balance)]));
  return {
    total: [...balances.values()].reduce((s, v) => s + v, 0),
    balances,
    ledgerMismatches: ledgerMismatches.map((r) => r.id),
    halfTransfers: halfTransfers.map((r) => r.id),
    orphanLegs: orphanLegs.map((r) => r.id),
    byKey,
  };
}

/** I1 and I5: the sum of balances is unchanged, every balance equals its ledger, no transfer has one leg. */
export function expectBooksBalanced(books: Books, initialTotal: number): void {
  expect(books.total).toBe(initialTotal);
  expect(books.ledgerMismatches).toEqual([]);
  expect(books.halfTransfers).toEqual([]);
  expect(books.orphanLegs).toEqual([]);
  for (const balance of books.balances.values()) expect(balance).toBeGreaterThanOrEqual(0);
}

/** Every transfer the client saw acknowledged is in the database exactly once, under its reference number. */
export function expectAckedExactlyOnce(books: Books, book: TransferBook): void {
  const wrong = book
    .list('acked')
    .filter((e) => {
      const refs = books.byKey.get(e.transfer.key) ?? [];
      return refs.length !== 1 || (e.outcome.kind === 'acked' && refs[0] !== e.outcome.referenceNo);
    })
    .map((e) => e.transfer.key);
  expect(wrong).toEqual([]);
  expect(book.conflictingReferences()).toEqual([]);
}

/**
 * After every unknown key was retried to a 200: the database holds exactly the client's transfers
 * (no more, no fewer, one row each) and every balance is the opening balance moved by exactly those.
 */
export function expectExactlyTheClientsTransfers(books: Books, book: TransferBook, opening: Map<number, number>): void {
  expect(book.list('refused').map((e) => e.outcome)).toEqual([]);
  expect(book.list('unknown').map((e) => e.outcome)).toEqual([]);
  expectAckedExactlyOnce(books, book);
  expect([...books.byKey.keys()].sort()).toEqual(book.list('acked').map((e) => e.transfer.key).sort());
  const expected = new Map(opening);
  for (const { transfer } of book.list('acked')) {
    expected.set(transfer.sourceId, expected.get(transfer.sourceId)! - transfer.cents);
    expected.set(transfer.destinationId, expected.get(transfer.destinationId)! + transfer.cents);
  }
  expect(books.balances).toEqual(expected);
}

/** Sends already-acknowledged transfers again: each must answer its original reference and write nothing. */
export async function replayAcknowledged(baseUrl: string, book: TransferBook, count: number): Promise<void> {
  const sample = book.list('acked').slice(0, count);
  for (const entry of sample) {
    const outcome = await sendTransfer(baseUrl, entry.transfer, 30_000);
    expect(outcome).toEqual(entry.outcome);
    book.record(entry.transfer, outcome);
  }
}

/** Counts for the drill's log line. */
export function summary(book: TransferBook): string {
  const retried = [...book.entries.values()].filter((e) => e.history.length > 1 && e.history[0].kind === 'unknown').length;
  return `${book.entries.size} keys, ${book.count('acked')} acknowledged, ${retried} acknowledged only on retry, ${book.count('unknown')} unknown, ${book.count('refused')} refused`;
}
