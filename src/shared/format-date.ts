import { DEFAULT_TIME_ZONE, timeZone } from './dates/today';

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

function toDate(value: string | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The credit union's wall clock at an instant: year, month, day, hour and minute as shown. */
function wallClock(d: Date): { year: string; month: string; day: string; hour: string; minute: string } {
  const read = (zone: string) => {
    let format = wallFormats.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
      wallFormats.set(zone, format);
    }
    return Object.fromEntries(format.formatToParts(d).map((p) => [p.type, p.value])) as ReturnType<typeof wallClock>;
  };
  try {
    return read(timeZone());
  } catch {
    // A zone this runtime does not know (set unchecked from /api/config): the default, as today() does.
    return read(DEFAULT_TIME_ZONE);
  }
}

/** '23.11.2026' from '2026-11-23' (as stored, never shifted) or from an instant (in the credit union's time zone); '' for nothing or nonsense. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const calendar = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  if (calendar) return `${calendar[3]}.${calendar[2]}.${calendar[1]}`;
  const d = toDate(value);
  if (!d) return '';
  const w = wallClock(d);
  return `${w.day}.${w.month}.${w.year.padStart(4, '0')}`;
}

/** '23.11.2026 10:04' from an instant (ISO string or Date), in the credit union's time zone; '' for nothing or nonsense. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return formatDate(value);
  const d = toDate(value);
  if (!d) return '';
  const w = wallClock(d);
  return `${w.day}.${w.month}.${w.year.padStart(4, '0')} ${w.hour}:${w.minute}`;
}
