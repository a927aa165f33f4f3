import { isDeepStrictEqual } from 'node:util';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { alreadySubmitted } from './applicant-access.js';
import { conflict } from './http-errors.js';
import { ONBOARDING_TEXTS } from '../../shared/messages.js';
import { fixedStatement } from '../db/prepared.js';
import type { Signup } from '../db/tables/signups.table.js';
import { CONTEXT_COLUMNS, type ContextRow } from './applicant-facts.js';

// A signup's stored steps: written by the step calls (onboarding, signups), read by final submission.

/** A consent a step gives (lib/review-rules.ts `consentsGiven`): stored with the step, in the same statement. */
export interface StepConsent {
  consent: string;
  textVersion: string;
  clientIp: string | null;
}

/** How fresh `signups.updated_on` (a draft's last activity: reminders, expiry, config impact, all counted in days) is kept by the steps. */
export const ACTIVITY_RESOLUTION_MS = 60 * 60 * 1000;

/**
 * Stores a step's validated data with the configuration version it was validated under; a repeated submission
 * replaces it (DESIGN.md section 5), and with it the consents the step gives. One statement:
 * locking the signup's row holds only while it is still a draft, so a step racing the final submission waits for it
 * and then stores nothing (409), without a transaction of its own. The draft's last activity moves when it is an hour
 * old or a reminder has gone out. False when nothing was stored because the step was sent back unchanged to an
 * application that does not take it now (answerUntakenStep).
 */
export async function saveStep(db: Kysely<Database>, signupId: string, step: string, data: unknown, stamp: StepStamp): Promise<boolean> {
  if (await storeStep(db, signupId, step, data, stamp)) return true;
  await answerUntakenStep(db, signupId, step, data);
  return false;
}

/**
 * A step the application does not take now (saveStep stored nothing). Sent back for changes to other steps, the
 * applicant walks on through this one: the same answers as stored are accepted as they are (nothing written), and
 * different ones are refused saying only the steps asked for can change. Otherwise it was submitted: 409.
 */
export async function answerUntakenStep(db: Kysely<Database>, signupId: string, step: string, data: unknown): Promise<void> {
  const signup = await db.selectFrom('signups').select('status').where('id', '=', signupId).executeTakeFirst();
  if (signup?.status !== 'changes_requested') throw alreadySubmitted();
  // Compared as stored (jsonb keeps no key order and no undefined values): what the body holds, read back as JSON.
  if (!isDeepStrictEqual(await loadStepData(db, signupId, step), JSON.parse(JSON.stringify(data)))) throw conflict(ONBOARDING_TEXTS.notRequestedStep);
}

/**
 * As saveStep, and only while the signup still holds what the step was validated with: the applicant token (by its
 * hash, unexpired at `now`) and every column of the applicant's context (CONTEXT_COLUMNS). False, with nothing
 * stored, when any of them changed, or the application is no longer a draft: the caller reads the signup again.
 */
export async function saveStepIfUnchanged(db: Kysely<Database>, signupId: string, step: string, data: unknown, stamp: StepStamp, guard: StepGuard): Promise<boolean> {
  return storeStep(db, signupId, step, data, stamp, guard);
}

/** When a step is stored, under which configuration, and the consents it gives. */
export interface StepStamp {
  now: Date;
  configVersion: string;
  consents?: StepConsent[];
}

/** What a step was validated with: the signup's token hash and its applicant's context. */
export type StepGuard = ContextRow & Pick<Signup, 'applicant_token_hash'>;

async function storeStep(db: Kysely<Database>, signupId: string, step: string, data: unknown, stamp: StepStamp, guard?: StepGuard): Promise<boolean> {
  const { now, configVersion, consents = [] } = stamp;
  const values: SaveStepValues = {
    signupId,
    step,
    data: JSON.stringify(data),
    now,
    activityBefore: new Date(now.getTime() - ACTIVITY_RESOLUTION_MS),
    configVersion,
    consents: JSON.stringify(consents.map((c) => ({ consent: c.consent, version: c.textVersion, ip: c.clientIp }))),
    ...(guard ? { applicant_token_hash: guard.applicant_token_hash, ...Object.fromEntries(CONTEXT_COLUMNS.map((c) => [c, guard[c]])) } : {}),
  };
  // Four texts (with and without consents, a guard): named prepared statements on Postgres, parsed and planned once per connection.
  const shape = `${consents.length ? 'with consents' : ''}|${guard ? 'guarded' : ''}`;
  return (await saveStepStatement(db, values, shape)).length > 0;
}

interface SaveStepValues extends Record<string, unknown> {
  signupId: string;
  step: string;
  /** The step's data as JSON text. */
  data: string;
  now: Date;
  /** Before this instant, the draft's last activity is moved to `now`. */
  activityBefore: Date;
  configVersion: string;
  /** The consents as JSON text (an array of { consent, version, ip }). */
  consents: string;
}

const saveStepStatement = fixedStatement((db: Kysely<Database>, v: SaveStepValues, shape) => {
  const withDraft = db
    .with('draft', (qb) =>
      qb.selectFrom('signups').select('id').where('id', '=', v.signupId)
        // saveStepIfUnchanged: the token and the context the step was validated with still hold.
        .$if(shape.includes('guarded'), (guarded) =>
          guarded
            .where('applicant_token_hash', '=', v.applicant_token_hash as string)
            .where('token_expires_on', '>', v.now)
            .where((eb) => eb.and(CONTEXT_COLUMNS.map((column) => eb(column, 'is not distinct from', v[column] as never)))),
        )
        // A draft takes any step; an application sent back for changes only the steps the reviewer asked for.
        .where((eb) => eb.or([eb('status', '=', 'draft'), eb.and([eb('status', '=', 'changes_requested'), sql<boolean>`change_request -> 'steps' @> jsonb_build_array(cast(${v.step} as text))`])]))
        // The row lock the final submission's update waits for (and this waits for it), without writing the row.
        .forNoKeyUpdate(),
    )
    // The draft's last activity, kept to the hour: rewriting an indexed column makes every step write a new entry in
    // each of the table's indexes (a step call waited on the write-ahead log for them: docs/performance.md).
    .with('activity', (qb) =>
      qb.updateTable('signups').set({ updated_on: v.now, reminders_sent: 0 })
        .where('id', 'in', (eb) => eb.selectFrom('draft').select('id'))
        .where((eb) => eb.or([eb('updated_on', '<=', v.activityBefore), eb('reminders_sent', '>', 0)]))
        .returning('id'),
    );
  // Consents ride in the same statement (a data-modifying CTE runs whether or not the insert below reads it).
  const query = (
    shape.includes('with consents')
      ? withDraft.with('consent', (qb) =>
          qb
            .insertInto('signup_consents')
            .columns(['signup_id', 'consent', 'step', 'text_version', 'client_ip', 'agreed_on'])
            .expression(sql`select draft.id, c.consent, ${v.step}, c.version, c.ip, cast(${v.now} as timestamptz) from draft cross join jsonb_to_recordset(cast(${v.consents} as jsonb)) as c(consent text, version text, ip text)`)
            .onConflict((oc) => oc.columns(['signup_id', 'consent']).doUpdateSet({ text_version: sql`excluded.text_version`, client_ip: sql`excluded.client_ip`, agreed_on: sql`excluded.agreed_on` })),
        )
      : withDraft
  ) as typeof withDraft;
  return query
    .insertInto('signup_steps')
    .columns(['signup_id', 'step', 'data', 'updated_on', 'config_version'])
    .expression((eb) =>
      eb.selectFrom('draft').select((s) => ['id', s.val(v.step).as('step'), sql<unknown>`cast(${v.data} as jsonb)`.as('data'), s.val(v.now).as('updated_on'), s.val(v.configVersion).as('config_version')]),
    )
    .onConflict((oc) => oc.columns(['signup_id', 'step']).doUpdateSet({ data: sql`excluded.data`, updated_on: sql`excluded.updated_on`, config_version: sql`excluded.config_version` }))
    .returning('signup_id');
});

/** Every step this signup has stored, with its data, by step id. */
export async function loadSteps(db: Kysely<Database>, signupId: string): Promise<Map<string, Record<string, unknown>>> {
  const rows = await db.selectFrom('signup_steps').select(['step', 'data']).where('signup_id', '=', signupId).execute();
  return new Map(rows.map((r) => [r.step, (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>]));
}

/** One stored step's data (undefined when the step was never stored). */
export async function loadStepData(db: Kysely<Database>, signupId: string, step: string): Promise<Record<string, unknown> | undefined> {
  const row = await db.selectFrom('signup_steps').select('data').where('signup_id', '=', signupId).where('step', '=', step).executeTakeFirst();
  if (!row) return undefined;
  return (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>;
}
