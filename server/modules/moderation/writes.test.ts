/**
 * Writes on an item moderation took out (removed, or hidden pending review) answer as its page does: 404 NOT_FOUND to
 * anyone who may not open it, writing nothing and telling no one; its author keeps what their page allows them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModeratedTarget } from '../../../core/moderation.ts';
import { comments, favorites, moods, notifications, posts, supports, thoughts, topics } from '../../../db/schema.ts';
import { createTestApp, type Guest, type TestApp } from '../../../tests/helpers/app.ts';
import { notificationCount, quietPerson } from '../../../tests/helpers/notifications.ts';
import { MODERATED } from './visibility.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notFound = { status: 404, body: { code: 'NOT_FOUND' } };
const long = (seed: string) => `${seed}: ${'the nights are long and I do not know who to talk to about it. '.repeat(3)}`.trim();

const person = () => quietPerson(t);
const notified = (g: Guest) => notificationCount(t, g);

/** Sets an item's moderation state as a moderator's action or three reports would. */
async function moderate(target: ModeratedTarget, id: number, state: string) {
  const m = MODERATED[target];
  await t.database.db
    .update(m.table)
    .set({ [m.moderation.name]: state } as never)
    .where(eq(m.id, id));
}

describe('writes on what moderation took out', () => {
  it('answers 404 on a removed or hidden post to others, writes nothing and tells the author nothing', async () => {
    const [author, reader] = await Promise.all([person(), person()]);
    const post = (await t.call(author, 'POST', '/api/posts', { content: long('Removed soon') })).body.data;
    const comment = (await t.call(author, 'POST', '/api/comments', { post_id: post.id, content: 'My own first note' })).body.data;
    for (const state of ['removed', 'hidden']) {
      await moderate('post', post.id, state);
      expect(await t.call(reader, 'GET', `/api/posts/${post.id}`)).toMatchObject(notFound);
      expect(await t.call(reader, 'POST', '/api/comments', { post_id: post.id, content: 'Hello there' })).toMatchObject(notFound);
      expect(await t.call(reader, 'POST', '/api/comment-reply', { comment_id: comment.id, content: 'Hello' })).toMatchObject(notFound);
      expect(await t.call(reader, 'POST', '/api/comment-vote', { comment_id: comment.id, vote: 1 })).toMatchObject(notFound);
      expect(await t.call(reader, 'POST', '/api/supports', { post_id: post.id })).toMatchObject(notFound);
      expect(await t.call(reader, 'POST', '/api/unsupport', { post_id: post.id })).toMatchObject(notFound);
      expect(await t.call(reader, 'POST', '/api/favorites', { post_id: post.id })).toMatchObject(notFound);
      expect(await t.call(reader, 'POST', '/api/hides', { post_id: post.id })).toMatchObject(notFound);
      expect(await t.call(reader, 'POST', '/api/advices', { post_id: post.id, content: 'Take care of yourself' })).toMatchObject(notFound);
    }
    const db = t.database.db;
    expect(await db.select().from(supports).where(eq(supports.postId, post.id))).toEqual([]);
    expect(await db.select().from(favorites).where(eq(favorites.postId, post.id))).toEqual([]);
    expect((await db.select({ id: comments.id }).from(comments).where(eq(comments.postId, post.id))).map((c) => c.id)).toEqual([
      comment.id,
    ]);
    const [row] = await db
      .select({ comments: posts.commentsCount, supports: posts.supportsCount })
      .from(posts)
      .where(eq(posts.id, post.id));
    expect(row).toEqual({ comments: 1, supports: 0 });
    expect(await notified(author)).toBe(0);
    expect(await db.select().from(notifications).where(eq(notifications.userId, author.id))).toEqual([]);

    // Under review, the author still opens their post and writes on it as its page allows.
    expect((await t.call(author, 'GET', `/api/posts/${post.id}`)).status).toBe(200);
    expect(await t.call(author, 'POST', '/api/comments', { post_id: post.id, content: 'Still here' })).toMatchObject({ status: 201 });
    expect(await t.call(author, 'POST', '/api/favorites', { post_id: post.id })).toMatchObject({
      status: 200,
      body: { is_favorited: true },
    });
    // Removed, not even its author.
    await moderate('post', post.id, 'removed');
    expect(await t.call(author, 'GET', `/api/posts/${post.id}`)).toMatchObject(notFound);
    expect(await t.call(author, 'POST', '/api/comments', { post_id: post.id, content: 'Still here' })).toMatchObject(notFound);

    // Visible again, the same writes go through.
    await moderate('post', post.id, 'visible');
    expect(await t.call(reader, 'POST', '/api/supports', { post_id: post.id })).toMatchObject({ status: 200, body: { supports_count: 1 } });
    expect(await notified(author)).toBe(1);
  });

  it('answers 404 on a removed comment, thought, mood, poll and topic', async () => {
    const [author, reader] = await Promise.all([person(), person()]);
    const post = (await t.call(author, 'POST', '/api/posts', { content: long('A post with a poll'), poll: { options: ['Yes', 'No'] } }))
      .body.data;
    const comment = (await t.call(author, 'POST', '/api/comments', { post_id: post.id, content: 'A comment to remove' })).body.data;
    const thought = (await t.call(author, 'POST', '/api/thoughts', { content: 'A thought to remove' })).body.data;
    const feeling_id = (await t.call(null, 'GET', '/api/feelings?type=mood')).body.data[0].id;
    const mood = (await t.call(author, 'POST', '/api/user/store/moods', { content: 'A mood', feeling_id, poll: { options: ['A', 'B'] } }))
      .body.data;
    const category_id = (await t.call(null, 'GET', '/api/categories')).body.data[0].id;
    const cover_id = (await t.call(null, 'GET', '/api/topic-covers')).body.data[0].id;
    const topic = (
      await t.call(author, 'POST', '/api/topics', { title: 'Night shifts', description: 'How we cope with them.', category_id, cover_id })
    ).body.data;

    await moderate('comment', comment.id, 'removed');
    await moderate('thought', thought.id, 'removed');
    await moderate('mood', mood.id, 'removed');
    await moderate('topic', topic.id, 'removed');
    expect(await t.call(reader, 'POST', '/api/comment-vote', { comment_id: comment.id, vote: 1 })).toMatchObject(notFound);
    expect(await t.call(reader, 'POST', '/api/comment-reply', { comment_id: comment.id, content: 'Hello' })).toMatchObject(notFound);
    expect(await t.call(reader, 'GET', `/api/thoughts/${thought.id}`)).toMatchObject(notFound);
    expect(await t.call(reader, 'POST', '/api/thoughts-reaction', { thought_id: thought.id, type: 'love' })).toMatchObject(notFound);
    expect(await t.call(reader, 'POST', '/api/interactions', { mood_id: mood.id, type: 'hug' })).toMatchObject(notFound);
    expect(await t.call(reader, 'POST', '/api/delete-interaction', { mood_id: mood.id })).toMatchObject(notFound);
    expect(await t.call(reader, 'POST', '/api/user/update/vote', { poll_option_id: mood.poll.options[0].id })).toMatchObject(notFound);
    expect(await t.call(reader, 'POST', '/api/user/remove/vote', { poll_id: mood.poll.id })).toMatchObject(notFound);
    // A topic one may not open is as a missing one for a post in it: the same 422 on its field.
    const inTopic = await t.call(reader, 'POST', '/api/posts', { content: long('In a removed topic'), topic_id: topic.id });
    expect(inTopic).toMatchObject({ status: 422, body: { code: 'VALIDATION', errors: { topic_id: [expect.any(String)] } } });

    await moderate('post', post.id, 'removed');
    expect(await t.call(reader, 'POST', '/api/user/update/vote', { poll_option_id: post.poll.options[0].id })).toMatchObject(notFound);

    const db = t.database.db;
    const [c] = await db
      .select({ score: comments.votesScore, replies: comments.repliesCount })
      .from(comments)
      .where(eq(comments.id, comment.id));
    expect(c).toEqual({ score: 0, replies: 0 });
    const [th] = await db.select({ love: thoughts.loveCount }).from(thoughts).where(eq(thoughts.id, thought.id));
    expect(th).toEqual({ love: 0 });
    const [m] = await db.select({ hug: moods.hugCount }).from(moods).where(eq(moods.id, mood.id));
    expect(m).toEqual({ hug: 0 });
    expect((await db.select({ n: topics.postsCount }).from(topics).where(eq(topics.id, topic.id)))[0].n).toBe(0);
    expect(await notified(author)).toBe(0);
  });
});
