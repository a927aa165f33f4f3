import { http } from '../../lib/api-client';
import { preferTimeZone } from '../../../shared/dates/today';
import { SESSION_MINUTES } from '../../../shared/roles';
import { endSessionAsExpired, hasSession, setSessionLength } from './session-store';

let sessionMs = SESSION_MINUTES * 60_000;

/** The session's length in ms as the server told it (the signed-in areas' warning before the end reads it; kept here, out of the first page). */
export function sessionLength(): number {
  return sessionMs;
}

/**
 * At load: reads the real session length and the credit union's time zone from GET /api/config (tests shorten the session with SESSION_SECONDS)
 * and asks the server whether the session cookie still lives (a reset or a block elsewhere ends it).
 * Either way a dead session ends here with the expiry message. Loaded with axios after the first page, not in it.
 */
export async function syncSessionWithServer(): Promise<void> {
  try {
    const config = await http.get<{ session_seconds?: number; time_zone?: string }>('/config');
    if (typeof config.time_zone === 'string') preferTimeZone(config.time_zone);
    if (typeof config.session_seconds === 'number' && config.session_seconds > 0) {
      sessionMs = config.session_seconds * 1000;
      setSessionLength(sessionMs);
    }
  } catch {
    // Keep the 5-minute default when the configuration cannot be read.
  }
  if (!hasSession()) return;
  try {
    const { valid } = await http.post<{ valid: boolean }>('/users/verify-token', {});
    if (!valid) endSessionAsExpired();
  } catch {
    // Offline: the timer still ends the session on time.
  }
}
