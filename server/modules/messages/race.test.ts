/**
 * First messages written at the same moment (tests/helpers/race.ts; PostgreSQL only, as PGlite never overlaps two
 * transactions): one conversation for the pair, and unread counts and totals exact. Without the pair's unique
 * index each request would create its own conversation; without the conversation's row lock the counts drift.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../../../db/schema.ts';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';
import { race } from '../../../tests/helpers/race.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (from: Guest, to: Guest, content: string) => () => t.call(from, 'POST', '/api/messages', { user_id: to.id, content });

describe('racing first messages', () => {
  it('creates one conversation when both people (and one of them twice) write first at once', async () => {
    const [a, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    const results = await race(t, 'conversations', [send(a, b, 'Hi from a'), send(b, a, 'Hi from b'), send(a, b, 'And again from a')]);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    const ids = new Set(results.map((r) => r.body.data.conversation_id));
    expect(ids.size).toBe(1);
    const pair = await t.database.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.userLowId, Math.min(a.id, b.id)), eq(conversations.userHighId, Math.max(a.id, b.id))));
    expect(pair.map((c) => c.messagesCount)).toEqual([3]);
    // Both wrote, so both sides are accepted, whichever came first; a has one unread, b two.
    expect((await t.call(a, 'GET', '/api/unread-messages')).body).toEqual({ unread_total: 1, requests_count: 0 });
    expect((await t.call(b, 'GET', '/api/unread-messages')).body).toEqual({ unread_total: 2, requests_count: 0 });
    const [id] = ids;
    expect((await t.call(a, 'GET', `/api/conversations/${id}`)).body.data).toMatchObject({ status: 'accepted', unread_count: 1 });
    expect((await t.call(b, 'GET', `/api/conversations/${id}`)).body.data).toMatchObject({ status: 'accepted', unread_count: 2 });
  });

  it('keeps the unread counts exact when many messages race', async () => {
    const [a, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    const id = (await t.call(a, 'POST', '/api/messages', { user_id: b.id, content: 'Start' })).body.data.conversation_id;
    await t.call(b, 'POST', `/api/message-requests/${id}/accept`);
    const sends = [1, 2, 3, 4, 5, 6].map((i) => () => t.call(a, 'POST', '/api/messages', { conversation_id: id, content: `Note ${i}` }));
    const results = await race(t, 'messages', sends);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect((await t.call(b, 'GET', '/api/unread-messages')).body).toEqual({ unread_total: 7, requests_count: 0 });
    expect((await t.call(b, 'GET', `/api/conversations/${id}`)).body.data.unread_count).toBe(7);
  });
});
