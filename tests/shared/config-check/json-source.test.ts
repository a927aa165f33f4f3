import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JsonSyntaxError, parseJsonSource } from '../../../src/shared/config-check/json-source';
import { readFormsDir } from '../../../src/shared/forms/read-forms-dir';

describe('parseJsonSource', () => {
  it('gives the line and column where each JSON path starts (a key where it is written)', () => {
    const source = parseJsonSource('{\n  "steps": {\n    "a": { "next": [ { "to": "b" } ] }\n  }\n}');
    expect(source.value).toEqual({ steps: { a: { next: [{ to: 'b' }] } } });
    expect(source.locate('/steps')).toEqual({ line: 2, column: 3 });
    expect(source.locate('/steps/a/next/0/to')).toEqual({ line: 3, column: 24 });
    expect(source.locate('/steps/missing')).toBeUndefined();
  });

  it.each([
    ['{ "a": 1 "b": 2 }', 1, 10, /expected "," or "}"/],
    ['{\n  "a": [1, 2,]\n}', 2, 14, /expected a value/],
    ["{ 'a': 1 }", 1, 3, /expected a key in double quotes/],
    ['{ "a": "x\n" }', 1, 10, /missing closing quote|past the end of the line/],
    ['{ "a": 1 }\n}', 2, 1, /after the end/],
  ])('names the line and column of broken JSON: %j', (text, line, column, message) => {
    let error: JsonSyntaxError | undefined;
    try {
      parseJsonSource(text);
    } catch (e) {
      error = e as JsonSyntaxError;
    }
    expect(error?.message).toMatch(message);
    expect(error?.position).toEqual({ line, column });
  });
});

describe('readFormsDir on a broken file', () => {
  it('names the file, line and column', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-forms-'));
    fs.mkdirSync(path.join(dir, 'mini'));
    fs.writeFileSync(path.join(dir, 'mini/a.schema.json'), '{\n  "type": "object",\n  "properties": { }\n  "required": []\n}');
    expect(() => readFormsDir(dir)).toThrow(/^forms\/mini\/a\.schema\.json:4:3: not valid JSON \(expected "," or "}"/);
  });
});
