import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockPageSchema } from '../../../core/schemas/blocks.ts';
import { conversationPageSchema } from '../../../core/schemas/messages.ts';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const block = (g: Guest, userId: number) => t.call(g, 'POST', '/api/blocks', { user_id: userId });
const unblock = (g: Guest, userId: number) => t.call(g, 'DELETE', `/api/blocks/${userId}`);
const send = (from: Guest, to: object, content = 'Are you there?') => t.call(from, 'POST', '/api/messages', { ...to, content });
const unread = async (g: Guest) => (await t.call(g, 'GET', '/api/unread-messages')).body;
const conversationIds = async (g: Guest) =>
  (await t.call(g, 'GET', '/api/conversations', undefined, { schema: conversationPageSchema })).body.data.map((c) => c.id);
const long = (seed: string) => `${seed}: ${'the evenings are the hardest part, and I do not know who to tell about it. '.repeat(3)}`.trim();
const ids = (body: { data?: { id: number }[] }) => (body.data ?? []).map((i) => i.id);

describe('blocks', () => {
  it('blocks and unblocks (idempotent), lists the people I blocked, refuses myself and unknown people', async () => {
    const [me, x, y] = await Promise.all([signInGuest(t.app), signInGuest(t.app), signInGuest(t.app)]);
    expect(await block(me, x.id)).toMatchObject({ status: 200, body: { blocked: true } });
    expect(await block(me, x.id)).toMatchObject({ status: 200, body: { blocked: true } });
    expect(await block(me, y.id)).toMatchObject({ status: 200, body: { blocked: true } });
    const listed = await t.call(me, 'GET', '/api/blocks', undefined, { schema: blockPageSchema });
    expect(listed.body.data.map((u) => u.id)).toEqual([y.id, x.id]);
    expect(listed.body.meta.total).toBe(2);
    expect(await unblock(me, x.id)).toMatchObject({ status: 200, body: { blocked: false } });
    expect(await unblock(me, x.id)).toMatchObject({ status: 200, body: { blocked: false } });
    expect((await t.call(me, 'GET', '/api/blocks')).body.data.map((u: { id: number }) => u.id)).toEqual([y.id]);
    // Someone else's list is their own.
    expect((await t.call(x, 'GET', '/api/blocks')).body.meta.total).toBe(0);

    expect(await block(me, me.id)).toMatchObject({ status: 422, body: { code: 'VALIDATION', errors: { user_id: [expect.any(String)] } } });
    expect(await block(me, 99999999)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await unblock(me, 99999999)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await t.call(me, 'DELETE', '/api/blocks/abc')).status).toBe(422);
    expect((await t.call(me, 'POST', '/api/blocks', { user_id: '1; drop table users' })).status).toBe(422);
    expect(await t.call(null, 'POST', '/api/blocks', { user_id: x.id })).toMatchObject({ status: 401 });
  });

  it('stops messages both ways with the same neutral refusal, and takes our conversation out of the blocker’s list only', async () => {
    const [a, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    const id = (await send(a, { user_id: b.id })).body.data.conversation_id;
    await t.call(b, 'POST', `/api/message-requests/${id}/accept`);
    await send(b, { conversation_id: id }, 'Yes, I am here.');
    await send(b, { conversation_id: id }, 'What is on your mind?');
    expect(await unread(a)).toEqual({ unread_total: 2, requests_count: 0 });

    expect((await block(a, b.id)).status).toBe(200);
    expect(await unread(a)).toEqual({ unread_total: 0, requests_count: 0 });
    expect(await conversationIds(a)).toEqual([]);
    // Silent: the blocked person keeps the conversation, unable to write in it.
    expect(await conversationIds(b)).toEqual([id]);
    expect((await t.call(b, 'GET', `/api/conversations/${id}`)).body.data).toMatchObject({ can_reply: false, blocked_by_me: false });
    // The blocker, opening it again (an old notification), is told it is their block, so the screen offers Unblock;
    // the blocked person is told nothing of it (above).
    expect((await t.call(a, 'GET', `/api/conversations/${id}`)).body.data).toMatchObject({ can_reply: false, blocked_by_me: true });
    const fromBlocked = await send(b, { conversation_id: id });
    expect(fromBlocked).toMatchObject({ status: 403, body: { code: 'MESSAGE_NOT_ALLOWED' } });
    const fromBlocker = await send(a, { conversation_id: id });
    expect(fromBlocker).toMatchObject({ status: 403, body: { code: 'MESSAGE_NOT_ALLOWED', message: fromBlocked.body.message } });
    expect(await send(b, { user_id: a.id })).toMatchObject({ status: 403, body: { code: 'MESSAGE_NOT_ALLOWED' } });

    // Unblocking brings the conversation back with what was unread.
    expect((await unblock(a, b.id)).status).toBe(200);
    expect((await t.call(a, 'GET', `/api/conversations/${id}`)).body.data).toMatchObject({ can_reply: true, blocked_by_me: false });
    expect(await conversationIds(a)).toEqual([id]);
    expect(await unread(a)).toEqual({ unread_total: 2, requests_count: 0 });
    expect((await send(b, { conversation_id: id })).status).toBe(201);
    expect(await unread(a)).toEqual({ unread_total: 3, requests_count: 0 });
  });

  it('takes a blocked request out of the requests count, and blocks a stranger before any conversation', async () => {
    const [a, b, c] = await Promise.all([signInGuest(t.app), signInGuest(t.app), signInGuest(t.app)]);
    await send(a, { user_id: b.id });
    expect(await unread(b)).toEqual({ unread_total: 0, requests_count: 1 });
    await block(b, a.id);
    expect(await unread(b)).toEqual({ unread_total: 0, requests_count: 0 });
    expect((await t.call(b, 'GET', '/api/message-requests')).body.meta.total).toBe(0);
    await block(c, a.id);
    expect(await send(a, { user_id: c.id })).toMatchObject({ status: 403, body: { code: 'MESSAGE_NOT_ALLOWED' } });
    expect(await send(c, { user_id: a.id })).toMatchObject({ status: 403, body: { code: 'MESSAGE_NOT_ALLOWED' } });
    expect(await t.call(c, 'POST', '/api/conversations', { user_id: a.id })).toMatchObject({ status: 403 });
  });

  it('refuses to accept the request of someone I blocked until I unblock them; their block of me is not told', async () => {
    const [a, b, c] = await Promise.all([signInGuest(t.app), signInGuest(t.app), signInGuest(t.app)]);
    const id = (await send(b, { user_id: a.id })).body.data.conversation_id;
    expect((await block(a, b.id)).status).toBe(200);
    // Opened again (the notification, the address), it is still the request it was, with my block said.
    expect((await t.call(a, 'GET', `/api/conversations/${id}`)).body.data).toMatchObject({ status: 'request', blocked_by_me: true });
    expect(await t.call(a, 'POST', `/api/message-requests/${id}/accept`)).toMatchObject({
      status: 403,
      body: { code: 'UNBLOCK_FIRST', message: 'You blocked this person. Unblock them first.' },
    });
    expect((await t.call(a, 'GET', `/api/conversations/${id}`)).body.data).toMatchObject({ status: 'request', blocked_by_me: true });

    // Unblocked, it is a request to accept again.
    expect((await unblock(a, b.id)).status).toBe(200);
    expect((await t.call(a, 'GET', `/api/conversations/${id}`)).body.data).toMatchObject({ status: 'request', blocked_by_me: false });
    expect(await unread(a)).toEqual({ unread_total: 0, requests_count: 1 });
    expect(await t.call(a, 'POST', `/api/message-requests/${id}/accept`)).toMatchObject({
      status: 200,
      body: { data: { id, status: 'accepted', blocked_by_me: false } },
    });

    // A request from someone who blocked me since is accepted as any other (their block is never told).
    const fromC = (await send(c, { user_id: a.id })).body.data.conversation_id;
    expect((await block(c, a.id)).status).toBe(200);
    expect(await t.call(a, 'POST', `/api/message-requests/${fromC}/accept`)).toMatchObject({
      status: 200,
      body: { data: { id: fromC, status: 'accepted', can_reply: false, blocked_by_me: false } },
    });
  });

  it('takes the blocked person’s posts, moods, comments and thoughts out of my lists, not anyone else’s', async () => {
    const [me, blocked, other] = await Promise.all([signInGuest(t.app), signInGuest(t.app), signInGuest(t.app)]);
    const feeling_id = (await t.call(null, 'GET', '/api/feelings?type=mood')).body.data[0].id;
    const post = (await t.call(blocked, 'POST', '/api/posts', { content: long('Blocked author post') })).body.data;
    const otherPost = (await t.call(other, 'POST', '/api/posts', { content: long('Other author post') })).body.data;
    const mood = (await t.call(blocked, 'POST', '/api/user/store/moods', { content: 'Tired but trying', feeling_id })).body.data;
    const otherMood = (await t.call(other, 'POST', '/api/user/store/moods', { content: 'A calm morning', feeling_id })).body.data;
    const thought = (await t.call(blocked, 'POST', '/api/thoughts', { content: 'Small steps still count' })).body.data;
    const otherThought = (await t.call(other, 'POST', '/api/thoughts', { content: 'Rest is a need' })).body.data;
    const comment = (await t.call(blocked, 'POST', '/api/comments', { post_id: otherPost.id, content: 'You are not alone' })).body.data;
    const otherComment = (await t.call(other, 'POST', '/api/comments', { post_id: otherPost.id, content: 'Same here' })).body.data;
    const reply = (await t.call(blocked, 'POST', '/api/comment-reply', { comment_id: otherComment.id, content: 'Me too' })).body.data;
    for (const [g, reaction] of [
      [me, 'love'],
      [other, 'hope'],
    ] as const) {
      await t.call(g, 'POST', '/api/thoughts-reaction', { thought_id: thought.id, type: reaction });
      await t.call(g, 'POST', '/api/thoughts-reaction', { thought_id: otherThought.id, type: reaction });
      await t.call(g, 'POST', '/api/supports', { post_id: post.id });
    }

    const lists = async (g: Guest | null) => ({
      posts: ids((await t.call(g, 'GET', '/api/posts?per_page=50')).body),
      trending: ids((await t.call(g, 'GET', '/api/trendingPosts')).body),
      moods: ids((await t.call(g, 'GET', '/api/user/get/moods?per_page=50')).body),
      thoughts: ids((await t.call(g, 'GET', '/api/thoughts?per_page=50')).body),
      popular: ids((await t.call(g, 'GET', '/api/thoughts/popular')).body),
      related: ids((await t.call(g, 'GET', `/api/relatedThoughts?thought_id=${otherThought.id}`)).body),
      comments: ids((await t.call(g, 'GET', `/api/post-comments?post_id=${otherPost.id}`)).body),
      replies: (await t.call(g, 'GET', `/api/post-comments?post_id=${otherPost.id}`)).body.data.flatMap(
        (c: { replies: { id: number }[] }) => c.replies.map((r) => r.id),
      ),
    });
    const everything = await lists(me);
    expect(everything.posts).toEqual(expect.arrayContaining([post.id, otherPost.id]));
    expect(everything.moods).toEqual(expect.arrayContaining([mood.id, otherMood.id]));
    expect(everything.thoughts).toEqual(expect.arrayContaining([thought.id, otherThought.id]));
    expect(everything.comments).toEqual([comment.id, otherComment.id]);
    expect(everything.replies).toEqual([reply.id]);
    expect(everything.trending).toContain(post.id);
    expect(everything.popular).toContain(thought.id);

    await block(me, blocked.id);
    const after = await lists(me);
    const without = (list: number[], id: number) => list.filter((i) => i !== id);
    expect(everything.related).toContain(thought.id);
    expect(after).toEqual({
      posts: without(everything.posts, post.id),
      trending: without(everything.trending, post.id),
      moods: without(everything.moods, mood.id),
      thoughts: without(everything.thoughts, thought.id),
      popular: without(everything.popular, thought.id),
      related: without(everything.related, thought.id),
      comments: [otherComment.id],
      replies: [],
    });
    expect((await t.call(me, 'GET', `/api/post-comments?post_id=${otherPost.id}`)).body.meta.total).toBe(1);

    // Nobody else's lists change, and the guest cache, which holds signed-out pages only, carries no one's blocks.
    for (const g of [other, null]) expect(await lists(g)).toEqual(everything);

    await unblock(me, blocked.id);
    expect(await lists(me)).toEqual(everything);
  });
});
