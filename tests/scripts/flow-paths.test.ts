import { execFileSync } from 'node:child_process';
import { copyConfig } from './config-copy';

// The analyst guide says to run npm run flow:paths after every edit; on a CONFIG_ROOT copy it listed the repository's
// flow, so a new fact and its branch tried on the copy were nowhere in the walks.
describe('npm run flow:paths (the script)', () => {
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
});
