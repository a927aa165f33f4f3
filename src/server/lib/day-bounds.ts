import { dayIn } from '../../shared/dates/today.js';

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** How far the wall clock of `timeZone` is ahead of UTC at `at`, in milliseconds. */
function offsetMs(timeZone: string, at: number): number {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    wallFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant a calendar day (YYYY-MM-DD) starts in `timeZone` (midnight there, or the first instant after a gap). */
export function startOfDay(timeZone: string, day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const midnightUtc = Date.UTC(y, m - 1, d);
  const first = midnightUtc - offsetMs(timeZone, midnightUtc);
  return new Date(midnightUtc - offsetMs(timeZone, first));
}

/** The instant the day after `day` starts in `timeZone`: the exclusive end of `day`. */
export function endOfDay(timeZone: string, day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return startOfDay(timeZone, next);
}

/** The start of today (the credit union's day at `now`) in `timeZone`. */
export function startOfToday(timeZone: string, now: Date): Date {
  return startOfDay(timeZone, dayIn(timeZone, now));
}
