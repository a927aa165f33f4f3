import type { FastifyInstance } from 'fastify';
import type { FlowDefinition, ResumeSettings } from '../../shared/flow/flow-types.js';
import { onboardingFlow } from './onboarding-flow.js';
import { fillText } from '../../shared/fill-text.js';

const DAY_MS = 24 * 3600_000;

/** The flow's `resume` settings; a flow without them keeps drafts 30 days and sends no reminders. */
export function resumeSettings(flow: FlowDefinition): Partial<ResumeSettings> & { draftDays: number; reminderDays: number[] } {
  return { ...flow.resume, draftDays: flow.resume?.draftDays ?? 30, reminderDays: [...(flow.resume?.reminderDays ?? [])].sort((a, b) => a - b) };
}

/** A draft changed after this instant is alive; one changed at or before it is expired (and purged). */
export function liveDraftSince(now: Date, settings: { draftDays: number }): Date {
  return new Date(now.getTime() - settings.draftDays * DAY_MS);
}


/** Where an applicant continues an application, for links in emails. */
export const continueLink = (app: FastifyInstance) => `${app.config.publicUrl}/continue`;

/** The email verification's hint to continue elsewhere (empty when the flow has no resume texts). */
export function continueHint(app: FastifyInstance): string {
  const hint = onboardingFlow().resume?.texts.continueHint;
  return hint ? ` ${fillText(hint, { link: continueLink(app) })}` : '';
}

/**
 * The drafts' job (DESIGN.md "Resume anywhere"), safe to run on several servers at once: each reminder is claimed by
 * a conditional update (`reminders_sent` still at its value), so it goes out once; expired drafts are deleted with
 * their steps, files' rows and resume requests, then their files. Reminders go only to verified email addresses.
 */
export async function runDraftJobs(app: FastifyInstance, removeFiles: (storedNames: string[]) => Promise<void>): Promise<{ reminded: number; purged: number }> {
  const now = app.clock.now();
  const flow = onboardingFlow();
  const settings = resumeSettings(flow);
  const since = liveDraftSince(now, settings);
  let reminded = 0;
  const texts = flow.resume?.texts;
  if (texts) {
    for (const [index, days] of settings.reminderDays.entries()) {
      if (days >= settings.draftDays) continue;
      const due = await app.db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('signups')
          .set({ reminders_sent: index + 1 })
          .where('status', '=', 'draft')
          .where('reminders_sent', '=', index)
          .where('email_verified_on', 'is not', null)
          .where('updated_on', '>', since)
          .where('updated_on', '<=', new Date(now.getTime() - days * DAY_MS))
          .returning(['id', 'email', 'first_name', 'updated_on'])
          .execute();
        for (const draft of claimed) {
          const daysLeft = Math.max(1, Math.ceil((new Date(draft.updated_on).getTime() + settings.draftDays * DAY_MS - now.getTime()) / DAY_MS));
          await app.outbox.send(
            { channel: 'email', to: draft.email, subject: texts.reminderSubject, body: fillText(texts.reminderBody, { firstName: draft.first_name, link: continueLink(app), days: daysLeft }), purpose: 'draft_reminder' },
            trx,
          );
        }
        return claimed.length;
      });
      reminded += due;
    }
  }
  let purged = 0;
  for (;;) {
    const batch = await app.db.selectFrom('signups').select('id').where('status', '=', 'draft').where('updated_on', '<=', since).limit(200).execute();
    if (!batch.length) break;
    const ids = batch.map((b) => b.id);
    const stored = await app.db.transaction().execute(async (trx) => {
      // Only drafts still expired once locked: one changed or submitted meanwhile stays.
      const expired = (await trx.selectFrom('signups').select('id').where('id', 'in', ids).where('status', '=', 'draft').where('updated_on', '<=', since).forUpdate().execute()).map((r) => r.id);
      if (!expired.length) return [];
      const files = await trx.selectFrom('signup_files').select('stored_name').where('signup_id', 'in', expired).execute();
      // The steps, files' rows, claims and resume requests go with the signup (on delete cascade).
      await trx.deleteFrom('signups').where('id', 'in', expired).execute();
      return files.map((f) => f.stored_name);
    });
    await removeFiles(stored);
    purged += ids.length;
    if (batch.length < 200) break;
  }
  if (reminded) void app.outbox.flush().catch(() => undefined);
  return { reminded, purged };
}
