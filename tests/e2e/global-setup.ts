import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Builds the browser app once before the browser tests (they run the built product, as `npm start` does). */
export default function setup() {
  const root = path.resolve(import.meta.dirname, '../..');
  if (process.env.E2E_SKIP_BUILD === '1' && fs.existsSync(path.join(root, 'dist/index.html'))) return;
  execSync('npm run build --silent', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
