/** API.md "Notifications, messages, search, other": block, unblock, and the people I blocked. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockedSchema, blockPageSchema } from '../../../core/schemas/blocks.ts';
import type { Db } from '../../../db/client.ts';
import { errorOf, idField, pageQuery } from '../../lib/http.ts';
import { currentUser } from '../../plugins/auth.ts';
import { unseenCount } from '../notifications/service.ts';
import { listBlocked, setBlocked } from './service.ts';

export default async function blockRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  const change = async (me: number, userId: number, blocked: boolean) => {
    const totals = await setBlocked(db, me, userId, blocked);
    if (totals) fastify.realtime.toUser(me).emit('unread', totals);
    // What the other caused leaves (or rejoins) my bell at once. Theirs follows on its next read, never at this moment:
    // a bell that changed as it happened would tell them who blocked them (decision 022's addendum).
    fastify.realtime.toUser(me).emit('notifications:seen', { unseen_count: await unseenCount(db, me) });
    return { blocked };
  };

  app.get(
    '/api/blocks',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['blocks'],
        summary: 'The people I blocked, the latest first',
        querystring: pageQuery,
        response: { 200: blockPageSchema },
      },
    },
    async (request) => listBlocked(db, currentUser(request).id, request.locale, request.query),
  );

  app.post(
    '/api/blocks',
    {
      // Signed-in views are never cached for guests; a block changes only the blocker's own lists.
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: {
        tags: ['blocks'],
        summary: 'Block a person: no messages or advice either way, and their writing leaves my lists (silent, idempotent)',
        body: z.object({ user_id: idField }),
        response: { 200: blockedSchema, 404: errorOf('NOT_FOUND: no such person'), 422: errorOf('VALIDATION: user_id is yourself') },
      },
    },
    async (request) => change(currentUser(request).id, request.body.user_id, true),
  );

  app.delete(
    '/api/blocks/:user_id',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: {
        tags: ['blocks'],
        summary: 'Unblock a person (idempotent)',
        params: z.object({ user_id: z.coerce.number().pipe(idField) }),
        response: { 200: blockedSchema, 404: errorOf('NOT_FOUND: no such person') },
      },
    },
    async (request) => change(currentUser(request).id, request.params.user_id, false),
  );
}
