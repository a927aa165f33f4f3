import { http } from '../../lib/api-client';
import { preferTimeZone } from '../../../shared/dates/today';
import { SESSION_MINUTES } from '../../../shared/roles';
import { endSessionAsExpired, hasSession, setSessionLength } from './session-store';

let sessionMs = SESSION_MINUTES * 60_000;

/** The session's length in ms as the server told it (the signed-in areas' warning before the end reads it; kept here, out of the first page). */
export function sessionLength(): number {
  return sessionMs;
}

let configRead: Promise<void> | undefined;

/** GET /api/config, read once: the real session length and the credit union's time zone with its offsets. */
function readConfig(): Promise<void> {
  configRead ??= (async () => {
    try {
      const config = await http.get<{ session_seconds?: number; time_zone?: string; time_zone_offsets?: unknown }>('/config');
      if (typeof config.time_zone === 'string') preferTimeZone(config.time_zone, config.time_zone_offsets);
      if (typeof config.session_seconds === 'number' && config.session_seconds > 0) {
        sessionMs = config.session_seconds * 1000;
        setSessionLength(sessionMs);
      }
    } catch {
      // Keep the 5-minute default and the default zone when the configuration cannot be read.
    }
  })();
  return configRead;
}

/**
 * Resolves once the configuration has been read (it started at load), or after `waitMs` at most: the wizard's
 * pages wait for it so that their "today" is the credit union's from the first render, and read from the offsets
 * instead of the runtime's time zone data.
 */
export function configKnown(waitMs: number): Promise<void> {
  return Promise.race([readConfig(), new Promise<void>((resolve) => setTimeout(resolve, waitMs))]);
}

/**
 * At load: reads the configuration (tests shorten the session with SESSION_SECONDS) and asks the server whether the
 * session cookie still lives (a reset or a block elsewhere ends it).
 * Either way a dead session ends here with the expiry message. Loaded with axios after the first page, not in it.
 */
export async function syncSessionWithServer(): Promise<void> {
  await readConfig();
  if (!hasSession()) return;
  try {
    const { valid } = await http.post<{ valid: boolean }>('/users/verify-token', {});
    if (!valid) endSessionAsExpired();
  } catch {
    // Offline: the timer still ends the session on time.
  }
}
