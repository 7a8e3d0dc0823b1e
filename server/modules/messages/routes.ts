/**
 * API.md "Notifications, messages, search, other": conversations, messages, message requests, reading, the
 * header's unread totals, messaging settings and reporting a message; and the realtime events they cause.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, REPORT_NOTE_MAX } from '../../../core/limits.ts';
import { noticeSchema } from '../../../core/schemas/envelopes.ts';
import {
  conversationPageSchema,
  conversationResponseSchema,
  messagePageSchema,
  messageResponseSchema,
  messageSettingsResponseSchema,
  unreadSchema,
  WHO_CAN_MESSAGE,
} from '../../../core/schemas/messages.ts';
import type { Unread } from '../../../core/types.ts';
import type { Db } from '../../../db/client.ts';
import { errorOf, errorSchema, idField, idParam, idString, pageQuery, text, userString } from '../../lib/http.ts';
import { languageOfText } from '../../lib/language.ts';
import { currentUser } from '../../plugins/auth.ts';
import { isCrisisText } from '../crisis/check.ts';
import { announceQueue } from '../moderation/announce.ts';
import { markSeenAbout } from '../notifications/service.ts';
import { writeLimited } from '../writes/schemas.ts';
import {
  acceptRequest,
  declineRequest,
  getConversation,
  listConversations,
  listMessages,
  markRead,
  messageSettings,
  openConversation,
  reportMessage,
  sendMessage,
  typingPartner,
  unreadOf,
  updateMessageSettings,
} from './service.ts';

const NOT_ALLOWED = 'MESSAGE_NOT_ALLOWED: this person cannot be written to (one neutral message whatever the reason)';
const NOT_PARTICIPANT = 'NOT_FOUND: no such conversation';
const NOT_YOURS = 'FORBIDDEN: someone else’s conversation';
/** Typing events from one socket, at most one per this many milliseconds. */
const TYPING_INTERVAL_MS = 2000;

const sendBody = z
  .object({ conversation_id: idField.optional(), user_id: idField.optional(), content: text(1, LIMITS.message) })
  .superRefine((body, ctx) => {
    if ((body.conversation_id === undefined) === (body.user_id === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['conversation_id'],
        message: 'one of conversation_id or user_id',
        params: { key: 'validation.required' },
      });
    }
  });

export default async function messageRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const { realtime } = fastify;
  const tellTotals = (totals: Map<number, Unread>) => {
    for (const [userId, counts] of totals) realtime.toUser(userId).emit('unread', counts);
  };

  app.get(
    '/api/conversations',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['messages'],
        summary: 'My conversations (accepted, with a message), latest activity first',
        querystring: pageQuery,
        response: { 200: conversationPageSchema },
      },
    },
    async (request) => listConversations(db, currentUser(request).id, request.locale, 'accepted', request.query),
  );

  app.post(
    '/api/conversations',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: {
        tags: ['messages'],
        summary: 'The conversation with a person, opened if there is none (the other person sees it once a message is written)',
        body: z.object({ user_id: idField }),
        response: {
          200: conversationResponseSchema,
          403: errorOf(NOT_ALLOWED),
          404: errorOf('NOT_FOUND: no such person'),
          422: errorOf('VALIDATION: user_id is yourself'),
        },
      },
    },
    async (request) => ({ data: await openConversation(db, currentUser(request).id, request.locale, request.body.user_id) }),
  );

  app.get(
    '/api/conversations/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['messages'],
        summary: 'One of my conversations',
        params: idParam,
        response: { 200: conversationResponseSchema, 403: errorOf(NOT_YOURS), 404: errorOf(NOT_PARTICIPANT) },
      },
    },
    async (request) => ({ data: await getConversation(db, currentUser(request).id, request.locale, request.params.id) }),
  );

  app.get(
    '/api/conversation-messages',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['messages'],
        summary:
          'Messages of a conversation, newest first; pages count back from `anchor` (the links carry it), so new messages never shift them',
        querystring: pageQuery.extend({ conversation_id: idString, anchor: idString.optional() }),
        response: { 200: messagePageSchema, 403: errorOf(NOT_YOURS), 404: errorOf(NOT_PARTICIPANT) },
      },
    },
    async (request) => {
      const { conversation_id, anchor, ...q } = request.query;
      return listMessages(db, currentUser(request).id, conversation_id, q, anchor);
    },
  );

  app.post(
    '/api/messages',
    {
      config: { changesGuestView: false, refusedWhileSuspended: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['messages'],
        summary: 'Write a message in a conversation or to a person (up to 2,000 characters); both see it live',
        body: sendBody,
        response: {
          201: messageResponseSchema,
          403: errorOf(
            `${NOT_ALLOWED}; SUSPENDED: a moderator suspended the sender until \`suspended_until\`; FORBIDDEN: someone else’s conversation`,
          ),
          404: errorOf('NOT_FOUND: no such person, or no such conversation'),
          422: errorOf('VALIDATION: `errors` names each bad field (content; user_id is yourself; conversation_id or user_id, one of them)'),
          429: writeLimited('message'),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const me = user.id;
      const { content } = request.body;
      // Checked before the transaction opens; a match queues the message for a moderator, never stops it.
      const crisis = await isCrisisText(content, languageOfText(user, content));
      const sent = await sendMessage(db, me, request.body, content, crisis);
      realtime.toUser(me).emit('message', sent.message);
      realtime.toUser(sent.recipientId).emit('message', sent.message);
      tellTotals(sent.totals);
      return reply.code(201).send({ data: sent.message });
    },
  );

  app.post(
    '/api/conversations/:id/read',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: {
        tags: ['messages'],
        summary:
          'Mark a conversation read: its unread count to zero, the messages to me seen; answers my new totals and tells my other tabs',
        params: idParam,
        response: { 200: unreadSchema, 403: errorOf(NOT_YOURS), 404: errorOf(NOT_PARTICIPANT) },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      const read = await markRead(db, me, request.params.id);
      realtime.toUser(me).emit('conversation:read', { conversation_id: request.params.id, ...read.totals });
      // Its "sent you a message" is read with it: the bell stops counting it.
      const unseen = await markSeenAbout(db, me, 'message', { kind: 'conversation', id: request.params.id });
      if (unseen !== null) realtime.toUser(me).emit('notifications:seen', { unseen_count: unseen });
      if (read.seen)
        realtime
          .toUser(read.seen.otherId)
          .emit('messages:seen', { conversation_id: request.params.id, seen_at: read.seen.at.toISOString() });
      return read.totals;
    },
  );

  app.get(
    '/api/unread-messages',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['messages'],
        summary: "The header's badge: unread messages in my conversations, and requests waiting for my answer",
        response: { 200: unreadSchema },
      },
    },
    async (request) => unreadOf(db, currentUser(request).id),
  );

  app.get(
    '/api/message-requests',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['messages'],
        summary: 'Conversations someone started with me that I have not answered, latest first',
        querystring: pageQuery,
        response: { 200: conversationPageSchema },
      },
    },
    async (request) => listConversations(db, currentUser(request).id, request.locale, 'request', request.query),
  );

  app.post(
    '/api/message-requests/:id/accept',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: {
        tags: ['messages'],
        summary: 'Accept a message request: it becomes a normal conversation',
        params: idParam,
        response: {
          200: conversationResponseSchema,
          403: errorOf(`${NOT_YOURS}; UNBLOCK_FIRST: I blocked the person who wrote it`),
          404: errorOf(NOT_PARTICIPANT),
        },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      const { conversation, totals } = await acceptRequest(db, me, request.locale, request.params.id);
      if (totals) tellTotals(new Map([[me, totals]]));
      return { data: conversation };
    },
  );

  app.post(
    '/api/message-requests/:id/decline',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: {
        tags: ['messages'],
        summary: 'Decline a message request: it leaves my lists and its sender can no longer write to me; answers my new totals',
        params: idParam,
        response: { 200: unreadSchema, 403: errorOf(NOT_YOURS), 404: errorOf('NOT_FOUND: no such request among mine') },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      const totals = await declineRequest(db, me, request.params.id);
      tellTotals(new Map([[me, totals]]));
      return totals;
    },
  );

  app.get(
    '/api/message-settings',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['messages'],
        summary: 'Who can message me, typing indicators and read receipts',
        response: { 200: messageSettingsResponseSchema },
      },
    },
    async (request) => ({ data: await messageSettings(db, currentUser(request).id) }),
  );

  app.put(
    '/api/message-settings',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: {
        tags: ['messages'],
        summary: 'Change any of my messaging settings',
        body: z.object({
          who_can_message: z.enum(WHO_CAN_MESSAGE).optional(),
          typing_indicators: z.boolean().optional(),
          read_receipts: z.boolean().optional(),
        }),
        response: { 200: messageSettingsResponseSchema, 422: errorSchema },
      },
    },
    async (request) => ({ data: await updateMessageSettings(db, currentUser(request).id, request.body) }),
  );

  app.post(
    '/api/report-message',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: {
        tags: ['messages'],
        summary:
          'Report a message of one of my conversations (once); it goes to the moderators alone, without the conversation, and counts toward the hide as any report',
        body: z.object({ message_id: idField, report_type_id: idField, note: userString().trim().max(REPORT_NOTE_MAX).optional() }),
        response: {
          201: noticeSchema,
          403: errorOf('FORBIDDEN: a message of someone else’s conversation'),
          404: errorOf('NOT_FOUND: no such message, or it was removed'),
          422: errorOf('ALREADY_REPORTED: this user already reported it; VALIDATION: my own message, or an unknown report type'),
          429: writeLimited('report'),
        },
      },
    },
    async (request, reply) => {
      const { moved } = await reportMessage(db, currentUser(request).id, request.body);
      announceQueue(fastify, 'queued');
      if (moved) realtime.toUser(moved.userId).emit('unread', moved.totals);
      return reply.code(201).send({ message: request.t('reports.thanks_message'), description: request.t('reports.description_message') });
    },
  );

  // "typing" from a signed-in socket reaches the other participant only when both turned typing indicators on.
  realtime.io.on('connection', (socket) => {
    let lastTyping = 0;
    socket.on('typing', (conversationId: unknown) => {
      const me = socket.data.userId;
      const id = idField.safeParse(conversationId);
      const now = Date.now();
      if (!me || !id.success || now - lastTyping < TYPING_INTERVAL_MS) return;
      lastTyping = now;
      typingPartner(db, me, id.data)
        .then((partner) => {
          if (partner) realtime.toUser(partner).emit('typing', { conversation_id: id.data, user_id: me });
        })
        .catch((err) => fastify.log.error({ err }, 'typing event failed'));
    });
  });
}
