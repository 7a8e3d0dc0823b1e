/** API.md "Posts" and "Moods": listing, reading and writing; where a text lands depends on its length. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { Invalid } from '../../errors.ts';
import { pagedSchema, pageQuery } from '../../lib/paging.ts';
import { currentUser } from '../../plugins/auth.ts';
import { listFeelings } from '../feelings/service.ts';
import { errorSchema } from '../users/schemas.ts';
import { feelingSchema, idField, idParam, moodSchema, postContent, postSchema } from './schemas.ts';
import { getMood, getPost, listMoods, listPosts, type Viewer, type Written, write } from './service.ts';

export default async function postRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const viewer = (request: { user: { id: number } | null; locale: string }): Viewer => ({
    id: request.user?.id ?? null,
    locale: request.locale,
  });

  function announce(w: Written) {
    fastify.realtime.toRoom(w.placed === 'post' ? 'feed:posts' : 'feed:moods', 'feed:new', {
      type: w.placed,
      id: w.placed === 'post' ? w.post.id : w.mood.id,
    });
  }

  app.get(
    '/api/posts',
    {
      schema: {
        tags: ['posts'],
        summary: 'The feed, newest first',
        querystring: pageQuery.extend({ topic_id: idField.optional() }),
        response: { 200: pagedSchema(postSchema) },
      },
    },
    async (request) => listPosts(db, viewer(request), request.query),
  );

  app.get(
    '/api/posts/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'One post',
        params: idParam,
        response: { 200: z.object({ data: postSchema }), 404: errorSchema },
      },
    },
    async (request) => ({ data: await getPost(db, viewer(request), request.params.id) }),
  );

  app.post(
    '/api/posts',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'Write a post (150 characters or fewer become a mood)',
        body: z.object({ content: postContent, feeling_id: idField.optional(), topic_id: idField.optional() }),
        response: {
          201: z.union([
            z.object({ message: z.string(), data: postSchema }),
            z.object({ message: z.string(), placed_as: z.literal('mood'), notice: z.string(), data: moodSchema }),
          ]),
          422: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      // Topics arrive with their own module; until then no topic exists to post in.
      if (request.body.topic_id !== undefined) throw new Invalid({ topic_id: { key: 'validation.invalid' } });
      const w = await write(db, currentUser(request), request.body, 'post');
      announce(w);
      const message = request.t('posts.created');
      if (w.placed === 'post') return reply.code(201).send({ message, data: w.post });
      return reply.code(201).send({ message, placed_as: 'mood' as const, notice: request.t('posts.placed_in_mood'), data: w.mood });
    },
  );

  app.get(
    '/api/user/get/moods',
    { schema: { tags: ['moods'], summary: 'Moods, newest first', querystring: pageQuery, response: { 200: pagedSchema(moodSchema) } } },
    async (request) => listMoods(db, viewer(request), request.query),
  );

  app.get(
    '/api/user/show/mood/:id',
    {
      schema: {
        tags: ['moods'],
        summary: 'One mood',
        params: idParam,
        response: { 200: z.object({ data: moodSchema }), 404: errorSchema },
      },
    },
    async (request) => ({ data: await getMood(db, viewer(request), request.params.id) }),
  );

  app.post(
    '/api/user/store/moods',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['moods'],
        summary: 'Share a mood (150 characters or more become a post)',
        body: z.object({ content: postContent, feeling_id: idField }),
        response: {
          201: z.union([
            z.object({ message: z.string(), data: moodSchema }),
            z.object({ message: z.string(), placed_as: z.literal('post'), notice: z.string(), data: postSchema }),
          ]),
          422: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const w = await write(db, currentUser(request), request.body, 'mood');
      announce(w);
      const message = request.t('moods.created');
      if (w.placed === 'mood') return reply.code(201).send({ message, data: w.mood });
      return reply.code(201).send({ message, placed_as: 'post' as const, notice: request.t('moods.placed_in_feed'), data: w.post });
    },
  );

  app.get(
    '/api/feelings',
    {
      schema: {
        tags: ['posts', 'moods'],
        summary: 'Feelings for posts or moods',
        querystring: z.object({ type: z.enum(['post', 'mood']).default('post') }),
        response: { 200: z.object({ data: z.array(feelingSchema) }) },
      },
    },
    async (request) => ({ data: await listFeelings(db, request.query.type, request.locale) }),
  );
}
