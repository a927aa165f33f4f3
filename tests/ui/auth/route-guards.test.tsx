// @vitest-environment happy-dom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { renderAt } from '../render-app';
import { fakeMemberApi } from '../features/member/member-fake-api';
import { clearSession, startSession } from '../../../src/ui/features/auth/session-store';
import { ROLES } from '../../../src/shared/product';

configure({ asyncUtilTimeout: 10_000 });
afterEach(() => {
  cleanup();
  clearSession({ loggedOut: true });
});

const member = { id: 3, email: 'member@cu.example', name: 'Marcus Member', first_name: 'Marcus', role_id: ROLES.CUSTOMER };
const admin = { id: 1, email: 'admin@cu.example', name: 'Ava Administrator', first_name: 'Ava', role_id: ROLES.SYSTEMS_ADMINISTRATOR };

/**
 * A signed-in user on the other role's area: a page of its own (a heading, a title, a main landmark) that says whose
 * area it is and links to the user's own, and no call of that area is made (an administrator on /users/dashboard got
 * the member dashboard with "Welcome back, Ava", empty account cards and two "Access denied." errors from the API).
 */
describe("the signed-in areas' role guards", () => {
  it.each([
    { who: 'an administrator', user: admin, path: '/users/dashboard', says: /for members/, own: '/admin/users' },
    { who: 'an administrator', user: admin, path: '/users/transfer-to-member', says: /for members/, own: '/admin/users' },
    { who: 'a member', user: member, path: '/admin/users', says: /for administrators/, own: '/users/dashboard' },
    { who: 'a member', user: member, path: '/admin/signup-approvals', says: /for administrators/, own: '/users/dashboard' },
  ])('$who at $path is refused with a page of its own and a link to their area, calling nothing', async ({ user, path, says, own }) => {
    const calls = fakeMemberApi({});
    clearSession();
    startSession(user);
    renderAt(path);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Access Denied' });
    const main = screen.getByRole('main');
    expect(main).toContainElement(heading);
    expect(within(main).getByText(says)).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: /^Go to your/ })).toHaveAttribute('href', own);
    await waitFor(() => expect(document.title).toMatch(/^Access Denied - /));
    // Nothing of the other area was drawn or asked for.
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
