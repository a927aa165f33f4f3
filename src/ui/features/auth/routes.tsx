import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RedirectIfSignedIn } from './route-guards';

const LoginPage = lazy(() => import('./login-page'));
const MobileVerificationPage = lazy(() => import('./mobile-verification-page'));
const ResetPasswordPage = lazy(() => import('./reset-password-page'));

/** Sign-in, sign-in verification and password reset (spec 1). */
export const authRoutes: RouteObject[] = [
  { path: '/login', element: <RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn> },
  { path: '/auth/mobile-verification', element: <RedirectIfSignedIn><MobileVerificationPage /></RedirectIfSignedIn> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
];
