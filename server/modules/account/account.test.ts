/**
 * POST /api/deactivate and GET /api/export: erasing a person leaves none of their text anywhere in the database
 * and every kept count on other people's rows as if they had undone each act; the export holds what they wrote.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINTS } from '../../../core/limits.ts';
import { exportSchema } from '../../../core/schemas/account.ts';
import { contentCounts, posts, tags, users } from '../../../db/schema.ts';
import { createTestApp, type Guest, openTestDatabase, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';
import { buildApp } from '../../app.ts';
import { parseConfig } from '../../config.ts';

let t: TestApp;
let refs: { category_id: number; cover_id: number; moodFeeling: number; reportType: number };
beforeAll(async () => {
  t = await createTestApp();
  refs = {
    category_id: (await t.call(null, 'GET', '/api/categories')).body.data[0].id,
    cover_id: (await t.call(null, 'GET', '/api/topic-covers')).body.data[0].id,
    moodFeeling: (await t.call(null, 'GET', '/api/feelings?type=mood')).body.data[0].id,
    reportType: (await t.call(null, 'GET', '/api/report-types')).body.data[0].id,
  };
});
afterAll(() => t.close());

const long = (words: string) => `${words} ${'The evenings are the hardest part of it, every single one of them lately. '.repeat(3)}`.trim();

/** Every text (and text array) column of every table that holds `marker`, as `table.column`. */
async function whereTextHolds(marker: string): Promise<string[]> {
  const columns = (await t.database.db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and (data_type in ('text', 'character varying') or udt_name = '_text')`)) as unknown as {
    rows: { table_name: string; column_name: string }[];
  };
  const found: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const hits = (await t.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${`%${marker}%`}`,
    )) as unknown as { rows: { n: number }[] };
    if (hits.rows[0].n > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

async function points(id: number): Promise<number> {
  const [row] = await t.database.db.select({ points: users.points }).from(users).where(eq(users.id, id));
  return row.points;
}

async function totals(): Promise<Record<string, number>> {
  const rows = await t.database.db.select().from(contentCounts);
  const out: Record<string, number> = {};
  for (const r of rows) out[r.kind] = (out[r.kind] ?? 0) + r.n;
  return out;
}

/** What the person (`a`, the marker in every text) writes and does, on their own items and on `b`'s. */
async function actEverywhere(a: Guest, b: Guest, marker: string) {
  const call = t.call;
  // b's items, before a acts on them.
  const bTopic = (await call(b, 'POST', '/api/topics', { title: 'Evenings alone', description: 'Talking it through.', ...refs })).body.data;
  const bPost = (await call(b, 'POST', '/api/posts', { content: long('What helps you sleep?'), poll: { options: ['Music', 'Reading'] } }))
    .body.data;
  const bMood = (await call(b, 'POST', '/api/user/store/moods', { content: 'Tired but hopeful', feeling_id: refs.moodFeeling })).body.data;
  const bThought = (await call(b, 'POST', '/api/thoughts', { content: 'Small steps still count.' })).body.data;
  const bComment = (await call(b, 'POST', '/api/comments', { post_id: bPost.id, content: 'Writing helps me a little.' })).body.data;

  // a writes everything, the marker in each text.
  expect((await call(a, 'PUT', '/api/user/profile-information', { email: `${marker}@example.org`, username: `u${marker}` })).status).toBe(
    200,
  );
  expect((await call(a, 'PUT', `/api/users/${a.id}`, { nickname: `N${marker}` })).status).toBe(200);
  const aTopic = (await call(a, 'POST', '/api/topics', { title: `Topic ${marker}`, description: `About ${marker}`, ...refs })).body.data;
  const aPost = (
    await call(a, 'POST', '/api/posts', {
      content: long(`Post ${marker} #${marker}`),
      topic_id: aTopic.id,
      poll: { question: `Q ${marker}`, options: [`yes ${marker}`, `no ${marker}`] },
    })
  ).body.data;
  expect(aPost.tags.map((tag: { name: string }) => tag.name)).toEqual([marker]);
  const aMood = (await call(a, 'POST', '/api/user/store/moods', { content: `Mood ${marker}`, feeling_id: refs.moodFeeling })).body.data;
  const aThought = (await call(a, 'POST', '/api/thoughts', { content: `Thought ${marker}` })).body.data;
  const aComment = (await call(a, 'POST', '/api/comments', { post_id: bPost.id, content: `Comment ${marker}` })).body.data;
  const aReply = (await call(a, 'POST', '/api/comment-reply', { comment_id: bComment.id, content: `Reply ${marker}` })).body.data;
  await call(a, 'POST', '/api/comments', { post_id: aPost.id, content: `Own comment ${marker}` });

  // a acts on b's items.
  expect((await call(a, 'POST', '/api/supports', { post_id: bPost.id })).status).toBe(200);
  expect((await call(a, 'POST', '/api/favorites', { post_id: bPost.id })).status).toBe(200);
  expect((await call(a, 'POST', '/api/user/update/vote', { poll_option_id: bPost.poll.options[0].id })).status).toBe(200);
  expect((await call(a, 'POST', '/api/interactions', { mood_id: bMood.id, type: 'hug' })).status).toBe(200);
  expect((await call(a, 'POST', '/api/thoughts-reaction', { thought_id: bThought.id, type: 'hope' })).status).toBe(200);
  expect((await call(a, 'POST', '/api/comment-vote', { comment_id: bComment.id, vote: 1 })).status).toBe(200);
  expect(
    (await call(a, 'POST', '/api/reports', { post_id: bPost.id, report_type_id: refs.reportType, note: `Note ${marker}` })).status,
  ).toBe(201);

  return { bTopic, bPost, bMood, bThought, bComment, aTopic, aPost, aMood, aThought, aComment, aReply };
}

describe('POST /api/deactivate', () => {
  it('erases every text the person wrote and sets every count on other people’s rows right', async () => {
    const marker = `zq${randomBytes(6).toString('hex')}`;
    const a = await signInGuest(t.app);
    const b = await signInGuest(t.app);
    const c = await signInGuest(t.app);
    const before = await totals();
    const items = await actEverywhere(a, b, marker);
    const bPointsBeforeA = (await points(b.id)) - POINTS.supportReceived; // b's own acts only: a's support gave +2

    // b and c act on a's items: these go with them.
    expect((await t.call(b, 'POST', '/api/supports', { post_id: items.aPost.id })).status).toBe(200);
    expect((await t.call(c, 'POST', '/api/comment-reply', { comment_id: items.aComment.id, content: 'I hear you.' })).status).toBe(201);
    expect((await t.call(c, 'POST', '/api/comments', { post_id: items.aPost.id, content: 'Same here.' })).status).toBe(201);
    // b posts in a's topic: the post stays, outside the topic.
    const bInATopic = (await t.call(b, 'POST', '/api/posts', { content: long('In your topic'), topic_id: items.aTopic.id })).body.data;
    const cPoints = await points(c.id);
    const bPoints = await points(b.id);

    // Every place a person's text can be, found by the scan below before the erasure (so the scan does look there).
    expect((await whereTextHolds(marker)).sort()).toEqual([
      'comments.content',
      'mood_search.search_text',
      'moods.content',
      'moods.content_key',
      'poll_options.text',
      'polls.question',
      'post_search.search_text',
      'posts.content',
      'posts.content_key',
      'reports.note',
      'tags.name',
      'thought_search.search_text',
      'thoughts.content',
      'topic_search.search_text',
      'topics.description',
      'topics.title',
      'users.email',
      'users.nickname',
      'users.username',
    ]);
    const res = await t.call(a, 'POST', '/api/deactivate', {});
    expect(res.status).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/authToken=;/);

    expect(await whereTextHolds(marker)).toEqual([]);
    expect((await t.call(a, 'GET', '/api/get/data/user')).status).toBe(401);
    expect(await t.database.db.select().from(users).where(eq(users.id, a.id))).toEqual([]);

    const post = (await t.call(b, 'GET', `/api/posts/${items.bPost.id}`)).body.data;
    expect([post.supports_count, post.comments_count, post.is_favorited]).toEqual([0, 1, false]);
    expect(post.poll.options.map((o: { votes_count: number }) => o.votes_count)).toEqual([0, 0]);
    expect(post.poll.votes_count).toBe(0);
    const comment = (await t.call(b, 'GET', `/api/post-comments?post_id=${items.bPost.id}`)).body.data[0];
    expect([comment.id, comment.votes_score, comment.replies_count, comment.replies]).toEqual([items.bComment.id, 0, 0, []]);
    const mood = (await t.call(b, 'GET', `/api/user/show/mood/${items.bMood.id}`)).body.data;
    expect(mood.interactions).toEqual({ hug: 0, relate: 0, strength: 0, care: 0 });
    const thought = (await t.call(b, 'GET', `/api/thoughts/${items.bThought.id}`)).body.data;
    expect(thought.reactions).toEqual({ love: 0, insightful: 0, relate: 0, hope: 0 });
    const [moved] = await t.database.db.select({ topicId: posts.topicId }).from(posts).where(eq(posts.id, bInATopic.id));
    expect(moved.topicId).toBe(null);
    expect((await t.call(b, 'GET', `/api/topics/${items.aTopic.id}`)).status).toBe(404);
    expect((await t.database.db.select().from(tags).where(eq(tags.name, marker))).length).toBe(0);

    // Points count what stands: b loses the +2 of a's support and the +1 of supporting a's post; c the +2 of each comment.
    expect(bPoints - POINTS.supportReceived - POINTS.supportGiven).toBe(await points(b.id));
    expect(await points(b.id)).toBe(bPointsBeforeA + POINTS.post); // b's topic post stands
    expect(await points(c.id)).toBe(cPoints - 2 * POINTS.comment);

    // Feed totals: a's post, mood and thought left them; b's posts, mood and thought remain.
    const after = await totals();
    expect([after.post - (before.post ?? 0), after.mood - (before.mood ?? 0), after.thought - (before.thought ?? 0)]).toEqual([2, 1, 1]);
  });

  it('asks for the password when the account has one, and counts a wrong one as a failed sign-in', async () => {
    const a = await signInGuest(t.app);
    const password = 'a long quiet password';
    expect((await t.call(a, 'PUT', '/api/user/password', { password, password_confirmation: password })).status).toBe(204);
    const missing = await t.call(a, 'POST', '/api/deactivate', {});
    expect([missing.status, missing.body.code, Object.keys(missing.body.errors ?? {})]).toEqual([422, 'VALIDATION', ['password']]);
    const wrong = await t.call(a, 'POST', '/api/deactivate', { password: 'not my password' });
    expect([wrong.status, Object.keys(wrong.body.errors ?? {})]).toEqual([422, ['password']]);
    expect((await t.call(a, 'GET', '/api/get/data/user')).status).toBe(200);
    expect((await t.call(a, 'POST', '/api/deactivate', { password })).status).toBe(204);
    expect((await t.call(a, 'GET', '/api/get/data/user')).status).toBe(401);
  });

  it('refuses bad input with 4xx, never 500', async () => {
    const a = await signInGuest(t.app);
    expect((await t.call(null, 'POST', '/api/deactivate', {})).status).toBe(401);
    const cases: unknown[] = [{ password: 12 }, { password: 'x'.repeat(5000) }, { password: ['a'] }];
    for (const body of cases) expect((await t.call(a, 'POST', '/api/deactivate', body as object)).status).toBe(422);
    expect((await t.call(a, 'GET', '/api/get/data/user')).status).toBe(200);
  });
});

describe('GET /api/export', () => {
  it('gives a JSON file of everything the person wrote and did, naming nobody else', async () => {
    const marker = `zq${randomBytes(6).toString('hex')}`;
    const a = await signInGuest(t.app);
    const b = await signInGuest(t.app);
    const items = await actEverywhere(a, b, marker);
    expect((await t.call(a, 'POST', '/api/user/hide/mood', { mood_id: items.bMood.id })).status).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: '/api/export', headers: a.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kindred-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = exportSchema.parse(res.json());

    expect(file.account).toMatchObject({ id: a.id, username: `u${marker}`, nickname: `N${marker}`, email: `${marker}@example.org` });
    expect(file.posts.map((p) => [p.id, p.topic_id, p.tags, p.poll?.question])).toEqual([
      [items.aPost.id, items.aTopic.id, [marker], `Q ${marker}`],
    ]);
    expect(file.posts[0].content).toBe(long(`Post ${marker} #${marker}`));
    expect(file.moods.map((m) => m.content)).toEqual([`Mood ${marker}`]);
    expect(file.thoughts.map((m) => m.content)).toEqual([`Thought ${marker}`]);
    expect(file.topics.map((m) => [m.title, m.description])).toEqual([[`Topic ${marker}`, `About ${marker}`]]);
    expect(file.comments.map((c) => [c.content, c.post_id, c.parent_id])).toEqual([
      [`Comment ${marker}`, items.bPost.id, null],
      [`Reply ${marker}`, items.bPost.id, items.bComment.id],
      [`Own comment ${marker}`, items.aPost.id, null],
    ]);
    expect(file.supports.map((s) => s.post_id)).toEqual([items.bPost.id]);
    expect(file.favorites.map((s) => s.post_id)).toEqual([items.bPost.id]);
    expect(file.poll_votes.map((v) => [v.option_id, v.option])).toEqual([[items.bPost.poll.options[0].id, 'Music']]);
    expect(file.mood_interactions.map((v) => [v.mood_id, v.type])).toEqual([[items.bMood.id, 'hug']]);
    expect(file.hidden_moods.map((v) => v.mood_id)).toEqual([items.bMood.id]);
    expect(file.thought_reactions.map((v) => [v.thought_id, v.type])).toEqual([[items.bThought.id, 'hope']]);
    expect(file.comment_votes).toEqual([{ comment_id: items.bComment.id, vote: 1 }]);
    expect(file.reports.map((r) => [r.target, r.target_id, r.note])).toEqual([['post', items.bPost.id, `Note ${marker}`]]);
    // Nobody else: no other person's nickname, and no person's id beside an item.
    expect([res.body.includes(b.nickname), res.body.includes('"user_id"'), res.body.includes('"user"')]).toEqual([false, false, false]);
  });

  it('reads a list longer than a page in pages, in order', async () => {
    const a = await signInGuest(t.app);
    const b = await signInGuest(t.app);
    const { EXPORT_PAGE } = await import('./export.ts');
    const ids: number[] = [];
    for (let i = 0; i < EXPORT_PAGE + 5; i++) {
      const [row] = await t.database.db
        .insert(posts)
        .values({ userId: b.id, content: long(`Paged ${i}`), contentKey: `paged-${b.id}-${i}`, language: 'en' })
        .returning({ id: posts.id });
      ids.push(row.id);
    }
    await t.database.db.execute(sql`insert into favorites (post_id, user_id) select id, ${a.id} from posts where user_id = ${b.id}`);
    const file = exportSchema.parse((await t.app.inject({ method: 'GET', url: '/api/export', headers: a.auth })).json());
    expect(file.favorites.map((f) => f.post_id)).toEqual(ids);
  });

  it('is for the signed-in person only', async () => {
    expect((await t.call(null, 'GET', '/api/export')).status).toBe(401);
  });
});

describe('request logs', () => {
  it("hold no address of the visitor, on any call of the account's (info level, failures included)", async () => {
    const lines: string[] = [];
    const { database, drop } = await openTestDatabase();
    const app = await buildApp({
      config: parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }),
      database,
      logStream: { write: (l) => lines.push(l) },
    });
    try {
      const remoteAddress = '198.51.100.23';
      const guest = (await app.inject({ method: 'POST', url: '/api/guest-login', payload: {}, remoteAddress })).json();
      const headers = { authorization: `Bearer ${guest.token}` };
      const password = 'a long quiet password';
      const calls = [
        { method: 'PUT', url: '/api/user/password', payload: { password, password_confirmation: password } },
        { method: 'POST', url: '/api/login', payload: { username: guest.data.username, password: 'wrong password' } },
        { method: 'GET', url: '/api/export' },
        { method: 'POST', url: '/api/deactivate', payload: { password: 'wrong password' } },
        { method: 'POST', url: '/api/deactivate', payload: { password } },
      ] as const;
      const statuses = [];
      for (const c of calls) statuses.push((await app.inject({ ...c, headers, remoteAddress })).statusCode);
      expect(statuses).toEqual([204, 422, 200, 422, 204]);
      expect(lines.length).toBe(12); // an incoming and a completed line per request
      expect(lines.filter((l) => l.includes('198.51.100') || l.includes('remoteAddress') || l.includes('"ip"'))).toEqual([]);
    } finally {
      await app.close();
      await database.close();
      await drop();
    }
  });
});
