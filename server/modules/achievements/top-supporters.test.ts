/** Issue 16: the monthly top supporters (UTC months), the months with data, the opt-out; on both engines. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TopSupporters } from '../../../core/schemas/achievements.ts';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const long = (words: string) => `${words} ${'and it keeps coming back every single evening when the house gets quiet. '.repeat(3)}`.trim();
let postNo = 0;
async function newPost(g: Guest): Promise<number> {
  const res = await t.call(g, 'POST', '/api/posts', { content: long(`Supported post ${++postNo}`) });
  expect(res.status).toBe(201);
  return res.body.data.id;
}
const support = async (g: Guest, postId: number) =>
  expect((await t.call(g, 'POST', '/api/supports', { post_id: postId })).status).toBe(200);
const at = (iso: string) => vi.setSystemTime(new Date(iso));

async function ranking(as: Guest | null, month: string): Promise<TopSupporters> {
  const res = await t.call<TopSupporters>(as, 'GET', `/api/top-supporters?month=${month}`);
  expect(res.status).toBe(200);
  return res.body;
}
const lines = (r: TopSupporters) => r.data.map((l) => [l.user.id, l.supports_count, l.position]);

describe('top supporters', () => {
  it('count a support at 23:59:59.999 UTC on the last day in that month and one a millisecond later in the next', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      at('2031-01-31T23:00:00.000Z');
      const author = await signInGuest(t.app);
      const helper = await signInGuest(t.app);
      const [p1, p2] = [await newPost(author), await newPost(author)];
      at('2031-01-31T23:59:59.999Z');
      await support(helper, p1);
      at('2031-02-01T00:00:00.000Z');
      await support(helper, p2);
      expect(lines(await ranking(null, '2031-01'))).toEqual([[helper.id, 1, 1]]);
      expect(lines(await ranking(null, '2031-02'))).toEqual([[helper.id, 1, 1]]);
      expect((await t.call(null, 'GET', '/api/get/months/has/data')).body.data).toEqual(['2031-02', '2031-01']);
      // Withdrawn in February, the January support leaves January.
      await t.call(helper, 'POST', '/api/unsupport', { post_id: p1 });
      expect(lines(await ranking(null, '2031-01'))).toEqual([]);
      expect((await t.call(null, 'GET', '/api/get/months/has/data')).body.data).toEqual(['2031-02']);
      expect(lines(await ranking(null, '2031-02'))).toEqual([[helper.id, 1, 1]]);
      // The default month is the current one (UTC).
      expect((await t.call<TopSupporters>(null, 'GET', '/api/top-supporters')).body.month).toBe('2031-02');
    } finally {
      vi.useRealTimers();
    }
  });

  it("rank by supports given to others, equal counts sharing a place, with the reader's own place", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      at('2032-03-10T12:00:00.000Z');
      const authors = [await signInGuest(t.app), await signInGuest(t.app)];
      const posts = [await newPost(authors[0]), await newPost(authors[0]), await newPost(authors[1])];
      const [a, b, c] = [await signInGuest(t.app), await signInGuest(t.app), await signInGuest(t.app)];
      for (const p of posts) await support(a, p);
      for (const p of posts.slice(0, 2)) await support(b, p);
      await support(c, posts[2]);
      // Supporting one's own post counts for nobody.
      await support(authors[0], posts[0]);
      const r = await ranking(c, '2032-03');
      expect(lines(r)).toEqual([
        [a.id, 3, 1],
        [b.id, 2, 2],
        [c.id, 1, 3],
      ]);
      expect(r.me).toEqual({ supports_count: 1, position: 3 });
      expect(r.month).toBe('2032-03');
      expect(r.data[0].user).toEqual({ id: a.id, nickname: a.nickname, avatar: expect.any(Object), rank: expect.any(Object) });
      expect((await ranking(authors[0], '2032-03')).me).toBe(null);
      expect((await ranking(null, '2032-03')).me).toBe(null);

      await support(b, posts[2]);
      expect(lines(await ranking(null, '2032-03'))).toEqual([
        [a.id, 3, 1],
        [b.id, 3, 1],
        [c.id, 1, 3],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leave out a person who opted out, for everyone and in their own place; they can opt back in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      at('2033-05-05T08:00:00.000Z');
      const author = await signInGuest(t.app);
      const p = await newPost(author);
      const [shy, open] = [await signInGuest(t.app), await signInGuest(t.app)];
      await support(shy, p);
      await support(open, p);
      const off = await t.call(shy, 'PUT', `/api/users/${shy.id}`, { show_in_top_supporters: false });
      expect(off.status).toBe(200);
      expect(off.body.user.show_in_top_supporters).toBe(false);
      expect((await t.call(shy, 'GET', '/api/get/data/user')).body.data.show_in_top_supporters).toBe(false);
      expect(lines(await ranking(null, '2033-05'))).toEqual([[open.id, 1, 1]]);
      expect((await ranking(shy, '2033-05')).me).toBe(null);
      // Still counted while hidden: opting back in shows the whole month.
      expect((await t.call(shy, 'PUT', `/api/users/${shy.id}`, { show_in_top_supporters: true })).status).toBe(200);
      expect(lines(await ranking(null, '2033-05'))).toEqual([
        [shy.id, 1, 1],
        [open.id, 1, 1],
      ]);
      expect((await t.call(shy, 'PUT', `/api/users/${shy.id}`, { show_in_top_supporters: 'no' })).status).toBe(422);
    } finally {
      vi.useRealTimers();
    }
  });

  it("drop a person the reader blocked from the reader's list, leaving everyone's places as they are", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      at('2034-07-01T00:00:00.000Z');
      const author = await signInGuest(t.app);
      const posts = [await newPost(author), await newPost(author)];
      const [top, second, reader] = [await signInGuest(t.app), await signInGuest(t.app), await signInGuest(t.app)];
      for (const p of posts) await support(top, p);
      await support(second, posts[0]);
      expect((await t.call(reader, 'POST', '/api/blocks', { user_id: top.id })).status).toBe(200);
      expect(lines(await ranking(reader, '2034-07'))).toEqual([[second.id, 1, 2]]);
      expect(lines(await ranking(null, '2034-07'))).toEqual([
        [top.id, 2, 1],
        [second.id, 1, 2],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 422 to a month that is not YYYY-MM', async () => {
    for (const month of ['abc', '2026-13', '2026-00', '2026-1', '26-11', '2026-11-01', '2026/11', "2026-11'--", '']) {
      const res = await t.call(null, 'GET', `/api/top-supporters?month=${encodeURIComponent(month)}`);
      expect([month, res.status, res.body.code]).toEqual([month, 422, 'VALIDATION']);
    }
    expect((await t.call(null, 'GET', '/api/top-supporters?month=1999-01')).body).toEqual({ data: [], month: '1999-01', me: null });
  });
});
