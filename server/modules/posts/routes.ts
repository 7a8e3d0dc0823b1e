/** API.md "Posts": the feed, one post, writing, editing and deleting, and what readers and authors do with a post. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { postPagePath } from '../../../core/json-ld.ts';
import { existsSchema, jsonLdSchema, noticeSchema } from '../../../core/schemas/envelopes.ts';
import {
  favoritedSchema,
  hiddenSchema,
  noteCheckSchema,
  postCreatedSchema,
  postListSchema,
  postPageSchema,
  postResponseSchema,
  postSwitchSchemas,
  postUpdatedSchema,
  supportedSchema,
  unsupportedSchema,
} from '../../../core/schemas/posts.ts';
import type { Db } from '../../../db/client.ts';
import { NotFound } from '../../errors.ts';
import { errorSchema, idField, idFromSlug, idParam, idString, originOf, pageQuery, plainJsonOk, userString } from '../../lib/http.ts';
import { signedIn, viewerOf } from '../../lib/viewer.ts';
import { currentUser } from '../../plugins/auth.ts';
import { announceNew } from '../feed/announce.ts';
import { topicExists } from '../topics/service.ts';
import { POST_SWITCHES, type PostSwitch, setHidden, setSupport, toggleFavorite, toggleSwitch } from './actions.ts';
import { pollInput, postContent, postIdBody, postingLimited, textRefused } from './schemas.ts';
import {
  getPost,
  latestTopicPosts,
  listFavorites,
  listHiddenPosts,
  listPosts,
  postExists,
  postJsonLd,
  postsByKeyword,
  relatedPosts,
  trendingPosts,
} from './service.ts';
import { checkNewNote, deletePost, feedNews, updatePost, write } from './write.ts';

export interface PostRouteOptions {
  db: Db;
}

export default async function postRoutes(fastify: FastifyInstance, opts: PostRouteOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/api/posts',
    {
      config: { guestCache: true },
      serializerCompiler: plainJsonOk,
      schema: {
        tags: ['posts'],
        summary: "The feed, newest first, in the viewer's content languages, without posts they hid",
        querystring: pageQuery.extend({ topic_id: idString.optional() }),
        response: { 200: postPageSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const topicId = request.query.topic_id;
      if (topicId === undefined) return listPosts(db, viewer, request.query);
      // A topic's posts answer as its page does: one missing, removed, under review (unless theirs) or across a
      // block is 404, not an empty list that would tell it apart from a quiet topic.
      const [exists, list] = await Promise.all([topicExists(db, topicId, viewer.id), listPosts(db, viewer, request.query)]);
      if (!exists) throw new NotFound();
      return list;
    },
  );

  app.get(
    '/api/posts/:id',
    {
      config: { guestCache: true },
      serializerCompiler: plainJsonOk,
      schema: {
        tags: ['posts'],
        summary: 'One post',
        params: idParam,
        response: { 200: postResponseSchema, 404: errorSchema },
      },
    },
    async (request) => ({ data: await getPost(db, viewerOf(request), request.params.id) }),
  );

  app.post(
    '/api/posts',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'Write a post (150 characters or fewer become a mood, except in a topic, where it stays a post)',
        description:
          'Validation, then the posting limits (5 posts per rolling 24 h; 30 minutes between posts in the same topic), then duplicates, then placement by length.',
        body: z.object({ content: postContent, feeling_id: idField.optional(), topic_id: idField.optional(), poll: pollInput.optional() }),
        response: {
          201: postCreatedSchema,
          422: textRefused,
          429: postingLimited,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const w = await write(db, user, request.body, 'post', request.locale);
      await announceNew(fastify, db, feedNews(w), user.id);
      const message = request.t('posts.created');
      if (w.placed === 'post') return reply.code(201).send({ message, data: w.post });
      return reply.code(201).send({ message, placed_as: 'mood' as const, notice: request.t('posts.placed_in_mood'), data: w.mood });
    },
  );

  app.put(
    '/api/posts/:id',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'Edit your own post',
        params: idParam,
        body: z.object({ content: postContent, feeling_id: idField.optional() }),
        response: { 200: postUpdatedSchema, 403: errorSchema, 404: errorSchema, 422: textRefused },
      },
    },
    async (request) => ({
      message: request.t('posts.updated'),
      data: await updatePost(db, currentUser(request), request.params.id, request.body, request.locale),
    }),
  );

  app.delete(
    '/api/posts/:id',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'Delete your own post',
        params: idParam,
        response: { 200: noticeSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      await deletePost(db, currentUser(request).id, request.params.id);
      return { message: request.t('posts.deleted'), description: request.t('posts.deleted_description') };
    },
  );

  app.get(
    '/api/check-new-note',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'May I post now? The posting limits, asked before the composer opens',
        querystring: z.discriminatedUnion('type', [
          z.object({ type: z.literal('post') }),
          z.object({ type: z.literal('topic'), topic_id: idString }),
        ]),
        response: {
          200: noteCheckSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.type === 'topic') {
        if (!(await topicExists(db, q.topic_id, viewerOf(request).id))) throw new NotFound();
      }
      return checkNewNote(db, currentUser(request).id, q.type === 'topic' ? q.topic_id : undefined);
    },
  );

  app.get(
    '/api/trendingPosts',
    {
      config: { guestCache: true },
      serializerCompiler: plainJsonOk,
      schema: { tags: ['posts'], summary: 'Most supports and comments in the last 7 days (max 10)', response: { 200: postListSchema } },
    },
    async (request) => ({ data: await trendingPosts(db, viewerOf(request)) }),
  );

  app.get(
    '/api/relatedPosts',
    {
      config: { guestCache: true },
      serializerCompiler: plainJsonOk,
      schema: {
        tags: ['posts'],
        summary: 'Posts sharing tags or the feeling, in the same language (max 6)',
        querystring: z.object({ post_id: idString }),
        response: { 200: postListSchema, 404: errorSchema },
      },
    },
    async (request) => ({ data: await relatedPosts(db, viewerOf(request), request.query.post_id) }),
  );

  app.get(
    '/api/posts-by-keyword',
    {
      config: { guestCache: true },
      schema: {
        tags: ['posts'],
        summary: 'Posts containing a keyword',
        querystring: pageQuery.extend({ keyword: userString().trim().min(1).max(100) }),
        response: { 200: postPageSchema, 422: errorSchema },
      },
    },
    async (request) => postsByKeyword(db, viewerOf(request), request.query.keyword, request.query),
  );

  app.get(
    '/api/latestTopicPosts',
    {
      config: { guestCache: true },
      schema: { tags: ['posts', 'topics'], summary: 'The newest posts written in topics', response: { 200: postListSchema } },
    },
    async (request) => ({ data: await latestTopicPosts(db, viewerOf(request)) }),
  );

  app.get(
    '/api/schema/post/:id',
    {
      config: { guestCache: true },
      schema: {
        tags: ['posts'],
        summary: 'schema.org DiscussionForumPosting JSON-LD of a post',
        params: idParam,
        response: { 200: jsonLdSchema, 404: errorSchema },
      },
    },
    async (request) => postJsonLd(db, viewerOf(request), request.params.id, originOf(request), postPagePath(request.params.id)),
  );

  app.get(
    '/api/check-problem-url',
    {
      schema: {
        tags: ['posts'],
        summary: 'Does this problem page exist?',
        querystring: z.object({ id: idString.optional(), slug: userString().max(100).optional() }),
        response: { 200: existsSchema },
      },
    },
    async (request) => {
      const id = idFromSlug(request.query);
      return { exists: id !== null && (await postExists(db, id, viewerOf(request).id)) };
    },
  );

  app.post(
    '/api/supports',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'Support a post (idempotent)',
        body: postIdBody,
        response: { 200: supportedSchema, 404: errorSchema },
      },
    },
    async (request) => ({ ...(await setSupport(db, currentUser(request).id, request.body.post_id, true)), is_supported: true as const }),
  );

  app.post(
    '/api/unsupport',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'Withdraw your support',
        body: postIdBody,
        response: { 200: unsupportedSchema, 404: errorSchema },
      },
    },
    async (request) => ({ ...(await setSupport(db, currentUser(request).id, request.body.post_id, false)), is_supported: false as const }),
  );

  app.post(
    '/api/favorites',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'Add a post to your favorites, or remove it',
        body: postIdBody,
        response: { 200: favoritedSchema, 404: errorSchema },
      },
    },
    async (request) => toggleFavorite(db, currentUser(request).id, request.body.post_id),
  );

  app.get(
    '/api/favorites',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'Your favorite posts',
        querystring: pageQuery,
        response: { 200: postPageSchema },
      },
    },
    async (request) => listFavorites(db, signedIn(request), request.query),
  );

  app.post(
    '/api/hides',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'Hide a post from your feeds',
        body: postIdBody,
        response: { 200: hiddenSchema, 404: errorSchema },
      },
    },
    async (request) => setHidden(db, currentUser(request).id, request.body.post_id, true),
  );

  app.get(
    '/api/hides',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'The posts you hid, last hidden first',
        description:
          'Not in API.md (decision 066): what lets a person find and show again a post they hid. Only their own hides; a post since removed by moderation, or by someone they blocked, is left out.',
        querystring: pageQuery,
        response: { 200: postPageSchema },
      },
    },
    async (request) => listHiddenPosts(db, signedIn(request), request.query),
  );

  app.delete(
    '/api/hides/:post_id',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'Show a hidden post again',
        params: z.object({ post_id: idString }),
        response: { 200: hiddenSchema, 404: errorSchema },
      },
    },
    async (request) => setHidden(db, currentUser(request).id, request.params.post_id, false),
  );

  for (const which of Object.keys(POST_SWITCHES) as PostSwitch[]) {
    const field = POST_SWITCHES[which].field;
    app.post(
      `/api/${which}`,
      {
        config: { changesGuestView: true },
        onRequest: app.requireUser,
        schema: {
          tags: ['posts'],
          summary: `Toggle ${field} on your own post`,
          body: postIdBody,
          response: { 200: postSwitchSchemas[which], 403: errorSchema, 404: errorSchema },
        },
      },
      async (request) => toggleSwitch(db, currentUser(request).id, request.body.post_id, which),
    );
  }
}
