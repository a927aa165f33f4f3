import fs from 'node:fs';
import path from 'node:path';
import { checkConfig, withPosition, type Problem } from '../../src/shared/config-check/check-config.js';
import { routeClashAtStep } from '../../src/shared/config-check/route-clash.js';
import { parseJsonSource } from '../../src/shared/config-check/json-source.js';
import { WIDGET_NAMES } from '../../src/shared/forms/widget-names.js';
import { transforms } from '../../src/shared/transforms/index.js';
import { readFormsDir } from '../../src/shared/forms/read-forms-dir.js';
import type { FlowDefinition } from '../../src/shared/flow/flow-types.js';
import { apiEndpointChecker } from './list-api-endpoints.js';
import { checkFormExamples, checkJourneys } from './check-journeys.js';
import { JOURNEYS_DIR } from './replay-journey.js';

/**
 * Everything `npm run config:check` finds in the configuration at `root` (forms/ and flows/): the checker's problems,
 * then the forms' examples and the QA journeys (JOURNEYS_DIR) against this flow and its forms; with `endpoints`, each
 * step's endpoint against the routes of the real server built from the same configuration.
 */
export async function configCheckProblems({ root, endpoints }: { root: string; endpoints: boolean }): Promise<Problem[]> {
  const flowText = () => fs.readFileSync(path.join(root, 'flows/onboarding.flow.json'), 'utf8');
  /** The flow, or undefined when the file is not JSON (checkConfig reports that at its line and column). */
  const flow = (): FlowDefinition | undefined => {
    try {
      return JSON.parse(flowText()) as FlowDefinition;
    } catch {
      return undefined;
    }
  };
  // The server whose endpoints are checked is built from the same configuration.
  const setting = process.env.CONFIG_ROOT;
  process.env.CONFIG_ROOT = root;
  let startProblem: string | undefined;
  const server = endpoints ? await apiEndpointChecker().catch((error: Error) => ((startProblem = error.message.split('\n')[0]), null)) : null;
  try {
    const problems = checkConfig({ root, widgetNames: WIDGET_NAMES, transformNames: Object.keys(transforms), hasEndpoint: server?.hasEndpoint });
    const forms = () => readFormsDir(path.join(root, 'forms'));
    if (!problems.length) problems.push(...checkFormExamples(forms()), ...checkJourneys(JOURNEYS_DIR, flow()!, forms()));
    // (not again when the checker already reported the same mistake at its place in the files)
    // A step's endpoint that is one of the app's own calls: said at the step (file, line, hint), not as a start failure.
    // A flow file that is not JSON stops the server too; the checker has said where, so there is no step to look for.
    const parsed = startProblem ? flow() : undefined;
    const clash = startProblem && parsed ? routeClashAtStep(startProblem, 'flows/onboarding.flow.json', parsed) : undefined;
    if (clash) problems.push(withPosition(clash, parseJsonSource(flowText())));
    else if (startProblem && !problems.some((p) => p.message === startProblem)) problems.push({ file: 'forms/, flows/', path: '/', message: `the server cannot start with this configuration: ${startProblem}`, hint: 'Fix the problems above first; endpoints were not checked.' });
    return problems;
  } finally {
    await server?.close();
    if (setting === undefined) delete process.env.CONFIG_ROOT;
    else process.env.CONFIG_ROOT = setting;
  }
}
