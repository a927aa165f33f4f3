import { endOfDay, shiftDay, startOfDay } from '../../../src/server/lib/day-bounds';
import { createAjv } from '../../../src/shared/create-ajv';

describe("a calendar day's bounds in the credit union's time zone", () => {
  const zone = 'America/Port_of_Spain';

  it('runs from local midnight to the next one (UTC-4, no daylight saving)', () => {
    expect(startOfDay(zone, '2026-11-27').toISOString()).toBe('2026-11-27T04:00:00.000Z');
    expect(endOfDay(zone, '2026-11-27').toISOString()).toBe('2026-11-28T04:00:00.000Z');
    expect(endOfDay(zone, '2024-02-28').toISOString()).toBe('2024-02-29T04:00:00.000Z');
  });

  it('holds at the ends of the date format: years 1-99 are not read as 1900-1999, and 9999-12-31 has an end', () => {
    expect(startOfDay('UTC', '0050-06-15').toISOString()).toBe('0050-06-15T00:00:00.000Z');
    expect(startOfDay('UTC', '0001-01-01').toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(endOfDay('UTC', '9999-12-31').toISOString()).toBe('+010000-01-01T00:00:00.000Z');
    expect(endOfDay(zone, '9999-12-31').getTime()).toBeGreaterThan(startOfDay(zone, '9999-12-31').getTime());
    expect(Number.isNaN(startOfDay(zone, '0050-06-15').getTime())).toBe(false);
  });

  it('shifts a day by whole days within 0001-01-01..9999-12-31', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftDay('0001-01-05', -29)).toBe('0001-01-01');
    expect(shiftDay('9999-12-31', 1)).toBe('9999-12-31');
    expect(shiftDay('0099-12-31', 1)).toBe('0100-01-01');
  });

  it('the date format takes the calendar years 0001-9999 (leap days too) and not year 0000', () => {
    const isDate = createAjv().compile({ type: 'string', format: 'date' });
    for (const day of ['0001-01-01', '2024-02-29', '2000-02-29', '9999-12-31']) expect(isDate(day), day).toBe(true);
    for (const day of ['0000-01-01', '2023-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '10000-01-01']) expect(isDate(day), day).toBe(false);
  });
});
