/**
 * The totals of the conversation list, the requests list and the list of people I blocked are the number of items
 * one can page through: hidden (blocked), declined and empty conversations count nowhere they are not listed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = async (from: Guest, to: Guest) => {
  const res = await t.call(from, 'POST', '/api/messages', { user_id: to.id, content: 'Hello, how are you holding up?' });
  expect(res.status).toBe(201);
  return res.body.data.conversation_id as number;
};

/** Pages through a list one item at a time: its total (the same on every page) and the ids it gave. */
async function pageThrough(as: Guest, url: string) {
  const ids: number[] = [];
  const totals = new Set<number>();
  for (let page = 1; page <= 20; page++) {
    const res = await t.call(as, 'GET', `${url}?per_page=1&page=${page}`);
    expect(res.status).toBe(200);
    totals.add(res.body.meta.total);
    if (res.body.data.length === 0) break;
    ids.push(...(res.body.data as { id: number }[]).map((x) => x.id));
  }
  expect(totals.size).toBe(1);
  const [total] = totals;
  expect(ids.length).toBe(total);
  expect(new Set(ids).size).toBe(total);
  return ids;
}

describe('list totals of messages and blocks', () => {
  it('count what the page shows: no hidden, declined or empty conversation', async () => {
    const [me, o1, o2, o3, o4, o5, o6, o7] = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(() => signInGuest(t.app)));
    const c1 = await send(me, o1);
    const c2 = await send(me, o2);
    const c3 = await send(me, o3);
    const c4 = await send(o4, me);
    const c5 = await send(o5, me);
    // An empty conversation (opened, nothing written) reaches no list.
    expect((await t.call(me, 'POST', '/api/conversations', { user_id: o6.id })).status).toBe(200);
    expect((await t.call(me, 'POST', `/api/message-requests/${c5}/decline`)).status).toBe(200);
    for (const other of [o3, o6, o7]) expect((await t.call(me, 'POST', '/api/blocks', { user_id: other.id })).status).toBe(200);

    // The conversation with the blocked o3 left my list; the declined request left my requests.
    expect((await pageThrough(me, '/api/conversations')).sort()).toEqual([c1, c2].sort());
    expect(await pageThrough(me, '/api/message-requests')).toEqual([c4]);
    // The blocked person keeps theirs (a block is silent): my message waits in their requests.
    expect(await pageThrough(o3, '/api/message-requests')).toEqual([c3]);
    expect(await pageThrough(o3, '/api/conversations')).toEqual([]);
    // The people I blocked, latest first.
    expect(await pageThrough(me, '/api/blocks')).toEqual([o7.id, o6.id, o3.id]);

    // Unblocking brings the conversation back, and the list of blocks shrinks.
    expect((await t.call(me, 'DELETE', `/api/blocks/${o3.id}`)).status).toBe(200);
    expect((await pageThrough(me, '/api/conversations')).sort()).toEqual([c1, c2, c3].sort());
    expect(await pageThrough(me, '/api/blocks')).toEqual([o7.id, o6.id]);
  });
});
