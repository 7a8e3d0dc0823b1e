/** API.md "Comments, reports, advice": send advice to a post's author, and the advice I received. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../../core/limits.ts';
import { advicePageSchema, adviceResponseSchema } from '../../../core/schemas/advices.ts';
import type { Db } from '../../../db/client.ts';
import { errorOf, idField, pageQuery, text } from '../../lib/http.ts';
import { languageOfText } from '../../lib/language.ts';
import { currentUser } from '../../plugins/auth.ts';
import { isCrisisText } from '../crisis/check.ts';
import { writeLimited } from '../writes/schemas.ts';
import { listAdvices, sendAdvice } from './service.ts';

export default async function adviceRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.post(
    '/api/advices',
    {
      config: { changesGuestView: false, refusedWhileSuspended: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['advice'],
        summary: "Send advice to a post's author (private between the two; +3 points)",
        body: z.object({ post_id: idField, content: text(1, LIMITS.advice) }),
        response: {
          201: adviceResponseSchema,
          403: errorOf('ADVICE_NOT_ALLOWED: the author turned advice off; SUSPENDED: a moderator suspended the sender'),
          404: errorOf('NOT_FOUND: no such post, or one you may not open (under review, removed, or a block either way), as its page'),
          422: errorOf('VALIDATION: `errors` names each bad field (content; post_id is your own post)'),
          429: writeLimited('advice'),
        },
      },
    },
    async (request, reply) => {
      const { post_id, content } = request.body;
      const user = currentUser(request);
      // A match queues the advice for a moderator (crisis priority); it is sent all the same.
      const crisis = await isCrisisText(content, languageOfText(user, content));
      return reply.code(201).send({ data: await sendAdvice(db, user.id, request.locale, post_id, content, crisis) });
    },
  );

  app.get(
    '/api/advices',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['advice'],
        summary: 'The advice I received, newest first, with the post each answers',
        querystring: pageQuery,
        response: { 200: advicePageSchema },
      },
    },
    async (request) => listAdvices(db, currentUser(request).id, request.locale, request.query),
  );
}
