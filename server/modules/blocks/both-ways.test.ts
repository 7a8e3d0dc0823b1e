/**
 * A block separates both people both ways: neither sees the other's writing in lists, search, pages or comments, every
 * write by either on the other's content answers 404 as a missing item does, and nothing else crosses (read receipts,
 * care notices).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagePageSchema } from '../../../core/schemas/messages.ts';
import { careNotices, comments, favorites, moderationItems, posts, reports, reportTypes, supports } from '../../../db/schema.ts';
import { createTestApp, type Guest, signInGuest, type TestApp, writingRefs } from '../../../tests/helpers/app.ts';
import { notificationCount, quietPerson } from '../../../tests/helpers/notifications.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notFound = { status: 404, body: { code: 'NOT_FOUND' } };
const block = (g: Guest, userId: number) => t.call(g, 'POST', '/api/blocks', { user_id: userId });
const unblock = (g: Guest, userId: number) => t.call(g, 'DELETE', `/api/blocks/${userId}`);
const long = (seed: string) => `${seed}: ${'the evenings are the hardest part, and I do not know who to tell about it. '.repeat(3)}`.trim();
const ids = (body: { data?: { id: number }[] }) => (body.data ?? []).map((i) => i.id);

const person = () => quietPerson(t);
const notified = (g: Guest) => notificationCount(t, g);

/** One person's writing of every kind, with a comment of theirs under a third person's post. */
async function writingOf(g: Guest, seed: string, underPostId: number) {
  const feeling_id = (await t.call(null, 'GET', '/api/feelings?type=mood')).body.data[0].id;
  const post = (await t.call(g, 'POST', '/api/posts', { content: long(`${seed} post`), poll: { options: ['Yes', 'No'] } })).body.data;
  const comment = (await t.call(g, 'POST', '/api/comments', { post_id: underPostId, content: `${seed} comment` })).body.data;
  const thought = (await t.call(g, 'POST', '/api/thoughts', { content: `${seed} thought` })).body.data;
  const mood = (await t.call(g, 'POST', '/api/user/store/moods', { content: `${seed} mood`, feeling_id })).body.data;
  return { post, comment, thought, mood };
}

/** Every write of `g` on `w` (another's writing): each answer. */
const writesOn = async (g: Guest, w: Awaited<ReturnType<typeof writingOf>>) => [
  await t.call(g, 'POST', '/api/comments', { post_id: w.post.id, content: 'Hello there' }),
  await t.call(g, 'POST', '/api/comment-reply', { comment_id: w.comment.id, content: 'Hello' }),
  await t.call(g, 'POST', '/api/comment-vote', { comment_id: w.comment.id, vote: 1 }),
  await t.call(g, 'POST', '/api/supports', { post_id: w.post.id }),
  await t.call(g, 'POST', '/api/favorites', { post_id: w.post.id }),
  await t.call(g, 'POST', '/api/advices', { post_id: w.post.id, content: 'Take care of yourself' }),
  await t.call(g, 'POST', '/api/thoughts-reaction', { thought_id: w.thought.id, type: 'love' }),
  await t.call(g, 'POST', '/api/interactions', { mood_id: w.mood.id, type: 'hug' }),
  await t.call(g, 'POST', '/api/user/update/vote', { poll_option_id: w.post.poll.options[0].id }),
];

describe('a block separates both people both ways', () => {
  it('refuses every write by either on the other’s writing with 404, writing and telling nothing', async () => {
    const [a, b, c] = await Promise.all([person(), person(), person()]);
    const host = (await t.call(c, 'POST', '/api/posts', { content: long('Host post') })).body.data;
    const ofA = await writingOf(a, 'Blocker', host.id);
    const ofB = await writingOf(b, 'Blocked', host.id);
    await block(a, b.id);
    for (const [writer, w] of [
      [b, ofA],
      [a, ofB],
    ] as const) {
      const answers = await writesOn(writer, w);
      expect(answers.map((r) => [r.status, r.body.code])).toEqual(answers.map(() => [404, 'NOT_FOUND']));
      for (const path of [`/api/posts/${w.post.id}`, `/api/thoughts/${w.thought.id}`, `/api/user/show/mood/${w.mood.id}`]) {
        expect(await t.call(writer, 'GET', path)).toMatchObject(notFound);
      }
    }
    const db = t.database.db;
    for (const w of [ofA, ofB]) {
      expect(await db.select().from(supports).where(eq(supports.postId, w.post.id))).toEqual([]);
      expect(await db.select().from(favorites).where(eq(favorites.postId, w.post.id))).toEqual([]);
      expect(await db.select({ id: comments.id }).from(comments).where(eq(comments.postId, w.post.id))).toEqual([]);
      const [row] = await db
        .select({ c: comments.votesScore, r: comments.repliesCount })
        .from(comments)
        .where(eq(comments.id, w.comment.id));
      expect(row).toEqual({ c: 0, r: 0 });
    }
    expect(await notified(a)).toBe(0);
    expect(await notified(b)).toBe(0);

    // Someone else's writes are untouched; unblocked, the same writes go through.
    expect((await t.call(c, 'POST', '/api/supports', { post_id: ofA.post.id })).status).toBe(200);
    await unblock(a, b.id);
    const answers = await writesOn(b, ofA);
    expect(answers.map((r) => r.status)).toEqual([201, 201, 200, 200, 200, 201, 200, 200, 200]);
  });

  it('takes each one’s writing out of the other’s lists, search and comments, with totals that match', async () => {
    const [a, b, c] = await Promise.all([person(), person(), person()]);
    const word = `zorbling${Math.random().toString(36).slice(2, 7)}`;
    const host = (await t.call(c, 'POST', '/api/posts', { content: long(`Host ${word}`) })).body.data;
    const postA = (await t.call(a, 'POST', '/api/posts', { content: long(`Blocker ${word}`) })).body.data;
    const postB = (await t.call(b, 'POST', '/api/posts', { content: long(`Blocked ${word}`) })).body.data;
    const commentA = (await t.call(a, 'POST', '/api/comments', { post_id: host.id, content: 'From the blocker' })).body.data;
    const commentB = (await t.call(b, 'POST', '/api/comments', { post_id: host.id, content: 'From the blocked' })).body.data;
    for (const g of [a, b, c]) await t.call(g, 'POST', '/api/supports', { post_id: postA.id });
    for (const g of [a, b, c]) await t.call(g, 'POST', '/api/supports', { post_id: postB.id });

    const seen = async (g: Guest) => {
      const feed = (await t.call(g, 'GET', '/api/posts?per_page=50')).body;
      const keyword = (await t.call(g, 'GET', `/api/posts-by-keyword?keyword=${word}&per_page=50`)).body;
      const found = (await t.call(g, 'GET', `/api/search?q=${word}&type=posts`)).body;
      const onHost = (await t.call(g, 'GET', `/api/post-comments?post_id=${host.id}`)).body;
      return {
        feed: ids(feed).filter((id) => [host.id, postA.id, postB.id].includes(id)),
        feedTotal: feed.meta.total - ids(feed).length,
        trending: ids((await t.call(g, 'GET', '/api/trendingPosts')).body).filter((id) => [postA.id, postB.id].includes(id)),
        keyword: ids(keyword),
        keywordTotal: keyword.meta.total,
        search: found.data.map((r: { item: { id: number } }) => r.item.id),
        searchTotal: found.meta.total,
        comments: ids(onHost),
        commentsTotal: onHost.meta.total,
      };
    };
    const everything = {
      feed: [postB.id, postA.id, host.id],
      feedTotal: 0,
      trending: [postB.id, postA.id],
      keyword: [postB.id, postA.id, host.id],
      keywordTotal: 3,
      search: expect.arrayContaining([host.id, postA.id, postB.id]),
      searchTotal: 3,
      comments: [commentA.id, commentB.id],
      commentsTotal: 2,
    };
    for (const g of [a, b, c]) expect(await seen(g)).toEqual(everything);

    await block(a, b.id);
    const without = (i: number, id: number) => ({
      feed: everything.feed.filter((x) => x !== id),
      feedTotal: 0,
      trending: everything.trending.filter((x) => x !== id),
      keyword: everything.keyword.filter((x) => x !== id),
      keywordTotal: 2,
      search: expect.arrayContaining([host.id, id === postA.id ? postB.id : postA.id]),
      searchTotal: 2,
      comments: [i],
      commentsTotal: 1,
    });
    expect(await seen(a)).toEqual(without(commentA.id, postB.id));
    expect(await seen(b)).toEqual(without(commentB.id, postA.id));
    expect(await seen(c)).toEqual(everything);
    const [host2] = await t.database.db.select({ n: posts.commentsCount }).from(posts).where(eq(posts.id, host.id));
    expect(host2.n).toBe(2);
    expect((await t.call(b, 'GET', `/api/posts/${host.id}`)).body.data.comments_count).toBe(1);
  });

  it('sends no read receipt across a block, whichever of the two blocked', async () => {
    const [a, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    await t.call(a, 'PUT', '/api/message-settings', { read_receipts: true });
    const conversationId = (await t.call(b, 'POST', '/api/messages', { user_id: a.id, content: 'Are you there?' })).body.data
      .conversation_id;
    const seenAt = async () =>
      (
        await t.call(b, 'GET', `/api/conversation-messages?conversation_id=${conversationId}`, undefined, { schema: messagePageSchema })
      ).body.data.map((m) => m.seen_at);
    // Accepted first: a request from someone I blocked cannot be accepted (UNBLOCK_FIRST), and a request's read
    // sends no receipt anyway.
    expect((await t.call(a, 'POST', `/api/message-requests/${conversationId}/accept`)).status).toBe(200);
    await block(a, b.id);
    expect((await t.call(a, 'POST', `/api/conversations/${conversationId}/read`)).status).toBe(200);
    expect(await seenAt()).toEqual([null]);
    await unblock(a, b.id);
    await block(b, a.id);
    expect((await t.call(a, 'POST', `/api/conversations/${conversationId}/read`)).status).toBe(200);
    expect(await seenAt()).toEqual([null]);
    // Unblocked, the read tells the sender.
    await unblock(b, a.id);
    expect((await t.call(a, 'POST', `/api/conversations/${conversationId}/read`)).status).toBe(200);
    expect(await seenAt()).toEqual([expect.any(String)]);
  });

  it('hides a read time from before a block while the block lasts, in the thread and the conversation list alike', async () => {
    const [a, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    await t.call(a, 'PUT', '/api/message-settings', { read_receipts: true });
    const conversationId = (await t.call(b, 'POST', '/api/messages', { user_id: a.id, content: 'Did you get home?' })).body.data
      .conversation_id;
    expect((await t.call(a, 'POST', `/api/message-requests/${conversationId}/accept`)).status).toBe(200);
    expect((await t.call(a, 'POST', `/api/conversations/${conversationId}/read`)).status).toBe(200);
    const seenBySender = async () => {
      const thread = (await t.call(b, 'GET', `/api/conversation-messages?conversation_id=${conversationId}`)).body.data;
      const list = (await t.call(b, 'GET', '/api/conversations')).body.data;
      // The blocker's own list leaves the conversation out (decision 014); its thread stays readable.
      const last = list.find((c: { id: number }) => c.id === conversationId)?.last_message;
      return [thread[0].seen_at === null, last ? last.seen_at === null : 'not listed'];
    };
    expect(await seenBySender()).toEqual([false, false]);
    await block(a, b.id);
    expect(await seenBySender()).toEqual([true, true]);
    await unblock(a, b.id);
    expect(await seenBySender()).toEqual([false, false]);
    await block(b, a.id);
    expect(await seenBySender()).toEqual([true, 'not listed']);
  });

  it('takes no report across a block, whichever of the two blocked, so no care notice crosses it either', async () => {
    const [worried] = await t.database.db.select({ id: reportTypes.id }).from(reportTypes).where(eq(reportTypes.key, 'worried'));
    const [a, b, c] = await Promise.all([signInGuest(t.app), signInGuest(t.app), signInGuest(t.app)]);
    const host = (await t.call(c, 'POST', '/api/posts', { content: long('Host') })).body.data;
    const commentA = (await t.call(a, 'POST', '/api/comments', { post_id: host.id, content: 'I cannot go on' })).body.data;
    const commentB = (await t.call(b, 'POST', '/api/comments', { post_id: host.id, content: 'Neither can I' })).body.data;
    await block(a, b.id);
    const worry = (g: Guest, comment_id: number) => t.call(g, 'POST', '/api/report-comment', { comment_id, report_type_id: worried.id });
    const thanks = { status: 201, body: { message: 'Thanks for reporting this comment' } };
    expect(await worry(a, commentB.id)).toMatchObject(notFound);
    expect(await worry(b, commentA.id)).toMatchObject(notFound);
    for (const g of [a, b]) {
      expect((await t.call(g, 'GET', '/api/care-notices')).body.data).toEqual([]);
      expect(await t.database.db.select().from(careNotices).where(eq(careNotices.userId, g.id))).toEqual([]);
      expect(await t.database.db.select().from(reports).where(eq(reports.userId, g.id))).toEqual([]);
    }
    // Someone else's worry reaches them.
    expect(await worry(c, commentB.id)).toMatchObject(thanks);
    expect((await t.call(b, 'GET', '/api/care-notices')).body.data.length).toBe(1);
  });
  it('takes a care notice sent before a block away from its recipient, whichever of the two blocked', async () => {
    const [worried] = await t.database.db.select({ id: reportTypes.id }).from(reportTypes).where(eq(reportTypes.key, 'worried'));
    const [a, b, c] = await Promise.all([signInGuest(t.app), signInGuest(t.app), signInGuest(t.app)]);
    const thought = (await t.call(b, 'POST', '/api/thoughts', { content: 'I do not see the point any more' })).body.data;
    expect((await t.call(a, 'POST', '/api/report-thought', { thought_id: thought.id, report_type_id: worried.id })).status).toBe(201);
    const notices = async () => (await t.call(b, 'GET', '/api/care-notices')).body.data.length;
    expect(await notices()).toBe(1);
    await block(b, a.id);
    expect(await notices()).toBe(0);
    await unblock(b, a.id);
    expect(await notices()).toBe(1);
    await block(a, b.id);
    expect(await notices()).toBe(0);
    // A block with someone else changes nothing.
    await unblock(a, b.id);
    await block(b, c.id);
    expect(await notices()).toBe(1);
  });

  it('answers 404 to a report of the other’s writing, or of what it hangs on, whichever of the two blocked', async () => {
    const [spam] = await t.database.db.select({ id: reportTypes.id }).from(reportTypes).where(eq(reportTypes.key, 'spam'));
    const [a, b, c] = await Promise.all([person(), person(), person()]);
    const host = (await t.call(c, 'POST', '/api/posts', { content: long('Host of both') })).body.data;
    const ofA = await writingOf(a, 'Reported blocker', host.id);
    const ofB = await writingOf(b, 'Reported blocked', host.id);
    const { topicRefs } = await writingRefs(t);
    const topicOf = async (g: Guest, title: string) =>
      (await t.call(g, 'POST', '/api/topics', { title, description: 'A place to talk', ...topicRefs })).body.data;
    const [topicA, topicB] = [await topicOf(a, 'Blocker topic'), await topicOf(b, 'Blocked topic')];
    // A third person's comment under each one's post, and a third person's reply to each one's comment.
    const underA = (await t.call(c, 'POST', '/api/comments', { post_id: ofA.post.id, content: 'Under the blocker' })).body.data;
    const underB = (await t.call(c, 'POST', '/api/comments', { post_id: ofB.post.id, content: 'Under the blocked' })).body.data;
    const replyA = (await t.call(c, 'POST', '/api/comment-reply', { comment_id: ofA.comment.id, content: 'To the blocker' })).body.data;
    const replyB = (await t.call(c, 'POST', '/api/comment-reply', { comment_id: ofB.comment.id, content: 'To the blocked' })).body.data;
    const reportsOf = (g: Guest, w: typeof ofA, topicId: number, under: number, reply: number) => [
      t.call(g, 'POST', '/api/reports', { post_id: w.post.id, report_type_id: spam.id }),
      t.call(g, 'POST', '/api/user/store/report/mood', { mood_id: w.mood.id, report_type_id: spam.id }),
      t.call(g, 'POST', '/api/report-comment', { comment_id: w.comment.id, report_type_id: spam.id }),
      t.call(g, 'POST', '/api/report-thought', { thought_id: w.thought.id, report_type_id: spam.id }),
      t.call(g, 'POST', '/api/report-topic', { topic_id: topicId, report_type_id: spam.id }),
      t.call(g, 'POST', '/api/report-comment', { comment_id: under, report_type_id: spam.id }),
      t.call(g, 'POST', '/api/report-comment', { comment_id: reply, report_type_id: spam.id }),
    ];
    await block(a, b.id);
    for (const answers of [reportsOf(b, ofA, topicA.id, underA.id, replyA.id), reportsOf(a, ofB, topicB.id, underB.id, replyB.id)]) {
      const got = await Promise.all(answers);
      expect(got.map((r) => [r.status, r.body.code])).toEqual(got.map(() => [404, 'NOT_FOUND']));
    }
    for (const g of [a, b]) expect(await t.database.db.select().from(reports).where(eq(reports.userId, g.id))).toEqual([]);
    const queued = await t.database.db.select().from(moderationItems).where(eq(moderationItems.authorId, c.id));
    expect(queued).toEqual([]);
    // Unblocked, the same reports are taken.
    await unblock(a, b.id);
    const after = await Promise.all(reportsOf(b, ofA, topicA.id, underA.id, replyA.id));
    expect(after.map((r) => r.status)).toEqual(after.map(() => 201));
  });

  it('still takes a report of a message from the person one blocked, and from the one who blocked them', async () => {
    const [spam] = await t.database.db.select({ id: reportTypes.id }).from(reportTypes).where(eq(reportTypes.key, 'harassment'));
    const [a, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    const fromB = (await t.call(b, 'POST', '/api/messages', { user_id: a.id, content: 'You will regret this' })).body.data;
    expect((await t.call(a, 'POST', `/api/message-requests/${fromB.conversation_id}/accept`)).status).toBe(200);
    const fromA = (await t.call(a, 'POST', '/api/messages', { conversation_id: fromB.conversation_id, content: 'Please stop' })).body.data;
    // The person harassed blocks first, then reports: the block must not take the report away from them.
    await block(a, b.id);
    const thanks = { status: 201, body: { message: 'Thanks for reporting this message' } };
    expect(await t.call(a, 'POST', '/api/report-message', { message_id: fromB.id, report_type_id: spam.id })).toMatchObject(thanks);
    expect(await t.call(b, 'POST', '/api/report-message', { message_id: fromA.id, report_type_id: spam.id })).toMatchObject(thanks);
    const entries = await t.database.db.select().from(moderationItems).where(eq(moderationItems.target, 'message'));
    expect(entries.filter((e) => e.targetId === fromB.id || e.targetId === fromA.id).map((e) => [e.targetId, e.reportsCount])).toEqual([
      [fromB.id, 1],
      [fromA.id, 1],
    ]);
  });
});
