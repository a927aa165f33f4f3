import { findUnstorableText, isStorableText, MAX_NESTING } from '../../../src/server/lib/safe-text';

describe('text the database can store', () => {
  it.each([
    ['plain text', 'Port of Spain', true],
    ['accents and emoji (paired surrogates)', 'Façade 😀', true],
    ['a NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'a\ud800b', false],
    ['a lone low surrogate', '\udc00', false],
    ['a high surrogate at the end', 'x\ud83d', false],
    ['tab, line feed and carriage return (comments span lines)', 'line one\r\n\tline two', true],
    ['Arabic, Devanagari with a joiner, combining accents, a family emoji (ZWJ)', 'مرحبا क्\u200dष A\u0301 👨\u200d👩\u200d👧', true],
    ['a bell (C0 control)', 'Na\u0007dia', false],
    ['an escape sequence', '\u001b[31mred', false],
    ['DEL', 'a\u007f', false],
    ['a C1 control (NEL)', 'a\u0085b', false],
    ['a right-to-left override', 'invoice\u202Efdp.exe', false],
    ['a left-to-right isolate', 'x\u2066y', false],
    ['a noncharacter U+FFFF', 'x\uffff', false],
    ['a noncharacter U+FDD0', '\ufdd0', false],
  ])('%s', (_label, text, storable) => {
    expect(isStorableText(text)).toBe(storable);
  });

  it('names the first field that holds such text, by dotted path, keys included', () => {
    expect(findUnstorableText({ a: 'x', b: { c: ['ok', 'n\u0000'] } })).toEqual({ path: 'b.c.1', tooDeep: false });
    expect(findUnstorableText({ 'bad\u0000key': 'x' })).toEqual({ path: '', tooDeep: false });
    expect(findUnstorableText({ nested: { 'bad\u0000key': 'x' } })).toEqual({ path: 'nested', tooDeep: false });
    expect(findUnstorableText('a\u0000')).toEqual({ path: '', tooDeep: false });
    expect(findUnstorableText({ a: 1, b: true, c: null, d: ['x'] })).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
    expect(findUnstorableText(Buffer.from([0, 0]))).toBeNull();
  });

  it('stops at a body nested deeper than any form (MAX_NESTING), without exhausting the stack', () => {
    let deep: unknown = 'fine';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toEqual({ path: `${'0.'.repeat(MAX_NESTING)}0`, tooDeep: true });
    let shallow: unknown = 'fine';
    for (let i = 0; i < MAX_NESTING; i++) shallow = [shallow];
    expect(findUnstorableText(shallow)).toBeNull();
  });
});
