import type { RouteObject } from 'react-router-dom';
import ComingSoonPage from '../../components/coming-soon-page';
import { RequireSignedIn } from '../auth/route-guards';

/** The member area (spec 2): sign-in required. */
export const memberRoutes: RouteObject[] = [
  { path: '/users/dashboard', element: <RequireSignedIn><ComingSoonPage title="Dashboard" /></RequireSignedIn> },
  { path: '/users/transfer-to-self', element: <RequireSignedIn><ComingSoonPage title="Transfer to Self" /></RequireSignedIn> },
  { path: '/users/transfer-to-member', element: <RequireSignedIn><ComingSoonPage title="Transfer to Member" /></RequireSignedIn> },
];
