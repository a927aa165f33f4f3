import { AxiosError, type AxiosAdapter, type AxiosResponse } from 'axios';
import { api, setUnauthorizedHandler } from '../../../src/ui/lib/api-client';
import { approveSignup, commentOnSignup, fetchSignup, fetchSignups } from '../../../src/ui/features/admin/api/signups-api';
import { APPLICANT_TOKEN_HEADER } from '../../../src/shared/product';

/** Every call answers 401, as the server does to a session it has ended (a block, a password reset, a logout elsewhere). */
const unauthorized: AxiosAdapter = async (config) => {
  const response = { status: 401, data: { status: 401, message: 'Authentication required. Please log in.' }, statusText: '401', headers: {}, config } as AxiosResponse;
  throw new AxiosError('Request failed with status code 401', 'ERR_BAD_REQUEST', config, {}, response);
};

describe("which 401 ends the browser's session (spec 1 section 8)", () => {
  const ended = vi.fn();
  const adapter = api.defaults.adapter;
  beforeEach(() => {
    ended.mockReset();
    api.defaults.adapter = unauthorized;
    setUnauthorizedHandler(ended);
  });
  afterEach(() => {
    api.defaults.adapter = adapter;
    setUnauthorizedHandler(null);
  });

  // The spec keeps a 401 from a call to "signups" from signing out: an applicant's call, made without a session. The
  // administrator's application calls are under /signups too, so an administrator whose session the server had ended
  // stayed on Signup Approvals, told "Your session has expired" over and over by Retry, instead of going to sign in.
  it.each([
    ['the list of applications', () => fetchSignups({ page: 1, pageSize: 20, status: '', search: '', mine: false })],
    ['an application', () => fetchSignup('376efaa2-895c-4037-85f9-89c61d8e5176')],
    ['an approval', () => approveSignup('376efaa2-895c-4037-85f9-89c61d8e5176')],
    ['a comment', () => commentOnSignup('376efaa2-895c-4037-85f9-89c61d8e5176', 'Checked.')],
  ])("an administrator's call for %s answered 401 ends the session", async (_what, call) => {
    await expect(call()).rejects.toBeInstanceOf(AxiosError);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a wrong password', () => api.post('/users/login', { email: 'a@b.co', password: 'x' })],
    ['a wrong sign-in code', () => api.post('/device-verifications/verify/', { code: '000000' })],
    ["an applicant's step", () => api.put('/signups/home-branch', {}, { headers: { [APPLICANT_TOKEN_HEADER]: 'applicant' } })],
    ['a new application', () => api.post('/signups/', {})],
  ])('%s answered 401 ends nothing: no session made that call', async (_what, call) => {
    await expect(call()).rejects.toBeInstanceOf(AxiosError);
    expect(ended).not.toHaveBeenCalled();
  });
});
