/**
 * socket.io on the same HTTP server. The handshake is authenticated with the bearer token (or the web app's
 * auth cookie); each signed-in socket joins its user's room. With Redis, events reach sockets held by
 * other processes through the Redis adapter.
 */
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { COOKIE } from '../../core/limits.ts';
import type { Db } from '../../db/client.ts';
import { hashToken } from '../lib/tokens.ts';
import { userForToken } from '../modules/auth/service.ts';

export interface Realtime {
  io: Server;
  toUser(userId: number, event: string, payload: unknown): void;
  /** Public rooms anonymous sockets may join, e.g. "feed:posts". */
  toRoom(room: string, event: string, payload: unknown): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export const PUBLIC_ROOMS = ['feed:posts', 'feed:moods', 'feed:thoughts'] as const;
export const userRoom = (id: number) => `user:${id}`;
/** The room of the device waiting on a QR sign-in code, named by the code's digest (never the code itself). */
export const qrRoom = (tokenHash: string) => `qr:${tokenHash}`;

function tokenFrom(socket: Socket, parseCookie: (header: string) => Record<string, string | undefined>): string | null {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token;
  const header = socket.handshake.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim();
  return parseCookie(socket.handshake.headers.cookie ?? '')[COOKIE.auth] || null;
}

export default fp(
  async function realtime(app: FastifyInstance, opts: { db: Db; redis?: Redis }) {
    const io = new Server(app.server, { path: '/socket.io', serveClient: false, destroyUpgrade: false });
    if (opts.redis) {
      // Subscriptions wait for Redis instead of failing, so an outage at start does not end the process.
      const pub = opts.redis.duplicate({ maxRetriesPerRequest: null });
      const sub = opts.redis.duplicate({ maxRetriesPerRequest: null });
      for (const client of [pub, sub]) client.on('error', (err) => app.log.error({ err: err.message }, 'redis adapter error'));
      io.adapter(createAdapter(pub, sub));
      app.addHook('onClose', async () => {
        await Promise.allSettled([pub.quit(), sub.quit()]);
      });
    }

    io.use(async (socket, next) => {
      const token = tokenFrom(socket, (header) => app.parseCookie(header));
      if (!token) return next();
      try {
        const user = await userForToken(opts.db, token);
        if (!user) return next(new Error('unauthenticated'));
        socket.data.userId = user.id;
        next();
      } catch (err) {
        app.log.error({ err }, 'socket authentication failed');
        next(new Error('server error'));
      }
    });

    io.on('connection', (socket) => {
      if (socket.data.userId) socket.join(userRoom(socket.data.userId));
      socket.on('subscribe', (room: unknown) => {
        if (typeof room === 'string' && (PUBLIC_ROOMS as readonly string[]).includes(room)) socket.join(room);
      });
      socket.on('unsubscribe', (room: unknown) => {
        if (typeof room === 'string') socket.leave(room);
      });
      // The device showing a QR code waits for `qr:approved`; only the code's holder can name its room.
      socket.on('qr:watch', (token: unknown) => {
        if (typeof token !== 'string' || !token || token.length > 200) return;
        if (socket.data.qrRoom) socket.leave(socket.data.qrRoom);
        socket.data.qrRoom = qrRoom(hashToken(token));
        socket.join(socket.data.qrRoom);
      });
    });

    app.decorate('realtime', {
      io,
      toUser: (userId, event, payload) => {
        io.to(userRoom(userId)).emit(event, payload);
      },
      toRoom: (room, event, payload) => {
        io.to(room).emit(event, payload);
      },
    } satisfies Realtime);

    app.addHook('preClose', async () => {
      // io.close() would also close the HTTP server, which Fastify closes itself after in-flight requests.
      io.local.disconnectSockets(true);
      io.engine.close();
    });
  },
  { name: 'realtime', dependencies: ['@fastify/cookie'] },
);
