/** Health for load balancers and the running build's id for the web app's update check. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildInfoSchema, healthDownSchema, healthSchema } from '../../../core/schemas/system.ts';
import type { BuildInfo } from '../../../core/types.ts';
import type { Database } from '../../../db/client.ts';

export default async function healthRoutes(fastify: FastifyInstance, opts: { database: Database; build: () => BuildInfo }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['system'],
        summary: 'Service and database state',
        response: {
          200: healthSchema,
          503: healthDownSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        await opts.database.ping();
        return { status: 'ok' as const, db: 'ok' as const };
      } catch (err) {
        request.log.error({ reason: err instanceof Error ? err.message : String(err) }, 'database ping failed');
        return reply.code(503).send({ status: 'error' as const, db: 'down' as const, code: 'UNAVAILABLE' as const });
      }
    },
  );

  app.get(
    '/builds/latest.json',
    {
      schema: {
        tags: ['system'],
        summary: 'The running build',
        querystring: z.object({ t: z.string().max(50).optional() }),
        response: { 200: buildInfoSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return opts.build();
    },
  );
}
