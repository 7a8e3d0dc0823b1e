/** API.md "Thoughts": list, one, write, edit, delete, reactions, popular, top contributors, related, checks, JSON-LD. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, THOUGHT_REACTIONS } from '../../../core/limits.ts';
import { existsSchema, jsonLdSchema } from '../../../core/schemas/envelopes.ts';
import {
  contributorListSchema,
  thoughtListSchema,
  thoughtPageSchema,
  thoughtReactionsSchema,
  thoughtResponseSchema,
} from '../../../core/schemas/thoughts.ts';
import type { Db } from '../../../db/client.ts';
import { errorSchema, idField, idFromSlug, idParam, idString, originOf, pageQuery, text, userString } from '../../lib/http.ts';
import { signedIn, viewerOf } from '../../lib/viewer.ts';
import { currentUser } from '../../plugins/auth.ts';
import { announceNew } from '../feed/announce.ts';
import { writeLimited } from '../writes/schemas.ts';
import {
  createThought,
  deleteThought,
  getThought,
  listThoughts,
  popularThoughts,
  react,
  relatedThoughts,
  thoughtExists,
  thoughtJsonLd,
  topContributors,
  updateThought,
} from './service.ts';

const content = z.object({ content: text(1, LIMITS.thought) });

export default async function thoughtRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/api/thoughts',
    {
      config: { guestCache: true },
      schema: {
        tags: ['thoughts'],
        summary: "Thoughts, newest first, in the viewer's content languages",
        querystring: pageQuery,
        response: { 200: thoughtPageSchema },
      },
    },
    async (request) => listThoughts(db, viewerOf(request), request.query),
  );

  app.get(
    '/api/thoughts/popular',
    {
      config: { guestCache: true },
      schema: { tags: ['thoughts'], summary: 'Most reactions in the last 7 days (max 10)', response: { 200: thoughtListSchema } },
    },
    async (request) => ({ data: await popularThoughts(db, viewerOf(request)) }),
  );

  app.get(
    '/api/thoughts/top/contributers',
    {
      config: { guestCache: true },
      schema: {
        tags: ['thoughts'],
        summary: 'The people who shared the most thoughts (spelled as in the contract)',
        response: { 200: contributorListSchema },
      },
    },
    async (request) => ({ data: await topContributors(db, viewerOf(request)) }),
  );

  app.get(
    '/api/thoughts/:id',
    {
      config: { guestCache: true },
      schema: {
        tags: ['thoughts'],
        summary: 'One thought',
        params: idParam,
        response: { 200: thoughtResponseSchema, 404: errorSchema },
      },
    },
    async (request) => ({ data: await getThought(db, viewerOf(request), request.params.id) }),
  );

  app.post(
    '/api/thoughts',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['thoughts'],
        summary: 'Share a thought (up to 500 characters)',
        body: content,
        response: { 201: thoughtResponseSchema, 422: errorSchema, 429: writeLimited('thought') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await createThought(db, user, signedIn(request), request.body.content);
      const item = { type: 'thought' as const, id: data.id, language: data.language };
      await announceNew(fastify, db, { room: 'feed:thoughts', item }, user.id);
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/api/thoughts/:id',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['thoughts'],
        summary: 'Edit your own thought',
        params: idParam,
        body: content,
        response: { 200: thoughtResponseSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema },
      },
    },
    async (request) => ({
      data: await updateThought(db, currentUser(request), signedIn(request), request.params.id, request.body.content),
    }),
  );

  app.delete(
    '/api/thoughts/:id',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['thoughts'],
        summary: 'Delete your own thought',
        params: idParam,
        response: { 204: z.null(), 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await deleteThought(db, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/thoughts-reaction',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['thoughts'],
        summary: 'React to a thought (one per reader; the same type again removes it)',
        body: z.object({ thought_id: idField, type: z.enum(THOUGHT_REACTIONS) }),
        response: {
          200: thoughtReactionsSchema,
          404: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request) => react(db, currentUser(request).id, request.body.thought_id, request.body.type),
  );

  app.get(
    '/api/relatedThoughts',
    {
      config: { guestCache: true },
      schema: {
        tags: ['thoughts'],
        summary: 'Other thoughts in the same language (max 6)',
        querystring: z.object({ thought_id: idString }),
        response: { 200: thoughtListSchema, 404: errorSchema },
      },
    },
    async (request) => ({ data: await relatedThoughts(db, viewerOf(request), request.query.thought_id) }),
  );

  app.get(
    '/api/check-thought-url',
    {
      schema: {
        tags: ['thoughts'],
        summary: 'Does this thought page exist?',
        querystring: z.object({ id: idString.optional(), slug: userString().max(20).optional() }),
        response: { 200: existsSchema },
      },
    },
    async (request) => {
      const id = idFromSlug(request.query);
      return { exists: id !== null && (await thoughtExists(db, id, viewerOf(request).id)) };
    },
  );

  app.get(
    '/api/schema/thought/:id',
    {
      config: { guestCache: true },
      schema: {
        tags: ['thoughts'],
        summary: 'schema.org JSON-LD of a thought',
        params: idParam,
        response: { 200: jsonLdSchema, 404: errorSchema },
      },
    },
    async (request) => thoughtJsonLd(db, viewerOf(request), request.params.id, originOf(request), `/thought/${request.params.id}`),
  );
}
