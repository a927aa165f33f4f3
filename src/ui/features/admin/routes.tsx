import { Navigate, type RouteObject } from 'react-router-dom';
import ComingSoonPage from '../../components/coming-soon-page';
import { RequireAdmin } from '../auth/route-guards';

/** The administrator area (spec 2): the administrator role is required. */
export const adminRoutes: RouteObject[] = [
  { path: '/admin/users', element: <RequireAdmin><ComingSoonPage title="Users" /></RequireAdmin> },
  { path: '/admin/users/create', element: <RequireAdmin><ComingSoonPage title="Create User" /></RequireAdmin> },
  { path: '/admin/users/:id', element: <RequireAdmin><ComingSoonPage title="View User" /></RequireAdmin> },
  { path: '/admin/users/:id/edit', element: <RequireAdmin><ComingSoonPage title="Edit User" /></RequireAdmin> },
  { path: '/admin/signup-approvals', element: <RequireAdmin><ComingSoonPage title="Signup Approvals" /></RequireAdmin> },
  // The original's success step navigates here; it is not in the route table.
  { path: '/admin/approvals', element: <Navigate to="/admin/signup-approvals" replace /> },
];
