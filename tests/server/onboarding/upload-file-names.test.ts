import { isAcceptableFileName } from '../../../src/server/routes/onboarding/uploads';

/** A document's name as staff will see it listed: it must show something before its extension (attacker review). */
describe('the file names an upload accepts', () => {
  it.each(['bill.pdf', 'Ma facture d\u2019électricité.PDF', 'archive.tar.pdf', 'scan', 'a.jpg', '2026.11.28 bill.png', '100% paid.pdf'])('accepts %j', (name) => {
    expect(isAcceptableFileName(name)).toBe(true);
  });

  it.each([
    ['a bare extension', '.jpg'],
    ['dots and an extension', '...jpg'],
    ['a zero-width space and an extension', '\u200B.jpg'],
    ['spaces and an extension', '   .pdf'],
    ['a word joiner only', '\u2060'],
    ['a Braille blank and an extension', '\u2800.png'],
    ['nothing', ''],
    ['a slash', 'a/b.pdf'],
    ['path separators %-encoded', '..%2F..%2Fbill.pdf'],
    ['a backslash %-encoded', '..%5cbill.pdf'],
  ])('refuses %s', (_what, name) => {
    expect(isAcceptableFileName(name)).toBe(false);
  });
});
