/** Issue 16: the own-content lists of the profile (API.md "Sign-in and the user"), on both engines. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportTypes } from '../../../db/schema.ts';
import type { ApiBody } from '../../../tests/helpers/api.ts';
import { createTestApp, type Guest, signInEstablished, signInGuest, type TestApp, writingRefs } from '../../../tests/helpers/app.ts';

let t: TestApp;
let moodFeeling: number;
let topicRefs: { category_id: number; cover_id: number };
let spam: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ moodFeeling, topicRefs } = await writingRefs(t));
  spam = (await t.database.db.select().from(reportTypes)).find((r) => r.key === 'spam')?.id as number;
});
afterAll(() => t.close());

const long = (words: string) => `${words} ${'and it keeps coming back every single evening when the house gets quiet. '.repeat(3)}`.trim();
const ids = (body: ApiBody) => (body.data as { id: number }[]).map((x) => x.id);

async function created(g: Guest, method: 'POST', url: string, payload: object): Promise<number> {
  const res = await t.call(g, method, url, payload);
  expect(res.status).toBe(201);
  return res.body.data.id;
}

async function writeAll(g: Guest, tag: string) {
  const posts = [];
  for (let i = 0; i < 3; i++) posts.push(await created(g, 'POST', '/api/posts', { content: long(`${tag} post ${i}`) }));
  const moods = [];
  for (let i = 0; i < 2; i++)
    moods.push(await created(g, 'POST', '/api/user/store/moods', { content: `${tag} mood ${i}`, feeling_id: moodFeeling }));
  const topics = [await created(g, 'POST', '/api/topics', { title: `${tag} evenings`, description: `About ${tag}`, ...topicRefs })];
  const thoughts = [];
  for (let i = 0; i < 2; i++) thoughts.push(await created(g, 'POST', '/api/thoughts', { content: `${tag} thought ${i}` }));
  return { posts, moods, topics, thoughts };
}

const LISTS = {
  posts: '/api/user-posts',
  moods: '/api/user/get/user-moods',
  topics: '/api/get/user-topics',
  thoughts: '/api/user-thoughts',
} as const;

describe('own-content lists', () => {
  it("list exactly the signed-in person's own items, newest first, and nobody else's", async () => {
    const me = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    const mine = await writeAll(me, 'mine');
    const theirs = await writeAll(other, 'theirs');
    for (const [kind, url] of Object.entries(LISTS) as [keyof typeof LISTS, string][]) {
      const res = await t.call(me, 'GET', url);
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([...mine[kind]].reverse());
      expect(res.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: mine[kind].length });
      expect(res.body.data.every((x: { is_mine?: boolean; user: { id: number } }) => x.user.id === me.id)).toBe(true);
      expect(ids((await t.call(other, 'GET', url)).body)).toEqual([...theirs[kind]].reverse());
    }
  });

  it('answer 401 to nobody', async () => {
    for (const url of [...Object.values(LISTS), '/api/get/user-violating', '/api/favorites']) {
      expect(await t.call(null, 'GET', url)).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    }
  });

  it('page with page and per_page, with links', async () => {
    const me = await signInGuest(t.app);
    const mine = await writeAll(me, 'paged');
    const first = (await t.call(me, 'GET', '/api/user-posts?per_page=2')).body;
    expect(ids(first)).toEqual([mine.posts[2], mine.posts[1]]);
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(first.links).toEqual({ next: '/api/user-posts?page=2&per_page=2', prev: null });
    const second = (await t.call(me, 'GET', '/api/user-posts?page=2&per_page=2')).body;
    expect(ids(second)).toEqual([mine.posts[0]]);
    expect(second.links.prev).toBe('/api/user-posts?page=1&per_page=2');
    expect(ids((await t.call(me, 'GET', '/api/user-thoughts?page=2&per_page=1')).body)).toEqual([mine.thoughts[0]]);
    expect(ids((await t.call(me, 'GET', '/api/user/get/user-moods?page=3&per_page=1')).body)).toEqual([]);
    expect((await t.call(me, 'GET', '/api/user-posts?page=0')).status).toBe(422);
    expect((await t.call(me, 'GET', '/api/get/user-topics?per_page=51')).status).toBe(422);
  });

  it("keep an item under review in its author's list, marked, and drop a deleted one", async () => {
    const me = await signInGuest(t.app);
    const post = await created(me, 'POST', '/api/posts', { content: long('reported soon') });
    const kept = await created(me, 'POST', '/api/posts', { content: long('deleted soon') });
    for (let i = 0; i < 3; i++) {
      expect((await t.call(await signInEstablished(t.app), 'POST', '/api/reports', { post_id: post, report_type_id: spam })).status).toBe(
        201,
      );
    }
    expect((await t.call(me, 'DELETE', `/api/posts/${kept}`)).status).toBe(200);
    const list = (await t.call(me, 'GET', '/api/user-posts')).body;
    expect(ids(list)).toEqual([post]);
    expect(list.data[0].under_review).toBe(true);
  });
});

describe('the OpenAPI document', () => {
  it('documents every call of issue 16', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = [
      '/api/user-posts',
      '/api/user/get/user-moods',
      '/api/get/user-topics',
      '/api/user-thoughts',
      '/api/get/achievements',
      '/api/users/{user_id}/achievements',
      '/api/top-supporters',
      '/api/get/months/has/data',
    ];
    expect(paths.filter((p) => !doc.paths[p]?.get)).toEqual([]);
    expect(doc.paths['/api/top-supporters'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['month']);
    expect(Object.keys(doc.paths['/api/get/achievements'].get.responses[200].content['application/json'].schema.properties)).toEqual([
      'achievements',
    ]);
  });
});
