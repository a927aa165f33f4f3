import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './app/app.css';
import { ColorModeProvider } from './app/color-mode';
import { createAppRouter } from './app/router';
import { setUnauthorizedHandler } from './lib/session-token';
import { clearSession, isSessionExpired, setSessionExpiredHandler } from './features/auth/session-store';
import { SESSION_TEXTS } from '../shared/session-texts';

const router = createAppRouter();

function toLogin(message?: string) {
  clearSession();
  void router.navigate('/login', { replace: true, state: message ? { message } : undefined });
}
setUnauthorizedHandler(() => toLogin(SESSION_TEXTS.expired));
setSessionExpiredHandler(() => toLogin(SESSION_TEXTS.expired));
if (isSessionExpired()) toLogin(SESSION_TEXTS.expired);
// axios loads with the first call, not with the first page (offline at load: the timer still ends the session on time).
void import('./features/auth/session-sync').then((m) => m.syncSessionWithServer()).catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ColorModeProvider>
      <RouterProvider router={router} />
    </ColorModeProvider>
  </StrictMode>,
);
