import { ageInYears, birthDateForAge, dateOnly } from '../../../src/shared/dates/age';
import { dayIn, preferTimeZone, setTimeZone, timeZone, today } from '../../../src/shared/dates/today';
import { offsetAt, zoneOffsets } from '../../../src/shared/dates/zone-offsets';

describe('today', () => {
  afterEach(() => setTimeZone('America/Port_of_Spain'));

  it("is the credit union's day, whatever the machine's zone: 03:30 UTC on the 23rd is still the 22nd in Port of Spain", () => {
    const lateEvening = new Date('2026-11-23T03:30:00Z'); // 23:30 on the 22nd in Trinidad (UTC-4)
    expect(timeZone()).toBe('America/Port_of_Spain');
    expect(today(lateEvening)).toBe('2026-11-22');
    expect(today(new Date('2026-11-23T04:00:00Z'))).toBe('2026-11-23');
    expect(dayIn('UTC', lateEvening)).toBe('2026-11-23');
  });

  it('follows the configured zone on both sides; an unknown zone is refused', () => {
    setTimeZone('Asia/Tokyo');
    expect(today(new Date('2026-11-22T15:30:00Z'))).toBe('2026-11-23');
    expect(() => setTimeZone('Mars/Olympus_Mons')).toThrow(/Unknown time zone/);
  });

  it('takes the browser\'s zone unchecked, and keeps the default when the runtime does not know it', () => {
    preferTimeZone('Asia/Tokyo');
    expect(today(new Date('2026-11-22T15:30:00Z'))).toBe('2026-11-23');
    preferTimeZone('Mars/Olympus_Mons');
    expect(today(new Date('2026-11-23T03:30:00Z'))).toBe('2026-11-22');
    expect(timeZone()).toBe('America/Port_of_Spain');
  });

  it("reads the day from the offsets the server sends, without the runtime's zone data, and only within their span", () => {
    const now = Date.parse('2026-11-22T15:30:00Z');
    const offsets = { until: now + 86_400_000, changes: [{ from: now - 86_400_000, minutes: 600 }] };
    // A zone this runtime does not know: the runtime would give the default zone's day (the 22nd); the table, +10:00.
    preferTimeZone('Mars/Olympus_Mons', offsets);
    expect(today(new Date(now))).toBe('2026-11-23');
    expect(today(new Date(now + 2 * 86_400_000))).toBe('2026-11-24');
    expect(timeZone()).toBe('America/Port_of_Spain');
    // A table that is not one (from the network) is not used.
    preferTimeZone('Asia/Tokyo', { until: 'soon', changes: [{ from: 0, minutes: -240 }] });
    expect(today(new Date('2026-11-23T03:30:00Z'))).toBe('2026-11-23');
  });
});

describe('zoneOffsets', () => {
  // Zones with and without daylight saving, half and three-quarter hours, and the southern hemisphere.
  const zones = ['America/Port_of_Spain', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'America/Santiago', 'UTC'];
  const now = Date.parse('2026-11-27T21:00:00Z');

  it.each(zones)('gives the same day as the runtime in %s, every 97 minutes of the year ahead and around each change', (zone) => {
    const offsets = zoneOffsets(zone, now);
    const dayFromTable = (at: number) => new Date(at + offsetAt(offsets, at)! * 60_000).toISOString().slice(0, 10);
    for (let at = now; at < now + 365 * 86_400_000; at += 97 * 60_000) expect([zone, dayFromTable(at)]).toEqual([zone, dayIn(zone, new Date(at))]);
    for (const change of offsets.changes.slice(1)) {
      expect(offsetAt(offsets, change.from)).toBe(change.minutes);
      for (const at of [change.from - 1000, change.from, change.from + 3_600_000]) expect(dayFromTable(at)).toBe(dayIn(zone, new Date(at)));
    }
    expect(offsetAt(offsets, offsets.until)).toBeNull();
  });

  it('finds each daylight-saving change of the year: two in New York, none in Port of Spain', () => {
    expect(zoneOffsets('America/Port_of_Spain', now).changes).toEqual([{ from: now - 86_400_000, minutes: -240 }]);
    const newYork = zoneOffsets('America/New_York', now, 365).changes;
    expect(newYork.map((c) => c.minutes)).toEqual([-300, -240, -300]);
    expect(newYork.slice(1).map((c) => new Date(c.from).toISOString())).toEqual(['2027-03-14T07:00:00.000Z', '2027-11-07T06:00:00.000Z']);
  });
});

describe('age', () => {
  it('counts the birthday itself: 18 on the 18th birthday, 17 the day before', () => {
    expect(ageInYears('2008-06-15', '2026-06-15')).toBe(18);
    expect(ageInYears('2008-06-16', '2026-06-15')).toBe(17);
  });

  it('has no age for a birth date after the day, or for what is not a date', () => {
    expect(ageInYears('2026-06-16', '2026-06-15')).toBeNull();
    expect(ageInYears('2999-01-01', '2026-06-15')).toBeNull();
    expect(ageInYears('15.06.2008', '2026-06-15')).toBeNull();
    expect(ageInYears(undefined, '2026-06-15')).toBeNull();
    // Written as a date but on no calendar: no age, so no rule for minors follows from it.
    expect(ageInYears('2024-02-30', '2026-06-15')).toBeNull();
    expect(ageInYears('2001-13-01', '2026-06-15')).toBeNull();
    expect(ageInYears('2023-02-29', '2026-06-15')).toBeNull();
    expect(ageInYears('2024-02-29', '2026-06-15')).toBe(2);
  });

  it('makes birth dates for an age (29 February becomes the 28th) and reads stored dates', () => {
    expect(ageInYears(birthDateForAge(65, '2026-06-15'), '2026-06-15')).toBe(65);
    expect(birthDateForAge(18, '2028-02-29')).toBe('2010-02-28');
    expect(dateOnly(new Date('1990-07-21T00:00:00Z'))).toBe('1990-07-21');
    expect(dateOnly('1990-07-21T00:00:00.000Z')).toBe('1990-07-21');
    expect(dateOnly('not a date')).toBeUndefined();
  });
});
