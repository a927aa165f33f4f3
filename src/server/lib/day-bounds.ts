import { dayIn } from '../../shared/dates/today.js';
import { wallClock } from '../../shared/dates/wall-clock.js';

/** A wall-clock time read as UTC, in milliseconds, for any year from 1 to 10000 (Date.UTC reads years 0-99 as 1900-1999). */
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, second, 0);
  return at.getTime();
}

/** How far the wall clock of `timeZone` is ahead of UTC at `at`, in milliseconds. */
function offsetMs(timeZone: string, at: number): number {
  const w = wallClock(timeZone, at);
  return utcMs(w.year, w.month, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
}

/** The instant a UTC midnight's calendar day starts in `timeZone` (midnight there, or the first instant after a gap). */
function zoneMidnight(timeZone: string, midnightUtc: number): Date {
  const first = midnightUtc - offsetMs(timeZone, midnightUtc);
  return new Date(midnightUtc - offsetMs(timeZone, first));
}

const partsOf = (day: string) => day.split('-').map(Number) as [number, number, number];

/** The instant a calendar day (YYYY-MM-DD, years 0001-9999 as the date format allows) starts in `timeZone`. */
export function startOfDay(timeZone: string, day: string): Date {
  const [y, m, d] = partsOf(day);
  return zoneMidnight(timeZone, utcMs(y, m, d));
}

/** The instant the day after `day` starts in `timeZone`: the exclusive end of `day` (9999-12-31 included). */
export function endOfDay(timeZone: string, day: string): Date {
  const [y, m, d] = partsOf(day);
  return zoneMidnight(timeZone, utcMs(y, m, d + 1));
}

/** The start of today (the credit union's day at `now`) in `timeZone`. */
export function startOfToday(timeZone: string, now: Date): Date {
  return startOfDay(timeZone, dayIn(timeZone, now));
}

/** The calendar day `days` after `day` (before it when negative), kept within the date format's 0001-01-01..9999-12-31. */
export function shiftDay(day: string, days: number): string {
  const [y, m, d] = partsOf(day);
  const at = new Date(Math.min(Math.max(utcMs(y, m, d + days), utcMs(1, 1, 1)), utcMs(9999, 12, 31)));
  return `${String(at.getUTCFullYear()).padStart(4, '0')}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-${String(at.getUTCDate()).padStart(2, '0')}`;
}

/**
 * A range of days as a query's bounds (the first day's start, the instant after the last day): days before 1900
 * count as 1900-01-01 and days after 9998-12-31 as that day. Every stored instant lies between, so the range means
 * the same; beyond, an instant is one the database drivers cannot pass (year 10000, or a local mean time offset in
 * seconds) and the query failed.
 */
export function dayRange(timeZone: string, range: { from?: string; to?: string }): { from?: Date; before?: Date } {
  const within = (day: string) => (day < '1900-01-01' ? '1900-01-01' : day > '9998-12-31' ? '9998-12-31' : day);
  return { from: range.from ? startOfDay(timeZone, within(range.from)) : undefined, before: range.to ? endOfDay(timeZone, within(range.to)) : undefined };
}
