import { formatDate, formatDateTime, formatTime } from '../../src/shared/format-date';
import { DEFAULT_TIME_ZONE, setTimeZone } from '../../src/shared/dates/today';

describe('the one date format shown to people (dd.mm.yyyy, dd.mm.yyyy hh:mm)', () => {
  it('shows a stored calendar date as dd.mm.yyyy without any time-zone shift', () => {
    expect(formatDate('2026-11-23')).toBe('23.11.2026');
    expect(formatDate('1990-01-01')).toBe('01.01.1990');
    expect(formatDateTime('1990-01-01')).toBe('01.01.1990');
  });

  it("shows an instant in the credit union's time zone (Port of Spain, UTC-4), whatever the device's, with 24-hour time", () => {
    const instant = new Date('2026-11-23T14:04:59Z');
    expect(formatDate(instant)).toBe('23.11.2026');
    expect(formatDateTime(instant)).toBe('23.11.2026 10:04');
    expect(formatDateTime(instant.toISOString())).toBe('23.11.2026 10:04');
    // A time alone (the session warning's end) on the same clock.
    expect(formatTime(instant)).toBe('10:04');
    expect(formatTime(instant.getTime())).toBe('10:04');
    expect(formatTime(Date.parse('2026-11-23T23:30:00Z'))).toBe('19:30');
    // 03:00 in UTC is still the evening before there: the day the statements list it under.
    expect(formatDateTime('2026-01-06T03:00:00Z')).toBe('05.01.2026 23:00');
    expect(formatDate('2026-01-06T03:00:00Z')).toBe('05.01.2026');
    try {
      setTimeZone('UTC');
      expect(formatDateTime('2026-01-06T03:00:00Z')).toBe('06.01.2026 03:00');
    } finally {
      setTimeZone(DEFAULT_TIME_ZONE);
    }
  });

  it('shows nothing for nothing or nonsense (callers say "Never" or "Not provided")', () => {
    for (const value of [null, undefined, '', 'yesterday', new Date(Number.NaN)]) {
      expect(formatDate(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
      expect(formatTime(value)).toBe('');
    }
  });
});
