import { asZoneOffsets, offsetAt, type ZoneOffsets } from './zone-offsets';

/** The credit union's time zone (Trinidad and Tobago); the server's TIME_ZONE setting replaces it on both sides (GET /api/config). */
export const DEFAULT_TIME_ZONE = 'America/Port_of_Spain';

let zone = DEFAULT_TIME_ZONE;
/** The zone's offsets as the server sent them with it (the browser), or null: `today()` then asks the runtime. */
let offsets: ZoneOffsets | null = null;

/** True when `timeZone` is an IANA zone this runtime knows ("America/Port_of_Spain", "UTC"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Sets the credit union's time zone for `today()` (the server from its configuration, the browser from /api/config). */
export function setTimeZone(timeZone: string): void {
  if (!isTimeZone(timeZone)) throw new Error(`Unknown time zone "${timeZone}"`);
  zone = timeZone;
  offsets = null;
}

/**
 * Sets the zone without checking it now (the browser, from GET /api/config: the server checked it at start), with
 * the zone's offsets the server sent beside it. Using the runtime's date and time zone data costs about 40 ms of a
 * phone's main thread the first time; with the offsets `today()` reads the day from the UTC clock and never needs
 * that data. Without them (or past their end) it asks the runtime, and keeps the default zone when this runtime
 * does not know the one set.
 */
export function preferTimeZone(timeZone: string, zoneOffsets?: unknown): void {
  zone = timeZone;
  offsets = asZoneOffsets(zoneOffsets);
}

/** The credit union's time zone now in force. */
export function timeZone(): string {
  return zone;
}

/**
 * One formatter per zone (making one costs about a tenth of a millisecond, using one a few microseconds), and the day
 * it last gave, for the second it gave it in: the server asks for today on every step call. A zone's offset is a
 * whole number of seconds, so a day never changes within a second.
 */
const dayFormats = new Map<string, { format: Intl.DateTimeFormat; second: number; day: string }>();

/** The calendar day (YYYY-MM-DD) at `now` in `timeZone`. */
export function dayIn(timeZone: string, now: Date): string {
  let entry = dayFormats.get(timeZone);
  if (!entry) {
    entry = { format: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }), second: Number.NaN, day: '' };
    dayFormats.set(timeZone, entry);
  }
  const second = Math.floor(now.getTime() / 1000);
  if (second !== entry.second) {
    const parts = entry.format.formatToParts(now);
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    entry.day = `${part('year')}-${part('month')}-${part('day')}`;
    entry.second = second;
  }
  return entry.day;
}

/**
 * Today (YYYY-MM-DD) in the credit union's time zone: the one "today" of the product, the same in the browser
 * and on the server whatever their own clocks' zones, so an applicant's age and path agree on both sides.
 */
export function today(now: Date = new Date()): string {
  const minutes = offsets ? offsetAt(offsets, now.getTime()) : null;
  if (minutes !== null) return new Date(now.getTime() + minutes * 60_000).toISOString().slice(0, 10);
  try {
    return dayIn(zone, now);
  } catch (error) {
    // A zone set unchecked (preferTimeZone) that this runtime does not know: the default zone, from now on.
    if (zone === DEFAULT_TIME_ZONE) throw error;
    zone = DEFAULT_TIME_ZONE;
    offsets = null;
    return dayIn(zone, now);
  }
}
