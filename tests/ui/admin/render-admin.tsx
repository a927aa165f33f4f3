import { configure, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { Suspense } from 'react';
import { adminRoutes } from '../../../src/ui/features/admin/routes';
import { PageLoader } from '../../../src/ui/components/page-loader';
import { ColorModeProvider } from '../../../src/ui/app/color-mode';
import { startSession, clearSession } from '../../../src/ui/features/auth/session-store';
import { setSessionToken } from '../../../src/ui/lib/api-client';
import { ROLES } from '../../../src/shared/product';

// Every screen here waits on a real server and database, and loads its page lazily on first use.
configure({ asyncUtilTimeout: 5000 });

/** Signs the UI in as the given administrator (token from the real session service) and renders the app at `path`. */
export function renderAsAdmin(path: string, token: string, user = { id: 1, email: 'admin@cu.example', name: 'Ava Administrator' }) {
  clearSession();
  startSession({ ...user, role_id: ROLES.SYSTEMS_ADMINISTRATOR });
  setSessionToken(token);
  // Only the admin feature's routes (plus a stand-in /login), so other features' work in progress cannot break these tests.
  const routes = [{ element: <Suspense fallback={<PageLoader />}><Outlet /></Suspense>, children: [...adminRoutes, { path: '/login', element: <h1>Sign In</h1> }] }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <ColorModeProvider>
      <RouterProvider router={router} />
    </ColorModeProvider>,
  );
  return router;
}
