import fs from 'node:fs';
import path from 'node:path';

const formsDir = path.resolve(import.meta.dirname, '../../../forms/onboarding');

/** Every `pattern` with its message under a property named `*id_number`, anywhere in the schema (if/then branches, list items). */
function idNumberPatterns(node: unknown, file: string, out: Array<{ where: string; pattern: string; message: unknown }>, field = ''): void {
  if (Array.isArray(node)) return node.forEach((item) => idNumberPatterns(item, file, out, field));
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (/id_number$/.test(field) && typeof schema.pattern === 'string') {
    out.push({ where: `${file} ${field}`, pattern: schema.pattern, message: (schema.errorMessage as Record<string, unknown> | undefined)?.pattern });
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, sub] of Object.entries(value)) idNumberPatterns(sub, file, out, name);
    } else if (key !== 'properties' && key !== 'errorMessage') idNumberPatterns(value, file, out, field);
  }
}

describe('ID number messages', () => {
  // "AB 123456" and "BC-2014-5567" were refused with "Passport number must be 8 letters or digits" and "Birth
  // Certificate number must be 1 to 20 letters or digits", which they are: the space or hyphen was the problem.
  it('say that spaces and hyphens are not taken wherever the pattern refuses them', () => {
    const found: Array<{ where: string; pattern: string; message: unknown }> = [];
    for (const file of fs.readdirSync(formsDir).filter((f) => f.endsWith('.schema.json'))) {
      idNumberPatterns(JSON.parse(fs.readFileSync(path.join(formsDir, file), 'utf8')), file, found);
    }
    expect(found.length).toBeGreaterThan(10);
    const unclear = found.filter(({ pattern, message }) => {
      const refusesSeparators = !new RegExp(pattern, 'u').test('AB 12-34') && !new RegExp(pattern, 'u').test('AB-12');
      return refusesSeparators && !/spaces/i.test(String(message));
    });
    expect(unclear.map((u) => `${u.where}: ${String(u.message)}`)).toEqual([]);
  });
});
