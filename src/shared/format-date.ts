/**
 * Dates and times as people read them everywhere in the product: the specification's dd.mm.yyyy, and
 * dd.mm.yyyy hh:mm (24-hour) when the time matters. API answers keep ISO strings; only what is shown to a
 * person goes through these two functions. Date inputs keep the browser's own picker.
 */

const two = (n: number) => String(n).padStart(2, '0');

// A calendar date as the database stores it (dob): no time, so no time zone may shift it.
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** '23.11.2026' from '2026-11-23' (as stored, never shifted) or from an instant (in the viewer's time zone); '' for nothing or nonsense. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const calendar = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  if (calendar) return `${calendar[3]}.${calendar[2]}.${calendar[1]}`;
  const d = toDate(value);
  return d ? `${two(d.getDate())}.${two(d.getMonth() + 1)}.${d.getFullYear()}` : '';
}

/** '23.11.2026 10:04' from an instant (ISO string or Date), in the viewer's time zone; '' for nothing or nonsense. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return formatDate(value);
  const d = toDate(value);
  return d ? `${formatDate(d)} ${two(d.getHours())}:${two(d.getMinutes())}` : '';
}
