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
        summary: 'Service, database and (when configured) Redis state',
        response: {
          200: healthSchema,
          503: healthDownSchema,
        },
      },
    },
    async (request, reply) => {
      const failed = (what: string) => (err: unknown) => {
        request.log.error({ reason: err instanceof Error ? err.message : String(err) }, `${what} ping failed`);
        return false;
      };
      // Redis is optional, but an instance configured with it that cannot reach it counts and limits per process
      // only (lib/redis.ts): a load balancer should prefer the instances that can. Its commands fail at once while
      // it is away, or after lib/redis.ts's command timeout when it is silent.
      const redis = fastify.redis;
      const [db, shared] = await Promise.all([
        opts.database.ping().then(() => true, failed('database')),
        redis ? redis.ping().then(() => true, failed('redis')) : true,
      ]);
      if (db && shared) return { status: 'ok' as const, db: 'ok' as const };
      return reply.code(503).send({ status: 'error' as const, db: db ? ('ok' as const) : ('down' as const), code: 'UNAVAILABLE' as const });
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
