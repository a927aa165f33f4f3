import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cachedBuild } from '../../scripts/lib/build-cache';

/**
 * Builds the browser app once before the browser tests (they run the built product, as `npm start`
 * does). E2E_STATIC_DIR builds into another folder (so parallel work does not clobber dist/);
 * E2E_SKIP_BUILD=1 reuses an existing build. A build of the very same sources that the build budget test made
 * (`npm test`, before this in CI; scripts/lib/build-cache.ts) is copied instead of building again.
 */
export default function setup() {
  const root = path.resolve(import.meta.dirname, '../..');
  const outDir = path.resolve(root, process.env.E2E_STATIC_DIR ?? 'dist');
  if (process.env.E2E_SKIP_BUILD === '1' && fs.existsSync(path.join(outDir, 'index.html'))) return;
  const cache = cachedBuild();
  if (cache.ready) {
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.cpSync(cache.dir, outDir, { recursive: true, filter: (src) => path.basename(src) !== '.complete' });
    console.log(`Browser tests: the build of these sources from ${path.relative(root, cache.dir)}`);
    return;
  }
  execSync(`npm run build --silent -- --outDir ${JSON.stringify(outDir)} --emptyOutDir`, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
