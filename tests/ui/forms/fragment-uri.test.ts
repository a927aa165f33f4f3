// The build's stand-in for fast-uri (src/ui/forms/fragment-uri.cjs) gives RJSF the answers fast-uri gives for the
// references a form may hold (meta-schema: `#...` inside the form; list files are inlined before the browser).
// tests/ui/forms/schema-form.test.tsx renders a form through it (the screens' bundle of RJSF has the alias).
import fastUri from 'fast-uri';
import { findSchemaDefinition } from '@rjsf/utils';
import fragmentUri from '../../../src/ui/forms/fragment-uri.cjs';

const bases = ['#', '', 'https://cu.example/forms/basic-info.json', 'https://cu.example/forms/basic-info.json#', 'forms/x.json#/definitions/a'];
const refs = ['#', '#/definitions/address', '#/properties/a~1b/items', '#/definitions/with%20space'];

describe('the fast-uri stand-in', () => {
  it('resolves a reference inside the form as fast-uri does, from any base', () => {
    for (const base of bases) for (const ref of refs) expect(fragmentUri.resolve(base, ref), `${base} + ${ref}`).toBe(fastUri.resolve(base, ref));
  });

  it('compares $ids as fast-uri does', () => {
    const ids = ['https://cu.example/a.json', 'https://cu.example/a.json#', 'https://cu.example/b.json', 'a.json', 'a.json#'];
    for (const a of ids) for (const b of ids) expect(fragmentUri.equal(a, b), `${a} = ${b}`).toBe(fastUri.equal(a, b));
  });

  it("leaves a reference out of the form as written, and RJSF then reports it not found", () => {
    expect(fragmentUri.resolve('#', '../lists/countries.json')).toBe('../lists/countries.json');
    expect(() => findSchemaDefinition('../lists/countries.json', {})).toThrow(/Could not find a definition/);
  });
});
