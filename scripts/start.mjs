// npm start: build the browser app if it is missing or older than its sources, and the server's bundle
// (dist-server/server.mjs, scripts/build-server.mjs) likewise, then run the server with plain Node (it migrates
// and seeds the embedded database, listens, and prints the URL and demo sign-ins).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, bundle, root, serverBundleFresh } from './build-server.mjs';

const built = path.join(root, 'dist', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

// The configuration the build reads is the folder in use (CONFIG_ROOT, a copy being tried), not only the repository's.
const config = process.env.CONFIG_ROOT ? path.resolve(process.env.CONFIG_ROOT) : root;
const sources = [...['src/ui', 'src/shared', 'src/engine', 'index.html', 'public'].map((p) => path.join(root, p)), path.join(config, 'forms'), path.join(config, 'flows')];
const sourceTime = Math.max(...sources.map((p) => (fs.existsSync(p) && fs.statSync(p).isFile() ? fs.statSync(p).mtimeMs : newestMtime(p))));
const buildTime = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (buildTime < sourceTime || process.env.FORCE_BUILD === '1') {
  console.log('Building the web app...');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The bundle saves loading src/server's TypeScript through tsx (about a second of every start). Should it not
// build (esbuild missing), the server runs from its TypeScript as before; a build error shows there too.
let server = [bundle];
if (!serverBundleFresh() || process.env.FORCE_BUILD === '1') {
  try {
    await buildServer();
  } catch (err) {
    console.warn(`The server's bundle was not built (${err instanceof Error ? err.message.split('\n')[0] : err}); running its TypeScript.`);
    server = ['--import', 'tsx', path.join(root, 'src/server/server.ts')];
  }
}

const child = spawn(process.execPath, server, { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
