import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { createDb } from '../../src/server/db/create-db';
import { migrateToLatest } from '../../src/server/db/migrate';
import { migrations } from '../../src/server/db/migrations';
import { seed } from '../../src/server/db/seed';

// `npm start` opens a new embedded database from a dump of a migrated one (src/server/db/pglite-template.ts),
// which skips initdb; this proves such a database is the one migrating gives and that an existing one is
// never replaced.
describe('a new embedded database from a template', () => {
  it('starts migrated, numbers its rows from 1, keeps what it stores, and an existing folder ignores the template', async () => {
    // The run's migrated template (tests/global-setup.ts), made as src/server/db/pglite-template.ts makes one: a new
    // database migrated, checkpointed and dumped. Making another here would run initdb and the migrations again.
    const dump = new Blob([fs.readFileSync(inject('pgliteTemplates').migrated)]);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-template-'));
    try {
      const first = await createDb({ dataDir, loadDataDir: () => dump });
      expect(first.created).toBe(true);
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(first.db);
      expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
      await migrateToLatest(first.db);
      await seed(first.db, { demo: true });
      const ids = (await first.db.selectFrom('users').select('id').orderBy('id').execute()).map((r) => r.id);
      expect(ids[0]).toBe(1);
      expect(ids).toEqual(ids.map((_, i) => i + 1));
      await first.close();

      let asked = false;
      const again = await createDb({ dataDir, loadDataDir: () => ((asked = true), dump) });
      expect(again.created).toBe(false);
      expect(asked).toBe(false);
      expect((await again.db.selectFrom('users').select('id').execute()).length).toBe(ids.length);
      await again.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
