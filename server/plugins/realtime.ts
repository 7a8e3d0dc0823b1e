/**
 * socket.io on the same HTTP server. The handshake is authenticated with the bearer token (or the web app's
 * auth cookie); each signed-in socket joins its user's room. With Redis, events reach sockets held by
 * other processes through the Redis adapter.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { COOKIE } from '../../core/limits.ts';
import { isModeratorRole } from '../../core/moderation.ts';
import {
  type ClientToServerEvents,
  MODERATION_ROOM,
  PUBLIC_ROOMS,
  type PublicRoom,
  type ServerToClientEvents,
} from '../../core/realtime.ts';
import type { Db } from '../../db/client.ts';
import { SUBSCRIBER_OPTIONS, unawaited } from '../lib/redis.ts';
import { hashToken } from '../lib/tokens.ts';
import { userForToken } from '../modules/auth/service.ts';
import { findUser } from '../modules/users/service.ts';

/** What the server keeps per socket. */
interface SocketData {
  userId?: number;
  qrRoom?: QrRoom;
  /** The conversation the socket's tab shows (server/modules/notifications: no message notification for it). */
  viewing?: number;
}
/** The sockets opened with one token (named by its digest), so that revoking the token can end them. */
type SessionRoom = `session:${string}`;
type QrRoom = `qr:${string}`;
/** Every room an event may be sent to: a public feed, one user's sockets, one QR code's device. */
export type Room = PublicRoom | `user:${number}` | QrRoom | typeof MODERATION_ROOM;

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

type Broadcast = ReturnType<RealtimeServer['to']>;

/** `toRoom(room).emit(event, payload)`: socket.io's own typed emit checks each payload against core/realtime. */
export interface Realtime {
  io: RealtimeServer;
  toUser(userId: number): Broadcast;
  toRoom(room: Room): Broadcast;
  /** Tells every socket, on any instance, opened with one of these tokens (given as their digests) that its session ended, and disconnects it. */
  endSessions(tokenHashes: string[]): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export const userRoom = (id: number) => `user:${id}` as const;
/** The room of the device waiting on a QR sign-in code, named by the code's digest (never the code itself). */
export const qrRoom = (tokenHash: string): QrRoom => `qr:${tokenHash}`;
const sessionRoom = (tokenHash: string): SessionRoom => `session:${tokenHash}`;
const isPublicRoom = (room: unknown): room is PublicRoom => typeof room === 'string' && (PUBLIC_ROOMS as readonly string[]).includes(room);

function tokenFrom(socket: Socket, parseCookie: (header: string) => Record<string, string | undefined>): string | null {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token;
  const header = socket.handshake.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim();
  return parseCookie(socket.handshake.headers.cookie ?? '')[COOKIE.auth] || null;
}

export default fp(
  async function realtime(app: FastifyInstance, opts: { db: Db; redis?: Redis }) {
    const io: RealtimeServer = new Server(app.server, { path: '/socket.io', serveClient: false, destroyUpgrade: false });
    if (opts.redis) {
      // Loaded only with Redis: without it the adapter's ~1.6 MB of heap would serve nothing.
      const { createAdapter } = await import('@socket.io/redis-adapter');
      // Subscriptions wait for Redis instead of failing, so an outage at start does not end the process.
      const sub = unawaited(opts.redis.duplicate(SUBSCRIBER_OPTIONS), ['subscribe', 'psubscribe']);
      // Publishes fail at once while Redis is away, as the main connection's commands do (lib/redis.ts): the event
      // has reached this process's sockets, and its copy for the other instances is dropped rather than queued
      // without bound.
      const pub = unawaited(opts.redis.duplicate(), ['publish']);
      for (const client of [pub, sub]) client.on('error', (err) => app.log.error({ err: err.message }, 'redis adapter error'));
      io.adapter(createAdapter(pub, sub));
      app.addHook('onClose', async () => {
        // Not quit(): the subscriber's QUIT would wait for Redis, without end while Redis is away.
        await pub.quit().catch(() => {});
        sub.disconnect();
      });
    }

    io.use(async (socket, next) => {
      const token = tokenFrom(socket, (header) => app.parseCookie(header));
      if (!token) return next();
      try {
        const user = await userForToken(opts.db, token);
        if (!user) return next(new Error('unauthenticated'));
        socket.data.userId = user.id;
        // Joined before the connection is announced, so a token revoked from here on finds this socket.
        socket.join(sessionRoom(hashToken(token)));
        next();
      } catch (err) {
        app.log.error({ err }, 'socket authentication failed');
        next(new Error('server error'));
      }
    });

    io.on('connection', (socket) => {
      if (socket.data.userId) socket.join(userRoom(socket.data.userId));
      // The payload types say what a well-behaved client sends; anything may arrive, so each is checked.
      socket.on('subscribe', (room: unknown, ack: unknown) => {
        if (isPublicRoom(room)) socket.join(room);
        if (typeof ack === 'function') ack();
      });
      socket.on('unsubscribe', (room: unknown) => {
        if (isPublicRoom(room)) socket.leave(room);
      });
      // The device showing a QR code waits for `qr:approved`; only the code's holder can name its room.
      socket.on('qr:watch', (token: unknown) => {
        if (typeof token !== 'string' || !token || token.length > 200) return;
        if (socket.data.qrRoom) socket.leave(socket.data.qrRoom);
        socket.data.qrRoom = qrRoom(hashToken(token));
        socket.join(socket.data.qrRoom);
      });
      // The role is read when asked, so a moderator whose role was revoked cannot join again.
      socket.on('moderation:watch', async (ack: unknown) => {
        const userId = socket.data.userId;
        const user = userId ? await findUser(opts.db, userId).catch(() => null) : null;
        const joined = Boolean(user && isModeratorRole(user.role));
        if (joined) socket.join(MODERATION_ROOM);
        if (typeof ack === 'function') ack(joined);
      });
    });

    app.decorate('realtime', {
      io,
      toUser: (userId) => io.to(userRoom(userId)),
      toRoom: (room) => io.to(room),
      endSessions: (tokenHashes) => {
        if (tokenHashes.length === 0) return;
        const rooms = tokenHashes.map(sessionRoom);
        // Said first, because the disconnect alone is also what every socket hears when the server shuts down.
        io.to(rooms).emit('session:ended');
        io.in(rooms).disconnectSockets(true);
      },
    } satisfies Realtime);

    app.addHook('preClose', async () => {
      // The connections close without socket.io's disconnect packet: a socket the server disconnected ('io server
      // disconnect') never connects again on its own, so after a restart every open page went deaf until reloaded;
      // a closed transport is one the client reconnects to the next server. io.close() would also close the HTTP
      // server, which Fastify closes itself after in-flight requests.
      io.engine.close();
    });
  },
  { name: 'realtime', dependencies: ['@fastify/cookie'] },
);
