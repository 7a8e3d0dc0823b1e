import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTS_WINDOW_MS } from '../../../core/limits.ts';
import { postListSchema, postPageSchema, postResponseSchema } from '../../../core/schemas/posts.ts';
import { posts } from '../../../db/schema.ts';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';

let t: TestApp;
let postFeeling: number;
let moodFeeling: number;
beforeAll(async () => {
  t = await createTestApp();
  postFeeling = (await t.call(null, 'GET', '/api/feelings?type=post')).body.data[0].id;
  moodFeeling = (await t.call(null, 'GET', '/api/feelings?type=mood')).body.data[0].id;
});
afterAll(() => t.close());

const text = (n: number, seed = Math.random().toString(36).slice(2, 8)) => `${seed} ${'a'.repeat(n - seed.length - 1)}`;
const post = (g: Guest, content: string, extra: Record<string, unknown> = {}) => t.call(g, 'POST', '/api/posts', { content, ...extra });

describe('placement by length', () => {
  it('stores more than 150 characters as a post, 150 or fewer as a mood with a notice', async () => {
    const g = await signInGuest(t.app);
    const long = await post(g, text(151), { feeling_id: postFeeling });
    expect(long.status).toBe(201);
    expect(long.body).toMatchObject({ message: 'Post Created', data: { is_mine: true, feeling: { id: postFeeling } } });
    expect(long.body.placed_as).toBeUndefined();

    const exactly = await post(g, text(150));
    expect(exactly.status).toBe(201);
    expect(exactly.body.placed_as).toBe('mood');
    expect(exactly.body.notice).toMatch(/Moods/);
  });

  it('counts emoji as one character each', async () => {
    const g = await signInGuest(t.app);
    // 151 family emoji: many code points each, but 151 user-perceived characters.
    const res = await post(g, '👨‍👩‍👧'.repeat(151));
    expect(res.status).toBe(201);
    expect(res.body.placed_as).toBeUndefined();
    const mood = await post(g, '👩🏽‍💻'.repeat(150));
    expect(mood.body.placed_as).toBe('mood');
  });

  it('stores a mood of 150 or more characters as a post', async () => {
    const g = await signInGuest(t.app);
    const short = await t.call(g, 'POST', '/api/user/store/moods', { content: text(149), feeling_id: moodFeeling });
    expect(short.status).toBe(201);
    expect(short.body).toMatchObject({ message: 'Mood Created', data: { feeling: { id: moodFeeling } } });
    const long = await t.call(g, 'POST', '/api/user/store/moods', { content: text(150), feeling_id: moodFeeling });
    expect(long.body.placed_as).toBe('post');
    const listed = (await t.call(null, 'GET', '/api/user/get/moods')).body;
    expect(listed.data.some((m: { id: number }) => m.id === short.body.data.id)).toBe(true);
  });
});

describe('posting rules', () => {
  it('allows 5 posts in 24 hours and refuses the 6th with retry_at', async () => {
    const g = await signInGuest(t.app);
    const written = [];
    for (let i = 0; i < 5; i++) written.push(await post(g, text(200)));
    expect(written.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const sixth = await post(g, text(200));
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 'POST_LIMIT', message: 'Limit Reached', isAllowed: false, limit: true });
    // The window opens again 24 hours after the oldest of the five.
    expect(sixth.body.retry_at).toBe(new Date(Date.parse(written[0].body.data.created_at) + POSTS_WINDOW_MS).toISOString());
    // Moods are not posts: a short text still goes through.
    expect((await post(g, text(40))).status).toBe(201);
  });

  it('rejects a duplicate, whatever its case and spacing', async () => {
    const g = await signInGuest(t.app);
    const content = text(180, 'Same');
    expect((await post(g, content)).status).toBe(201);
    const again = await post(g, `  ${content.toUpperCase().replace(' ', '   ')} `);
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ code: 'DUPLICATE', message: 'This post is duplicated: you have already shared the same text.' });
  });

  it('rejects empty, blank, over-long text and unknown feelings with 422 naming the field, storing nothing', async () => {
    const g = await signInGuest(t.app);
    const before = (await t.call(null, 'GET', '/api/posts')).body.meta.total;
    for (const [payload, field] of [
      [{ content: '' }, 'content'],
      [{ content: '   \n ' }, 'content'],
      [{ content: 'x'.repeat(5001) }, 'content'],
      [{}, 'content'],
      [{ content: text(200), feeling_id: 999999 }, 'feeling_id'],
      [{ content: text(200), feeling_id: moodFeeling }, 'feeling_id'],
      [{ content: text(200), topic_id: 1 }, 'topic_id'],
    ] as const) {
      const res = await t.call(g, 'POST', '/api/posts', payload);
      expect(res.status, JSON.stringify(payload).slice(0, 60)).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    }
    expect((await t.call(null, 'GET', '/api/posts')).body.meta.total).toBe(before);
  });

  it('needs sign-in to write', async () => {
    expect(await t.call(null, 'POST', '/api/posts', { content: text(200) })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
    expect(await t.call(null, 'POST', '/api/user/store/moods', { content: 'x', feeling_id: 1 })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
  });
});

describe('reading', () => {
  it('pages the feed newest first with meta and links', async () => {
    const g = await signInGuest(t.app);
    for (let i = 0; i < 3; i++) await post(g, text(200));
    const page = (await t.call(null, 'GET', '/api/posts?per_page=2')).body;
    expect(page.data).toHaveLength(2);
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 2 });
    expect(page.links.next).toBe('/api/posts?page=2&per_page=2');
    expect(page.links.prev).toBeNull();
    expect(new Date(page.data[0].created_at) >= new Date(page.data[1].created_at)).toBe(true);
    expect(page.data[0].is_mine).toBe(false);
    const one = await t.call(null, 'GET', `/api/posts/${page.data[0].id}`);
    expect(one.body.data.id).toBe(page.data[0].id);
    expect(await t.call(null, 'GET', '/api/posts/99999999')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await t.call(null, 'GET', '/api/posts/abc')).toMatchObject({ status: 422, body: { code: 'VALIDATION' } });
    expect(await t.call(null, 'GET', '/api/posts?page=0')).toMatchObject({ status: 422, body: { code: 'VALIDATION' } });
  });

  it('writes each page of the feed exactly as its response schema would (the route skips the check: lib/http.ts plainJsonOk)', async () => {
    const author = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const rich = await post(author, `${text(200)} #Kummer #hope`, {
      feeling_id: postFeeling,
      poll: { question: 'Which helps?', options: ['Walking', 'Talking'] },
    });
    const plain = await post(author, text(200));
    const held = await post(author, text(200));
    expect([rich.status, plain.status, held.status]).toEqual([201, 201, 201]);
    await t.database.db.update(posts).set({ moderation: 'hidden' }).where(eq(posts.id, held.body.data.id));
    await t.call(reader, 'POST', '/api/supports', { post_id: rich.body.data.id });
    const pages = [
      await t.app.inject({ method: 'GET', url: '/api/posts?per_page=5' }),
      await t.app.inject({ method: 'GET', url: '/api/posts?per_page=5', headers: author.auth }),
      await t.app.inject({ method: 'GET', url: '/api/posts?per_page=5', headers: { ...reader.auth, 'x-locale': 'de' } }),
      await t.app.inject({ method: 'GET', url: '/api/posts?page=2&per_page=1' }),
    ];
    const shown = pages.flatMap((res) => res.json().data);
    // The page holds what the check would have seen: a feeling, tags, a poll, the reader's flag, a post under review.
    expect(shown.some((p) => p.feeling && p.tags.length === 2 && p.poll && p.is_supported)).toBe(true);
    expect(shown.some((p) => p.under_review === true && p.is_mine)).toBe(true);
    for (const res of pages) {
      expect(res.statusCode).toBe(200);
      // The same keys in the same order, nothing the schema would drop: re-encoding through it changes no byte.
      expect(JSON.stringify(postPageSchema.encode(res.json()))).toBe(res.body);
    }
    // The problem page's and the home page's other reads of posts skip the check too.
    const kin = await post(author, `${text(200)} #hope`, { feeling_id: postFeeling });
    const as = [{}, author.auth, { ...reader.auth, 'x-locale': 'de' }];
    for (const headers of as) {
      for (const id of [rich.body.data.id, held.body.data.id]) {
        const one = await t.app.inject({ method: 'GET', url: `/api/posts/${id}`, headers });
        if (one.statusCode === 404) continue;
        expect(JSON.stringify(postResponseSchema.encode(one.json()))).toBe(one.body);
      }
      const lists = [
        await t.app.inject({ method: 'GET', url: '/api/trendingPosts', headers }),
        await t.app.inject({ method: 'GET', url: `/api/relatedPosts?post_id=${kin.body.data.id}`, headers }),
      ];
      for (const res of lists) {
        expect(res.statusCode).toBe(200);
        expect(res.json().data.length).toBeGreaterThan(0);
        expect(JSON.stringify(postListSchema.encode(res.json()))).toBe(res.body);
      }
    }
    // The author reads their post under review; the others get the checked 404.
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/${held.body.data.id}`, headers: author.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/${held.body.data.id}` })).json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('translates feelings into the language asked for', async () => {
    const en = (await t.call(null, 'GET', '/api/feelings?type=post')).body.data;
    const es = (await t.call(null, 'GET', '/api/feelings?type=post', undefined, { headers: { 'x-locale': 'es' } })).body.data;
    expect(en[0].name).toBe('Sad');
    expect(es[0].name).toBe('Triste');
    expect(es[0].emoji).toBe(en[0].emoji);
  });
});

describe('comments', () => {
  it('adds a comment, keeps the count on the post, lists oldest first', async () => {
    const author = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const p = (await post(author, text(200))).body.data;
    for (const content of ['first', 'second']) {
      const res = await t.call(reader, 'POST', '/api/comments', { post_id: p.id, content });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ post_id: p.id, parent_id: null, content, is_mine: true });
    }
    const list = (await t.call(null, 'GET', `/api/post-comments?post_id=${p.id}`)).body;
    expect(list.data.map((c: { content: string }) => c.content)).toEqual(['first', 'second']);
    expect((await t.call(null, 'GET', `/api/posts/${p.id}`)).body.data.comments_count).toBe(2);
  });

  it('refuses comments on unknown posts (404) and bad content (422) without writing', async () => {
    const g = await signInGuest(t.app);
    expect(await t.call(g, 'POST', '/api/comments', { post_id: 99999999, content: 'hello' })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    const p = (await post(g, text(200))).body.data;
    const long = await t.call(g, 'POST', '/api/comments', { post_id: p.id, content: 'x'.repeat(2001) });
    expect(long.status).toBe(422);
    expect(long.body.code).toBe('VALIDATION');
    expect(long.body.errors).toEqual({ content: ['Must be at most 2,000 characters.'] });
    expect((await t.call(null, 'GET', `/api/posts/${p.id}`)).body.data.comments_count).toBe(0);
  });
});
