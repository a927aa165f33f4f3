import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Clock } from '../lib/clock.js';
import { setTimeZone } from '../../shared/dates/today.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    clock: Clock;
  }
}

export default fp(
  async function configPlugin(app: FastifyInstance, opts: { config: AppConfig; clock: Clock }) {
    app.decorate('config', opts.config);
    app.decorate('clock', opts.clock);
    setTimeZone(opts.config.timeZone);
  },
  { name: 'config' },
);
