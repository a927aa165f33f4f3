import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
// The funnel's events are appended in time order and read by time range only (routes/funnel/funnel.repository.ts):
// a BRIN index on the time serves those ranges at a fraction of a B-tree's cost on every insert, and the index on
// (visit, step) served no query. Each step call's event wrote more to the write-ahead log than the step itself.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('funnel_events_visit_idx').ifExists().execute();
  await db.schema.dropIndex('funnel_events_time_idx').ifExists().execute();
  await sql`create index funnel_events_time_brin on funnel_events using brin (occurred_on)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('funnel_events_time_brin').ifExists().execute();
  await db.schema.createIndex('funnel_events_time_idx').on('funnel_events').columns(['occurred_on']).execute();
  await db.schema.createIndex('funnel_events_visit_idx').on('funnel_events').columns(['visit', 'step']).execute();
}
