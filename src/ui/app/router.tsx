import { Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { PublicLayout } from '../components/public-layout';
import { PageChange } from '../components/page-change';
import { PageLoader } from '../components/page-loader';
import { muiPage } from '../components/mui-page';
import WelcomePage from '../features/welcome/welcome-page';
import { usePageTitle } from '../lib/use-page-title';
import { authRoutes } from '../features/auth/routes';
import { onboardingRoutes } from '../features/onboarding/routes';
import { memberRoutes } from '../features/member/routes';
import { adminRoutes } from '../features/admin/routes';
import { devRoutes, studioRoutes } from '../features/dev/routes';
// Its words read one by one, so the build keeps only these (the first page's script is at its budget).
import * as WELCOME from '../../../forms/messages/welcome.json';

// The welcome page is part of the first load (plain CSS, a few KB): `/` renders without waiting for another chunk.
// Every other page is drawn with MUI and loads with its theme (muiPage).
const NotFoundPage = muiPage(() => import('../components/not-found-page'));

/**
 * A page that could not load (a script of a build replaced since this tab opened, a dropped connection) or be drawn:
 * says so and offers a reload, in the signed-out frame, in plain CSS (loading anything more could fail the same way).
 */
function NotShown() {
  usePageTitle(WELCOME.notShownTitle);
  return (
    <PublicLayout>
      <div className="cu-card">
        <div className="cu-card__content cu-stack">
          <h1 className="cu-h1">{WELCOME.notShownTitle}</h1>
          <p>{WELCOME.notShownBody}</p>
          <button type="button" className="cu-button cu-button--contained" onClick={() => location.reload()}>
            {WELCOME.reload}
          </button>
        </div>
      </div>
    </PublicLayout>
  );
}

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
    errorElement: <NotShown />,
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
