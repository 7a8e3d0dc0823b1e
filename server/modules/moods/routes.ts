/** API.md "Moods and polls": moods, their interactions, hiding, feelings, and poll votes. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MOOD_INTERACTIONS } from '../../../core/limits.ts';
import { feelingListSchema } from '../../../core/schemas/feelings.ts';
import { moodPageSchema, moodReactionsSchema, moodResponseSchema, moodUpdatedSchema } from '../../../core/schemas/moods.ts';
import { pollResponseSchema } from '../../../core/schemas/polls.ts';
import { hiddenSchema, moodCreatedSchema } from '../../../core/schemas/posts.ts';
import type { Db } from '../../../db/client.ts';
import { errorSchema, idField, idParam, messageSchema, pageQuery } from '../../lib/http.ts';
import { signedIn, viewerOf } from '../../lib/viewer.ts';
import { currentUser } from '../../plugins/auth.ts';
import { announceNew } from '../feed/announce.ts';
import { listFeelings } from '../feelings/service.ts';
import { removeVote, vote } from '../polls/service.ts';
import { moodIdBody, pollInput, postContent, postingLimited, textRefused } from '../posts/schemas.ts';
import { deleteMood, feedNews, updateMood, write } from '../posts/write.ts';
import { getMood, interact, listHiddenMoods, listMoods, pollShownTo, setMoodHidden } from './service.ts';

export default async function moodRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/api/user/get/moods',
    {
      config: { guestCache: true },
      schema: {
        tags: ['moods'],
        summary: "Moods, newest first, in the viewer's content languages",
        querystring: pageQuery,
        response: { 200: moodPageSchema },
      },
    },
    async (request) => listMoods(db, viewerOf(request), request.query),
  );

  app.get(
    '/api/user/show/mood/:id',
    {
      config: { guestCache: true },
      schema: {
        tags: ['moods'],
        summary: 'One mood',
        params: idParam,
        response: { 200: moodResponseSchema, 404: errorSchema },
      },
    },
    async (request) => ({ data: await getMood(db, viewerOf(request), request.params.id) }),
  );

  app.post(
    '/api/user/store/moods',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['moods'],
        summary: 'Share a mood (150 characters or more become a post)',
        body: z.object({ content: postContent, feeling_id: idField, poll: pollInput.optional() }),
        response: {
          201: moodCreatedSchema,
          422: textRefused,
          429: postingLimited,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const w = await write(db, user, request.body, 'mood', request.locale);
      await announceNew(fastify, db, feedNews(w), user.id);
      const message = request.t('moods.created');
      if (w.placed === 'mood') return reply.code(201).send({ message, data: w.mood });
      return reply.code(201).send({ message, placed_as: 'post' as const, notice: request.t('moods.placed_in_feed'), data: w.post });
    },
  );

  app.post(
    '/api/user/update/mood/:id',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['moods'],
        summary: 'Edit your own mood (it stays a mood: fewer than 150 characters)',
        params: idParam,
        body: z.object({ content: postContent, feeling_id: idField }),
        response: { 200: moodUpdatedSchema, 403: errorSchema, 404: errorSchema, 422: textRefused },
      },
    },
    async (request) => ({
      message: request.t('moods.updated'),
      data: await updateMood(db, currentUser(request), request.params.id, request.body, request.locale),
    }),
  );

  app.delete(
    '/api/user/delete/mood/:id',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['moods'],
        summary: 'Delete your own mood',
        params: idParam,
        response: { 200: messageSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      await deleteMood(db, currentUser(request).id, request.params.id);
      return { message: request.t('moods.deleted') };
    },
  );

  for (const [path, hidden] of [
    ['/api/user/hide/mood', true],
    ['/api/user/unhide/mood', false],
  ] as const) {
    app.post(
      path,
      {
        config: { changesGuestView: false },
        onRequest: app.requireUser,
        schema: {
          tags: ['moods'],
          summary: hidden ? 'Hide a mood from your feeds' : 'Show a hidden mood again',
          body: moodIdBody,
          response: { 200: hiddenSchema, 404: errorSchema },
        },
      },
      async (request) => setMoodHidden(db, currentUser(request).id, request.body.mood_id, hidden),
    );
  }

  app.get(
    '/api/user/get/hidden-moods',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['moods'],
        summary: 'The moods you hid, last hidden first',
        description:
          'Not in API.md (decision 066): what lets a person find and show again a mood they hid. Only their own hides; a mood since removed by moderation, or by someone they blocked, is left out.',
        querystring: pageQuery,
        response: { 200: moodPageSchema },
      },
    },
    async (request) => listHiddenMoods(db, signedIn(request), request.query),
  );

  app.post(
    '/api/interactions',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['moods'],
        summary: 'React to a mood (one per user; a new type replaces the old)',
        body: z.object({ mood_id: idField, type: z.enum(MOOD_INTERACTIONS) }),
        response: { 200: moodReactionsSchema, 404: errorSchema, 422: errorSchema },
      },
    },
    async (request) => interact(db, currentUser(request).id, request.body.mood_id, request.body.type),
  );

  app.post(
    '/api/delete-interaction',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['moods'],
        summary: 'Remove your reaction to a mood',
        body: moodIdBody,
        response: { 200: moodReactionsSchema, 404: errorSchema },
      },
    },
    async (request) => interact(db, currentUser(request).id, request.body.mood_id, null),
  );

  app.get(
    '/api/feelings',
    {
      schema: {
        tags: ['posts', 'moods'],
        summary: 'Feelings for posts or moods, named in the request language',
        querystring: z.object({ type: z.enum(['post', 'mood']).default('post') }),
        response: { 200: feelingListSchema },
      },
    },
    async (request) => ({ data: await listFeelings(db, request.query.type, request.locale) }),
  );

  app.post(
    '/api/user/update/vote',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['polls'],
        summary: 'Vote in a poll, or move your vote',
        body: z.object({ poll_option_id: idField }),
        response: { 200: pollResponseSchema, 404: errorSchema },
      },
    },
    async (request) => ({
      data: await vote(db, currentUser(request).id, request.body.poll_option_id, pollShownTo(currentUser(request).id)),
    }),
  );

  app.post(
    '/api/user/remove/vote',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['polls'],
        summary: 'Take back your vote',
        body: z.object({ poll_id: idField }),
        response: { 200: pollResponseSchema, 404: errorSchema },
      },
    },
    async (request) => ({
      data: await removeVote(db, currentUser(request).id, request.body.poll_id, pollShownTo(currentUser(request).id)),
    }),
  );
}
