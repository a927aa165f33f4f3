import { findUnstorableText, isStorableText, lineBreaksInSingleLineText, markSingleLine, MAX_NESTING, MAX_VALUES } from '../../../src/server/lib/safe-text';
import { listFormIds, resolveForm } from '../../../src/shared/forms/form-registry';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';
import { REQUEST_TEXTS } from '../../../src/shared/messages';

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
    expect(findUnstorableText({ a: 'x', b: { c: ['ok', 'n\u0000'] } })).toEqual({ path: 'b.c.1', problem: 'unstorable' });
    expect(findUnstorableText({ 'bad\u0000key': 'x' })).toEqual({ path: '', problem: 'unstorable' });
    expect(findUnstorableText({ nested: { 'bad\u0000key': 'x' } })).toEqual({ path: 'nested', problem: 'unstorable' });
    expect(findUnstorableText('a\u0000')).toEqual({ path: '', problem: 'unstorable' });
    expect(findUnstorableText({ a: 1, b: true, c: null, d: ['x'] })).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
    expect(findUnstorableText(Buffer.from([0, 0]))).toBeNull();
  });

  it('stops at a body nested deeper than any form (MAX_NESTING), without exhausting the stack', () => {
    let deep: unknown = 'fine';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toEqual({ path: `${'0.'.repeat(MAX_NESTING)}0`, problem: 'tooDeep' });
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
    expect(lineBreaksInSingleLineText(marked, body)).toEqual({ name: REQUEST_TEXTS.oneLine, 'people.1.first_name': REQUEST_TEXTS.oneLine });
    expect(lineBreaksInSingleLineText(marked, { name: 'one line', note: 'two\nlines' })).toEqual({});
    // A password is what its policy allows, and a file's name has rules of its own: neither is marked.
    const secrets = markSingleLine({ type: 'object', properties: { password: { type: 'string' }, files: { type: 'array', items: { type: 'string' } } } }, { password: { 'ui:widget': 'password-strength' }, files: { 'ui:widget': 'file-upload' } });
    expect(lineBreaksInSingleLineText(secrets, { password: 'a\u2028b', files: ['bill\u2028oct.pdf'] })).toEqual({});
    // The form's own schema is left as the analyst wrote it.
    expect(schema.properties.name).toEqual({ type: 'string' });
  });
});

describe('a request with more fields and items than any form has', () => {
  it('is stopped at MAX_VALUES keys and items in all, at the object or list that passes it', () => {
    const wide = Object.fromEntries(Array.from({ length: 110_000 }, (_, i) => [`k${i}`, 0]));
    expect(findUnstorableText({ first_name: 'A', ...wide })).toEqual({ path: '', problem: 'tooMany' });
    expect(findUnstorableText({ items: Array.from({ length: MAX_VALUES }, () => 1) })).toEqual({ path: 'items', problem: 'tooMany' });
    expect(findUnstorableText({ items: Array.from({ length: MAX_VALUES - 1 }, () => 1) })).toBeNull();
    // Spread over many small objects, the total still counts.
    expect(findUnstorableText(Array.from({ length: 400 }, () => ({ a: 1, b: 2 })))?.problem).toBe('tooMany');
  });

  it('leaves room for every form filled to its limits (lists at their maxItems)', () => {
    const sources = readFormsDir();
    for (const formId of listFormIds(sources)) {
      const { schema } = resolveForm(sources, formId);
      expect(mostValues(schema), formId).toBeLessThan(MAX_VALUES / 4);
    }
  });
});

/** How many keys and items a body of this schema holds at most (every property present, lists at maxItems, 20 where unbounded). */
function mostValues(schema: unknown): number {
  if (!schema || typeof schema !== 'object') return 0;
  const s = schema as { properties?: Record<string, unknown>; items?: unknown; maxItems?: number; allOf?: unknown[]; anyOf?: unknown[]; oneOf?: unknown[]; then?: unknown; else?: unknown };
  const branches = [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? []), s.then, s.else].reduce<number>((sum, b) => sum + mostValues(b), 0);
  const own = Object.values(s.properties ?? {}).reduce<number>((sum, sub) => sum + 1 + mostValues(sub), 0);
  const items = s.items ? (s.maxItems ?? 20) * (1 + mostValues(s.items)) : 0;
  return own + items + branches;
}
