/**
 * Every count a person is shown matches what they can see: a list's meta.total is the number of items one can page
 * through, and the counts on items (comments_count, replies_count, a topic's and a tag's posts_count, top
 * contributors' thoughts_count) leave out what moderation hid or removed, what the reader hid and what people they
 * blocked wrote. One world, read by four people: a reader who hid and blocked, a guest, the author of the items
 * under review, and a moderator.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModeratedTarget } from '../../../core/moderation.ts';
import { reportTypes, users } from '../../../db/schema.ts';
import type { ApiBody } from '../../../tests/helpers/api.ts';
import { createTestApp, type Guest, signInEstablished, signInGuest, type TestApp, writingRefs } from '../../../tests/helpers/app.ts';

let t: TestApp;
const long = (words: string) => `${words} ${'and the evening lantern is long, quiet and slow. '.repeat(5)}`.trim();

/** Who reads, and what they wrote. */
let reader: Guest; // hid one post and one mood, blocked `blocked`
let author: Guest;
let blocked: Guest;
let reviewed: Guest; // their items are hidden (3 reports) or removed by a moderator
let moderator: Guest;
const w = {} as {
  topicT: number;
  topicU: number;
  tagId: number;
  aPosts: number[];
  bPosts: number[];
  hHidden: number;
  hRemoved: number;
  aMoods: number[];
  bMood: number;
  hMood: number;
  aThoughts: number[];
  bThought: number;
  hThought: number;
  host: number;
  aComment: number;
  bComment: number;
  hComment: number;
};

/** The public kinds whose counts this file checks; private writing (messages, advice) has no public count. */
type CountedTarget = Exclude<ModeratedTarget, 'message' | 'advice'>;
const reportPaths: Record<CountedTarget, [string, string]> = {
  post: ['/api/reports', 'post_id'],
  mood: ['/api/user/store/report/mood', 'mood_id'],
  comment: ['/api/report-comment', 'comment_id'],
  thought: ['/api/report-thought', 'thought_id'],
  topic: ['/api/report-topic', 'topic_id'],
};
let spam: number;

/** Three people report the item: it is hidden pending review. */
async function hide(target: CountedTarget, id: number) {
  for (let i = 0; i < 3; i++) {
    const g = await signInEstablished(t.app);
    const res = await t.call(g, 'POST', reportPaths[target][0], { [reportPaths[target][1]]: id, report_type_id: spam });
    expect(res.status).toBe(201);
  }
}

/** Hidden, then removed by a moderator. */
async function remove(target: CountedTarget, id: number) {
  await hide(target, id);
  const queue = (await t.call(moderator, 'GET', '/api/moderation/queue?per_page=50')).body;
  const entry = queue.data.find((e: { target: string; target_id: number }) => e.target === target && e.target_id === id);
  const res = await t.call(moderator, 'POST', `/api/moderation/items/${entry.id}/action`, { action: 'remove', reason: 'spam' });
  expect(res.status).toBe(200);
}

const created = async (as: Guest, url: string, payload: object): Promise<number> => {
  const res = await t.call(as, 'POST', url, payload);
  expect(res.status).toBe(201);
  return res.body.data.id;
};
const post = (as: Guest, words: string, extra: object = {}) => created(as, '/api/posts', { content: long(words), ...extra });

beforeAll(async () => {
  t = await createTestApp();
  spam = (await t.database.db.select().from(reportTypes)).find((r) => r.key === 'spam')?.id as number;
  const { moodFeeling, topicRefs: refs } = await writingRefs(t);
  [reader, author, blocked, reviewed, moderator] = await Promise.all([1, 2, 3, 4, 5].map(() => signInGuest(t.app)));
  await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));

  w.topicT = await created(author, '/api/topics', { title: 'Evenings', description: 'Long evenings alone', ...refs });
  w.topicU = await created(blocked, '/api/topics', { title: 'Mornings', description: 'Early mornings', ...refs });

  w.aPosts = [await post(author, '#countsTag first'), await post(author, 'second', { topic_id: w.topicT }), await post(author, 'third')];
  w.bPosts = [await post(blocked, '#countsTag blocked one'), await post(blocked, 'blocked two', { topic_id: w.topicT })];
  w.hHidden = await post(reviewed, 'under review', { topic_id: w.topicT });
  w.hRemoved = await post(reviewed, '#countsTag removed');
  w.tagId = (await t.call(null, 'GET', `/api/posts/${w.aPosts[0]}`)).body.data.tags[0].id;

  const mood = (as: Guest, content: string) => created(as, '/api/user/store/moods', { content, feeling_id: moodFeeling });
  w.aMoods = [await mood(author, 'Tired but here'), await mood(author, 'A little better')];
  w.bMood = await mood(blocked, 'Blocked mood');
  w.hMood = await mood(reviewed, 'Mood under review');

  const thought = (as: Guest, content: string) => created(as, '/api/thoughts', { content });
  w.aThoughts = [await thought(author, 'First thought'), await thought(author, 'Second thought')];
  w.bThought = await thought(blocked, 'Blocked thought');
  w.hThought = await thought(reviewed, 'Removed thought');

  // Comments on the first post: the author's (with a reply by each), the blocked person's (with the author's reply)
  // and one hidden by moderation: 6 kept.
  w.host = w.aPosts[0];
  w.aComment = await created(author, '/api/comments', { post_id: w.host, content: 'A comment' });
  w.bComment = await created(blocked, '/api/comments', { post_id: w.host, content: 'A blocked comment' });
  w.hComment = await created(reviewed, '/api/comments', { post_id: w.host, content: 'A comment under review' });
  await created(author, '/api/comment-reply', { comment_id: w.aComment, content: 'Own reply' });
  await created(blocked, '/api/comment-reply', { comment_id: w.aComment, content: 'Blocked reply' });
  await created(author, '/api/comment-reply', { comment_id: w.bComment, content: 'Reply under a blocked comment' });

  // Favorites before the changes below: one of each kind.
  for (const id of [w.aPosts[0], w.bPosts[0], w.hRemoved])
    expect((await t.call(reader, 'POST', '/api/favorites', { post_id: id })).status).toBe(200);

  await hide('post', w.hHidden);
  await remove('post', w.hRemoved);
  await hide('mood', w.hMood);
  await remove('thought', w.hThought);
  await hide('comment', w.hComment);
  expect((await t.call(reader, 'POST', '/api/hides', { post_id: w.aPosts[2] })).status).toBe(200);
  expect((await t.call(reader, 'POST', '/api/user/hide/mood', { mood_id: w.aMoods[1] })).status).toBe(200);
  expect((await t.call(reader, 'POST', '/api/blocks', { user_id: blocked.id })).status).toBe(200);
}, 120_000);
afterAll(() => t.close());

/** Pages through a list one item at a time: the total every page says, and the ids it gave. */
async function pageThrough(as: Guest | null, url: string) {
  const seen: number[] = [];
  const totals = new Set<number>();
  for (let page = 1; page <= 30; page++) {
    const res = await t.call(as, 'GET', `${url}${url.includes('?') ? '&' : '?'}per_page=1&page=${page}`);
    expect(res.status).toBe(200);
    totals.add(res.body.meta.total);
    const ids = (res.body.data as { id?: number; user?: { id: number } }[]).map((x) => x.id ?? x.user?.id ?? 0);
    if (ids.length === 0) break;
    seen.push(...ids);
  }
  expect(totals.size).toBe(1);
  return { total: [...totals][0], ids: seen };
}

/** The list's total, after checking that it is exactly what one can page through. */
async function total(as: Guest | null, url: string) {
  const { total, ids } = await pageThrough(as, url);
  expect(ids.length).toBe(total);
  expect(new Set(ids).size).toBe(total);
  return total;
}

const get = async (as: Guest | null, url: string): Promise<ApiBody> => {
  const res = await t.call(as, 'GET', url);
  expect(res.status).toBe(200);
  return res.body;
};

describe('list totals are what one can page through', () => {
  it('the posts feed, for every reader, in every language and in chosen ones', async () => {
    // 2 of the author's (one hidden by the reader), none of the blocked person's, none under review.
    expect(await total(reader, '/api/posts')).toBe(2);
    // Everything but what moderation took out: 3 + 2.
    expect(await total(null, '/api/posts')).toBe(5);
    // The author of the post under review sees it; a moderator too.
    expect(await total(reviewed, '/api/posts')).toBe(6);
    expect(await total(moderator, '/api/posts')).toBe(6);
    // Through the language-filtered statement.
    expect((await t.call(reader, 'POST', '/api/store/custom/languages', { languages: ['en'] })).status).toBe(200);
    expect(await total(reader, '/api/posts')).toBe(2);
    expect((await t.call(reader, 'POST', '/api/store/custom/languages', { languages: ['fr'] })).status).toBe(200);
    expect(await total(reader, '/api/posts')).toBe(0);
    expect((await t.call(reader, 'POST', '/api/store/custom/languages', { languages: [] })).status).toBe(200);
    expect(await total(reader, '/api/posts')).toBe(2);
  });

  it('a page past the end still says the right total', async () => {
    const past = await get(reader, '/api/posts?per_page=1&page=9');
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(2);
    expect((await get(null, '/api/posts?per_page=1&page=9')).meta.total).toBe(5);
  });

  it('moods, thoughts and topics', async () => {
    expect(await total(reader, '/api/user/get/moods')).toBe(1);
    expect(await total(null, '/api/user/get/moods')).toBe(3);
    expect(await total(reviewed, '/api/user/get/moods')).toBe(4);
    expect(await total(reader, '/api/thoughts')).toBe(2);
    expect(await total(null, '/api/thoughts')).toBe(3);
    // A removed thought is seen by nobody, its author included.
    expect(await total(reviewed, '/api/thoughts')).toBe(3);
    expect(await total(reader, '/api/topics')).toBe(1);
    expect(await total(null, '/api/topics')).toBe(2);
  });

  it("a topic's posts, a tag's posts, a keyword's posts and my favorites", async () => {
    expect(await total(reader, `/api/posts?topic_id=${w.topicT}`)).toBe(1);
    expect(await total(null, `/api/posts?topic_id=${w.topicT}`)).toBe(2);
    expect(await total(reviewed, `/api/posts?topic_id=${w.topicT}`)).toBe(3);
    expect(await total(reader, `/api/tags/${w.tagId}/posts`)).toBe(1);
    expect(await total(null, `/api/tags/${w.tagId}/posts`)).toBe(2);
    expect(await total(reader, '/api/posts-by-keyword?keyword=lantern')).toBe(2);
    expect(await total(null, '/api/posts-by-keyword?keyword=lantern')).toBe(5);
    // Favorited: the author's post, the blocked person's, and the removed one; only the first is still to be read.
    expect(await total(reader, '/api/favorites')).toBe(1);
  });

  it("a post's comments and a comment's replies", async () => {
    expect(await total(reader, `/api/post-comments?post_id=${w.host}`)).toBe(1);
    expect(await total(null, `/api/post-comments?post_id=${w.host}`)).toBe(2);
    expect(await total(reviewed, `/api/post-comments?post_id=${w.host}`)).toBe(3);
    expect(await total(reader, `/api/comments/${w.aComment}/replies`)).toBe(1);
    expect(await total(null, `/api/comments/${w.aComment}/replies`)).toBe(2);
    // The replies under a comment the reader does not see are not theirs to read.
    expect((await t.call(reader, 'GET', `/api/comments/${w.bComment}/replies`)).status).toBe(404);
    expect(await total(null, `/api/comments/${w.bComment}/replies`)).toBe(1);
  });
});

describe('counts on items', () => {
  const countOf = async (as: Guest | null, url: string, field: string, id: number) =>
    ((await get(as, url)).data as Record<string, number>[]).find((x) => x.id === id)?.[field];

  it('comments_count on a post leaves out hidden comments, blocked people and replies under them', async () => {
    const on = async (as: Guest | null) => (await get(as, `/api/posts/${w.host}`)).data.comments_count;
    // Kept: 6. The reader: the author's comment and own reply (not the blocked person's comment, reply, the reply
    // under the blocked comment, nor the hidden one).
    expect(await on(reader)).toBe(2);
    // A guest: all but the hidden one.
    expect(await on(null)).toBe(5);
    // Its author and a moderator see the hidden comment.
    expect(await on(reviewed)).toBe(6);
    expect(await on(moderator)).toBe(6);
    // The same number in a feed and in the tag's list as on the post's page.
    expect(await countOf(null, '/api/posts?per_page=50', 'comments_count', w.host)).toBe(5);
    expect(await countOf(reader, `/api/tags/${w.tagId}/posts`, 'comments_count', w.host)).toBe(2);
  });

  it('replies_count on a comment counts the replies one can read', async () => {
    const replies = async (as: Guest | null) =>
      countOf(as, `/api/post-comments?post_id=${w.host}&per_page=50`, 'replies_count', w.aComment);
    expect(await replies(reader)).toBe(1);
    expect(await replies(null)).toBe(2);
    const shown = (await get(reader, `/api/post-comments?post_id=${w.host}`)).data[0];
    expect(shown.replies.length).toBe(1);
  });

  it("a topic's posts_count is its list's total, on its page and in the topics list", async () => {
    const page = async (as: Guest | null) => (await get(as, `/api/topics/${w.topicT}`)).data.posts_count;
    expect(await page(reader)).toBe(1);
    expect(await page(null)).toBe(2);
    expect(await page(reviewed)).toBe(3);
    expect(await countOf(reader, '/api/topics', 'posts_count', w.topicT)).toBe(1);
    expect(await countOf(null, '/api/topics', 'posts_count', w.topicT)).toBe(2);
    // With chosen languages, the count of the topic's posts in them.
    expect((await t.call(reader, 'POST', '/api/store/custom/languages', { languages: ['fr'] })).status).toBe(200);
    expect(await page(reader)).toBe(0);
    expect((await t.call(reader, 'POST', '/api/store/custom/languages', { languages: [] })).status).toBe(200);
    expect(await page(reader)).toBe(1);
  });

  it("a tag's posts_count is its list's total", async () => {
    expect((await get(reader, `/api/tags/${w.tagId}`)).data.posts_count).toBe(1);
    expect((await get(null, `/api/tags/${w.tagId}`)).data.posts_count).toBe(2);
    expect((await get(reviewed, `/api/tags/${w.tagId}`)).data.posts_count).toBe(2);
  });

  it('top contributors count the thoughts one sees and leave out people one blocked', async () => {
    const top = async (as: Guest | null) =>
      ((await get(as, '/api/thoughts/top/contributers')).data as { user: { id: number }; thoughts_count: number }[]).map((r) => [
        r.user.id,
        r.thoughts_count,
      ]);
    expect(await top(reader)).toEqual([[author.id, 2]]);
    expect(await top(null)).toEqual([
      [author.id, 2],
      [blocked.id, 1],
    ]);
  });
});

describe('blocks on item pages', () => {
  it("a blocked person's post, mood, thought and topic answer 404 to the blocker, as missing ones do, and 200 to others", async () => {
    const pages = [
      `/api/posts/${w.bPosts[0]}`,
      `/api/user/show/mood/${w.bMood}`,
      `/api/thoughts/${w.bThought}`,
      `/api/topics/${w.topicU}`,
      `/api/post-comments?post_id=${w.bPosts[0]}`,
    ];
    for (const url of pages) {
      const res = await t.call(reader, 'GET', url);
      expect([url, res.status, res.body.code]).toEqual([url, 404, 'NOT_FOUND']);
      expect([url, (await t.call(author, 'GET', url)).status]).toEqual([url, 200]);
      expect([url, (await t.call(null, 'GET', url)).status]).toEqual([url, 200]);
    }
    // Unblocking brings them back.
    expect((await t.call(reader, 'DELETE', `/api/blocks/${blocked.id}`)).status).toBe(200);
    for (const url of pages) expect([url, (await t.call(reader, 'GET', url)).status]).toEqual([url, 200]);
    expect(await total(reader, '/api/posts')).toBe(4);
    expect((await get(reader, `/api/posts/${w.host}`)).data.comments_count).toBe(5);
    expect((await t.call(reader, 'POST', '/api/blocks', { user_id: blocked.id })).status).toBe(200);
    expect(await total(reader, '/api/posts')).toBe(2);
  });

  it("check-problem-url and check-thought-url say a blocked person's post and thought do not exist for the blocker only", async () => {
    const checks = [`/api/check-problem-url?id=${w.bPosts[0]}`, `/api/check-thought-url?id=${w.bThought}`];
    for (const url of checks) {
      expect([url, (await t.call(reader, 'GET', url)).body]).toEqual([url, { exists: false }]);
      expect([url, (await t.call(author, 'GET', url)).body]).toEqual([url, { exists: true }]);
      expect([url, (await t.call(null, 'GET', url)).body]).toEqual([url, { exists: true }]);
    }
    expect((await t.call(reader, 'DELETE', `/api/blocks/${blocked.id}`)).status).toBe(200);
    for (const url of checks) expect([url, (await t.call(reader, 'GET', url)).body]).toEqual([url, { exists: true }]);
    expect((await t.call(reader, 'POST', '/api/blocks', { user_id: blocked.id })).status).toBe(200);
  });
});
