/**
 * A suspended person reads and signs in as before, but every write that would change what others see (a route
 * with `config.changesGuestView: true`: writing, supporting, reacting, deleting) answers 403 SUSPENDED with the
 * date it ends. A route may opt out with `config.allowWhileSuspended` (e.g. erasing one's own account). Private
 * writing (messages, advice) changes nothing guests see but reaches another person all the same, so it opts in
 * with `config.refusedWhileSuspended`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write a suspended person may still make. */
    allowWhileSuspended?: boolean;
    /** A write a suspended person may not make though it changes nothing guests see (a message, an advice). */
    refusedWhileSuspended?: boolean;
  }
}

export default fp(
  async function suspension(app: FastifyInstance) {
    // Callback style: it never waits, and runs on every request.
    app.addHook('preHandler', (request, _reply, done) => {
      const until = request.user?.suspendedUntil;
      const config = request.routeOptions.config;
      const refused = config.changesGuestView || config.refusedWhileSuspended;
      if (!until || until.getTime() <= Date.now() || !refused || config.allowWhileSuspended) return done();
      done(new AppError(403, 'SUSPENDED', { key: 'moderation.suspended', values: { until } }, { suspended_until: until.toISOString() }));
    });
  },
  { name: 'suspension', dependencies: ['auth'] },
);
