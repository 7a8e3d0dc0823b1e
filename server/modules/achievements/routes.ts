/**
 * API.md "Sign-in and the user" (own-content lists, achievements) and "top-supporters", "months/has/data"
 * (decision 024). Own lists have no user id to name: they are the signed-in person's, so nobody reads another's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MONTH_PATTERN } from '../../../core/achievements.ts';
import {
  achievementsResponseSchema,
  earnedAchievementsResponseSchema,
  monthsResponseSchema,
  topSupportersResponseSchema,
} from '../../../core/schemas/achievements.ts';
import { moodPageSchema } from '../../../core/schemas/moods.ts';
import { postPageSchema } from '../../../core/schemas/posts.ts';
import { thoughtPageSchema } from '../../../core/schemas/thoughts.ts';
import { topicPageSchema } from '../../../core/schemas/topics.ts';
import type { Db } from '../../../db/client.ts';
import { errorSchema, pageQuery } from '../../lib/http.ts';
import { signedIn, viewerOf } from '../../lib/viewer.ts';
import { currentUser } from '../../plugins/auth.ts';
import { listOwnMoods } from '../moods/service.ts';
import { listOwnPosts } from '../posts/service.ts';
import { listOwnThoughts } from '../thoughts/service.ts';
import { listOwnTopics } from '../topics/service.ts';
import { earnedAchievements, listAchievements } from './service.ts';
import { monthOf, monthsWithData, topSupporters } from './supporters.ts';

const monthQuery = z.object({
  month: z
    .string()
    .max(7)
    .refine((m) => MONTH_PATTERN.test(m), { params: { key: 'validation.invalid' } })
    .optional()
    .describe('YYYY-MM, a calendar month in UTC; this month when left out'),
});

export default async function profileRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const auth = { onRequest: app.requireUser };
  const tags = ['user'];

  app.get(
    '/api/user-posts',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Own posts, newest first (those under review too)',
        querystring: pageQuery,
        response: { 200: postPageSchema },
      },
    },
    async (request) => listOwnPosts(db, signedIn(request), request.query),
  );

  app.get(
    '/api/user/get/user-moods',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Own moods, newest first (those under review too)',
        querystring: pageQuery,
        response: { 200: moodPageSchema },
      },
    },
    async (request) => listOwnMoods(db, signedIn(request), request.query),
  );

  app.get(
    '/api/get/user-topics',
    { ...auth, schema: { tags, summary: 'Topics one opened, newest first', querystring: pageQuery, response: { 200: topicPageSchema } } },
    async (request) => listOwnTopics(db, signedIn(request), request.query),
  );

  app.get(
    '/api/user-thoughts',
    { ...auth, schema: { tags, summary: 'Own thoughts, newest first', querystring: pageQuery, response: { 200: thoughtPageSchema } } },
    async (request) => listOwnThoughts(db, signedIn(request), request.query),
  );

  app.get(
    '/api/get/achievements',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Every achievement, earned (with earned_at) or locked, with progress toward its goal',
        response: { 200: achievementsResponseSchema },
      },
    },
    async (request) => ({ achievements: await listAchievements(db, currentUser(request).id, request.locale) }),
  );

  app.get(
    '/api/users/:user_id/achievements',
    {
      schema: {
        tags,
        summary: 'The achievements a person earned, for their card (no dates: they would tell when the person was active)',
        params: z.object({ user_id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: earnedAchievementsResponseSchema, 404: errorSchema },
      },
    },
    async (request) => ({ data: await earnedAchievements(db, request.params.user_id, request.locale) }),
  );

  app.get(
    '/api/top-supporters',
    {
      schema: {
        tags,
        summary: 'The people who gave the most supports to others in a calendar month (UTC); those who opted out are left out',
        querystring: monthQuery,
        response: { 200: topSupportersResponseSchema, 422: errorSchema },
      },
    },
    async (request) => topSupporters(db, viewerOf(request), request.query.month ?? monthOf(new Date())),
  );

  app.get(
    '/api/get/months/has/data',
    { schema: { tags, summary: 'The months with a top-supporters ranking, newest first', response: { 200: monthsResponseSchema } } },
    async () => ({ data: await monthsWithData(db) }),
  );
}
