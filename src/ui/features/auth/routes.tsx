import type { RouteObject } from 'react-router-dom';
import ComingSoonPage from '../../components/coming-soon-page';
import { RedirectIfSignedIn } from './route-guards';

/** Sign-in, sign-in verification and password reset (spec 1). */
export const authRoutes: RouteObject[] = [
  { path: '/login', element: <RedirectIfSignedIn><ComingSoonPage title="Sign In" /></RedirectIfSignedIn> },
  { path: '/auth/mobile-verification', element: <RedirectIfSignedIn><ComingSoonPage title="Sign In Verification" /></RedirectIfSignedIn> },
  { path: '/reset-password', element: <ComingSoonPage title="Reset Password" /> },
];
