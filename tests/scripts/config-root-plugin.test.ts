import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { copyConfig } from './config-copy';

const REPO = path.resolve(import.meta.dirname, '../..');

// The pages are built (and served by `npm run dev`) with vite.config.ts. Under CONFIG_ROOT the server reads the copy's
// flow; the wizard imported the repository's (flow-actor.ts, the route table), so a step tried on a copy was never
// shown in the browser while the server asked for it at final submission.
describe('the pages read the configuration in use (CONFIG_ROOT)', () => {
  const config = copyConfig('repository');
  config.edit('flows/onboarding.flow.json', (flow) => {
    flow.steps['before-you-submit'] = { route: '/before-you-submit', title: 'Before You Submit', kind: 'info', requiresSignupId: true, next: [{ to: 'success' }] };
    flow.steps.branch.next = [{ to: 'before-you-submit' }];
  });
  let vite: ViteDevServer;
  const previous = process.env.CONFIG_ROOT;
  beforeAll(async () => {
    process.env.CONFIG_ROOT = config.root;
    vite = await createServer({ configFile: path.join(REPO, 'vite.config.ts'), root: REPO, logLevel: 'silent', appType: 'custom', server: { middlewareMode: true, hmr: false, watch: null } });
  }, 60_000);
  afterAll(async () => {
    await vite?.close();
    if (previous === undefined) delete process.env.CONFIG_ROOT;
    else process.env.CONFIG_ROOT = previous;
  });
  const resolve = async (source: string, importer: string) => (await vite.pluginContainer.resolveId(source, path.join(REPO, importer)))?.id;

  it('the wizard’s flow, its route table and step loads are the copy’s', async () => {
    expect(await resolve('../../../../flows/onboarding.flow.json', 'src/ui/features/onboarding/flow-actor.ts')).toBe(path.join(config.root, 'flows/onboarding.flow.json'));
    const routes = await resolve('../../../../flows/onboarding.flow.json?step-routes', 'src/ui/features/onboarding/routes.tsx');
    expect(routes).toBe(`${path.join(config.root, 'flows/onboarding.flow.json')}?step-routes`);
    const loaded = await vite.pluginContainer.load(routes!);
    expect(typeof loaded === 'string' ? loaded : loaded?.code).toContain('before-you-submit');
    expect(await resolve('../../../../flows/onboarding.flow.json?step-loads', 'src/ui/features/onboarding/wizard-step.tsx')).toBe(`${path.join(config.root, 'flows/onboarding.flow.json')}?step-loads`);
  });

  it('the lists and message files the pages import are the copy’s; code is not', async () => {
    expect(await resolve('../../../../forms/lists/offices.json', 'src/ui/features/admin/admin-format.ts')).toBe(path.join(config.root, 'forms/lists/offices.json'));
    expect(await resolve('../../forms/messages/auth.json', 'src/shared/messages.ts')).toBe(path.join(config.root, 'forms/messages/auth.json'));
    expect(await resolve('./flow-actor', 'src/ui/features/onboarding/wizard-step.tsx')).toBe(path.join(REPO, 'src/ui/features/onboarding/flow-actor.ts'));
  });
});
