import { mobileSearchDigits, normaliseMobile } from '../../src/shared/mobile-number';

describe('normaliseMobile: one form for every way a number is typed', () => {
  it.each([
    ['+18683000002', '+18683000002'],
    ['+1 868 300 0002', '+18683000002'],
    ['+1 (868) 300-0002', '+18683000002'],
    [' +1-868-300-0002 ', '+18683000002'],
    ['(+1) 868 300 0002', '+18683000002'],
    ['1-868-300-0002', '+18683000002'],
    ['18683000002', '+18683000002'],
    ['868 300 0002', '+18683000002'],
    ['(868) 300-0002', '+18683000002'],
    ['300-0002', '+18683000002'],
    ['001 868 300 0002', '+18683000002'],
    ['+44 7700 900123', '+447700900123'],
    ['447700900123', '+447700900123'],
    // The trunk 0 written in brackets after the country code is not dialled from abroad.
    ['+44 (0)7700 900123', '+447700900123'],
    ['0044 (0) 7700 900123', '+447700900123'],
    ['', ''],
  ])('%j -> %j', (typed, stored) => {
    expect(normaliseMobile(typed)).toBe(stored);
  });

  it('is idempotent', () => {
    for (const typed of ['+1 868 300 0002', '300-0002', '+44 7700 900123']) expect(normaliseMobile(normaliseMobile(typed))).toBe(normaliseMobile(typed));
  });

  it('finds the digits of a phone-like search', () => {
    expect(mobileSearchDigits('868 300 0002')).toBe('8683000002');
    expect(mobileSearchDigits('+1 (868)')).toBe('1868');
    expect(mobileSearchDigits('Nadia')).toBeNull();
    expect(mobileSearchDigits('12')).toBeNull();
  });
});
