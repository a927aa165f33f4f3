import { lazy } from 'react';
import { muiPage } from '../../components/mui-page';
import { RequireMember } from '../auth/route-guards';

// The member area's pages, which the route table (./routes.tsx) reaches through this one module, with the area's
// guard: the first page carries neither. The layout brings the MUI theme its pages use.
const Layout = muiPage(() => import('./member-layout'));

/** The member layout behind the member guard: a signed-out visitor goes to /login, an administrator is refused, before the layout loads. */
export function MemberLayout() {
  return (
    <RequireMember>
      <Layout />
    </RequireMember>
  );
}

/** A member page that is linked but not built, titled after its route. */
export const ComingSoonPage = lazy(() => import('./coming-soon'));
export const DashboardPage = lazy(() => import('./dashboard-page'));
export const TransactionsPage = lazy(() => import('./transactions-page'));
export const TransferToSelfPage = lazy(() => import('./transfer-to-self-page'));
export const TransferToMemberPage = lazy(() => import('./transfer-to-member-page'));
