/**
 * API.md "Notifications": the list with its unseen count, marking seen, and the per-kind switches (contract15.md).
 * Registers the `notify` job's handler and the realtime side: the `notification` event to the recipient's room, and
 * which conversation each socket shows (a message there needs no notification).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLocale } from '../../../core/locales.ts';
import {
  notificationKindsSchema,
  notificationKindsUpdateSchema,
  notificationPageSchema,
  unseenCountSchema,
} from '../../../core/schemas/notifications.ts';
import type { Db } from '../../../db/client.ts';
import { translate } from '../../i18n.ts';
import { errorOf, idField, pageQuery } from '../../lib/http.ts';
import { currentUser } from '../../plugins/auth.ts';
import { userRoom } from '../../plugins/realtime.ts';
import { hasPushSubscription } from '../push/service.ts';
import {
  deliver,
  getSettings,
  listNotifications,
  markSeen,
  NOTIFY_JOB,
  type NotifyJob,
  pruneEventKeys,
  readNotification,
  updateSettings,
} from './service.ts';

const PUSH_JOB = 'push';
/** A push waits this long after its notification is written, gathering the events that follow into one. */
const PUSH_GATHER_MS = 3000;
interface PushJob {
  userId: number;
  notificationId: number;
  locale: string;
}

/** Sockets on other processes answer within this, or count as not looking. */
const FETCH_SOCKETS_MS = 1000;
/** How often old idempotency keys are deleted (each process does it; deleting twice is harmless). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export default async function notificationRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const tags = ['notifications'];

  app.realtime.io.on('connection', (socket) => {
    socket.on('conversation:viewing', (id: unknown) => {
      socket.data.viewing = typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
    });
  });

  app.jobs.work<NotifyJob>(NOTIFY_JOB, async (job) => {
    await deliver(
      {
        db,
        isViewing: async (userId, conversationId) => {
          const sockets = await app.realtime.io
            .in(userRoom(userId))
            .timeout(FETCH_SOCKETS_MS)
            .fetchSockets()
            .catch(() => []);
          return sockets.some((s) => s.data.viewing === conversationId);
        },
        delivered: (userId, notification) => {
          app.realtime.toUser(userId).emit('notification', notification);
        },
        // The push follows in the notification's own transaction; its key holds back repeats while it waits, so a
        // burst of supports is one push that counts them all.
        written: async (tx, userId, notification, locale) => {
          if (!(await hasPushSubscription(tx, userId))) return;
          await app.jobs.send(tx, PUSH_JOB, { userId, notificationId: notification.id, locale } satisfies PushJob, {
            key: `push:${notification.id}`,
            delayMs: PUSH_GATHER_MS,
          });
        },
      },
      job,
    );
  });

  app.jobs.work<PushJob>(PUSH_JOB, async ({ userId, notificationId, locale }) => {
    const notification = await readNotification(db, notificationId, userId, locale);
    // Seen in the app meanwhile, or gone with its account: nothing left to tell.
    if (!notification || notification.seen) return;
    await app.push.deliver(userId, {
      type: notification.type,
      title: translate(locale, 'app.name'),
      body: notification.data.text,
      url: notification.data.url,
      tag: notification.data.item
        ? `${notification.type}:${notification.data.item.kind}:${notification.data.item.id}`
        : `n:${notification.id}`,
      lang: locale,
      dir: getLocale(locale)?.dir ?? 'ltr',
    });
  });

  const prune = setInterval(() => {
    pruneEventKeys(db).catch((err: Error) => app.log.warn({ err: err.message }, 'could not prune notification keys'));
  }, PRUNE_EVERY_MS);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));

  app.get(
    '/api/notifications-received',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'My notifications, latest activity first, in my language; `meta.unseen_count` counts the unseen ones',
        querystring: pageQuery,
        response: { 200: notificationPageSchema },
      },
    },
    async (request) => listNotifications(db, currentUser(request).id, request.locale, request.query),
  );

  app.post(
    '/api/notifications-seen',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Mark my notifications seen: these ids (unknown ids and other people's are ignored), or all when no ids",
        // `{ids?}`: a call without a body at all means all of them too.
        body: z.preprocess((body) => body ?? {}, z.object({ ids: z.array(idField).max(200).optional() })),
        response: { 200: unseenCountSchema, 422: errorOf('VALIDATION: `ids` is not a list of at most 200 ids') },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      const unseen = await markSeen(db, me, request.body.ids);
      app.realtime.toUser(me).emit('notifications:seen', { unseen_count: unseen });
      return { unseen_count: unseen };
    },
  );

  app.get(
    '/api/notification-settings',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Which kinds of notification I receive (a kind switched off creates nothing, so no push either)',
        response: { 200: notificationKindsSchema },
      },
    },
    async (request) => ({ kinds: await getSettings(db, currentUser(request).id) }),
  );

  app.put(
    '/api/notification-settings',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Switch kinds of notification on or off; kinds not named keep their setting. support, advice and message are the switches of /api/disable-{kind}-notification',
        body: notificationKindsUpdateSchema,
        response: { 200: notificationKindsSchema, 422: errorOf('VALIDATION: an unknown kind, or a value that is not true or false') },
      },
    },
    async (request) => ({ kinds: await updateSettings(db, currentUser(request).id, request.body.kinds) }),
  );
}
