import { findUnstorableText, isStorableText, lineBreaksInSingleLineText, markSingleLine, MAX_NESTING, ONE_LINE_MESSAGE } from '../../../src/server/lib/safe-text';

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

describe('fields drawn on one line', () => {
  const schema = {
    type: 'object',
    properties: {
      name: { type: 'string' },
      note: { type: 'string' },
      age: { type: 'integer' },
      people: { type: 'array', items: { type: 'object', properties: { first_name: { type: ['string', 'null'] }, story: { type: 'string' } } } },
    },
  };
  const ui = { note: { 'ui:widget': 'textarea' }, people: { items: { story: { 'ui:widget': 'textarea' } } } };

  it('refuses a line break in each text field the UI schema does not draw as a textarea, nested and listed fields too', () => {
    const marked = markSingleLine(schema, ui);
    const body = { name: 'a\nb', note: 'a\nb', age: 3, people: [{ first_name: 'ok', story: 'x\ny' }, { first_name: 'c\u2028d', story: 'x' }] };
    expect(lineBreaksInSingleLineText(marked, body)).toEqual({ name: ONE_LINE_MESSAGE, 'people.1.first_name': ONE_LINE_MESSAGE });
    expect(lineBreaksInSingleLineText(marked, { name: 'one line', note: 'two\nlines' })).toEqual({});
    // A password is what its policy allows, and a file's name has rules of its own: neither is marked.
    const secrets = markSingleLine({ type: 'object', properties: { password: { type: 'string' }, files: { type: 'array', items: { type: 'string' } } } }, { password: { 'ui:widget': 'password-strength' }, files: { 'ui:widget': 'file-upload' } });
    expect(lineBreaksInSingleLineText(secrets, { password: 'a\u2028b', files: ['bill\u2028oct.pdf'] })).toEqual({});
    // The form's own schema is left as the analyst wrote it.
    expect(schema.properties.name).toEqual({ type: 'string' });
  });
});
