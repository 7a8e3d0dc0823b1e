/** API.md "Notifications, messages, search, other": search, and the signed-in person's recent searches. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recentSearchListSchema, SEARCH_TYPES, searchPageSchema } from '../../../core/schemas/search.ts';
import { SEARCH_QUERY_MAX } from '../../../core/search.ts';
import type { Db } from '../../../db/client.ts';
import { errorOf, idParam, pageQuery, text } from '../../lib/http.ts';
import { viewerOf } from '../../lib/viewer.ts';
import { currentUser } from '../../plugins/auth.ts';
import { clearRecentSearches, deleteRecentSearch, listRecentSearches, rememberSearch, search } from './service.ts';

export default async function searchRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        summary:
          "Posts, moods, topics, thoughts and tags with the query's words, best match first, each with its text in matched and unmatched parts; a signed-in search is kept in recent searches",
        querystring: pageQuery.extend({
          q: text(1, SEARCH_QUERY_MAX),
          type: z.enum(SEARCH_TYPES).default('all'),
        }),
        response: { 200: searchPageSchema, 422: errorOf('VALIDATION: q empty or over 200 characters, or an unknown type') },
      },
    },
    async (request) => {
      const { q, type } = request.query;
      const viewer = viewerOf(request);
      const page = await search(db, viewer, q, type, request.query);
      // Paging through the same search is not a new one.
      if (viewer.id !== null && request.query.page === 1) await rememberSearch(db, viewer.id, q);
      return page;
    },
  );

  app.get(
    '/api/recent-search',
    {
      onRequest: app.requireUser,
      schema: { tags: ['search'], summary: 'My last 10 searches, the latest first', response: { 200: recentSearchListSchema } },
    },
    async (request) => ({ data: await listRecentSearches(db, currentUser(request).id) }),
  );

  app.delete(
    '/api/recent-search',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: { tags: ['search'], summary: 'Forget all my recent searches', response: { 204: z.null().describe('Cleared') } },
    },
    async (request, reply) => {
      await clearRecentSearches(db, currentUser(request).id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/recent-search/:id',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: {
        tags: ['search'],
        summary: 'Forget one of my recent searches',
        params: idParam,
        response: {
          204: z.null().describe('Removed'),
          403: errorOf("FORBIDDEN: someone else's"),
          404: errorOf('NOT_FOUND: no such search'),
        },
      },
    },
    async (request, reply) => {
      await deleteRecentSearch(db, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
