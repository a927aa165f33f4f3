import fs from 'node:fs';
import path from 'node:path';
import { configRoot } from '../../src/shared/forms/read-forms-dir';
import { buildKey } from './build-key.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const CACHE = path.join(root, 'node_modules/.cache/cu-build');
const KEEP = 3;

/**
 * The folder for the production build of the current sources (node_modules/.cache/cu-build/<digest>), and whether a
 * finished one is there: the build budget test (`npm test`) builds into it, and the browser tests (`npm run
 * test:e2e`, after it in CI) copy it instead of building the same thing again. Older builds are removed (the last
 * three stay).
 */
export function cachedBuild(): { dir: string; ready: boolean; markReady(): void } {
  const dir = path.join(CACHE, buildKey(root, configRoot()));
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
