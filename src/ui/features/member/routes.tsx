import type { RouteObject } from 'react-router-dom';
import { lazyExport } from '../../components/lazy-export';

// The sign-in guard, the layout and the pages load with the first member page, not with the public pages (./member-pages.tsx).
const pages = () => import('./member-pages');
const MemberLayout = lazyExport(pages, 'MemberLayout');
const ComingSoonPage = lazyExport(pages, 'ComingSoonPage');
const DashboardPage = lazyExport(pages, 'DashboardPage');
const TransactionsPage = lazyExport(pages, 'TransactionsPage');
const TransferToSelfPage = lazyExport(pages, 'TransferToSelfPage');
const TransferToMemberPage = lazyExport(pages, 'TransferToMemberPage');

// Linked from the sidebar and the quick actions but not built (spec 2 section 1): they say so plainly.
const NOT_BUILT = ['/users/account', '/users/transfers', '/users/loans', '/users/investments', '/users/cards', '/users/support', '/users/settings'];

/** The member area (spec 2): sign-in required, inside the member layout. */
export const memberRoutes: RouteObject[] = [
  {
    element: <MemberLayout />,
    children: [
      { path: '/users/dashboard', element: <DashboardPage /> },
      { path: '/users/transfer-to-self', element: <TransferToSelfPage /> },
      { path: '/users/transfer-to-member', element: <TransferToMemberPage /> },
      { path: '/users/transactions', element: <TransactionsPage /> },
      ...NOT_BUILT.map((path) => ({ path, element: <ComingSoonPage /> })),
    ],
  },
];
