import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILD_KEY_FILE, buildIsCurrent, buildKey } from '../../scripts/lib/build-key.mjs';
import { copyConfig } from './config-copy';

const REPO = path.resolve(import.meta.dirname, '../..');

// `npm start` builds the pages again when dist/ was made from other sources or another configuration. It compared
// timestamps, so a configuration tried under CONFIG_ROOT, then the repository's again (older files), or a copy made
// with its timestamps kept, was served with the build of the other: the analyst saw forms that were not in use.
describe("npm start's test of the build in dist/ (scripts/lib/build-key.mjs)", () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-dist-'));
  const stamp = (root: string) => fs.writeFileSync(path.join(dist, BUILD_KEY_FILE), `${buildKey(REPO, root)}\n`);
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('takes a build of the same sources and configuration, by content, wherever the configuration lies', () => {
    const copy = copyConfig('repository');
    stamp(REPO);
    expect(buildIsCurrent(dist, REPO, REPO)).toBe(true);
    // An unchanged copy of the configuration makes the same pages.
    expect(buildIsCurrent(dist, REPO, copy.root)).toBe(true);
  });

  it('refuses a build of another configuration, even one whose files are older, and a build that wrote no digest', () => {
    const copy = copyConfig('repository');
    copy.edit('forms/onboarding/basic-info.schema.json', (schema) => (schema.properties.first_name.title = 'Given Name'));
    const old = new Date('2020-01-01');
    fs.utimesSync(path.join(copy.root, 'forms/onboarding/basic-info.schema.json'), old, old);
    stamp(copy.root);
    expect(buildIsCurrent(dist, REPO, copy.root)).toBe(true);
    // Back to the repository's configuration: its files are newer than nothing the old test looked at.
    expect(buildIsCurrent(dist, REPO, REPO)).toBe(false);
    stamp(REPO);
    expect(buildIsCurrent(dist, REPO, copy.root)).toBe(false);
    fs.rmSync(path.join(dist, BUILD_KEY_FILE));
    expect(buildIsCurrent(dist, REPO, REPO)).toBe(false);
  });
});
