import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Alert, AlertTitle, Box, GlobalStyles } from '@mui/material';
import { useSession } from './session-store';
import { sessionLength } from './session-sync';
import { PAGE_TEXTS } from '../../../shared/page-texts';
import { fillText } from '../../../shared/fill-text';
import { formatTime } from '../../../shared/format-date';

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
  const box = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  const sessionMs = sessionLength();
  const left = startedAt ? startedAt + sessionMs - now : 0;
  const shown = Boolean(startedAt) && closedFor !== startedAt && left > 0 && left <= warningLead(sessionMs);
  // The page keeps room under its content for the warning, and the field being typed in stays above it (on a phone
  // the warning covered the focused field: WCAG 2.4.11).
  useLayoutEffect(() => {
    const measured = shown ? (box.current?.offsetHeight ?? 0) : 0;
    setHeight(measured);
    const focused = document.activeElement;
    if (measured && focused instanceof HTMLElement && focused !== document.body && focused.getBoundingClientRect().bottom > window.innerHeight - measured - 16) {
      // After the page has its new room (scroll-padding-bottom below), so the field lands above the warning.
      requestAnimationFrame(() => focused.scrollIntoView({ block: 'nearest' }));
    }
  }, [shown]);
  if (!shown || !startedAt) return null;
  const minutes = Math.max(1, Math.round(sessionMs / 60_000));
  // On the clock every other time in the product is shown on (the credit union's, 24-hour: src/shared/format-date.ts).
  const endsAt = formatTime(startedAt + sessionMs);
  return (
    <>
      {height > 0 && <GlobalStyles styles={{ html: { scrollPaddingBottom: height + 32 }, body: { paddingBottom: height + 32 } }} />}
      <Box ref={box} sx={{ position: 'fixed', left: 16, right: 16, bottom: 16, zIndex: (theme) => theme.zIndex.snackbar, display: 'flex', justifyContent: 'center', pointerEvents: 'none' }}>
        {/* The standard (light) variant: white text on the filled orange is below AA contrast. */}
        <Alert role="none" severity="warning" variant="standard" closeText={PAGE_TEXTS.close} onClose={() => setClosedFor(startedAt)} sx={{ maxWidth: 560, width: '100%', pointerEvents: 'auto', boxShadow: 6, border: 1, borderColor: 'warning.main' }}>
          <div role="alert">
            <AlertTitle>
              {fillText(PAGE_TEXTS.sessionEndsAt, { time: endsAt })}
              <span aria-hidden="true"> {fillText(PAGE_TEXTS.sessionEndsIn, { left: clock(left) })}</span>
            </AlertTitle>
            {fillText(PAGE_TEXTS.sessionLasts, { length: minutes === 1 ? PAGE_TEXTS.oneMinute : fillText(PAGE_TEXTS.minutes, { count: minutes }) })}
          </div>
        </Alert>
      </Box>
    </>
  );
}
