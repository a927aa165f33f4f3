// `npm start` from a cold process to its first 200 on /api/health, with a built app: once on a fresh
// embedded database (migrate and seed) and once on the database that run left, next to an anchor measured
// in the same run (a bare Fastify server started with node --import tsx, answering the same route).
// Each figure is the median of BENCH_RUNS runs (default 3).
//
//   npm run build && npm run bench:cold-start
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const runs = Math.min(Number(process.env.BENCH_RUNS ?? 3), 10);

if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
  console.error('Build the app first (npm run build): this measures starting, not building.');
  process.exit(1);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Milliseconds from spawning `command` to the first 200 from `url`; the process is stopped after. */
async function timeToFirst200(command: string, args: string[], env: Record<string, string>, url: string): Promise<number> {
  const started = performance.now();
  const child: ChildProcess = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
      if (performance.now() - started > 120_000) throw new Error(`${url}: no 200 within two minutes`);
      try {
        const res = await fetch(url, { headers: { 'x-api-key': 'cu-web', 'x-api-secret': 'cu-web-client' } });
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    process.kill(-child.pid!, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const anchorFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cu-anchor-')), 'anchor.mts');
fs.writeFileSync(
  anchorFile,
  `import Fastify from '${path.join(root, 'node_modules', 'fastify', 'fastify.js')}';
const app = Fastify();
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
`,
);

const fresh: number[] = [];
const again: number[] = [];
const anchor: number[] = [];
for (let run = 0; run < runs; run++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-start-'));
  const env = { DATA_DIR: dataDir, NODE_ENV: 'development', DATABASE_URL: '' };
  let port = await freePort();
  fresh.push(await timeToFirst200('npm', ['start', '--silent'], { ...env, PORT: String(port) }, `http://127.0.0.1:${port}/api/health`));
  port = await freePort();
  again.push(await timeToFirst200('npm', ['start', '--silent'], { ...env, PORT: String(port) }, `http://127.0.0.1:${port}/api/health`));
  port = await freePort();
  anchor.push(await timeToFirst200(process.execPath, ['--import', 'tsx', anchorFile], { PORT: String(port) }, `http://127.0.0.1:${port}/api/health`));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
fs.rmSync(path.dirname(anchorFile), { recursive: true, force: true });

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`npm start to the first 200 on /api/health, median of ${runs} (goal <= 5 s):`);
console.log(`  fresh embedded database (migrate and seed)  ${s(median(fresh))}   runs: ${fresh.map(s).join(', ')}`);
console.log(`  the database that run left                  ${s(median(again))}   runs: ${again.map(s).join(', ')}`);
console.log(`  anchor: bare Fastify under node --import tsx ${s(median(anchor))}   runs: ${anchor.map(s).join(', ')}`);
