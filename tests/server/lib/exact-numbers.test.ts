import { inexactNumbersAsText, MAX_EXACT_DIGITS } from '../../../src/server/lib/exact-numbers';

describe('JSON numbers as written (lib/exact-numbers.ts)', () => {
  it(`turns a number of more than ${MAX_EXACT_DIGITS} significant digits into text, and nothing else`, () => {
    const body = '{"a":0.009999999999999999999,"b":"not 1.00000000000000001 \\" 2.00000000000000001","c":[12345678901234567890,1e300,0.30000000000000004,-0.000000000000000001,100000000000000000000,19.99]}';
    expect(JSON.parse(inexactNumbersAsText(body))).toEqual({
      a: '0.009999999999999999999',
      b: 'not 1.00000000000000001 " 2.00000000000000001',
      c: ['12345678901234567890', 1e300, '0.30000000000000004', -1e-18, 1e20, 19.99],
    });
  });

  it('gives back the same text when every number is exact, and leaves malformed JSON for the parser to refuse', () => {
    const exact = '{"amount":123456789012345,"rate":0.123456789012345,"list":[-1,2.5e-3,true,null]}';
    expect(inexactNumbersAsText(exact)).toBe(exact);
    expect(() => JSON.parse(inexactNumbersAsText('{"a":1.2.3.4.5.6.7.8.9.1.2.3.4.5.6.7'))).toThrow();
  });
});
