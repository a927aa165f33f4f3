import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { muiPage } from '../../components/mui-page';
import { useSession } from './session-store';

const LoginPage = muiPage(() => import('./login-page'));
const MobileVerificationPage = muiPage(() => import('./mobile-verification-page'));
const ResetPasswordPage = muiPage(() => import('./reset-password-page'));

/** /login: a signed-in user goes to the dashboard (spec 1 section 2; /auth/mobile-verification sees to it itself). */
function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, isAdmin } = useSession();
  if (user) return <Navigate to={isAdmin ? '/admin/users' : '/users/dashboard'} replace />;
  return <>{children}</>;
}

/** Sign-in, sign-in verification and password reset (spec 1). */
export const authRoutes: RouteObject[] = [
  { path: '/login', element: <RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn> },
  { path: '/auth/mobile-verification', element: <MobileVerificationPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
];
