import { loadConfig } from '../src/server/config.js';
import { createDb } from '../src/server/db/create-db.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { seed } from '../src/server/db/seed.js';

const config = loadConfig();
const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(handle.db);
const { seeded } = await seed(handle.db, { demo: config.seedDemo, adminEmail: config.adminEmail, adminPassword: config.adminPassword });
console.log(seeded ? 'Seeded.' : 'Users already exist; reference data checked, nothing else changed.');
await handle.close();
