import { wallClock } from './wall-clock';

const DAY_MS = 86_400_000;

/**
 * A time zone's offset from UTC over a span of time, as its changes: from each `from` (ms since 1970) on, the zone's
 * clocks are `minutes` ahead of UTC (behind when negative), up to `until`. The server sends it with its time zone
 * (GET /api/config) so that the browser reads the credit union's day without the runtime's time zone data, whose
 * first use costs a phone about 40 ms of main thread (four times that on Lighthouse's slowed CPU).
 */
export interface ZoneOffsets {
  until: number;
  changes: Array<{ from: number; minutes: number }>;
}

/** How far ahead of UTC the clocks of `timeZone` are at `at`, in whole minutes (every zone's offset today is). */
function offsetMinutes(timeZone: string, at: number): number {
  const w = wallClock(timeZone, at);
  return Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000) / 60_000);
}

/**
 * The offsets of `timeZone` from a day before `now` to `days` days after it. Daylight-saving changes are months
 * apart, so a daily reading sees each one; the instant of a change is then found to the second.
 */
export function zoneOffsets(timeZone: string, now: number, days = 400): ZoneOffsets {
  const start = Math.floor((now - DAY_MS) / 1000) * 1000; // whole seconds, so the search below lands on one
  const changes = [{ from: start, minutes: offsetMinutes(timeZone, start) }];
  for (let day = 1; day <= days + 1; day++) {
    const at = start + day * DAY_MS;
    const minutes = offsetMinutes(timeZone, at);
    if (minutes === changes[changes.length - 1].minutes) continue;
    let before = at - DAY_MS;
    let after = at;
    while (after - before > 1000) {
      const middle = before + Math.floor((after - before) / 2000) * 1000;
      if (offsetMinutes(timeZone, middle) === minutes) after = middle;
      else before = middle;
    }
    changes.push({ from: after, minutes });
  }
  return { until: start + (days + 1) * DAY_MS, changes };
}

/** The table's offset at `at`, or null when `at` lies outside it. */
export function offsetAt(offsets: ZoneOffsets, at: number): number | null {
  if (at < offsets.changes[0].from || at >= offsets.until) return null;
  let minutes = offsets.changes[0].minutes;
  for (const change of offsets.changes) if (change.from <= at) minutes = change.minutes;
  return minutes;
}

/** `value` when it is a table of offsets as zoneOffsets makes them (from the network: checked before use). */
export function asZoneOffsets(value: unknown): ZoneOffsets | null {
  if (typeof value !== 'object' || value === null) return null;
  const { until, changes } = value as Partial<ZoneOffsets>;
  const valid =
    Number.isFinite(until) &&
    Array.isArray(changes) &&
    changes.length > 0 &&
    changes.every((c, i) => typeof c === 'object' && c !== null && Number.isFinite(c.from) && Number.isInteger(c.minutes) && Math.abs(c.minutes) <= 24 * 60 && (i === 0 || c.from > changes[i - 1].from));
  return valid ? { until: until as number, changes: changes.map((c) => ({ from: c.from, minutes: c.minutes })) } : null;
}
