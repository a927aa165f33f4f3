import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { muiPage } from '../../components/mui-page';
import { RequireAdmin } from '../auth/route-guards';

// The layout loads with the first admin page, not with the public pages, and brings the MUI theme its pages use.
const AdminLayout = muiPage(() => import('./admin-layout'));
const UsersListPage = lazy(() => import('./users/users-list-page'));
const UserViewPage = lazy(() => import('./users/user-view-page'));
const UserCreatePage = lazy(() => import('./users/user-create-page'));
const UserEditPage = lazy(() => import('./users/user-edit-page'));
const SignupApprovalsPage = lazy(() => import('./signups/signup-approvals-page'));
const SignupReviewPage = lazy(() => import('./signups/signup-review-page'));

/** The administrator area (spec 2): the administrator role is required; the server enforces it too. */
export const adminRoutes: RouteObject[] = [
  {
    element: (
      <RequireAdmin>
        <AdminLayout />
      </RequireAdmin>
    ),
    children: [
      { path: '/admin', element: <Navigate to="/admin/users" replace /> },
      { path: '/admin/users', element: <UsersListPage /> },
      { path: '/admin/users/create', element: <UserCreatePage /> },
      { path: '/admin/users/:id', element: <UserViewPage /> },
      { path: '/admin/users/:id/edit', element: <UserEditPage /> },
      { path: '/admin/signup-approvals', element: <SignupApprovalsPage /> },
      { path: '/admin/signup-approvals/:id', element: <SignupReviewPage /> },
    ],
  },
  // The original's success step navigates here; it is not in the route table.
  { path: '/admin/approvals', element: <Navigate to="/admin/signup-approvals" replace /> },
];
