import type { FastifyInstance } from 'fastify';
import { zoneOffsets, type ZoneOffsets } from '../../../shared/dates/zone-offsets.js';
import { errorResponses } from '../../lib/route-schemas.js';

const HOUR_MS = 3_600_000;

/** GET /api/config: what the browser app may know about this deployment (no secrets). */
export default async function appConfigRoutes(app: FastifyInstance) {
  // The time zone's offsets for the coming year (about 400 readings of the zone), worked out again each hour.
  let offsets: { at: number; value: ZoneOffsets } | null = null;
  const currentOffsets = () => {
    const now = Date.now();
    if (!offsets || now - offsets.at > HOUR_MS) offsets = { at: now, value: zoneOffsets(app.config.timeZone, now) };
    return offsets.value;
  };

  app.get('/config', {
    schema: {
      response: {
        200: {
          type: 'object',
          properties: {
            product_name: { type: 'string' },
            environment: { type: 'string' },
            dev_tools: { type: 'boolean' },
            session_seconds: { type: 'integer' },
            time_zone: { type: 'string' },
            time_zone_offsets: {
              type: 'object',
              properties: {
                until: { type: 'number' },
                changes: { type: 'array', items: { type: 'object', properties: { from: { type: 'number' }, minutes: { type: 'integer' } } } },
              },
            },
          },
        },
        ...errorResponses,
      },
    },
    handler: async () => ({
      product_name: app.config.productName,
      environment: app.config.env,
      dev_tools: app.config.devTools,
      session_seconds: app.config.sessionSeconds,
      time_zone: app.config.timeZone,
      time_zone_offsets: currentOffsets(),
    }),
  });
}
