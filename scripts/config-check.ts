// `npm run config:check`: checks forms/ and flows/ the way an analyst needs (file, JSON path, hint), then the QA
// journeys against their format and the flow, and
// exits non-zero on any problem. `--no-endpoints` skips building the server to list its routes.
import path from 'node:path';
import { formatProblems } from '../src/shared/config-check/check-config.js';
import { configCheckProblems } from './lib/config-check-run.js';

const problems = await configCheckProblems({ root: process.env.CONFIG_ROOT ?? path.resolve(import.meta.dirname, '..'), endpoints: !process.argv.includes('--no-endpoints') });
if (problems.length) {
  console.error(formatProblems(problems));
  console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} found.`);
  process.exit(1);
}
console.log('Config OK: every form and flow file, and every QA journey, checks out.');
process.exit(0);
