import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { copyConfig } from './config-copy';

const REPO = path.resolve(import.meta.dirname, '../..');

// The analyst guide says to run npm run flow:paths after every edit; on a CONFIG_ROOT copy it listed the repository's
// flow, so a new fact and its branch tried on the copy were nowhere in the walks.
describe('npm run flow:paths and flow:graph (the scripts)', () => {
  it('walks the flow of the configuration in use (CONFIG_ROOT)', () => {
    const config = copyConfig('repository');
    config.edit('flows/onboarding.flow.json', (f) => {
      f.facts.isSenior = { label: 'a senior', rule: { age: { of: 'dob', atLeast: 65 } } };
      f.steps['senior-benefits'] = { route: '/senior-benefits', title: 'Senior Benefits', kind: 'info', requiresSignupId: true, content: { paragraphs: ['No monthly fee.'] }, next: f.steps.branch.next };
      f.steps.branch.next = [{ when: { properties: { isSenior: { const: true } }, required: ['isSenior'] }, to: 'senior-benefits' }, ...f.steps.branch.next];
    });
    const output = execFileSync('npx', ['tsx', 'scripts/flow-paths.ts'], { env: { ...process.env, CONFIG_ROOT: config.root }, encoding: 'utf8' });
    expect(output).toMatch(/a senior \(\d+ steps\):\n.*branch -> senior-benefits -> success/);
    expect(output).toMatch(/from the facts .*isSenior/);
  }, 60_000);

  // flow:graph drew the repository's flow into the repository's docs whatever CONFIG_ROOT said.
  it("flow:graph draws the flow of the configuration in use, into that configuration's docs/flows/", () => {
    const config = copyConfig('repository');
    config.edit('flows/onboarding.flow.json', (f) => (f.steps.branch.title = 'Choose Your Path'));
    const repoDiagram = fs.readFileSync(path.join(REPO, 'docs/flows/onboarding.md'), 'utf8');
    execFileSync('npx', ['tsx', 'scripts/flow-graph.ts'], { env: { ...process.env, CONFIG_ROOT: config.root }, encoding: 'utf8' });
    expect(fs.readFileSync(path.join(config.root, 'docs/flows/onboarding.md'), 'utf8')).toContain('Choose Your Path');
    expect(fs.readFileSync(path.join(REPO, 'docs/flows/onboarding.md'), 'utf8')).toBe(repoDiagram);
  }, 60_000);
});
