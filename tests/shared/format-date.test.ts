import { formatDate, formatDateTime } from '../../src/shared/format-date';

describe('the one date format shown to people (dd.mm.yyyy, dd.mm.yyyy hh:mm)', () => {
  it('shows a stored calendar date as dd.mm.yyyy without any time-zone shift', () => {
    expect(formatDate('2026-11-23')).toBe('23.11.2026');
    expect(formatDate('1990-01-01')).toBe('01.01.1990');
    expect(formatDateTime('1990-01-01')).toBe('01.01.1990');
  });

  it('shows an instant in the viewer\'s time zone, with 24-hour time where the time matters', () => {
    const instant = new Date(2026, 10, 23, 10, 4, 59);
    expect(formatDate(instant)).toBe('23.11.2026');
    expect(formatDateTime(instant)).toBe('23.11.2026 10:04');
    expect(formatDateTime(instant.toISOString())).toBe('23.11.2026 10:04');
    expect(formatDateTime(new Date(2026, 0, 5, 23, 0))).toBe('05.01.2026 23:00');
  });

  it('shows nothing for nothing or nonsense (callers say "Never" or "Not provided")', () => {
    for (const value of [null, undefined, '', 'yesterday', new Date(Number.NaN)]) {
      expect(formatDate(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    }
  });
});
