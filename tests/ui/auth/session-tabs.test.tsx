// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import { fakeApi } from './fake-api';
import { renderAt } from '../render-app';
import { clearSession, hasSession, setSessionExpiredHandler, startSession } from '../../../src/ui/features/auth/session-store';
import { sessionToken, setSessionToken } from '../../../src/ui/lib/session-token';
import { SESSION_TEXTS } from '../../../src/shared/session-texts';
import { SESSION_MINUTES } from '../../../src/shared/roles';
import { MEMBER_TEXTS } from '../../../src/shared/member-texts';
import { fillText } from '../../../src/shared/fill-text';

const SESSION_MS = SESSION_MINUTES * 60_000;
const USER_KEY = 'cu.auth.user';
const STARTED_KEY = 'cu.auth.startedAt';
const marcus = { id: 3, email: 'member@cu.example', name: 'Marcus Member', first_name: 'Marcus', role_id: 2 };
const grace = { id: 9, email: 'grace@cu.example', name: 'Grace Member', first_name: 'Grace', role_id: 2 };

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  clearSession({ loggedOut: true });
  setSessionExpiredHandler(null);
});
afterEach(() => {
  setSessionExpiredHandler(null);
  vi.useRealTimers();
});

/** What another tab of the browser does to the shared storage, and the `storage` event this tab then gets. */
function otherTab(session: { user: typeof marcus; startedAt: number } | null, notify = true) {
  if (session) {
    localStorage.setItem(USER_KEY, JSON.stringify(session.user));
    localStorage.setItem(STARTED_KEY, String(session.startedAt));
  } else {
    localStorage.removeItem(USER_KEY);
    localStorage.removeItem(STARTED_KEY);
  }
  if (notify) window.dispatchEvent(new StorageEvent('storage', { key: USER_KEY, storageArea: localStorage }));
}

describe("a tab's session timer", () => {
  it("ends only the session it was set for: an old tab's timer leaves the next user's session alone", () => {
    vi.useFakeTimers();
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    // This (old) tab: Marcus signed in; its timer runs to his start + 5 minutes.
    startSession(marcus);
    // Elsewhere, without this tab hearing of it: Marcus logged out, and a minute later Grace signed in.
    vi.advanceTimersByTime(60_000);
    otherTab(null, false);
    vi.advanceTimersByTime(60_000);
    const graceStart = Date.now();
    otherTab({ user: grace, startedAt: graceStart }, false);

    // Marcus's 5 minutes are over: Grace's session, 2 minutes younger, stays.
    vi.advanceTimersByTime(SESSION_MS - 120_000);
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toEqual(grace);
    expect(localStorage.getItem(STARTED_KEY)).toBe(String(graceStart));
    expect(expired).not.toHaveBeenCalled();
    // The tab follows the session it found, and ends it on Grace's own time.
    expect(hasSession()).toBe(true);
    vi.advanceTimersByTime(120_000 - 1);
    expect(localStorage.getItem(USER_KEY)).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it("still ends its own session on time", () => {
    vi.useFakeTimers();
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    startSession(marcus);
    vi.advanceTimersByTime(SESSION_MS);
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(hasSession()).toBe(false);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('a 401 met by an old tab does not end the session another tab signed in since', () => {
    startSession(marcus);
    otherTab({ user: grace, startedAt: Date.now() + 1 }, false);
    clearSession();
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toEqual(grace);
    // A logout revokes the browser's one session, whichever it is.
    clearSession({ loggedOut: true });
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });
});

describe('another tab signs out or signs someone in', () => {
  it('a logout in another tab takes this tab from the member pages to /login with the expiry message', async () => {
    fakeApi({});
    startSession(marcus);
    const router = renderAt('/users/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: fillText(MEMBER_TEXTS.greeting, { name: 'Marcus' }) })).toBeInTheDocument();
    act(() => otherTab(null));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(SESSION_TEXTS.expired)).toBeInTheDocument();
    expect(hasSession()).toBe(false);
  });

  it("another user's sign-in there: this tab leaves the earlier user's page for the new user's first page", async () => {
    fakeApi({});
    startSession(marcus);
    const router = renderAt('/users/transactions');
    await screen.findByRole('heading', { level: 1, name: /Transactions/ });
    const graceStart = Date.now() + 1;
    act(() => otherTab({ user: grace, startedAt: graceStart }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: fillText(MEMBER_TEXTS.greeting, { name: 'Grace' }) })).toBeInTheDocument();
    expect(screen.queryByText(/Marcus/)).toBeNull();
    // The shared storage is what the other tab wrote.
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toEqual(grace);
    expect(localStorage.getItem(STARTED_KEY)).toBe(String(graceStart));
  });

  it("this tab drops its token of the earlier session and keeps time for the new one", () => {
    vi.useFakeTimers();
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    startSession(marcus);
    setSessionToken('marcus-token');
    vi.advanceTimersByTime(60_000);
    otherTab({ user: grace, startedAt: Date.now() });
    expect(sessionToken()).toBeNull();
    vi.advanceTimersByTime(SESSION_MS - 60_000);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });
});
