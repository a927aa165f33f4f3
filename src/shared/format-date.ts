import { DEFAULT_TIME_ZONE, timeZone } from './dates/today';
import { wallClock, type WallClock } from './dates/wall-clock';

/**
 * Dates and times as people read them everywhere in the product: the specification's dd.mm.yyyy, and
 * dd.mm.yyyy hh:mm (24-hour) when the time matters. API answers keep ISO strings; only what is shown to a
 * person goes through these two functions. Date inputs keep the browser's own picker. An instant is shown in the
 * credit union's time zone (TIME_ZONE, as the browser learns it from /api/config), the zone whose days the
 * statements and the admin lists filter by: a transaction is shown on the day it is listed under, whatever the
 * zone of the viewer's device.
 */


// A calendar date as the database stores it (dob): no time, so no time zone may shift it.
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | Date | number): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const two = (n: number) => String(n).padStart(2, '0');
const hoursAndMinutes = (w: WallClock) => `${two(w.hour)}:${two(w.minute)}`;

/** The credit union's wall clock at an instant; the default zone's when this runtime does not know the one set (as today() does). */
function creditUnionClock(d: Date): WallClock {
  try {
    return wallClock(timeZone(), d);
  } catch {
    return wallClock(DEFAULT_TIME_ZONE, d);
  }
}

/** '23.11.2026' from '2026-11-23' (as stored, never shifted) or from an instant (in the credit union's time zone); '' for nothing or nonsense. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const calendar = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  if (calendar) return `${calendar[3]}.${calendar[2]}.${calendar[1]}`;
  const d = toDate(value);
  if (!d) return '';
  const w = creditUnionClock(d);
  return `${two(w.day)}.${two(w.month)}.${String(w.year).padStart(4, '0')}`;
}

/** '23.11.2026 10:04' from an instant (ISO string or Date), in the credit union's time zone; '' for nothing or nonsense. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return formatDate(value);
  const d = toDate(value);
  if (!d) return '';
  const w = creditUnionClock(d);
  return `${two(w.day)}.${two(w.month)}.${String(w.year).padStart(4, '0')} ${hoursAndMinutes(w)}`;
}

/** '10:04' from an instant, in the credit union's time zone, as formatDateTime shows its time; '' for nothing or nonsense. */
export function formatTime(value: string | Date | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return d ? hoursAndMinutes(creditUnionClock(d)) : '';
}
