// `npm run config:check`: checks forms/ and flows/ the way an analyst needs (file, JSON path, hint), then the QA
// journeys against their format and the flow, and
// exits non-zero on any problem. `--no-endpoints` skips building the server to list its routes.
import path from 'node:path';
import fs from 'node:fs';
import { checkConfig, formatProblems, withPosition } from '../src/shared/config-check/check-config.js';
import { routeClashAtStep } from '../src/shared/config-check/route-clash.js';
import { parseJsonSource } from '../src/shared/config-check/json-source.js';
import { WIDGET_NAMES } from '../src/shared/forms/widget-names.js';
import { transforms } from '../src/shared/transforms/index.js';
import { apiEndpointChecker } from './lib/list-api-endpoints.js';
import { checkFormExamples, checkJourneys } from './lib/check-journeys.js';
import { JOURNEYS_DIR, loadFlow } from './lib/replay-journey.js';
import { readFormsDir } from '../src/shared/forms/read-forms-dir.js';

const root = process.env.CONFIG_ROOT ?? path.resolve(import.meta.dirname, '..');
process.env.CONFIG_ROOT = root; // the server whose endpoints are checked is built from the same configuration
let startProblem: string | undefined;
const flowSource = () => parseJsonSource(fs.readFileSync(path.join(root, 'flows/onboarding.flow.json'), 'utf8'));
/** Whether the flow file is JSON at all (when it is not, checkConfig reports it at its line and column). */
function flowParses(): boolean {
  try {
    loadFlow();
    return true;
  } catch {
    return false;
  }
}
const server = process.argv.includes('--no-endpoints') ? null : await apiEndpointChecker().catch((error: Error) => ((startProblem = error.message.split('\n')[0]), null));
const problems = checkConfig({ root, widgetNames: WIDGET_NAMES, transformNames: Object.keys(transforms), hasEndpoint: server?.hasEndpoint });
// The forms' examples, and the QA journeys (JOURNEYS_DIR, default tests/fixtures/journeys) against journey.schema.json
// and this flow and its forms.
if (!problems.length) problems.push(...checkFormExamples(readFormsDir()), ...checkJourneys(JOURNEYS_DIR, loadFlow(), readFormsDir()));
// (not again when the checker already reported the same mistake at its place in the files)
// A step's endpoint that is one of the app's own calls: said at the step (file, line, hint), not as a start failure.
// A flow file that is not JSON stops the server too; the checker has said where, so there is no step to look for.
const clash = startProblem && flowParses() ? routeClashAtStep(startProblem, 'flows/onboarding.flow.json', loadFlow()) : undefined;
if (clash) problems.push(withPosition(clash, flowSource()));
else if (startProblem && !problems.some((p) => p.message === startProblem)) problems.push({ file: 'forms/, flows/', path: '/', message: `the server cannot start with this configuration: ${startProblem}`, hint: 'Fix the problems above first; endpoints were not checked.' });
await server?.close();
if (problems.length) {
  console.error(formatProblems(problems));
  console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} found.`);
  process.exit(1);
}
console.log('Config OK: every form and flow file, and every QA journey, checks out.');
process.exit(0);
