import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

export interface FunnelFilter {
  /** First day counted (midnight UTC). */
  from: Date;
  /** The day after the last day counted. */
  to: Date;
  version?: string;
}

interface StepRow {
  step: string;
  reached: number;
  completed: number;
  refusals: number;
  median_seconds: number | null;
}

/** Per step: visits that entered it, visits whose call it accepted, refusals, and the median time from entering to acceptance. */
export async function stepFigures(db: Kysely<Database>, f: FunnelFilter): Promise<StepRow[]> {
  const { rows } = await sql<StepRow>`
    with e as (
      select * from funnel_events
      where occurred_on >= ${f.from} and occurred_on < ${f.to} and (${f.version ?? null}::text is null or config_version = ${f.version ?? null})
    ), per_visit as (
      select visit, step,
        min(occurred_on) filter (where event = 'entered') as entered,
        min(occurred_on) filter (where event in ('submitted', 'application_submitted')) as done,
        count(*) filter (where event = 'refused') as refusals
      from e where visit is not null group by visit, step
    )
    select step,
      count(*) filter (where entered is not null)::int as reached,
      count(*) filter (where done is not null)::int as completed,
      coalesce(sum(refusals), 0)::int as refusals,
      (percentile_cont(0.5) within group (order by extract(epoch from done - entered)) filter (where done >= entered))::float as median_seconds
    from per_visit group by step`.execute(db);
  return rows;
}

/** Where visits that never submitted an application were last seen: the step each gave up on. */
export async function dropOffs(db: Kysely<Database>, f: FunnelFilter): Promise<Array<{ step: string; visits: number }>> {
  const { rows } = await sql<{ step: string; visits: number }>`
    with e as (
      select * from funnel_events
      where occurred_on >= ${f.from} and occurred_on < ${f.to} and visit is not null and (${f.version ?? null}::text is null or config_version = ${f.version ?? null})
    ), finished as (select distinct visit from e where event = 'application_submitted'),
    last as (select distinct on (visit) visit, step from e order by visit, occurred_on desc, id desc)
    select step, count(*)::int as visits from last where visit not in (select visit from finished) group by step`.execute(db);
  return rows;
}

/** The fields refused most often, with their step. */
export async function refusedFields(db: Kysely<Database>, f: FunnelFilter, limit = 10): Promise<Array<{ step: string; field: string; refusals: number }>> {
  const { rows } = await sql<{ step: string; field: string; refusals: number }>`
    select step, field, count(*)::int as refusals
    from funnel_events, unnest(fields) as field
    where event = 'refused' and occurred_on >= ${f.from} and occurred_on < ${f.to} and (${f.version ?? null}::text is null or config_version = ${f.version ?? null})
    group by step, field order by refusals desc, step, field limit ${limit}`.execute(db);
  return rows;
}

/** Each visit's last known facts (from the wizard's step entries) and whether it submitted an application. */
export async function visitOutcomes(db: Kysely<Database>, f: FunnelFilter): Promise<Array<{ facts: Record<string, boolean> | null; finished: boolean }>> {
  const { rows } = await sql<{ facts: Record<string, boolean> | null; finished: boolean }>`
    with e as (
      select * from funnel_events
      where occurred_on >= ${f.from} and occurred_on < ${f.to} and visit is not null and (${f.version ?? null}::text is null or config_version = ${f.version ?? null})
    )
    select
      (select facts from e f where f.visit = v.visit and f.facts is not null order by f.occurred_on desc, f.id desc limit 1) as facts,
      bool_or(event = 'application_submitted') as finished
    from e v group by visit`.execute(db);
  return rows;
}

/** The configurations recorded, newest first. */
export async function configVersions(db: Kysely<Database>): Promise<Array<{ hash: string; first_seen_on: Date; last_seen_on: Date }>> {
  return db.selectFrom('config_versions').select(['hash', 'first_seen_on', 'last_seen_on']).orderBy('first_seen_on', 'desc').execute();
}
