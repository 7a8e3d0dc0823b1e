/** API.md "Topics": lists, one topic, creating, trending, related, categories, covers and JSON-LD. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../../core/limits.ts';
import { jsonLdSchema } from '../../../core/schemas/envelopes.ts';
import {
  categoryListSchema,
  topicCoverListSchema,
  topicCreatedSchema,
  topicListSchema,
  topicPageSchema,
  topicResponseSchema,
} from '../../../core/schemas/topics.ts';
import type { Db } from '../../../db/client.ts';
import { errorSchema, idField, idParam, idString, originOf, pageQuery, text } from '../../lib/http.ts';
import { signedIn, viewerOf } from '../../lib/viewer.ts';
import { currentUser } from '../../plugins/auth.ts';
import { writeLimited } from '../writes/schemas.ts';
import {
  createTopic,
  getTopic,
  latestTopics,
  listCategories,
  listCovers,
  listTopics,
  relatedTopics,
  topicJsonLd,
  trendingTopics,
} from './service.ts';

export default async function topicRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/api/topics',
    {
      config: { guestCache: true },
      schema: {
        tags: ['topics'],
        summary: 'Topics, newest first, optionally of one category',
        querystring: pageQuery.extend({ category_id: idString.optional() }),
        response: { 200: topicPageSchema },
      },
    },
    async (request) => listTopics(db, viewerOf(request), request.query),
  );

  app.get(
    '/api/topics/trending',
    {
      config: { guestCache: true },
      schema: { tags: ['topics'], summary: 'Most posts and supports in the last 7 days (max 10)', response: { 200: topicListSchema } },
    },
    async (request) => ({ data: await trendingTopics(db, viewerOf(request)) }),
  );

  app.get(
    '/api/topics/latest',
    { config: { guestCache: true }, schema: { tags: ['topics'], summary: 'The 5 newest topics', response: { 200: topicListSchema } } },
    async (request) => ({ data: await latestTopics(db, viewerOf(request)) }),
  );

  app.get(
    '/api/topics/:id',
    {
      config: { guestCache: true },
      schema: {
        tags: ['topics'],
        summary: 'One topic',
        params: idParam,
        response: { 200: topicResponseSchema, 404: errorSchema },
      },
    },
    async (request) => ({ data: await getTopic(db, viewerOf(request), request.params.id) }),
  );

  app.post(
    '/api/topics',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['topics'],
        summary: 'Create a topic with a category and one of the preset covers',
        body: z.object({
          title: text(LIMITS.topicTitle.min, LIMITS.topicTitle.max),
          description: text(1, LIMITS.topicDescription),
          category_id: idField,
          cover_id: idField,
        }),
        response: { 201: topicCreatedSchema, 422: errorSchema, 429: writeLimited('topic') },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ message: request.t('topics.created'), data: await createTopic(db, currentUser(request), signedIn(request), request.body) }),
  );

  app.get(
    '/api/relatedTopics',
    {
      config: { guestCache: true },
      schema: {
        tags: ['topics'],
        summary: 'Other topics of the same category (max 6)',
        querystring: z.object({ topic_id: idString }),
        response: { 200: topicListSchema, 404: errorSchema },
      },
    },
    async (request) => ({ data: await relatedTopics(db, viewerOf(request), request.query.topic_id) }),
  );

  app.get(
    '/api/categories',
    {
      schema: {
        tags: ['topics'],
        summary: 'Topic categories, named in the request language',
        response: { 200: categoryListSchema },
      },
    },
    async (request) => ({ data: await listCategories(db, request.locale) }),
  );

  app.get(
    '/api/topic-covers',
    {
      schema: {
        tags: ['topics'],
        summary: 'The preset topic covers',
        response: { 200: topicCoverListSchema },
      },
    },
    async () => ({ data: await listCovers(db) }),
  );

  app.get(
    '/api/schema/topic/:id',
    {
      config: { guestCache: true },
      schema: {
        tags: ['topics'],
        summary: 'schema.org DiscussionForumPosting JSON-LD of a topic',
        params: idParam,
        response: { 200: jsonLdSchema, 404: errorSchema },
      },
    },
    async (request) => topicJsonLd(db, viewerOf(request), request.params.id, originOf(request), `/topic/${request.params.id}`),
  );
}
