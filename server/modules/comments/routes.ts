/** API.md "Comments": reading and writing top-level comments. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../../core/limits.ts';
import type { Db } from '../../../db/client.ts';
import { pagedSchema, pageQuery } from '../../lib/paging.ts';
import { currentUser } from '../../plugins/auth.ts';
import { idField } from '../posts/schemas.ts';
import { errorSchema, publicUserSchema, text } from '../users/schemas.ts';
import { addComment, listComments } from './service.ts';

const commentBase = z.object({
  id: z.number(),
  post_id: z.number(),
  parent_id: z.number().nullable(),
  content: z.string(),
  user: publicUserSchema,
  votes_score: z.number(),
  my_vote: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
  replies_count: z.number(),
  is_mine: z.boolean(),
  created_at: z.string(),
});
// Replies are one level deep, so a reply's own replies list is always empty.
const commentSchema = commentBase.extend({ replies: z.array(commentBase.extend({ replies: z.array(z.unknown()) })) });

export default async function commentRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/api/post-comments',
    {
      schema: {
        tags: ['comments'],
        summary: "A post's top-level comments, oldest first",
        querystring: pageQuery.extend({ post_id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: pagedSchema(commentSchema) },
      },
    },
    async (request) => listComments(db, { id: request.user?.id ?? null, locale: request.locale }, request.query.post_id, request.query),
  );

  app.post(
    '/api/comments',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['comments'],
        summary: 'Comment on a post',
        body: z.object({ post_id: idField, content: text(1, LIMITS.comment) }),
        response: { 201: z.object({ data: commentSchema }), 404: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await addComment(db, { id: user.id, locale: request.locale }, request.body.post_id, request.body.content);
      return reply.code(201).send({ data });
    },
  );
}
