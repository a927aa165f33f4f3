import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createDb } from './db/create-db.js';
import { migrateToLatest } from './db/migrate.js';
import { keepPgliteTemplate, readPgliteTemplate } from './db/pglite-template.js';
import { seed, DEMO_ADMIN, DEMO_MEMBER, DEMO_OTHER_MEMBER, DEMO_SECOND_ADMIN } from './db/seed.js';

/** Starts the product: migrate, seed on first start, listen, print the URL (and demo sign-ins in development). */
const T0 = performance.now(); const mark = (l: string) => console.error('TRACE', l, Math.round(performance.now()), 'ms since process start; +', Math.round(performance.now() - T0));
async function main() { mark('imports');
  const started = Date.now();
  const config = loadConfig();
  let fromTemplate = false;
  const template = () => {
    const blob = readPgliteTemplate();
    fromTemplate = blob !== undefined;
    return blob;
  };
  const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, loadDataDir: template }); mark('createDb');
  await migrateToLatest(handle.db); mark('migrate');
  if (handle.created && !fromTemplate) await keepPgliteTemplate(handle);
  const { seeded } = await seed(handle.db, { demo: config.seedDemo, adminEmail: config.adminEmail, adminPassword: config.adminPassword });
  mark('seed'); const app = await buildApp({ db: handle }); mark('buildApp');
  app.addHook('onClose', async () => handle.close());
  await app.listen({ host: config.host, port: config.port }); mark('listen');
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host}:${port}`;
  const lines = [
    '',
    `  ${config.productName} is running at ${url}`,
    `  database: ${handle.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : 'Postgres (DATABASE_URL)'}${seeded ? ' (seeded)' : ''}`,
    `  mode: ${config.env === 'production' ? 'production' : `${config.env} (demo sign-ins and development tools; any other NODE_ENV runs as production)`}`,
    `  ready in ${Date.now() - started} ms`,
  ];
  if (config.seedDemo) {
    lines.push(
      '',
      '  Demo sign-ins (development only; the SMS code is on the outbox page):',
      `    administrator  ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
      `    administrator  ${DEMO_SECOND_ADMIN.email} / ${DEMO_SECOND_ADMIN.password} (the second pair of eyes)`,
      `    member         ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}`,
      `    member         ${DEMO_OTHER_MEMBER.email} / ${DEMO_OTHER_MEMBER.password}`,
      `    outbox         ${url}/dev/outbox`,
    );
  }
  console.log(lines.join('\n') + '\n');

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
