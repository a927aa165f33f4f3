import { Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { PublicLayout } from '../components/public-layout';
import { PageChange } from '../components/page-change';
import { PageLoader } from '../components/page-loader';
import { muiPage } from '../components/mui-page';
import WelcomePage from '../features/welcome/welcome-page';
import { authRoutes } from '../features/auth/routes';
import { onboardingRoutes } from '../features/onboarding/routes';
import { memberRoutes } from '../features/member/routes';
import { adminRoutes } from '../features/admin/routes';
import { devRoutes, studioRoutes } from '../features/dev/routes';

// The welcome page is part of the first load (plain CSS, a few KB): `/` renders without waiting for another chunk.
// Every other page is drawn with MUI and loads with its theme (muiPage).
const NotFoundPage = muiPage(() => import('../components/not-found-page'));

function Root() {
  return (
    <>
      <PageChange />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** Every route of the route table (spec 4 section 2); each feature owns its list. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <PublicLayout />,
        children: [{ path: '/', element: <WelcomePage /> }, ...authRoutes, ...onboardingRoutes, ...devRoutes],
      },
      { element: <PublicLayout wide />, children: studioRoutes },
      // Member and admin features bring their own layouts.
      ...memberRoutes,
      ...adminRoutes,
      { element: <PublicLayout />, children: [{ path: '*', element: <NotFoundPage /> }] },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
