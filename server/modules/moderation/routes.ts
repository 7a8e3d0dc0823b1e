/**
 * Moderation over HTTP. The moderators' calls answer every one else exactly as an unknown path does (404
 * ROUTE_NOT_FOUND), before their input is read, so they do not reveal themselves. A person's own calls: their
 * removed items and the one appeal of each, the log about their items (no moderator named), their care notices.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MODERATION_ACTIONS } from '../../../core/moderation.ts';
import { messageSchema } from '../../../core/schemas/envelopes.ts';
import {
  careNoticeListSchema,
  logPageSchema,
  queuePageSchema,
  queueSummarySchema,
  reasonListSchema,
  violatingPageSchema,
} from '../../../core/schemas/moderation.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../errors.ts';
import { errorOf, errorSchema, idField, idParam, pageQuery, userString } from '../../lib/http.ts';
import { currentUser } from '../../plugins/auth.ts';
import { announceQueue } from './announce.ts';
import {
  act,
  appeal,
  dismissCareNotice,
  liftSuspension,
  listCareNotices,
  listHistory,
  listLog,
  listQueue,
  listReasons,
  listViolating,
  queueSummary,
} from './service.ts';
import { isModerator } from './visibility.ts';

export const APPEAL_NOTE_MAX = 1000;

/** onRequest of the moderators' routes: anyone else gets the unknown-path answer. */
export async function requireModerator(request: FastifyRequest) {
  if (!isModerator(request.user)) {
    throw new AppError(404, 'ROUTE_NOT_FOUND', { key: 'errors.route_not_found', values: { path: request.url } });
  }
}

// Kept here too for the routes that import it from this module (reports).
export { announceQueue };

const notFound = errorOf('ROUTE_NOT_FOUND: not a moderator (the route answers as an unknown path)');

export default async function moderationRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const moderators = { onRequest: requireModerator };

  app.get(
    '/api/moderation/queue',
    {
      ...moderators,
      schema: {
        tags: ['moderation'],
        summary: 'Open queue entries: crisis first, then by report count, then the oldest (moderators)',
        querystring: pageQuery,
        response: { 200: queuePageSchema, 404: notFound },
      },
    },
    async (request) => listQueue(db, request.locale, request.query),
  );

  app.get(
    '/api/moderation/summary',
    {
      ...moderators,
      schema: {
        tags: ['moderation'],
        summary: 'How many queue entries are open, and how many of them are crisis signals (moderators)',
        response: { 200: queueSummarySchema, 404: notFound },
      },
    },
    async () => ({ data: await queueSummary(db) }),
  );

  app.post(
    '/api/moderation/users/:id/lift-suspension',
    {
      ...moderators,
      config: { changesGuestView: false },
      schema: {
        tags: ['moderation'],
        summary: "End a person's suspension now; logged as `unsuspend` (moderators)",
        params: idParam,
        response: {
          200: messageSchema,
          404: errorOf('ROUTE_NOT_FOUND: not a moderator; NOT_FOUND: no such person'),
          422: errorOf('NOT_SUSPENDED: the person is not suspended'),
        },
      },
    },
    async (request) => {
      await liftSuspension(db, currentUser(request).id, request.params.id);
      announceQueue(fastify, 'acted');
      return { message: request.t('moderation.done.unsuspend') };
    },
  );

  app.get(
    '/api/moderation/reasons',
    {
      ...moderators,
      schema: {
        tags: ['moderation'],
        summary: 'The fixed reasons for a removal or a warning, named in the request language (moderators)',
        response: { 200: reasonListSchema, 404: notFound },
      },
    },
    async (request) => ({ data: listReasons(request.locale) }),
  );

  app.post(
    '/api/moderation/items/:id/action',
    {
      ...moderators,
      // Keep and remove change what guests see; warn and suspend do not, but one rule for all is simpler than two routes.
      config: { changesGuestView: true },
      schema: {
        tags: ['moderation'],
        summary: 'Act on an open queue entry: keep (restore), remove or warn with a listed reason, suspend the author 1–365 days',
        params: idParam,
        body: z.object({ action: z.enum(MODERATION_ACTIONS), reason: userString().max(50).optional(), days: z.number().optional() }),
        response: {
          200: messageSchema,
          404: errorOf('ROUTE_NOT_FOUND: not a moderator; NOT_FOUND: no open entry with this id'),
          422: errorOf(
            'VALIDATION: `reason` not in the list (remove, warn) or `days` outside 1–365 (suspend); ALREADY_SUSPENDED: the author is suspended now',
          ),
        },
      },
    },
    async (request) => {
      const moved = await act(db, currentUser(request).id, request.params.id, request.body);
      announceQueue(fastify, 'acted');
      // A message its recipient had not read left (or rejoined) their unread badge.
      if (moved) fastify.realtime.toUser(moved.userId).emit('unread', moved.totals);
      return { message: request.t(`moderation.done.${request.body.action}`) };
    },
  );

  app.get(
    '/api/moderation/log',
    {
      ...moderators,
      schema: {
        tags: ['moderation'],
        summary: 'Every moderation action, newest first, with the moderator (moderators)',
        querystring: pageQuery,
        response: { 200: logPageSchema, 404: notFound },
      },
    },
    async (request) => listLog(db, request.locale, request.query),
  );

  app.get(
    '/api/get/user-violating',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['moderation'],
        summary: 'Own items removed by moderation (posts and every other kind, named by `type`), with the reason',
        querystring: pageQuery,
        response: { 200: violatingPageSchema },
      },
    },
    async (request) => listViolating(db, currentUser(request).id, request.locale, request.query),
  );

  app.post(
    '/api/moderation/appeal',
    {
      onRequest: app.requireUser,
      config: { changesGuestView: false },
      schema: {
        tags: ['moderation'],
        summary: 'Appeal a removal once (its id from user-violating); it goes back to the moderators as an appeal',
        body: z.object({ removal_id: idField, note: userString().trim().max(APPEAL_NOTE_MAX).optional() }),
        response: {
          201: messageSchema,
          404: errorSchema,
          422: errorOf('ALREADY_APPEALED: this item was appealed before; VALIDATION: `errors` names each bad field'),
        },
      },
    },
    async (request, reply) => {
      await appeal(db, currentUser(request).id, request.body.removal_id, request.body.note);
      announceQueue(fastify, 'queued');
      return reply.code(201).send({ message: request.t('moderation.appeal_sent') });
    },
  );

  app.get(
    '/api/moderation/history',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['moderation'],
        summary: 'What moderation did about own items, newest first, without naming moderators',
        querystring: pageQuery,
        response: { 200: logPageSchema },
      },
    },
    async (request) => listHistory(db, currentUser(request).id, request.locale, request.query),
  );

  app.get(
    '/api/care-notices',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['moderation'],
        summary: 'Own care notices not yet dismissed ("someone is worried about you"); never names who sent them',
        response: { 200: careNoticeListSchema },
      },
    },
    async (request) => ({ data: await listCareNotices(db, currentUser(request).id) }),
  );

  app.post(
    '/api/care-notices/:id/dismiss',
    {
      onRequest: app.requireUser,
      config: { changesGuestView: false },
      schema: {
        tags: ['moderation'],
        summary: 'Dismiss an own care notice',
        params: idParam,
        response: { 200: messageSchema, 404: errorSchema },
      },
    },
    async (request) => {
      await dismissCareNotice(db, currentUser(request).id, request.params.id);
      return { message: request.t('care.dismissed') };
    },
  );
}
