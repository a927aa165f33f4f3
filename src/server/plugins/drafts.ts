import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { runDraftJobs } from '../lib/draft-lifetime.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The drafts' job: reminders after days of inactivity, and the purge of expired drafts with their files. */
    drafts: { run(): Promise<{ reminded: number; purged: number }> };
  }
}

/** How often the job runs in a server (DRAFT_JOBS=0 turns it off; tests run it with the fake clock). */
const EVERY_MS = 15 * 60_000;

export default fp(
  async function draftsPlugin(app: FastifyInstance) {
    const removeFiles = async (names: string[]) => {
      await Promise.all(names.map((name) => app.files.delete(name)));
    };
    let running: Promise<{ reminded: number; purged: number }> | undefined;
    const drafts = {
      run() {
        running ??= runDraftJobs(app, removeFiles).finally(() => {
          running = undefined;
        });
        return running;
      },
    };
    app.decorate('drafts', drafts);
    if (!app.config.draftJobs) return;
    const timer = setInterval(() => {
      void drafts.run().catch((err: Error) => app.log.warn({ err: err.message }, 'drafts job failed'));
    }, EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'drafts', dependencies: ['config', 'db', 'outbox', 'files'] },
);
