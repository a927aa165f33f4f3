import { findUnstorableText, isStorableText } from '../../../src/server/lib/safe-text';

describe('text the database can store', () => {
  it.each([
    ['plain text', 'Port of Spain', true],
    ['accents and emoji (paired surrogates)', 'Façade 😀', true],
    ['a NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'a\ud800b', false],
    ['a lone low surrogate', '\udc00', false],
    ['a high surrogate at the end', 'x\ud83d', false],
  ])('%s', (_label, text, storable) => {
    expect(isStorableText(text)).toBe(storable);
  });

  it('names the first field that holds such text, by dotted path, keys included', () => {
    expect(findUnstorableText({ a: 'x', b: { c: ['ok', 'n\u0000'] } })).toBe('b.c.1');
    expect(findUnstorableText({ 'bad\u0000key': 'x' })).toBe('');
    expect(findUnstorableText({ nested: { 'bad\u0000key': 'x' } })).toBe('nested');
    expect(findUnstorableText('a\u0000')).toBe('');
    expect(findUnstorableText({ a: 1, b: true, c: null, d: ['x'] })).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
    expect(findUnstorableText(Buffer.from([0, 0]))).toBeNull();
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toMatch(/^(0\.){99999}0$/);
  });
});
