import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyExport } from '../../components/lazy-export';

// The administrator guard, the layout and the pages load with the first admin page, not with the public pages
// (./admin-pages.tsx).
const pages = () => import('./admin-pages');
const AdminLayout = lazyExport(pages, 'AdminLayout');
const UsersListPage = lazyExport(pages, 'UsersListPage');
const UserViewPage = lazyExport(pages, 'UserViewPage');
const UserCreatePage = lazyExport(pages, 'UserCreatePage');
const UserEditPage = lazyExport(pages, 'UserEditPage');
const SignupApprovalsPage = lazyExport(pages, 'SignupApprovalsPage');
const SignupReviewPage = lazyExport(pages, 'SignupReviewPage');
const FunnelPage = lazyExport(pages, 'FunnelPage');

/** The administrator area (spec 2): the administrator role is required; the server enforces it too. */
export const adminRoutes: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      { path: '/admin', element: <Navigate to="/admin/users" replace /> },
      { path: '/admin/users', element: <UsersListPage /> },
      { path: '/admin/users/create', element: <UserCreatePage /> },
      { path: '/admin/users/:id', element: <UserViewPage /> },
      { path: '/admin/users/:id/edit', element: <UserEditPage /> },
      { path: '/admin/signup-approvals', element: <SignupApprovalsPage /> },
      { path: '/admin/signup-approvals/:id', element: <SignupReviewPage /> },
      { path: '/admin/onboarding-funnel', element: <FunnelPage /> },
    ],
  },
  // The original's success step navigates here; it is not in the route table.
  { path: '/admin/approvals', element: <Navigate to="/admin/signup-approvals" replace /> },
];
