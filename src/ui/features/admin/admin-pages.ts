import { lazy } from 'react';
import { muiPage } from '../../components/mui-page';

// The administrator area's pages, which the route table (./routes.tsx) reaches through this one module.
// The layout brings the MUI theme its pages use.
export const AdminLayout = muiPage(() => import('./admin-layout'));
export const UsersListPage = lazy(() => import('./users/users-list-page'));
export const UserViewPage = lazy(() => import('./users/user-view-page'));
export const UserCreatePage = lazy(() => import('./users/user-create-page'));
export const UserEditPage = lazy(() => import('./users/user-edit-page'));
export const SignupApprovalsPage = lazy(() => import('./signups/signup-approvals-page'));
export const SignupReviewPage = lazy(() => import('./signups/signup-review-page'));
export const FunnelPage = lazy(() => import('./funnel/funnel-page'));
