import { lazy } from 'react';
import { muiPage } from '../../components/mui-page';
import { RequireAdmin } from '../auth/route-guards';

// The administrator area's pages, which the route table (./routes.tsx) reaches through this one module, with the
// area's guard: the first page carries neither. The layout brings the MUI theme its pages use.
const Layout = muiPage(() => import('./admin-layout'));

/** The admin layout behind the administrator guard: anyone else is sent to /login or refused before it loads. */
export function AdminLayout() {
  return (
    <RequireAdmin>
      <Layout />
    </RequireAdmin>
  );
}
export const UsersListPage = lazy(() => import('./users/users-list-page'));
export const UserViewPage = lazy(() => import('./users/user-view-page'));
export const UserCreatePage = lazy(() => import('./users/user-create-page'));
export const UserEditPage = lazy(() => import('./users/user-edit-page'));
export const SignupApprovalsPage = lazy(() => import('./signups/signup-approvals-page'));
export const SignupReviewPage = lazy(() => import('./signups/signup-review-page'));
export const FunnelPage = lazy(() => import('./funnel/funnel-page'));
