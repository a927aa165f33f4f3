import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { readConfigVersion } from '../lib/config-version.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The content hash of forms/ + flows/ this server validates with (recorded in config_versions at start). */
    configVersion: string;
  }
}

/**
 * Records the configuration in force (DESIGN.md "Configuration versions"): its content hash and its files, once
 * per content, with when it was first and last started; `app.configVersion` names it for what is stored after.
 */
export default fp(
  async function configVersionPlugin(app: FastifyInstance, options: { root?: string; record?: boolean }) {
    const version = readConfigVersion(options.root);
    if (options.record !== false) {
      await app.db
        .insertInto('config_versions')
        .values({ hash: version.hash, content: JSON.stringify(version.files), first_seen_on: app.clock.now(), last_seen_on: app.clock.now() })
        .onConflict((oc) => oc.column('hash').doUpdateSet({ last_seen_on: app.clock.now() }))
        .execute();
    }
    app.decorate('configVersion', version.hash);
  },
  { name: 'config-version', dependencies: ['config', 'db'] },
);
