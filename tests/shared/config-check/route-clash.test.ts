// A step's endpoint that another call already answers: the server could not start; the checker names the step.
import flowJson from '../../../flows/onboarding.flow.json';
import type { FlowDefinition } from '../../../src/shared/flow/flow-types';
import { routeClashAtStep } from '../../../src/shared/config-check/route-clash';
import { SharedEndpointError, stepRoutes } from '../../../src/shared/flow/step-routes';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';

const forms = readFormsDir();
const withEndpoint = (step: string, endpoint: string): FlowDefinition => {
  const flow = structuredClone(flowJson) as unknown as FlowDefinition;
  flow.steps[step].submit!.endpoint = endpoint;
  return flow;
};

describe('a stored step given the endpoint of a server action', () => {
  it('is collected at the step (the checker reports it there) and left out of the routes', () => {
    const conflicts: SharedEndpointError[] = [];
    const routes = stepRoutes(withEndpoint('power-of-attorney', '/signups/submit'), (id) => forms.schemas[id], conflicts);
    expect(conflicts.map((c) => [c.step, c.message])).toEqual([['power-of-attorney', expect.stringMatching(/step "success" has its server action \(submitApplication\)/)]]);
    expect(routes.some((r) => r.url === '/signups/submit')).toBe(false);
  });
});

describe("a step given a call the app answers itself (the administrator's create-user call)", () => {
  it("turns Fastify's start failure into a problem at the step's endpoint", () => {
    const problem = routeClashAtStep("Method 'POST' already declared for route '/api/users/'", 'flows/onboarding.flow.json', withEndpoint('power-of-attorney', '/users/'));
    expect(problem).toMatchObject({ file: 'flows/onboarding.flow.json', path: '/steps/power-of-attorney/submit/endpoint', hint: expect.stringContaining('endpoint of its own') });
  });

  it('leaves any other start failure as it is', () => {
    expect(routeClashAtStep('connect ECONNREFUSED', 'flows/onboarding.flow.json', flowJson as unknown as FlowDefinition)).toBeUndefined();
  });
});
