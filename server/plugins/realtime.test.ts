import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventPayload, MessageEvent, NotificationEvent, ServerEvent } from '../../core/realtime.ts';
import { createTestApp, openTestDatabase, signInGuest, type TestApp } from '../../tests/helpers/app.ts';
import { joined } from '../../tests/helpers/realtime.ts';
import { redisUrl, testKeyPrefix } from '../../tests/helpers/redis.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';

const opened: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of opened.reverse()) await close();
});

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

// Untyped on purpose: a test socket plays any client, including one that sends what the contract forbids.
function socketFor(url: string, token?: string): Promise<Socket> {
  const socket = connect(url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
  opened.push(async () => socket.close());
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

/** The next `event` on the socket, typed by the realtime contract. */
const nextEvent = <E extends ServerEvent>(socket: Socket, event: E) =>
  new Promise<EventPayload<E>>((resolve) => {
    const name: string = event;
    socket.once(name, resolve);
  });

describe('realtime', () => {
  it('authenticates the handshake with the bearer token and delivers to the user room', async () => {
    const t = await createTestApp();
    opened.push(t.close);
    const url = await listening(t);
    const g = await signInGuest(t.app);
    const inRoom = joined(t.app, `user:${g.id}`);
    const socket = await socketFor(url, g.token);
    const got = nextEvent(socket, 'notification');
    await inRoom;
    const notification: NotificationEvent = {
      id: 1,
      type: 'support',
      data: { url: '/problem/3', text: 'Brave Breeze supported your post', actor_count: 1, item: { kind: 'post', id: 3 } },
      seen: false,
      created_at: '2026-11-24T10:00:00.000Z',
      sentence: { actor_name: 'Brave Breeze', params: {} },
    };
    t.app.realtime.toUser(g.id).emit('notification', notification);
    expect(await got).toEqual(notification);
  });

  it('refuses an unknown token', async () => {
    const t = await createTestApp();
    opened.push(t.close);
    const url = await listening(t);
    await expect(socketFor(url, 'bogus')).rejects.toThrow('unauthenticated');
  });

  it('lets anonymous sockets join public rooms only', async () => {
    const t = await createTestApp();
    opened.push(t.close);
    const url = await listening(t);
    const socket = await socketFor(url);
    const inFeed = joined(t.app, 'feed:posts');
    // A socket's events are handled in order: once the feed is joined, the refusal before it has happened.
    socket.emit('subscribe', 'user:1');
    socket.emit('subscribe', 'feed:posts');
    await inFeed;
    expect(t.app.realtime.io.sockets.sockets.get(socket.id as string)?.rooms).toEqual(new Set([socket.id, 'feed:posts']));
  });

  it('answers a subscription that asks for an acknowledgement once the socket is in the room', async () => {
    const t = await createTestApp();
    opened.push(t.close);
    const url = await listening(t);
    const socket = await socketFor(url);
    // The answer is what tells a watcher (tests/e2e `joined`) that the room's announcements reach the socket now.
    expect(await socket.timeout(5000).emitWithAck('subscribe', 'feed:moods')).toBe(undefined);
    expect(t.app.realtime.io.sockets.sockets.get(socket.id as string)?.rooms).toEqual(new Set([socket.id, 'feed:moods']));
    // A room it may not join is answered too (the answer says only that the request was handled).
    expect(await socket.timeout(5000).emitWithAck('subscribe', 'user:1')).toBe(undefined);
    expect(t.app.realtime.io.sockets.sockets.get(socket.id as string)?.rooms).toEqual(new Set([socket.id, 'feed:moods']));
  });
});

/** Subscribes the socket to public rooms, resolving once the server has put it in each. */
async function subscribed(t: TestApp, socket: Socket, rooms: string[]) {
  const inRooms = Promise.all(rooms.map((room) => joined(t.app, room)));
  for (const room of rooms) socket.emit('subscribe', room);
  await inRooms;
}

describe('feed announcements', () => {
  it('tells each feed room of a new post, mood and thought with its id and content language', async () => {
    const t = await createTestApp();
    opened.push(t.close);
    const url = await listening(t);
    const g = await signInGuest(t.app);
    const socket = await socketFor(url);
    await subscribed(t, socket, ['feed:posts', 'feed:moods', 'feed:thoughts']);
    const heard: EventPayload<'feed:new'>[] = [];
    socket.on('feed:new', (item: EventPayload<'feed:new'>) => heard.push(item));

    const text = 'Most nights I lie awake going over every small thing I said at work, and by morning I am too tired to care. ';
    const post = await t.call(g, 'POST', '/api/posts', { content: text.repeat(2) });
    expect(post.status).toBe(201);
    const feelings = (await t.call(null, 'GET', '/api/feelings?type=mood')).body.data as { id: number }[];
    const mood = await t.call(g, 'POST', '/api/user/store/moods', { content: 'A quieter day today', feeling_id: feelings[0].id });
    expect(mood.status).toBe(201);
    const thought = await t.call(g, 'POST', '/api/thoughts', { content: 'Small steps still count as steps.' });
    expect(thought.status).toBe(201);
    // One socket hears its events in the order they were sent.
    await expect.poll(() => heard.length).toBe(3);
    expect(heard).toEqual([
      { type: 'post', id: post.body.data.id, language: 'en' },
      { type: 'mood', id: mood.body.data.id, language: 'en' },
      { type: 'thought', id: thought.body.data.id, language: 'en' },
    ]);
  });

  it('does not tell the people a block separates from the author (either way), whose lists leave the item out', async () => {
    const t = await createTestApp();
    opened.push(t.close);
    const url = await listening(t);
    const [author, other, blocker, blockedOne] = [
      await signInGuest(t.app),
      await signInGuest(t.app),
      await signInGuest(t.app),
      await signInGuest(t.app),
    ];
    expect((await t.call(blocker, 'POST', '/api/blocks', { user_id: author.id })).status).toBe(200);
    expect((await t.call(author, 'POST', '/api/blocks', { user_id: blockedOne.id })).status).toBe(200);
    const inUserRoom = joined(t.app, `user:${blocker.id}`);
    const blockers = await socketFor(url, blocker.token);
    await inUserRoom;
    const inBlockedRoom = joined(t.app, `user:${blockedOne.id}`);
    const blockeds = await socketFor(url, blockedOne.token);
    await inBlockedRoom;
    const others = await socketFor(url);
    for (const socket of [blockers, blockeds, others]) await subscribed(t, socket, ['feed:posts', 'feed:thoughts']);
    const heard = new Map<Socket, number[]>([
      [blockers, []],
      [blockeds, []],
      [others, []],
    ]);
    for (const [socket, ids] of heard) socket.on('feed:new', (item: EventPayload<'feed:new'>) => ids.push(item.id));

    const text = 'Some evenings the flat is so quiet that I leave the radio on just to hear another voice in the room. ';
    const blocked = await t.call(author, 'POST', '/api/posts', { content: text.repeat(2) });
    expect(blocked.status).toBe(201);
    const blockedThought = await t.call(author, 'POST', '/api/thoughts', { content: 'Small steps still count as steps.' });
    expect(blockedThought.status).toBe(201);
    const told = await t.call(other, 'POST', '/api/thoughts', { content: 'Rest is part of the work too.' });
    expect(told.status).toBe(201);
    // A socket hears its events in the order they were sent: once both heard the last one, the blocker's list
    // would already have heard the author's two if they had been sent to it.
    await expect.poll(() => heard.get(blockers)?.length).toBe(1);
    await expect.poll(() => heard.get(blockeds)?.length).toBe(1);
    await expect.poll(() => heard.get(others)?.length).toBe(3);
    expect(heard.get(blockers)).toEqual([told.body.data.id]);
    expect(heard.get(blockeds)).toEqual([told.body.data.id]);
    expect(heard.get(others)).toEqual([blocked.body.data.id, blockedThought.body.data.id, told.body.data.id]);
  });
});

/** What the socket heard until the server closed it: 'session:ended', then the reason of the disconnect. */
const closed = (socket: Socket) =>
  new Promise<string[]>((resolve) => {
    const heard: string[] = [];
    socket.on('session:ended', () => heard.push('session:ended'));
    socket.once('disconnect', (reason) => resolve([...heard, reason]));
  });
/** A session ended for good: said, then closed (a shutdown only closes). */
const ENDED = ['session:ended', 'io server disconnect'];

describe('revoked tokens', () => {
  it('disconnects the sockets of a revoked token: the other sessions on a password change, the own one on logout', async () => {
    const t = await createTestApp();
    opened.push(t.close);
    const url = await listening(t);
    const g = await signInGuest(t.app);
    const password = 'correct horse battery';
    expect((await t.call(g, 'PUT', '/api/user/password', { password, password_confirmation: password })).status).toBe(204);
    const username = (await t.call(g, 'GET', '/api/get/data/user')).body.data.username;
    const tokens = [];
    for (const remoteAddress of ['10.9.0.1', '10.9.0.2']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
      tokens.push(res.json().token as string);
    }
    const here = await socketFor(url, g.token);
    const elsewhere = await Promise.all(tokens.map((token) => socketFor(url, token)));
    const ended = elsewhere.map(closed);

    const newPassword = 'a brand new password';
    const change = { current_password: password, password: newPassword, password_confirmation: newPassword };
    expect((await t.call(g, 'PUT', '/api/user/password', change)).status).toBe(204);
    expect(await Promise.all(ended)).toEqual([ENDED, ENDED]);
    for (const token of tokens) {
      const res = await t.app.inject({ method: 'GET', url: '/api/get/data/user', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
    }
    expect(here.connected).toBe(true);
    expect((await t.call(g, 'GET', '/api/get/data/user')).status).toBe(200);

    const loggedOut = closed(here);
    expect((await t.call(g, 'POST', '/api/logout')).status).toBe(204);
    expect(await loggedOut).toEqual(ENDED);
    // Five scrypt hashes (32 MiB each, on libuv's pool beside the other test files' work): 6 s on a quiet machine,
    // past 30 s on a busy one (CI-1 of stop 32).
  }, 120_000);

  it('tells the sockets of an erased account that their session ended', async () => {
    const t = await createTestApp();
    opened.push(t.close);
    const g = await signInGuest(t.app);
    const erased = closed(await socketFor(await listening(t), g.token));
    expect((await t.call(g, 'POST', '/api/deactivate', {})).status).toBe(204);
    expect(await erased).toEqual(ENDED);
  });
});

describe('shutdown', () => {
  it('closes the sockets without ending them, so that browsers connect again to the next server on their own', async () => {
    const t = await createTestApp();
    const g = await signInGuest(t.app);
    const socket = await socketFor(await listening(t), g.token);
    const heard = closed(socket);
    await t.close();
    // socket.io's client gives up for good after 'io server disconnect'; it reconnects after a closed transport.
    expect(await heard).toEqual(['transport close']);
  });
});

const redis = redisUrl('the cross-process realtime test');

describe.runIf(redis)('realtime across processes (Redis adapter)', () => {
  /** Two instances on one database and Redis: a guest signed in on a, with a socket held by b that a can see. */
  async function guestOnBAfterA() {
    const { database, drop } = await openTestDatabase();
    opened.push(drop, () => database.close());
    const config = parseConfig({ NODE_ENV: 'test', REDIS_URL: redis, REDIS_KEY_PREFIX: testKeyPrefix() });
    const [a, b] = await Promise.all([1, 2].map(() => buildApp({ config, database, logger: false })));
    opened.push(
      () => a.close(),
      () => b.close(),
    );
    await Promise.all([a.listen({ port: 0, host: '127.0.0.1' }), b.listen({ port: 0, host: '127.0.0.1' })]);
    const g = await signInGuest(a);
    const socket = await socketFor(`http://127.0.0.1:${(b.server.address() as AddressInfo).port}`, g.token);
    // Instance a asks the others over Redis; once b answers with the socket, b listens to Redis and holds it in the room.
    // Neither instance waits for Redis before listening (Redis is optional): until a's connection is ready its question
    // fails at once, and until b has subscribed it goes unanswered and times out; both mean "ask again".
    const seen = () =>
      a.realtime.io
        .in(`user:${g.id}`)
        .fetchSockets()
        .then(
          (sockets) => sockets.length > 0,
          () => false,
        );
    while (!(await seen()));
    return { a, g, socket };
  }

  it('delivers an event emitted by one instance to a socket held by another', async () => {
    const { a, g, socket } = await guestOnBAfterA();
    const got = nextEvent(socket, 'message');
    const message: MessageEvent = {
      id: 7,
      conversation_id: 2,
      sender_id: g.id,
      content: 'Hello',
      created_at: '2026-11-24T10:00:00.000Z',
      seen_at: null,
    };
    a.realtime.toUser(g.id).emit('message', message);
    expect(await got).toEqual(message);
  });

  it('disconnects a socket held by another instance when its token is revoked', async () => {
    const { a, g, socket } = await guestOnBAfterA();
    const gone = closed(socket);
    expect((await a.inject({ method: 'POST', url: '/api/logout', headers: g.auth })).statusCode).toBe(204);
    expect(await gone).toEqual(ENDED);
  });
});
