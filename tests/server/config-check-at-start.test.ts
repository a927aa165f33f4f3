import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { DbHandle } from '../../src/server/db/create-db';
import { dbTargets } from '../helpers/test-db';
import { API_HEADERS } from '../helpers/test-app';
import { copyConfig } from '../scripts/config-copy';
import { useConfiguredMessages } from '../../src/server/lib/configured-messages';
import { configRoot } from '../../src/shared/forms/read-forms-dir';
import { REQUEST_TEXTS } from '../../src/shared/messages';
import { notification } from '../../src/server/lib/notification-texts';

/** Issue 12 item 4: the server runs the configuration checker at start. */

const SECRETS = { JWT_SECRET: 's'.repeat(48), API_KEY: 'prod-key', API_SECRET: 'prod-client', DATABASE_URL: 'postgres://db.internal/cu' };

/** A copy of the repository's config with basic info's ui:order missing a field (the page would crash). */
function brokenConfig(): string {
  const config = copyConfig('repository');
  config.edit('forms/onboarding/basic-info.ui.json', (u) => (u['ui:order'] = u['ui:order'].filter((f: string) => f !== 'last_name' && f !== '*')));
  return config.root;
}

function appOptions(dataDir: string) {
  return { logLevel: 'silent', dataDir, uploadDir: path.join(dataDir, 'uploads'), staticDir: path.join(dataDir, 'none') };
}

describe.each(dbTargets())('configuration check at start on $name', (target) => {
  let db: DbHandle;
  let dataDir: string;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    db = await target.open();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-config-start-'));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('in development, answers the broken step’s call with 503 naming the problem; the rest works', async () => {
    app = await buildApp({ db, configRoot: brokenConfig(), config: { ...appOptions(dataDir), env: 'test' } });
    await app.ready();
    const broken = await app.inject({ method: 'POST', url: '/api/signups/', headers: API_HEADERS, payload: {} });
    expect(broken.statusCode).toBe(503);
    expect(broken.json().message).toMatch(/^This step's configuration has a problem: forms\/onboarding\/basic-info\.ui\.json:\d+:\d+ at \/ui:order: ui:order leaves out "last_name"/);
    const health = await app.inject({ method: 'GET', url: '/api/health', headers: API_HEADERS });
    expect(health.statusCode).toBe(200);
    const otherStep = await app.inject({ method: 'POST', url: '/api/peps', headers: API_HEADERS, payload: {} });
    expect(otherStep.statusCode).not.toBe(503);
    await app.close();
    app = undefined;
  });

  it("answers in the configuration folder's messages (forms/messages/), not only the built-in ones", async () => {
    const config = copyConfig('repository');
    config.edit('forms/messages/requests.json', (m) => (m.fixFields = 'Some answers need another look: see the marked fields.'));
    config.edit('forms/messages/session.json', (m) => (m.expired = 'You were signed out after 5 minutes. Sign in again to go on.'));
    config.edit('forms/messages/notifications.json', (m) => (m.resetCode = '{product} password reset: {code}.'));
    try {
      app = await buildApp({ db, configRoot: config.root, config: { ...appOptions(dataDir), env: 'test' } });
      await app.ready();
      const refused = await app.inject({ method: 'POST', url: '/api/signups/', headers: API_HEADERS, payload: { first_name: '' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Some answers need another look: see the marked fields.');
      const signedOut = await app.inject({ method: 'GET', url: '/api/accounts', headers: { ...API_HEADERS, authorization: 'Bearer not-a-session' } });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json().message).toBe('You were signed out after 5 minutes. Sign in again to go on.');
      // The emails and text messages too (they were written in the code).
      expect(notification('resetCode', 'Credit Union Online', { code: '123456' })).toBe('Credit Union Online password reset: 123456.');
      await app.close();
      app = undefined;
    } finally {
      // The suites after this one in the worker answer in the repository's words again.
      useConfiguredMessages(configRoot());
    }
    expect(REQUEST_TEXTS.fixFields).toBe(JSON.parse(fs.readFileSync(path.join(configRoot(), 'forms/messages/requests.json'), 'utf8')).fixFields);
  });

  it('in development, a form file that is not valid JSON breaks only its own step, named with line and column', async () => {
    const config = copyConfig('repository');
    fs.writeFileSync(path.join(config.root, 'forms/onboarding/politically-exposed-persons.schema.json'), '{ "title": "Politically Exposed Persons", ');
    app = await buildApp({ db, configRoot: config.root, config: { ...appOptions(dataDir), env: 'test' } });
    await app.ready();
    const broken = await app.inject({ method: 'POST', url: '/api/peps', headers: API_HEADERS, payload: {} });
    expect(broken.statusCode).toBe(503);
    expect(broken.json().message).toMatch(/^This step's configuration has a problem: forms\/onboarding\/politically-exposed-persons\.schema\.json:1:\d+: not valid JSON/);
    const otherStep = await app.inject({ method: 'POST', url: '/api/addresses/', headers: API_HEADERS, payload: {} });
    expect(otherStep.statusCode).not.toBe(503);
    await app.close();
    app = undefined;
  });

  it('in production, refuses to start and lists the problems', async () => {
    await expect(buildApp({ db, env: { NODE_ENV: 'production', ...SECRETS }, configRoot: brokenConfig(), config: appOptions(dataDir) })).rejects.toThrow(
      /does not start until they are fixed:\nforms\/onboarding\/basic-info\.ui\.json:\d+:\d+ at \/ui:order: ui:order leaves out "last_name"/,
    );
  });

  it('starts in production with the repository’s own configuration', async () => {
    app = await buildApp({ db, env: { NODE_ENV: 'production', ...SECRETS }, config: appOptions(dataDir) });
    await app.ready();
    const health = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-api-key': SECRETS.API_KEY, 'x-api-secret': SECRETS.API_SECRET } });
    expect(health.statusCode).toBe(200);
  });
});
