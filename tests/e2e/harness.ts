import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { submitTextOf } from '../helpers/form-messages';

const root = path.resolve(import.meta.dirname, '../..');
export const ARTIFACTS = path.join(root, 'tests/e2e/artifacts');

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The server process, for fault drills (tests/reliability): signals, exit status. */
  process: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

/** Starts the real product (`src/server/server.ts`) on a free port with a throwaway data folder. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/server.ts')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: path.resolve(root, process.env.E2E_STATIC_DIR ?? 'dist'), LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/is running at (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      // A process a drill already killed by a signal has exitCode null but signalCode set.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's chromium, headless, with the flags this machine needs (TOOLING.md). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export interface BrowserSuite {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * The real server (with `env`) and Chromium for the enclosing describe: started in beforeAll, closed in
 * afterAll. Read `server` and `browser` in hooks and tests (they exist once beforeAll has run).
 */
export function browserSuite(env: Record<string, string> = {}): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('browserSuite: the server and browser start in beforeAll; use them in hooks and tests only.');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}

/** The built bundle's scripts (from E2E_STATIC_DIR, else dist), for checks on what ships to the browser. */
export function builtScripts(): Array<{ name: string; text: string }> {
  const assets = path.resolve(root, process.env.E2E_STATIC_DIR ?? 'dist', 'assets');
  return fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((name) => ({ name, text: fs.readFileSync(path.join(assets, name), 'utf8') }));
}

export async function newPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  return { context, page };
}

/** Saves a screenshot under tests/e2e/artifacts/ for people to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Reads the newest outbox message for a recipient through the development API. */
export async function latestOutboxMessage(baseURL: string, recipient: string, purpose?: string): Promise<{ body: string; subject: string | null } | undefined> {
  const q = new URLSearchParams({ recipient, ...(purpose ? { purpose } : {}) });
  const res = await fetch(`${baseURL}/api/dev/outbox?${q}`, { headers: { 'x-api-key': 'cu-web', 'x-api-secret': 'cu-web-client' } });
  const data = (await res.json()) as { items: Array<{ body: string; subject: string | null }> };
  return data.items[0];
}

/** The 6-digit code in the newest message to a recipient. */
export async function latestCode(baseURL: string, recipient: string, purpose?: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const message = await latestOutboxMessage(baseURL, recipient, purpose);
    const code = message?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code for ${recipient} in the outbox`);
}

/** Signs in through the screens: email and password, then the SMS code from the outbox; waits for `landing`. */
export async function signInThroughScreens(page: Page, baseURL: string, who: { email: string; password: string; mobile: string }, landing: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: /^Email/ }).fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.getByRole('button', { name: submitTextOf('auth/sign-in') }).click();
  await page.waitForURL('**/auth/mobile-verification');
  const code = await latestCode(baseURL, who.mobile, 'sign_in_code');
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await page.waitForURL(`**${landing}`, { timeout: 10_000 });
}
