import { brokenCalls, callKeys } from '../../../src/shared/config-check/affected-endpoints';
import type { Problem } from '../../../src/shared/config-check/check-config';
import type { FlowDefinition } from '../../../src/shared/flow/flow-types';

const flow = {
  initial: 'a',
  steps: {
    a: { route: '/a', title: 'A', kind: 'form', form: 'x/a', submit: { method: 'POST', endpoint: '/as/' }, next: [{ to: 'b' }] },
    b: { route: '/b', title: 'B', kind: 'form', form: 'x/b', submit: { method: 'PUT', endpoint: '/bs' }, next: [{ to: 'c' }] },
    c: { route: '/c', title: 'C', kind: 'otp', otp: { identifierType: 'email', operation: 'signup' }, next: [] },
  },
} as unknown as FlowDefinition;
const schemas = { 'x/a': { properties: { country: { $ref: '../lists/countries.json' } } }, 'x/b': { properties: {} } };
const problem = (file: string, path: string): Problem => ({ file, path, message: 'broken', hint: '' });
const calls = (problems: Problem[]) => [...brokenCalls(problems, { 'flows/x.flow.json': flow }, schemas).keys()].sort();

describe('brokenCalls: the API calls a configuration problem breaks', () => {
  it('a problem in a step of the flow file breaks that step’s calls only', () => {
    expect(calls([problem('flows/x.flow.json', '/steps/b/next/0/to')])).toEqual(['PUT /api/bs']);
    expect(calls([problem('flows/x.flow.json', '/steps/c/otp')])).toEqual(['POST /api/device-verifications/send/', 'POST /api/device-verifications/verify/']);
  });
  it('a problem elsewhere in the flow file breaks every step’s calls', () => {
    expect(calls([problem('flows/x.flow.json', '/initial')])).toHaveLength(4);
  });
  it('a problem in a form, its UI schema or a list it uses breaks the steps showing it', () => {
    expect(calls([problem('forms/x/a.ui.json', '/ui:order')])).toEqual(['POST /api/as/']);
    expect(calls([problem('forms/x/b.schema.json', '/required/0')])).toEqual(['PUT /api/bs']);
    expect(calls([problem('forms/lists/countries.json', '/oneOf/3/const')])).toEqual(['POST /api/as/']);
    expect(calls([problem('forms/admin/user.schema.json', '/')])).toEqual([]);
  });
  it('matches a request with or without the trailing slash and query', () => {
    expect(callKeys('POST', '/api/as?x=1')).toEqual(['POST /api/as', 'POST /api/as/']);
  });
});
