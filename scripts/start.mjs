// npm start: build the browser app if it is missing or was made from other sources or configuration, and the server's bundle
// (dist-server/server.mjs, scripts/build-server.mjs) likewise, then run the server with plain Node (it migrates
// and seeds the embedded database, listens, and prints the URL and demo sign-ins).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, bundle, root, serverBundleFresh } from './build-server.mjs';
import { buildIsCurrent } from './lib/build-key.mjs';

// The build in dist/ is used when it was made from exactly these sources and this configuration (CONFIG_ROOT, a copy
// being tried, else the repository's): the digest its build wrote (scripts/lib/build-key.mjs) against the one of the
// files now. By content, not by time: a configuration copied with old timestamps, or a switch back to the
// repository's, is built again.
const config = process.env.CONFIG_ROOT ? path.resolve(process.env.CONFIG_ROOT) : root;
const dist = path.join(root, 'dist');
if (!buildIsCurrent(dist, root, config) || process.env.FORCE_BUILD === '1') {
  console.log(fs.existsSync(path.join(dist, 'index.html')) ? 'Building the web app (its sources or configuration changed)...' : 'Building the web app...');
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
