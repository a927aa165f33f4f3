import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { PGLITE_INITDB_PARAMS, type DbHandle } from './create-db.js';
import { migrations } from './migrations/index.js';

/**
 * A new embedded database starts from a dump of a freshly migrated one, which skips PGlite's initdb (about
 * 4 s of a first start here; loading the dump takes about 0.5 s). The dump is made by the first start that
 * creates a database, kept with the installed packages (node_modules/.cache), and named after the migrations,
 * the PGlite version and the initdb settings, so a new migration, a PGlite upgrade or other settings make a new
 * one. It holds no data: the seed runs after it, with this start's settings.
 */
const root = path.resolve(import.meta.dirname, '..', '..', '..');

function templateFile(): string {
  let pglite = 'unknown';
  try {
    pglite = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version;
  } catch {
    // no version: the name still changes with the migrations
  }
  const key = crypto.createHash('sha256').update(`${pglite}\n${PGLITE_INITDB_PARAMS.join(' ')}\n${Object.keys(migrations).join('\n')}`).digest('hex').slice(0, 16);
  return path.join(root, 'node_modules', '.cache', 'cu-pglite', `migrated-${key}.tar`);
}

/** The template for a new database, when one was made for these migrations. */
export function readPgliteTemplate(): Blob | undefined {
  try {
    return new Blob([fs.readFileSync(templateFile())]);
  } catch {
    return undefined;
  }
}

/**
 * After a new database was migrated without a template: keep it as the template. A checkpoint first, since
 * the dump opens as after a crash and replaying older WAL would move every sequence on by up to 32.
 */
export async function keepPgliteTemplate(handle: DbHandle): Promise<void> {
  const file = templateFile();
  if (!handle.dumpDataDir || fs.existsSync(file)) return;
  try {
    await sql`checkpoint`.execute(handle.db);
    const dump = Buffer.from(await (await handle.dumpDataDir()).arrayBuffer());
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const aside = `${file}.${process.pid}`;
    fs.writeFileSync(aside, dump);
    fs.renameSync(aside, file);
  } catch {
    // A read-only install starts without one.
  }
}
