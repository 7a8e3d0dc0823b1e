import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';

let t: TestApp;
let postFeeling: number;
let moodFeeling: number;
beforeAll(async () => {
  t = await createTestApp();
  postFeeling = (await t.app.inject({ method: 'GET', url: '/api/feelings?type=post' })).json().data[0].id;
  moodFeeling = (await t.app.inject({ method: 'GET', url: '/api/feelings?type=mood' })).json().data[0].id;
});
afterAll(() => t.close());

const text = (n: number, seed = Math.random().toString(36).slice(2, 8)) => `${seed} ${'a'.repeat(n - seed.length - 1)}`;
const post = (g: Guest, content: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/posts', headers: g.auth, payload: { content, ...extra } });

describe('placement by length', () => {
  it('stores more than 150 characters as a post, 150 or fewer as a mood with a notice', async () => {
    const g = await signInGuest(t.app);
    const long = await post(g, text(151), { feeling_id: postFeeling });
    expect(long.statusCode).toBe(201);
    expect(long.json()).toMatchObject({ message: 'Post Created', data: { is_mine: true, feeling: { id: postFeeling } } });
    expect(long.json().placed_as).toBeUndefined();

    const exactly = await post(g, text(150));
    expect(exactly.statusCode).toBe(201);
    expect(exactly.json().placed_as).toBe('mood');
    expect(exactly.json().notice).toMatch(/Moods/);
  });

  it('counts emoji as one character each', async () => {
    const g = await signInGuest(t.app);
    // 151 family emoji: many code points each, but 151 user-perceived characters.
    const res = await post(g, '👨‍👩‍👧'.repeat(151));
    expect(res.statusCode).toBe(201);
    expect(res.json().placed_as).toBeUndefined();
    const mood = await post(g, '👩🏽‍💻'.repeat(150));
    expect(mood.json().placed_as).toBe('mood');
  });

  it('stores a mood of 150 or more characters as a post', async () => {
    const g = await signInGuest(t.app);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/user/store/moods',
      headers: g.auth,
      payload: { content: text(149), feeling_id: moodFeeling },
    });
    expect(short.statusCode).toBe(201);
    expect(short.json()).toMatchObject({ message: 'Mood Created', data: { feeling: { id: moodFeeling } } });
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/user/store/moods',
      headers: g.auth,
      payload: { content: text(150), feeling_id: moodFeeling },
    });
    expect(long.json().placed_as).toBe('post');
    const listed = (await t.app.inject({ method: 'GET', url: '/api/user/get/moods' })).json();
    expect(listed.data.some((m: { id: number }) => m.id === short.json().data.id)).toBe(true);
  });
});

describe('posting rules', () => {
  it('allows 5 posts in 24 hours and refuses the 6th with retry_at', async () => {
    const g = await signInGuest(t.app);
    for (let i = 0; i < 5; i++) expect((await post(g, text(200))).statusCode).toBe(201);
    const sixth = await post(g, text(200));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ message: 'Limit Reached', isAllowed: false, limit: true });
    expect(new Date(sixth.json().retry_at).getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
    // Moods are not posts: a short text still goes through.
    expect((await post(g, text(40))).statusCode).toBe(201);
  });

  it('rejects a duplicate, whatever its case and spacing', async () => {
    const g = await signInGuest(t.app);
    const content = text(180, 'Same');
    expect((await post(g, content)).statusCode).toBe(201);
    const again = await post(g, `  ${content.toUpperCase().replace(' ', '   ')} `);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toContain('duplicated');
  });

  it('lets only one of two concurrent identical posts through', async () => {
    const g = await signInGuest(t.app);
    const content = text(180, 'Twin');
    const results = await Promise.all([post(g, content), post(g, content), post(g, content)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
  });

  it('lets no more than 5 of many concurrent posts through', async () => {
    const g = await signInGuest(t.app);
    const results = await Promise.all(Array.from({ length: 8 }, () => post(g, text(200))));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(3);
  });

  it('rejects empty, blank, over-long text and unknown feelings with 422 naming the field, storing nothing', async () => {
    const g = await signInGuest(t.app);
    const before = (await t.app.inject({ method: 'GET', url: '/api/posts' })).json().meta.total;
    for (const [payload, field] of [
      [{ content: '' }, 'content'],
      [{ content: '   \n ' }, 'content'],
      [{ content: 'x'.repeat(5001) }, 'content'],
      [{}, 'content'],
      [{ content: text(200), feeling_id: 999999 }, 'feeling_id'],
      [{ content: text(200), feeling_id: moodFeeling }, 'feeling_id'],
      [{ content: text(200), topic_id: 1 }, 'topic_id'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/posts', headers: g.auth, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/posts' })).json().meta.total).toBe(before);
  });

  it('needs sign-in to write', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/posts', payload: { content: text(200) } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/store/moods', payload: { content: 'x', feeling_id: 1 } })).statusCode,
    ).toBe(401);
  });
});

describe('reading', () => {
  it('pages the feed newest first with meta and links', async () => {
    const g = await signInGuest(t.app);
    for (let i = 0; i < 3; i++) await post(g, text(200));
    const page = (await t.app.inject({ method: 'GET', url: '/api/posts?per_page=2' })).json();
    expect(page.data).toHaveLength(2);
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 2 });
    expect(page.links.next).toBe('/api/posts?page=2&per_page=2');
    expect(page.links.prev).toBeNull();
    expect(new Date(page.data[0].created_at) >= new Date(page.data[1].created_at)).toBe(true);
    expect(page.data[0].is_mine).toBe(false);
    const one = await t.app.inject({ method: 'GET', url: `/api/posts/${page.data[0].id}` });
    expect(one.json().data.id).toBe(page.data[0].id);
    expect((await t.app.inject({ method: 'GET', url: '/api/posts/99999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/posts/abc' })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/posts?page=0' })).statusCode).toBe(422);
  });

  it('translates feelings into the language asked for', async () => {
    const en = (await t.app.inject({ method: 'GET', url: '/api/feelings?type=post' })).json().data;
    const es = (await t.app.inject({ method: 'GET', url: '/api/feelings?type=post', headers: { 'x-locale': 'es' } })).json().data;
    expect(en[0].name).toBe('Sad');
    expect(es[0].name).not.toBe('Sad');
    expect(es[0].emoji).toBe(en[0].emoji);
  });
});

describe('comments', () => {
  it('adds a comment, keeps the count on the post, lists oldest first', async () => {
    const author = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const p = (await post(author, text(200))).json().data;
    for (const content of ['first', 'second']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/comments', headers: reader.auth, payload: { post_id: p.id, content } });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ post_id: p.id, parent_id: null, content, is_mine: true });
    }
    const list = (await t.app.inject({ method: 'GET', url: `/api/post-comments?post_id=${p.id}` })).json();
    expect(list.data.map((c: { content: string }) => c.content)).toEqual(['first', 'second']);
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/${p.id}` })).json().data.comments_count).toBe(2);
  });

  it('refuses comments on unknown posts (404) and bad content (422) without writing', async () => {
    const g = await signInGuest(t.app);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/comments', headers: g.auth, payload: { post_id: 99999999, content: 'hello' } }))
        .statusCode,
    ).toBe(404);
    const p = (await post(g, text(200))).json().data;
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: g.auth,
      payload: { post_id: p.id, content: 'x'.repeat(2001) },
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.content).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/${p.id}` })).json().data.comments_count).toBe(0);
  });
});
