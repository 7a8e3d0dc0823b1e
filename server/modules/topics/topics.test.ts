import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPIC_INTERVAL_MS } from '../../../core/limits.ts';
import { topics } from '../../../db/schema.ts';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';
import { frozenClock } from '../../../tests/helpers/clock.ts';

let t: TestApp;
let category: { id: number; name: string };
let covers: { id: number; url: string }[];
beforeAll(async () => {
  t = await createTestApp();
  category = (await t.call(null, 'GET', '/api/categories')).body.data[0];
  covers = (await t.call(null, 'GET', '/api/topic-covers')).body.data;
});
afterAll(() => t.close());

async function newTopic(g: Guest, title = `Coping with exams ${Math.random().toString(36).slice(2, 6)}`, categoryId = category.id) {
  const res = await t.call(g, 'POST', '/api/topics', {
    title,
    description: 'A place to share how we get through exam season.',
    category_id: categoryId,
    cover_id: covers[0].id,
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; posts_count: number };
}

describe('reference data', () => {
  it('serves translated categories and at least 12 real cover images', async () => {
    const es = (await t.call(null, 'GET', '/api/categories', undefined, { headers: { 'x-locale': 'es' } })).body.data;
    expect(es.length).toBeGreaterThanOrEqual(10);
    expect(es[0]).toMatchObject({ id: category.id, slug: 'anxiety' });
    expect(covers.length).toBeGreaterThanOrEqual(12);
    // The web plugin serves public/ at the root; every cover URL names a real SVG file there.
    for (const c of covers) expect(readFileSync(new URL(`../../../public${c.url}`, import.meta.url), 'utf8')).toMatch(/^<svg /);
  });
});

describe('topics', () => {
  it('creates, lists by category, shows one, and relates topics of the same category', async () => {
    const g = await signInGuest(t.app);
    const a = await newTopic(g);
    const b = await newTopic(g);
    const other = (await t.call(null, 'GET', '/api/categories')).body.data[1];
    const c = await newTopic(g, 'Talking to my parents', other.id);
    const created = (await t.call(g, 'GET', `/api/topics/${a.id}`)).body.data;
    expect(created).toMatchObject({
      id: a.id,
      slug: String(a.id),
      category: { id: category.id },
      cover: { id: covers[0].id },
      posts_count: 0,
    });
    const filtered = (await t.call(null, 'GET', `/api/topics?category_id=${category.id}`)).body;
    expect(filtered.data.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    expect(filtered.meta.total).toBe(2);
    const related = (await t.call(null, 'GET', `/api/relatedTopics?topic_id=${a.id}`)).body.data.map((x: { id: number }) => x.id);
    expect(related).toEqual([b.id]);
    expect(related).not.toContain(c.id);
    expect(await t.call(null, 'GET', '/api/topics/999999')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    const ld = (await t.call(null, 'GET', `/api/schema/topic/${a.id}`)).body;
    expect(ld).toMatchObject({ '@type': 'DiscussionForumPosting', headline: expect.stringContaining('Coping with exams') });
  });

  it('stores the language of the title and description, not the page or author language', async () => {
    const g = await signInGuest(t.app, 'ja');
    const res = await t.call(
      g,
      'POST',
      '/api/topics',
      {
        title: 'التعامل مع ضغط الامتحانات',
        description: 'مكان لنتشارك كيف نتجاوز موسم الامتحانات معا.',
        category_id: category.id,
        cover_id: covers[0].id,
      },
      { headers: { 'x-locale': 'ja' } },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.language).toBe('ar');
    const shown = (await t.call(null, 'GET', `/api/topics/${res.body.data.id}`, undefined, { headers: { 'x-locale': 'ja' } })).body.data;
    expect(shown.language).toBe('ar');
  });

  it('refuses unknown category or cover, and bad titles, without storing anything', async () => {
    const g = await signInGuest(t.app);
    const before = (await t.call(null, 'GET', '/api/topics')).body.meta.total;
    const base = { title: 'A good title', description: 'Text', category_id: category.id, cover_id: covers[0].id };
    for (const [body, field] of [
      [{ ...base, category_id: 999 }, 'category_id'],
      [{ ...base, cover_id: 999 }, 'cover_id'],
      [{ ...base, title: 'Hey' }, 'title'],
      [{ ...base, title: 'x'.repeat(121) }, 'title'],
      [{ ...base, description: 'x'.repeat(1001) }, 'description'],
    ] as const) {
      const res = await t.call(g, 'POST', '/api/topics', body);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.errors).toHaveProperty(field);
    }
    expect(await t.call(null, 'POST', '/api/topics', base)).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect((await t.call(null, 'GET', '/api/topics')).body.meta.total).toBe(before);
  });

  it('keeps 30 minutes between two posts of the same user in the same topic', async () => {
    const clock = frozenClock();
    const g = await signInGuest(t.app);
    const topic = await newTopic(g);
    const other = await newTopic(g);
    expect((await t.call(g, 'GET', `/api/check-new-note?type=topic&topic_id=${topic.id}`)).body).toEqual({ isAllowed: true });
    const first = await t.call(g, 'POST', '/api/posts', { content: 'My first exam is tomorrow and I cannot sleep.', topic_id: topic.id });
    expect(first.status).toBe(201);
    // A post in a topic stays a post, whatever its length.
    expect(first.body.placed_as).toBeUndefined();
    expect(first.body.data.topic_id).toBe(topic.id);

    const second = await t.call(g, 'POST', '/api/posts', { content: 'Still awake, still worried about it.', topic_id: topic.id });
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ code: 'TOPIC_INTERVAL', message: 'Please wait 30 minutes', isAllowed: false, time: true });
    expect(second.body.retry_at).toBe(new Date(Date.parse(first.body.data.created_at) + TOPIC_INTERVAL_MS).toISOString());
    expect((await t.call(g, 'GET', `/api/check-new-note?type=topic&topic_id=${topic.id}`)).body).toEqual({
      isAllowed: false,
      code: 'TOPIC_INTERVAL',
      time: true,
      retry_at: second.body.retry_at,
    });
    // Another topic, and another person, are not held back.
    expect((await t.call(g, 'POST', '/api/posts', { content: 'A different topic entirely.', topic_id: other.id })).status).toBe(201);
    const someoneElse = await signInGuest(t.app);
    expect((await t.call(someoneElse, 'POST', '/api/posts', { content: 'I have exams too.', topic_id: topic.id })).status).toBe(201);

    // Thirty minutes later the author may post there again (the interval counts from the post written, deleted or not).
    clock.at(TOPIC_INTERVAL_MS);
    expect((await t.call(g, 'GET', `/api/check-new-note?type=topic&topic_id=${topic.id}`)).body).toEqual({ isAllowed: true });
    expect(
      (await t.call(g, 'POST', '/api/posts', { content: 'Exam done. It went better than I feared.', topic_id: topic.id })).status,
    ).toBe(201);

    const list = (await t.call(null, 'GET', `/api/posts?topic_id=${topic.id}`)).body;
    expect(list.meta.total).toBe(3);
    expect(list.data.every((p: { topic_id: number }) => p.topic_id === topic.id)).toBe(true);
    expect((await t.call(null, 'GET', `/api/topics/${topic.id}`)).body.data.posts_count).toBe(3);
    expect((await t.call(null, 'GET', '/api/latestTopicPosts')).body.data.length).toBeGreaterThanOrEqual(3);
    expect(await t.call(g, 'GET', '/api/check-new-note?type=topic&topic_id=999999')).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect(await t.call(g, 'POST', '/api/posts', { content: 'Nowhere', topic_id: 999999 })).toMatchObject({
      status: 422,
      body: { code: 'VALIDATION' },
    });
  });

  it('answers a topic’s posts as the topic’s page: 404 when missing, removed, under review or across a block', async () => {
    const [author, reader, blocker] = await Promise.all([signInGuest(t.app), signInGuest(t.app), signInGuest(t.app)]);
    const notFound = { status: 404, body: { code: 'NOT_FOUND' } };
    const postsOf = (g: Guest | null, id: number) => t.call(g, 'GET', `/api/posts?topic_id=${id}`);
    const pageOf = (g: Guest | null, id: number) => t.call(g, 'GET', `/api/topics/${id}`);
    expect(await postsOf(reader, 999_999)).toMatchObject(notFound);
    expect(await postsOf(null, 999_999)).toMatchObject(notFound);

    const [hidden, removed, blocked] = [await newTopic(author), await newTopic(author), await newTopic(author)];
    for (const topic of [hidden, removed, blocked]) {
      expect(
        (await t.call(author, 'POST', '/api/posts', { content: `Writing here while topic ${topic.id} is open.`, topic_id: topic.id }))
          .status,
      ).toBe(201);
    }
    await t.database.db.update(topics).set({ moderation: 'hidden' }).where(eq(topics.id, hidden.id));
    await t.database.db.update(topics).set({ moderation: 'removed' }).where(eq(topics.id, removed.id));
    expect((await t.call(blocker, 'POST', '/api/blocks', { user_id: author.id })).status).toBe(200);

    const cases: [Guest | null, number, number][] = [
      [reader, hidden.id, 404],
      [null, hidden.id, 404],
      [author, hidden.id, 200],
      [reader, removed.id, 404],
      [author, removed.id, 404],
      [blocker, blocked.id, 404],
      // The blocked side, too: a block separates both people.
      [reader, blocked.id, 200],
    ];
    for (const [g, id, status] of cases) {
      const [posts, page] = [await postsOf(g, id), await pageOf(g, id)];
      expect([posts.status, page.status]).toEqual([status, status]);
      if (status === 404) expect(posts.body).toMatchObject(notFound.body);
      else expect(posts.body.meta.total).toBe(1);
    }
    expect((await t.call(author, 'POST', '/api/blocks', { user_id: reader.id })).status).toBe(200);
    expect(await postsOf(reader, blocked.id)).toMatchObject(notFound);
  });

  it('ranks trending topics by posts and supports in the last 7 days', async () => {
    const g = await signInGuest(t.app);
    const quiet = await newTopic(g);
    const busy = await newTopic(g);
    await t.call(g, 'POST', '/api/posts', { content: 'One post here.', topic_id: quiet.id });
    for (const r of await Promise.all([1, 2, 3].map(() => signInGuest(t.app)))) {
      const p = (await t.call(r, 'POST', '/api/posts', { content: `Busy topic post ${r.id}`, topic_id: busy.id })).body.data;
      await t.call(g, 'POST', '/api/supports', { post_id: p.id });
    }
    const trending = (await t.call(null, 'GET', '/api/topics/trending')).body.data.map((x: { id: number }) => x.id);
    expect(trending.indexOf(busy.id)).toBeLessThan(trending.indexOf(quiet.id));
  });
});
