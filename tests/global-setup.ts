import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/server/db/create-db';
import { migrateToLatest } from '../src/server/db/migrate';
import { seed } from '../src/server/db/seed';

/** The embedded databases every suite starts from: migrated, and migrated and demo-seeded, as PGlite tar files. */
export interface PgliteTemplates {
  migrated: string;
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplates: PgliteTemplates;
  }
}

/** The run's templates: Vitest runs a global setup once for each project and once more for the root. */
const templatesKey = Symbol.for('cu-pglite-templates');
type TemplatesGlobal = { [templatesKey]?: Promise<{ templates: PgliteTemplates; dir: string }> };

async function buildTemplates(): Promise<{ templates: PgliteTemplates; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-pglite-templates-'));
  const handle = await createDb({ inMemory: true });
  const dump = async (name: string) => {
    // A checkpoint first: the dump opens as after a crash, and replaying older WAL would move every
    // sequence on by its logged-ahead values (ids with gaps of up to 32).
    await sql`checkpoint`.execute(handle.db);
    const file = path.join(dir, `${name}.tar`);
    fs.writeFileSync(file, Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()));
    return file;
  };
  // The suites use only the one database: without template0 and template1 a dump is half the size and opens
  // in about 0.4 s instead of 0.55 s (53 opens a run).
  await sql`update pg_database set datistemplate = false where datname in ('template0', 'template1')`.execute(handle.db);
  await sql`drop database template0`.execute(handle.db);
  await sql`drop database template1`.execute(handle.db);
  await migrateToLatest(handle.db);
  const migrated = await dump('migrated');
  await seed(handle.db, { demo: true });
  const seeded = await dump('seeded');
  await handle.close();
  return { templates: { migrated, seeded }, dir };
}

/**
 * Builds the PGlite templates once per run (tests/helpers/test-db.ts opens each suite's database from one):
 * creating a PGlite database runs initdb (about 4 s here), opening a dump about 0.4 s, and the migrations and
 * the seed then need not run again in every suite. The configuration in use (CONFIG_ROOT) is the tests' own.
 * The projects' setups share the one build; the first to ask removes it at the end of the run.
 */
export default async function setup(project: TestProject) {
  const shared = globalThis as TemplatesGlobal;
  const first = !shared[templatesKey];
  shared[templatesKey] ??= buildTemplates();
  const { templates, dir } = await shared[templatesKey];
  project.provide('pgliteTemplates', templates);
  return () => {
    if (first) fs.rmSync(dir, { recursive: true, force: true });
  };
}
