import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildServer, bundle, serverBundleFresh } from '../../scripts/build-server.mjs';

// `npm start` runs the server from a bundle (scripts/build-server.mjs) with plain Node. This builds it and starts
// it on a new embedded database: the paths the server finds from its own files (forms/ and flows/, the lists the
// seed reads, the caches in node_modules/.cache) must resolve from dist-server/ as they do from src/.
const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('the server bundle npm start runs', () => {
  it('is built with the list of its inputs, and goes stale when one of them changes', async () => {
    await buildServer();
    expect(fs.existsSync(bundle)).toBe(true);
    const inputs: string[] = JSON.parse(fs.readFileSync(path.join(root, 'dist-server', 'inputs.json'), 'utf8'));
    expect(inputs).toEqual(expect.arrayContaining(['src/server/server.ts', 'src/server/db/migrate.ts', 'scripts/build-server.mjs']));
    // Only packages are left outside it: no import of a file under src/.
    expect(fs.readFileSync(bundle, 'utf8')).not.toMatch(/from\s+["'][./]+src\//);
    expect(serverBundleFresh()).toBe(true);
    const input = path.join(root, 'src/server/server.ts');
    const { atime, mtime } = fs.statSync(input);
    try {
      fs.utimesSync(input, atime, new Date(Date.now() + 60_000));
      expect(serverBundleFresh()).toBe(false);
    } finally {
      fs.utimesSync(input, atime, mtime);
    }
    expect(serverBundleFresh()).toBe(true);
  }, 60_000);

  it('starts on a new embedded database and answers /api/health and the web app', async () => {
    if (!serverBundleFresh()) await buildServer();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-bundle-'));
    const staticDir = path.join(dataDir, 'static');
    fs.mkdirSync(staticDir);
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>bundle test</title><div id="root"></div>');
    const port = await freePort();
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'development', DATA_DIR: dataDir, STATIC_DIR: staticDir, PORT: String(port), HOST: '127.0.0.1' };
    const child = spawn(process.execPath, [bundle], { cwd: root, env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    try {
      const started = Date.now();
      let health: Response | undefined;
      while (!health && Date.now() - started < 90_000) {
        if (child.exitCode !== null) throw new Error(`the bundle exited with ${child.exitCode}:\n${output}`);
        health = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { 'x-api-key': 'cu-web', 'x-api-secret': 'cu-web-client' } }).catch(() => undefined);
        if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(health?.status).toBe(200);
      expect(output).toContain('(seeded)');
      const page = await fetch(`http://127.0.0.1:${port}/onboarding`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('bundle test');
      // The sign-in form, read from forms/ through the bundle's path to the repository, validates a body.
      const login = await fetch(`http://127.0.0.1:${port}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'cu-web', 'x-api-secret': 'cu-web-client' },
        body: JSON.stringify({ email: 'admin@cu.example', password: 'wrong password' }),
      });
      expect(login.status).toBeGreaterThanOrEqual(400);
      expect(login.status).toBeLessThan(500);
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
