import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { configRoot } from '../../src/shared/forms/read-forms-dir';

const root = path.resolve(import.meta.dirname, '../..');
const CACHE = path.join(root, 'node_modules/.cache/cu-build');
/** What a production build of the browser app is made from (its sources, its configuration, its packages). */
const INPUTS = ['index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'src', 'public', 'scripts/lib'];
/** What `vite.config.ts` reads from the environment. */
const ENV = ['API_KEY', 'API_SECRET', 'PRODUCT_NAME'];
const KEEP = 3;

function files(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return fs
    .readdirSync(entry, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => files(path.join(entry, e.name)));
}

/** A digest of everything the build is made from: the same digest, the same build. */
export function buildKey(): string {
  const hash = crypto.createHash('sha256');
  const config = configRoot();
  const sources = [...INPUTS.map((p) => path.join(root, p)), path.join(config, 'forms'), path.join(config, 'flows')];
  for (const file of sources.flatMap(files)) hash.update(`${path.relative(root, file)}\0`).update(fs.readFileSync(file)).update('\0');
  for (const name of ENV) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The folder for the production build of the current sources (node_modules/.cache/cu-build/<digest>), and whether a
 * finished one is there: the build budget test (`npm test`) builds into it, and the browser tests (`npm run
 * test:e2e`, after it in CI) copy it instead of building the same thing again. Older builds are removed (the last
 * three stay).
 */
export function cachedBuild(): { dir: string; ready: boolean; markReady(): void } {
  const dir = path.join(CACHE, buildKey());
  const marker = path.join(dir, '.complete');
  return {
    dir,
    ready: fs.existsSync(marker),
    markReady() {
      fs.writeFileSync(marker, '');
      const builds = fs.existsSync(CACHE) ? fs.readdirSync(CACHE).map((name) => path.join(CACHE, name)) : [];
      builds
        .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
        .slice(KEEP)
        .forEach((old) => fs.rmSync(old, { recursive: true, force: true }));
    },
  };
}
