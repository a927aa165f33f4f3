import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
// The administrator's queue at a million applications (issue "Fast on a phone"):
// - searching names, email and mobile with `ilike '%text%'` uses a trigram index over one expression that
//   holds them all (the repository's `SIGNUP_SEARCH_TEXT` is the same expression: the planner matches it
//   word for word, and tests/server/admin/signups-admin-plans.test.ts proves the plan);
// - the list's total is read from a count kept per submitted status by a trigger, not counted row by row.
//   Drafts are not counted: every applicant's first call creates one, and they would all wait on one row.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index signups_search_idx on signups using gin ((first_name || ' ' || last_name || chr(10) || coalesce(middle_name, '') || chr(10) || email || chr(10) || mobile) gin_trgm_ops)`.execute(db);

  await sql`create table signup_status_counts (status text primary key, total bigint not null check (total >= 0))`.execute(db);
  await sql`insert into signup_status_counts (status, total)
    select s, (select count(*) from signups where status = s) from unnest(array['pending_approval', 'approved', 'rejected']) as s`.execute(db);
  await sql`create function signup_status_counts_track() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update signup_status_counts set total = total - 1 where status = old.status;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        update signup_status_counts set total = total + 1 where status = new.status;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger signup_status_counts_insert after insert on signups for each row when (new.status <> 'draft') execute function signup_status_counts_track()`.execute(db);
  await sql`create trigger signup_status_counts_update after update of status on signups for each row when (old.status is distinct from new.status) execute function signup_status_counts_track()`.execute(db);
  await sql`create trigger signup_status_counts_delete after delete on signups for each row when (old.status <> 'draft') execute function signup_status_counts_track()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['signup_status_counts_insert', 'signup_status_counts_update', 'signup_status_counts_delete']) await sql`drop trigger if exists ${sql.raw(name)} on signups`.execute(db);
  await sql`drop function if exists signup_status_counts_track()`.execute(db);
  await sql`drop table if exists signup_status_counts`.execute(db);
  await sql`drop index if exists signups_search_idx`.execute(db);
}
