import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { muiPage } from '../../components/mui-page';
import { RequireSignedIn } from '../auth/route-guards';
import { MEMBER_PAGE_TITLES } from './member-page-titles';

// The layout loads with the first member page, not with the public pages, and brings the MUI theme its pages use.
const MemberLayout = muiPage(() => import('./member-layout'));
const ComingSoonPage = lazy(() => import('../../components/coming-soon-page'));
const DashboardPage = lazy(() => import('./dashboard-page'));
const TransactionsPage = lazy(() => import('./transactions-page'));
const TransferToSelfPage = lazy(() => import('./transfer-to-self-page'));
const TransferToMemberPage = lazy(() => import('./transfer-to-member-page'));

// Linked from the sidebar and the quick actions but not built (spec 2 section 1): they say so plainly.
const NOT_BUILT = ['/users/account', '/users/transfers', '/users/loans', '/users/investments', '/users/cards', '/users/support', '/users/settings'];

/** The member area (spec 2): sign-in required, inside the member layout. */
export const memberRoutes: RouteObject[] = [
  {
    element: (
      <RequireSignedIn>
        <MemberLayout />
      </RequireSignedIn>
    ),
    children: [
      { path: '/users/dashboard', element: <DashboardPage /> },
      { path: '/users/transfer-to-self', element: <TransferToSelfPage /> },
      { path: '/users/transfer-to-member', element: <TransferToMemberPage /> },
      { path: '/users/transactions', element: <TransactionsPage /> },
      ...NOT_BUILT.map((path) => ({ path, element: <ComingSoonPage title={MEMBER_PAGE_TITLES[path]} /> })),
    ],
  },
];
