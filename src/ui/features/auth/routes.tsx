import type { RouteObject } from 'react-router-dom';
import { muiPage } from '../../components/mui-page';
import { RedirectIfSignedIn } from './route-guards';

const LoginPage = muiPage(() => import('./login-page'));
const MobileVerificationPage = muiPage(() => import('./mobile-verification-page'));
const ResetPasswordPage = muiPage(() => import('./reset-password-page'));

/** Sign-in, sign-in verification and password reset (spec 1). */
export const authRoutes: RouteObject[] = [
  { path: '/login', element: <RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn> },
  { path: '/auth/mobile-verification', element: <RedirectIfSignedIn><MobileVerificationPage /></RedirectIfSignedIn> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
];
