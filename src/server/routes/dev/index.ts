import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { errorResponses } from '../../lib/route-schemas.js';

/** Development-only tools; not registered at all in production (see routes/index.ts). */
export default async function devRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  app.get('/outbox', {
    schema: {
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          recipient: { type: 'string', maxLength: 200 },
          purpose: { type: 'string', maxLength: 100 },
          limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
        },
      } as const,
      response: {
        200: {
          type: 'object',
          required: ['items'],
          properties: {
            items: {
              type: 'array',
              description: 'Newest first: id, channel, recipient, subject, body, purpose, status, created_on, sent_on.',
              items: { type: 'object', additionalProperties: true },
            },
          },
        },
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const { recipient, purpose, limit } = request.query;
      let query = app.db
        .selectFrom('outbox_messages')
        .select(['id', 'channel', 'recipient', 'subject', 'body', 'purpose', 'status', 'created_on', 'sent_on'])
        .orderBy('id', 'desc')
        .limit(limit);
      if (recipient) query = query.where('recipient', '=', recipient);
      if (purpose) query = query.where('purpose', '=', purpose);
      return { items: await query.execute() };
    },
  });
}
