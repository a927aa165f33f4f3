import { ageInYears, birthDateForAge, dateOnly } from '../../../src/shared/dates/age';
import { dayIn, preferTimeZone, setTimeZone, timeZone, today } from '../../../src/shared/dates/today';

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
  });

  it('makes birth dates for an age (29 February becomes the 28th) and reads stored dates', () => {
    expect(ageInYears(birthDateForAge(65, '2026-06-15'), '2026-06-15')).toBe(65);
    expect(birthDateForAge(18, '2028-02-29')).toBe('2010-02-28');
    expect(dateOnly(new Date('1990-07-21T00:00:00Z'))).toBe('1990-07-21');
    expect(dateOnly('1990-07-21T00:00:00.000Z')).toBe('1990-07-21');
    expect(dateOnly('not a date')).toBeUndefined();
  });
});
