import { loadConfig } from '../src/server/config.js';
import { createDb } from '../src/server/db/create-db.js';
import { migrateToLatest } from '../src/server/db/migrate.js';

const config = loadConfig();
const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrateToLatest(handle.db);
console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
await handle.close();
