/** Messages as they travel: to both participants' sockets, the read state to the reader's other tabs, across instances. */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventPayload, ServerEvent } from '../../../core/realtime.ts';
import { createTestApp, type Guest, openTestDatabase, signInGuest } from '../../../tests/helpers/app.ts';
import { redisUrl, testKeyPrefix } from '../../../tests/helpers/redis.ts';
import { buildApp } from '../../app.ts';
import { parseConfig } from '../../config.ts';
import { typingPartner } from './service.ts';

const opened: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of opened.reverse()) await close();
});

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A signed-in socket, once the instance `seenBy` (any instance, through the adapter) finds it in the user's room. */
async function socketOf(url: string, g: Guest, seenBy: FastifyInstance): Promise<Socket> {
  const socket = connect(url, { auth: { token: g.token }, transports: ['websocket'], reconnection: false });
  opened.push(async () => socket.close());
  await new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(undefined));
    socket.on('connect_error', reject);
  });
  const ours = () => seenBy.realtime.io.in(`user:${g.id}`).fetchSockets();
  while (!(await ours()).some((s) => s.id === socket.id));
  return socket;
}

const nextEvent = <E extends ServerEvent>(socket: Socket, event: E) =>
  new Promise<EventPayload<E>>((resolve) => {
    const name: string = event;
    socket.once(name, resolve);
  });

const post = async (app: FastifyInstance, g: Guest, url: string, payload?: object) => {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: g.auth,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json() };
};

describe('messages in realtime', () => {
  it('delivers a message to both participants, the new totals to the recipient, and a read to the reader’s other tabs', async () => {
    const t = await createTestApp();
    opened.push(t.close);
    const url = await listening(t.app);
    const [a, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    const [aSocket, bTab1, bTab2] = await Promise.all([socketOf(url, a, t.app), socketOf(url, b, t.app), socketOf(url, b, t.app)]);

    const gotA = nextEvent(aSocket, 'message');
    const gotB = nextEvent(bTab1, 'message');
    const totals = nextEvent(bTab2, 'unread');
    const sent = await post(t.app, a, '/api/messages', { user_id: b.id, content: 'Thinking of you today.' });
    expect(sent.status).toBe(201);
    expect(await gotA).toEqual(sent.body.data);
    expect(await gotB).toEqual(sent.body.data);
    expect(await totals).toEqual({ unread_total: 0, requests_count: 1 });

    const conversationId = sent.body.data.conversation_id as number;
    const accepted = nextEvent(bTab1, 'unread');
    await post(t.app, b, `/api/message-requests/${conversationId}/accept`);
    expect(await accepted).toEqual({ unread_total: 1, requests_count: 0 });
    const more = nextEvent(bTab1, 'unread');
    await post(t.app, a, '/api/messages', { conversation_id: conversationId, content: 'No need to answer.' });
    expect(await more).toEqual({ unread_total: 2, requests_count: 0 });

    // Read in one tab: every tab of the reader hears it; the sender hears nothing while b keeps receipts off.
    const cleared = nextEvent(bTab2, 'conversation:read');
    const seen: unknown[] = [];
    aSocket.on('messages:seen', (e) => seen.push(e));
    expect((await post(t.app, b, `/api/conversations/${conversationId}/read`)).body).toEqual({ unread_total: 0, requests_count: 0 });
    expect(await cleared).toEqual({ conversation_id: conversationId, unread_total: 0, requests_count: 0 });

    // With read receipts on, the sender is told.
    await t.app.inject({ method: 'PUT', url: '/api/message-settings', headers: b.auth, payload: { read_receipts: true } });
    const echoed = nextEvent(aSocket, 'message');
    await post(t.app, a, '/api/messages', { conversation_id: conversationId, content: 'One more.' });
    // Events reach a socket in order: had the read without receipts told a, it would have arrived before this.
    await echoed;
    expect(seen).toEqual([]);
    const told = nextEvent(aSocket, 'messages:seen');
    await post(t.app, b, `/api/conversations/${conversationId}/read`);
    expect(await told).toMatchObject({ conversation_id: conversationId, seen_at: expect.any(String) });
  });

  it('shows typing only when both people turned typing indicators on', async () => {
    const t = await createTestApp();
    opened.push(t.close);
    const url = await listening(t.app);
    const [a, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    const [aSocket, bSocket] = await Promise.all([socketOf(url, a, t.app), socketOf(url, b, t.app)]);
    const sent = await post(t.app, a, '/api/messages', { user_id: b.id, content: 'Hi' });
    const conversationId = sent.body.data.conversation_id as number;
    await post(t.app, b, `/api/message-requests/${conversationId}/accept`);
    // Only a is on: b is nobody to tell.
    await t.app.inject({ method: 'PUT', url: '/api/message-settings', headers: a.auth, payload: { typing_indicators: true } });
    expect(await typingPartner(t.database.db, a.id, conversationId)).toBe(null);
    await t.app.inject({ method: 'PUT', url: '/api/message-settings', headers: b.auth, payload: { typing_indicators: true } });
    expect(await typingPartner(t.database.db, a.id, conversationId)).toBe(b.id);
    expect(await typingPartner(t.database.db, a.id, conversationId + 1000)).toBe(null);
    const typing = nextEvent(bSocket, 'typing');
    aSocket.emit('typing', conversationId);
    expect(await typing).toEqual({ conversation_id: conversationId, user_id: a.id });
    // A block ends it.
    await t.app.inject({ method: 'POST', url: '/api/blocks', headers: b.auth, payload: { user_id: a.id } });
    expect(await typingPartner(t.database.db, a.id, conversationId)).toBe(null);
  });
});

const redis = redisUrl('the cross-process messages test');

describe.runIf(redis)('messages across processes (Redis adapter)', () => {
  it('delivers a message written on one instance to the recipient’s socket held by another, and the sender’s on the first', async () => {
    const { database, drop } = await openTestDatabase();
    opened.push(drop, () => database.close());
    // Redis is shared with every other test run on this machine: its guest-login and rate limits must not stop this one.
    const config = parseConfig({
      NODE_ENV: 'test',
      REDIS_URL: redis,
      REDIS_KEY_PREFIX: testKeyPrefix(),
      GUEST_LOGINS_PER_HOUR: '100000',
      RATE_LIMIT_MAX: '100000',
    });
    const [a, b] = await Promise.all([1, 2].map(() => buildApp({ config, database, logger: false })));
    opened.push(
      () => a.close(),
      () => b.close(),
    );
    const [urlA, urlB] = await Promise.all([listening(a), listening(b)]);
    const [sender, recipient] = await Promise.all([signInGuest(a), signInGuest(a)]);
    const recipientSocket = await socketOf(urlB, recipient, a);
    const senderSocket = await socketOf(urlA, sender, a);
    const got = nextEvent(recipientSocket, 'message');
    const echoed = nextEvent(senderSocket, 'message');
    const sent = await post(a, sender, '/api/messages', { user_id: recipient.id, content: 'Across the wire.' });
    expect(sent.status).toBe(201);
    expect(await got).toEqual(sent.body.data);
    expect(await echoed).toEqual(sent.body.data);
  });
});
