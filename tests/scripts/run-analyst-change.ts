// npm run test:analyst-change: applies an analyst's JSON change to a copy of the configuration and the QA
// journeys (tests/scripts/analyst-change.ts), then runs the server, engine and shared suites against it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { analystChangeConfig } from './analyst-change';

const { root, journeysDir } = analystChangeConfig();
console.log(`Configuration with the analyst's change: ${root}`);
const suites = process.argv.slice(2).length ? process.argv.slice(2) : ['tests/server', 'tests/engine', 'tests/shared'];
const result = spawnSync('npx', ['vitest', 'run', ...suites], { stdio: 'inherit', env: { ...process.env, CONFIG_ROOT: root, JOURNEYS_DIR: journeysDir } });
if (result.status === 0) fs.rmSync(root, { recursive: true, force: true });
process.exit(result.status ?? 1);
