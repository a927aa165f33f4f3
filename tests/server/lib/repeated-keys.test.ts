import { repeatedKey } from '../../../src/server/lib/repeated-keys';

describe('a key an object of a JSON body holds twice (lib/repeated-keys.ts)', () => {
  it('names the repeated key by its path, comparing keys as parsed', () => {
    expect(repeatedKey('{"amount":0.01,"amount":2500}')).toBe('amount');
    expect(repeatedKey('{"amount":0.01,"\\u0061mount":2500}')).toBe('amount');
    expect(repeatedKey('{"signup_id":"x","beneficiaries":[{"first_name":"A"},{"first_name":"B","last_name":"C","first_name":"D"}]}')).toBe('beneficiaries.1.first_name');
    expect(repeatedKey('{"a":{"b":{"c":1,"c":2}}}')).toBe('a.b.c');
    expect(repeatedKey('[{"x":1},{"x":1,"x":2}]')).toBe('1.x');
  });

  it('passes the same key in different objects, and keys, braces and quotes inside strings', () => {
    expect(repeatedKey('{"a":{"x":1},"b":{"x":1},"c":[{"x":1},{"x":2}]}')).toBeUndefined();
    expect(repeatedKey('{"a":"\\"a\\":1,{\\"a\\":2}","b":"[\\"b\\"]","c":"a"}')).toBeUndefined();
    expect(repeatedKey('{"a":[1,2,{"a":3}],"b":{}}')).toBeUndefined();
    expect(repeatedKey('{}')).toBeUndefined();
    expect(repeatedKey('"text"')).toBeUndefined();
    expect(repeatedKey('[1,"a","a"]')).toBeUndefined();
  });
});

describe('text that is not JSON (repeated-keys.ts reads what JSON.parse accepted, but never loops on the rest)', () => {
  it('stops at an unterminated string', () => {
    expect(repeatedKey('{"a":1,"a')).toBeUndefined();
    expect(repeatedKey('{"a":"\\')).toBeUndefined();
  });
});
