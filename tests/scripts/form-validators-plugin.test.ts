// The dev server's validator compiler (scripts/lib/compile-form-validators.ts) on a form file that does not read: the
// analyst review saw `npm run dev` exit on a missing comma and not come back once the file was fixed. Development
// now says what is wrong and carries on; a build still stops.
import fs from 'node:fs';
import { formValidatorsPlugin } from '../../scripts/lib/compile-form-validators';
import { copyConfig, useConfigRoot } from './config-copy';

const config = copyConfig('repository');
fs.writeFileSync(`${config.root}/forms/onboarding/branch.ui.json`, '{ "ui:order": ["branch"] "x": 1 }');

describe('the validators plugin on broken JSON', () => {
  useConfigRoot(config.root);

  it('development logs the file and goes on; a build refuses it', () => {
    const logged: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((message: string) => void logged.push(message));
    try {
      expect(() => formValidatorsPlugin().configResolved({ command: 'serve' })).not.toThrow();
      expect(logged.join('\n')).toMatch(/branch\.ui\.json.*not valid JSON/);
    } finally {
      spy.mockRestore();
    }
    expect(() => formValidatorsPlugin().configResolved({ command: 'build' })).toThrow(/branch\.ui\.json.*not valid JSON/);
  });
});
