import { cleanup, configure } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { Suspense } from 'react';
import { adminRoutes } from '../../../src/ui/features/admin/routes';
import { PageLoader } from '../../../src/ui/components/page-loader';
import { startSession, clearSession } from '../../../src/ui/features/auth/session-store';
import { setSessionToken } from '../../../src/ui/lib/api-client';
import type { DbHandle } from '../../../src/server/db/create-db';
import { ROLES } from '../../../src/shared/product';
import { dbTargets } from '../../helpers/test-db';
import { suiteApp, type TestApp } from '../../helpers/test-app';
import { tokenFor } from '../../server/admin/admin-helpers';
import { renderRoutes } from '../render-app';
import { routeApiTo } from './real-api';

const ADMIN_PAGES = {
  pages: () => import('../../../src/ui/features/admin/admin-pages'),
  layout: () => import('../../../src/ui/features/admin/admin-layout'),
  users: () => import('../../../src/ui/features/admin/users/users-list-page'),
  user: () => import('../../../src/ui/features/admin/users/user-view-page'),
  create: () => import('../../../src/ui/features/admin/users/user-create-page'),
  edit: () => import('../../../src/ui/features/admin/users/user-edit-page'),
  signups: () => import('../../../src/ui/features/admin/signups/signup-approvals-page'),
  review: () => import('../../../src/ui/features/admin/signups/signup-review-page'),
  funnel: () => import('../../../src/ui/features/admin/funnel/funnel-page'),
};

// Every screen here waits on a real server and database, rendering MUI in a DOM stand-in: on a 2-core machine that other
// runs load 5 times over (load average 10-17), one search's debounce, query and re-render took over 5 s and a
// whole screen test over 30 s. Waits end as soon as their condition holds, so the longer limits cost a passing
// run nothing; they only let a starved one finish.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 120_000 });

/** Signs the UI in as the given administrator (token from the real session service) and renders the app at `path`. */
export function renderAsAdmin(path: string, token: string, user = { id: 1, email: 'admin@cu.example', name: 'Ava Administrator' }) {
  clearSession();
  startSession({ ...user, role_id: ROLES.SYSTEMS_ADMINISTRATOR });
  setSessionToken(token);
  // Only the admin feature's routes (plus a stand-in /login), so other features' work in progress cannot break these tests.
  const routes = [{ element: <Suspense fallback={<PageLoader />}><Outlet /></Suspense>, children: [...adminRoutes, { path: '/login', element: <h1>Sign In</h1> }] }];
  return renderRoutes(routes, path);
}

/**
 * The setup of an admin screen suite against the real server in this process (PGlite): the suite's app
 * (`prepare` fills its database first), the UI's API routed to it, an administrator session, a clean
 * DOM after each test. Answers the app and `renderAdmin(path)`: renderAsAdmin with that session.
 */
export function adminScreenSuite(options: { prepare?: (db: DbHandle) => Promise<unknown> } = {}): { t: TestApp; renderAdmin: (path: string) => ReturnType<typeof renderAsAdmin> } {
  const t = suiteApp(dbTargets()[0], options);
  let token = '';
  let admin = { id: 0, email: 'admin@cu.example', name: '' };
  let restore: (() => void) | undefined;
  beforeAll(async () => {
    // The admin layout and pages load lazily on first use; loading them here (the hook's time, not a test's 5 s
    // wait) keeps a file's first screen from timing out while Vite transforms them on a loaded machine. The
    // screens still go through the same lazy routes, which then resolve at once.
    await Promise.all(Object.values(ADMIN_PAGES).map((load) => load()));
    restore = routeApiTo(t);
    token = await tokenFor(t.app, admin.email);
    // The UI's session names the same user the token belongs to (own-account rules compare ids).
    const row = await t.app.db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('email', '=', admin.email).executeTakeFirstOrThrow();
    admin = { ...admin, id: row.id, name: `${row.first_name} ${row.last_name}` };
  });
  afterEach(() => cleanup());
  afterAll(() => restore?.());
  return { t, renderAdmin: (path) => renderAsAdmin(path, token, admin) };
}
