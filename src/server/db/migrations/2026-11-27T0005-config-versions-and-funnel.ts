import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
// Configuration versions (DESIGN.md "Configuration versions"): each start records the content hash of forms/ and
// flows/ with their JSON, and applications and stored steps record the version they were validated under.
// Funnel events (DESIGN.md "Funnel events"): step entered, submitted, refused (field names only), left, and
// application submitted, keyed by the wizard's random visit id; nothing personal.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('config_versions')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('first_seen_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('signups').addColumn('config_version', 'text').execute();
  await db.schema.alterTable('signup_steps').addColumn('config_version', 'text').execute();
  await db.schema
    .createTable('funnel_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('occurred_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('visit', 'text')
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull().check(sql`event in ('entered', 'submitted', 'refused', 'left', 'application_submitted')`))
    .addColumn('fields', sql`text[]`)
    .addColumn('facts', 'jsonb')
    .addColumn('config_version', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('funnel_events_time_idx').on('funnel_events').columns(['occurred_on']).execute();
  await db.schema.createIndex('funnel_events_visit_idx').on('funnel_events').columns(['visit', 'step']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('funnel_events').ifExists().execute();
  await db.schema.alterTable('signup_steps').dropColumn('config_version').execute();
  await db.schema.alterTable('signups').dropColumn('config_version').execute();
  await db.schema.dropTable('config_versions').ifExists().execute();
}
