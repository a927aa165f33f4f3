import { useEffect, useState } from 'react';
import { Alert, AlertTitle, Box } from '@mui/material';
import { useSession } from './session-store';
import { sessionLength } from './session-sync';

/** How long before the end the warning shows: a minute, or a fifth of a shorter session (tests shorten it). */
export function warningLead(sessionMs: number): number {
  return Math.min(60_000, Math.round(sessionMs / 5));
}

function clock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The signed-in areas' warning before the session ends (DESIGN.md: 5 minutes from sign-in, not extended by use). It
 * says when, and that signing in again returns to this page (./return-page.ts; a form's unsaved answers come back
 * too, ./use-kept-draft.ts). Screen readers hear it once when it comes (the ticking count is not read out); it never
 * takes the focus from a field being typed in, and it can be closed.
 */
export function SessionEndWarning() {
  const { startedAt } = useSession();
  const [now, setNow] = useState(() => Date.now());
  const [closedFor, setClosedFor] = useState<number | null>(null);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!startedAt || closedFor === startedAt) return null;
  const sessionMs = sessionLength();
  const left = startedAt + sessionMs - now;
  if (left > warningLead(sessionMs) || left <= 0) return null;
  const minutes = Math.max(1, Math.round(sessionMs / 60_000));
  const endsAt = new Date(startedAt + sessionMs).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  return (
    <Box sx={{ position: 'fixed', left: 16, right: 16, bottom: 16, zIndex: (theme) => theme.zIndex.snackbar, display: 'flex', justifyContent: 'center', pointerEvents: 'none' }}>
      {/* The standard (light) variant: white text on the filled orange is below AA contrast. */}
      <Alert role="none" severity="warning" variant="standard" onClose={() => setClosedFor(startedAt)} sx={{ maxWidth: 560, width: '100%', pointerEvents: 'auto', boxShadow: 6, border: 1, borderColor: 'warning.main' }}>
        <div role="alert">
          <AlertTitle>
            Your session ends at {endsAt}
            <span aria-hidden="true"> (in {clock(left)})</span>
          </AlertTitle>
          For your security, a session lasts {minutes} {minutes === 1 ? 'minute' : 'minutes'} from sign-in. Sign in again when asked to come back to
          this page; a form you are filling in keeps what you typed.
        </div>
      </Alert>
    </Box>
  );
}
