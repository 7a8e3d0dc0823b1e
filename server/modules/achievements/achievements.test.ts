/** Issue 16: each achievement rule, awarded in the act's transaction, listed with progress; on both engines. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, type AchievementKey, type Counter } from '../../../core/achievements.ts';
import { achievementCounters, userAchievements } from '../../../db/schema.ts';
import { createTestApp, type Guest, signInGuest, type TestApp, writingRefs } from '../../../tests/helpers/app.ts';
import { awardAchievements } from './service.ts';

let t: TestApp;
let moodFeeling: number;
let topicRefs: { category_id: number; cover_id: number };
beforeAll(async () => {
  t = await createTestApp();
  ({ moodFeeling, topicRefs } = await writingRefs(t));
});
afterAll(() => t.close());

const long = (words: string) => `${words} ${'and it keeps coming back every single evening when the house gets quiet. '.repeat(3)}`.trim();

interface Listed {
  id: number;
  key: AchievementKey;
  name: string;
  description: string;
  earned_at: string | null;
  progress: number;
  goal: number;
}

async function achievements(g: Guest): Promise<Listed[]> {
  const res = await t.call(g, 'GET', '/api/get/achievements');
  expect(res.status).toBe(200);
  return res.body.achievements;
}
const earned = async (g: Guest) => (await achievements(g)).filter((a) => a.earned_at !== null).map((a) => a.key);
const progress = async (g: Guest, key: AchievementKey) => {
  const a = (await achievements(g)).find((x) => x.key === key) as Listed;
  return [a.progress, a.goal, a.earned_at !== null];
};

let postNo = 0;
async function newPost(g: Guest): Promise<number> {
  const res = await t.call(g, 'POST', '/api/posts', { content: long(`Post number ${++postNo}`) });
  expect(res.status).toBe(201);
  return res.body.data.id;
}
const support = async (g: Guest, postId: number) =>
  expect((await t.call(g, 'POST', '/api/supports', { post_id: postId })).status).toBe(200);
const comment = async (g: Guest, postId: number, content = `A comment ${Math.random()}`) => {
  const res = await t.call(g, 'POST', '/api/comments', { post_id: postId, content });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
};

/** Sets a counter as if the person had already acted that many times (for the goals of 10, 25 and 100). */
async function preset(g: Guest, counter: Counter, n: number) {
  await t.database.db
    .insert(achievementCounters)
    .values({ userId: g.id, counter, n })
    .onConflictDoUpdate({
      target: [achievementCounters.userId, achievementCounters.counter],
      set: { n },
    });
}

describe('GET /api/get/achievements', () => {
  it('lists all achievements, locked, with translated names and no progress for a new person', async () => {
    const g = await signInGuest(t.app);
    const list = await achievements(g);
    expect(list.map((a) => a.key)).toEqual(ACHIEVEMENTS.map((a) => a.key));
    expect(list.length).toBe(14);
    expect(list.map((a) => a.id)).toEqual(ACHIEVEMENTS.map((_, i) => i + 1));
    expect(list.every((a) => a.earned_at === null && a.progress === 0)).toBe(true);
    expect(list[0]).toEqual({
      id: 1,
      key: 'first_support',
      name: 'First support',
      description: "You supported someone else's post for the first time.",
      earned_at: null,
      progress: 0,
      goal: 1,
    });
    expect(list.find((a) => a.key === 'supports_100')?.goal).toBe(100);
    const es = await t.call(g, 'GET', '/api/get/achievements', undefined, { headers: { 'x-locale': 'es' } });
    expect(es.body.achievements[0].name).toBe('Primer apoyo');
  });

  it('answers 401 to nobody', async () => {
    expect(await t.call(null, 'GET', '/api/get/achievements')).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
  });
});

describe('writing for the first time', () => {
  it('earns first post, first mood, first topic and first thought, each once', async () => {
    const g = await signInGuest(t.app);
    await newPost(g);
    expect(await earned(g)).toEqual(['first_post']);
    const at = (await achievements(g)).find((a) => a.key === 'first_post')?.earned_at as string;
    expect(Math.abs(Date.parse(at) - Date.now())).toBeLessThan(60_000);
    await newPost(g);
    expect((await t.call(g, 'POST', '/api/user/store/moods', { content: 'A calm day', feeling_id: moodFeeling })).status).toBe(201);
    expect(
      (await t.call(g, 'POST', '/api/topics', { title: 'Quiet evenings', description: 'Talking it through', ...topicRefs })).status,
    ).toBe(201);
    expect((await t.call(g, 'POST', '/api/thoughts', { content: 'Small steps count' })).status).toBe(201);
    expect(await earned(g)).toEqual(['first_post', 'first_mood', 'first_topic', 'first_thought']);
    // The first post's date did not move with the second post.
    expect((await achievements(g)).find((a) => a.key === 'first_post')?.earned_at).toBe(at);
  });

  it('returns from awardAchievements what the act newly earned, and nothing the second time', async () => {
    const g = await signInGuest(t.app);
    const first = await t.database.db.transaction((tx) => awardAchievements(tx, g.id, { type: 'thought' }));
    const second = await t.database.db.transaction((tx) => awardAchievements(tx, g.id, { type: 'thought' }));
    expect(first).toEqual(['first_thought']);
    expect(second).toEqual([]);
  });

  it('awards nothing when the act is refused (a duplicate post rolls the counter back too)', async () => {
    const g = await signInGuest(t.app);
    const content = long('Said twice');
    expect((await t.call(g, 'POST', '/api/posts', { content })).status).toBe(201);
    expect((await t.call(g, 'POST', '/api/posts', { content })).status).toBe(422);
    const [row] = await t.database.db
      .select()
      .from(achievementCounters)
      .where(and(eq(achievementCounters.userId, g.id), eq(achievementCounters.counter, 'posts')));
    expect(row.n).toBe(1);
  });
});

describe('supports given', () => {
  it('earn first support for supporting someone else, not oneself, and count down when withdrawn', async () => {
    const me = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    const own = await newPost(me);
    await support(me, own);
    expect(await progress(me, 'first_support')).toEqual([0, 1, false]);
    const theirs = await newPost(other);
    await support(me, theirs);
    await support(me, theirs); // idempotent: counted once
    expect(await progress(me, 'first_support')).toEqual([1, 1, true]);
    expect(await progress(me, 'supports_10')).toEqual([1, 10, false]);
    expect((await t.call(me, 'POST', '/api/unsupport', { post_id: theirs })).status).toBe(200);
    expect(await progress(me, 'supports_10')).toEqual([0, 10, false]);
    // Earned stays earned.
    expect(await progress(me, 'first_support')).toEqual([1, 1, true]);
  });

  it('earn 10 supports at the tenth, and helped 5 people at the fifth distinct author', async () => {
    const me = await signInGuest(t.app);
    const authors = [await signInGuest(t.app), await signInGuest(t.app)];
    const posts = [];
    for (const a of authors) for (let i = 0; i < 5; i++) posts.push(await newPost(a));
    for (const p of posts.slice(0, 9)) await support(me, p);
    expect(await progress(me, 'supports_10')).toEqual([9, 10, false]);
    expect(await progress(me, 'helped_5')).toEqual([2, 5, false]);
    await support(me, posts[9]);
    expect(await progress(me, 'supports_10')).toEqual([10, 10, true]);
    const more = [await signInGuest(t.app), await signInGuest(t.app), await signInGuest(t.app)];
    for (const a of more.slice(0, 2)) await support(me, await newPost(a));
    expect(await progress(me, 'helped_5')).toEqual([4, 5, false]);
    await support(me, await newPost(more[2]));
    expect(await progress(me, 'helped_5')).toEqual([5, 5, true]);
  });

  it('earn 100 supports at the hundredth', async () => {
    const me = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    await preset(me, 'supports_given', 99);
    await support(me, await newPost(other));
    expect(await progress(me, 'supports_100')).toEqual([100, 100, true]);
    expect(await earned(me)).toEqual(['first_support', 'supports_10', 'supports_100']);
  });

  it('earn helped 25 people at the twenty-fifth distinct person', async () => {
    const me = await signInGuest(t.app);
    await preset(me, 'helped', 24);
    const other = await signInGuest(t.app);
    const p = await newPost(other);
    await support(me, p);
    expect(await progress(me, 'helped_25')).toEqual([25, 25, true]);
    // The same person again is not another person helped.
    await comment(me, p);
    expect(await progress(me, 'helped_25')).toEqual([25, 25, true]);
    const [row] = await t.database.db
      .select()
      .from(achievementCounters)
      .where(and(eq(achievementCounters.userId, me.id), eq(achievementCounters.counter, 'helped')));
    expect(row.n).toBe(25);
  });
});

describe('comments and answers', () => {
  it('earn first comment and first answer on a post nobody had answered; a later commenter gets no first answer', async () => {
    const author = await signInGuest(t.app);
    const first = await signInGuest(t.app);
    const second = await signInGuest(t.app);
    const p = await newPost(author);
    await comment(first, p);
    await comment(second, p);
    expect(await earned(first)).toEqual(['first_comment', 'first_answer']);
    expect(await earned(second)).toEqual(['first_comment']);
  });

  it("count the author's own comment as no answer: the first other person to reply still answers first", async () => {
    const author = await signInGuest(t.app);
    const helper = await signInGuest(t.app);
    const p = await newPost(author);
    await comment(author, p, 'Adding a little more about how it feels');
    expect(await earned(author)).toEqual(['first_comment', 'first_post']);
    await comment(helper, p);
    expect(await earned(helper)).toEqual(['first_comment', 'first_answer']);
  });

  it('count a reply as a comment, and as no first answer once someone else had answered', async () => {
    const author = await signInGuest(t.app);
    const helper = await signInGuest(t.app);
    const replier = await signInGuest(t.app);
    const p = await newPost(author);
    const c = await comment(helper, p);
    expect((await t.call(replier, 'POST', '/api/comment-reply', { comment_id: c, content: 'Same here' })).status).toBe(201);
    expect(await earned(replier)).toEqual(['first_comment']);
  });

  it('earn ten first answers at the tenth', async () => {
    const me = await signInGuest(t.app);
    await preset(me, 'first_answers', 9);
    await comment(me, await newPost(await signInGuest(t.app)));
    expect(await progress(me, 'answers_10')).toEqual([10, 10, true]);
  });
});

describe('advice', () => {
  it('earns first advice, and ten at the tenth', async () => {
    const me = await signInGuest(t.app);
    const p = await newPost(await signInGuest(t.app));
    expect((await t.call(me, 'POST', '/api/advices', { post_id: p, content: 'Try writing it down before bed.' })).status).toBe(201);
    expect(await earned(me)).toEqual(['first_advice']);
    expect(await progress(me, 'helped_5')).toEqual([1, 5, false]);
    await preset(me, 'advices', 9);
    expect((await t.call(me, 'POST', '/api/advices', { post_id: p, content: 'And talk to someone you trust.' })).status).toBe(201);
    expect(await progress(me, 'advices_10')).toEqual([10, 10, true]);
  });
});

describe("a person's card", () => {
  it('shows the achievements they earned, without dates, to anyone', async () => {
    const g = await signInGuest(t.app);
    expect((await t.call(null, 'GET', `/api/users/${g.id}/achievements`)).body).toEqual({ data: [] });
    expect((await t.call(g, 'POST', '/api/thoughts', { content: 'A thought for the card' })).status).toBe(201);
    const res = await t.call(await signInGuest(t.app), 'GET', `/api/users/${g.id}/achievements`);
    expect(res.body).toEqual({
      data: [{ id: 14, key: 'first_thought', name: 'First thought', description: 'You shared your first thought.' }],
    });
    expect((await t.call(null, 'GET', '/api/users/999999/achievements')).status).toBe(404);
    expect((await t.call(null, 'GET', '/api/users/abc/achievements')).status).toBe(422);
  });

  it('keeps one row per person and achievement', async () => {
    const g = await signInGuest(t.app);
    await t.database.db.transaction((tx) => awardAchievements(tx, g.id, { type: 'mood' }));
    await t.database.db.transaction((tx) => awardAchievements(tx, g.id, { type: 'mood' }));
    const rows = await t.database.db.select().from(userAchievements).where(eq(userAchievements.userId, g.id));
    expect(rows.map((r) => r.achievement)).toEqual(['first_mood']);
  });
});
