/**
 * Issue 14: an open /moderation screen learns within a second that a write was queued for crisis review. The
 * writes (posts, moods, comments, replies, thoughts, topics, messages, advice and their edits) queue inside their
 * own transactions, deep in their services; rather than thread a flag back through each of them, queueIfCrisis
 * notes it in the request's async context, and the room `moderation:queue` is told once the response has gone out,
 * which is after the write committed. A write that failed after queueing answers an error and announces nothing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MODERATION_ROOM } from '../../../core/realtime.ts';

interface Pending {
  queued: boolean;
}

const pending = new AsyncLocalStorage<Pending>();

/** Called by the service that queued an item; outside a request (scripts, tests calling services) it does nothing. */
export function noteQueued(): void {
  const store = pending.getStore();
  if (store) store.queued = true;
}

/** Tells the moderators watching the queue that it changed; they refetch. */
export function announceQueue(app: FastifyInstance, change: 'queued' | 'acted') {
  app.realtime.toRoom(MODERATION_ROOM).emit('moderation:queue', { change });
}

declare module 'fastify' {
  interface FastifyRequest {
    moderationPending?: Pending;
  }
}

export default fp(
  async function moderationAnnounce(app: FastifyInstance) {
    // preHandler, not onRequest: the context must enclose the handler, and a body read from the socket in between
    // would run in the socket's context instead.
    app.addHook('preHandler', (request, _reply, done) => {
      const store: Pending = { queued: false };
      request.moderationPending = store;
      pending.run(store, done);
    });
    app.addHook('onResponse', (request, reply, done) => {
      if (request.moderationPending?.queued && reply.statusCode < 400) announceQueue(app, 'queued');
      done();
    });
  },
  { name: 'moderation-announce', dependencies: ['realtime'] },
);
