// fixedStatement (src/server/db/prepared.ts): a statement Kysely builds and compiles once per shape, each call binding
// its own values to the remembered text (on Postgres as a named prepared statement, on PGlite as a plain one).
import type { Kysely } from 'kysely';
import { dbTargets } from '../../helpers/test-db';
import { fixedStatement } from '../../../src/server/db/prepared';
import type { Database } from '../../../src/server/db/database';
import type { DbHandle } from '../../../src/server/db/create-db';

describe.each(dbTargets())('fixedStatement on $name', (target) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(() => handle.close());

  it('binds each call its own values, and each shape has its own text', async () => {
    let builds = 0;
    const offices = fixedStatement((db: Kysely<Database>, v: { from: number; to: number }, shape) => {
      builds++;
      const query = db.selectFrom('offices').select('id').where('id', '>=', v.from).where('id', '<=', v.to).orderBy('id');
      return shape === 'newest first' ? query.clearOrderBy().orderBy('id', 'desc') : query;
    });
    const all = (await handle.db.selectFrom('offices').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(all.length).toBeGreaterThanOrEqual(2);
    const [first, second] = all;
    expect((await offices(handle.db, { from: first, to: first })).map((r) => r.id)).toEqual([first]);
    expect((await offices(handle.db, { from: first, to: second })).map((r) => r.id)).toEqual([first, second]);
    expect((await offices(handle.db, { from: second, to: second })).map((r) => r.id)).toEqual([second]);
    expect((await offices(handle.db, { from: first, to: second }, 'newest first')).map((r) => r.id)).toEqual([second, first]);
    expect(builds).toBe(2);
  });

  it('refuses a build that derives a value from one it was given', async () => {
    const derived = fixedStatement((db: Kysely<Database>, v: { id: number }) => db.selectFrom('sessions').select('id').where('id', '=', `session-${v.id}`));
    await expect(derived(handle.db, { id: 1 })).rejects.toThrow('fixedStatement: a value derived from one of the values in build');
    const arithmetic = fixedStatement((db: Kysely<Database>, v: { id: number }) => db.selectFrom('offices').select('id').where('id', '=', v.id + 1));
    await expect(arithmetic(handle.db, { id: 1 })).rejects.toThrow('fixedStatement: a value derived');
  });
});
