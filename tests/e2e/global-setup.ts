import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Builds the browser app once before the browser tests (they run the built product, as `npm start`
 * does). E2E_STATIC_DIR builds into another folder (so parallel work does not clobber dist/);
 * E2E_SKIP_BUILD=1 reuses an existing build.
 */
export default function setup() {
  const root = path.resolve(import.meta.dirname, '../..');
  const outDir = path.resolve(root, process.env.E2E_STATIC_DIR ?? 'dist');
  if (process.env.E2E_SKIP_BUILD === '1' && fs.existsSync(path.join(outDir, 'index.html'))) return;
  execSync(`npm run build --silent -- --outDir ${JSON.stringify(outDir)} --emptyOutDir`, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
