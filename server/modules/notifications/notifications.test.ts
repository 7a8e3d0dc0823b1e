import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_GROUP_WINDOW_MS } from '../../../core/notifications.ts';
import type { NotificationEvent } from '../../../core/realtime.ts';
import { notificationKindsSchema, notificationPageSchema } from '../../../core/schemas/notifications.ts';
import { jobs, notificationEvents, notifications, reportTypes, users } from '../../../db/schema.ts';
import { createTestApp, type Guest, signInEstablished, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';
import { frozenClock } from '../../../tests/helpers/clock.ts';
import { deliver, EVENT_KEYS_KEPT_MS, type NotifyJob, notificationText, notify, pruneEventKeys } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * A signed-in guest with achievement notifications off: first posts and first supports earn achievements, and these
 * tests count only the notifications of the act under test (the achievements test below keeps them on).
 */
async function person(locale?: string, signIn = signInGuest): Promise<Guest> {
  const g = await signIn(t.app, locale);
  const res = await t.call(g, 'PUT', '/api/notification-settings', { kinds: { achievement: false } });
  expect(res.status).toBe(200);
  return g;
}
const long = (seed: string) => `${seed}: ${'the nights are long and I do not know who to talk to about it. '.repeat(3)}`.trim();
const newPost = async (g: Guest, seed = 'Lonely') =>
  (await t.call(g, 'POST', '/api/posts', { content: long(seed) })).body.data as { id: number };
const support = (g: Guest, post_id: number) => t.call(g, 'POST', '/api/supports', { post_id });
const comment = (g: Guest, post_id: number, content = 'You are not alone in this.') =>
  t.call(g, 'POST', '/api/comments', { post_id, content });
/** The person's notifications once every queued job has run. */
async function received(g: Guest, query = '', locale = 'en') {
  await t.app.jobs.idle();
  const res = await t.call(g, 'GET', `/api/notifications-received${query}`, undefined, {
    schema: notificationPageSchema,
    headers: { 'x-locale': locale },
  });
  expect(res.status).toBe(200);
  return res.body;
}
const texts = async (g: Guest, locale = 'en') => (await received(g, '', locale)).data.map((n) => n.data.text);

/** The job of b's support of the author's post, as the supports route enqueues it, under its own idempotency key. */
const supportJob = (author: Guest, b: Guest, post: { id: number }, key: string): NotifyJob => ({
  type: 'support',
  recipientId: author.id,
  actorId: b.id,
  item: { kind: 'post', id: post.id },
  url: `/problem/${post.id}`,
  params: {},
  key: `${key}:${post.id}`,
  at: new Date().toISOString(),
});

describe('notifications of support and comments', () => {
  it('groups support on one post into one notification counting people, unseen again when it grows', async () => {
    const [author, b, c] = await Promise.all([person(), person(), person()]);
    const post = await newPost(author);
    expect((await support(b, post.id)).status).toBe(200);
    const first = await received(author);
    expect(first.meta).toMatchObject({ total: 1, unseen_count: 1, current_page: 1 });
    expect(first.data[0]).toMatchObject({
      type: 'support',
      seen: false,
      data: { url: `/problem/${post.id}`, text: `${b.nickname} supported your post`, actor_count: 1, item: { kind: 'post', id: post.id } },
    });
    expect(await t.call(author, 'POST', '/api/notifications-seen', {})).toMatchObject({ status: 200, body: { unseen_count: 0 } });
    expect((await received(author)).data[0].seen).toBe(true);

    await support(c, post.id);
    const grown = await received(author);
    expect(grown.meta).toMatchObject({ total: 1, unseen_count: 1 });
    expect(grown.data[0]).toMatchObject({
      id: first.data[0].id,
      seen: false,
      data: { text: `${c.nickname} and 1 other person supported your post`, actor_count: 2 },
    });
    // Withdrawing and giving support again is not news twice.
    await t.call(c, 'POST', '/api/unsupport', { post_id: post.id });
    await support(c, post.id);
    expect((await received(author)).data[0].data.actor_count).toBe(2);
  });

  it('counts a window of exactly 60 minutes from the first event', async () => {
    const [author, b, c, d] = await Promise.all([person(), person(), person(), person()]);
    const post = await newPost(author);
    const clock = frozenClock();
    await support(b, post.id);
    clock.at(NOTIFICATION_GROUP_WINDOW_MS - 1);
    await support(c, post.id);
    clock.at(NOTIFICATION_GROUP_WINDOW_MS);
    await support(d, post.id);
    const list = await received(author);
    expect(list.data.map((n) => [n.data.actor_count, n.data.text])).toEqual([
      [1, `${d.nickname} supported your post`],
      [2, `${c.nickname} and 1 other person supported your post`],
    ]);
    expect(list.meta.unseen_count).toBe(2);
  });

  it('tells the author of comments, and the commenter of replies, with a link to the post at what was written', async () => {
    const [author, b, c] = await Promise.all([person(), person(), person()]);
    const post = await newPost(author);
    const first = (await comment(b, post.id)).body.data;
    await comment(c, post.id);
    const latest = (await comment(c, post.id, 'And a second thought from me.')).body.data;
    const reply = await t.call(author, 'POST', '/api/comment-reply', { comment_id: first.id, content: 'Thank you so much.' });
    expect(reply.status).toBe(201);
    const mine = await received(author);
    expect(mine.data).toHaveLength(1);
    // Grouped: the notification leads to the newest of the comments it counts (decision 075).
    expect(mine.data[0]).toMatchObject({
      type: 'comment',
      data: {
        text: `${c.nickname} and 1 other person commented on your post`,
        actor_count: 2,
        url: `/problem/${post.id}?comment=${latest.id}`,
      },
    });
    expect((await received(b)).data.map((n) => [n.type, n.data.text, n.data.item, n.data.url])).toEqual([
      [
        'reply',
        `${author.nickname} replied to your comment`,
        { kind: 'comment', id: first.id },
        `/problem/${post.id}?comment=${first.id}&reply=${reply.body.data.id}`,
      ],
    ]);
    // A reply to a reply joins the thread and tells the thread's commenter (replies are one level deep): the grouped
    // notification now leads to the newest reply, inside the thread of the comment the comments' pages list.
    const answer = await t.call(c, 'POST', '/api/comment-reply', { comment_id: reply.body.data.id, content: 'Me too, really.' });
    expect(answer.status).toBe(201);
    expect((await received(b)).data.map((n) => [n.type, n.data.actor_count, n.data.url])).toEqual([
      ['reply', 2, `/problem/${post.id}?comment=${first.id}&reply=${answer.body.data.id}`],
    ]);
  });

  it('leads a comment vote to the comment, and a vote on a reply to the reply in its thread', async () => {
    const [author, voter] = await Promise.all([person(), person()]);
    await t.call(author, 'PUT', '/api/notification-settings', { kinds: { comment_vote: true } });
    const post = await newPost(voter);
    const top = (await comment(author, post.id)).body.data;
    const reply = (await t.call(author, 'POST', '/api/comment-reply', { comment_id: top.id, content: 'One more thing.' })).body.data;
    await t.call(voter, 'POST', '/api/comment-vote', { comment_id: top.id, vote: 1 });
    await t.call(voter, 'POST', '/api/comment-vote', { comment_id: reply.id, vote: 1 });
    expect((await received(author)).data.map((n) => [n.type, n.data.url])).toEqual([
      ['comment_vote', `/problem/${post.id}?comment=${top.id}&reply=${reply.id}`],
      ['comment_vote', `/problem/${post.id}?comment=${top.id}`],
    ]);
  });

  it('tells the author of advice and the recipient of a message', async () => {
    const [author, b] = await Promise.all([person(), person()]);
    const post = await newPost(author);
    expect((await t.call(b, 'POST', '/api/advices', { post_id: post.id, content: 'Try a walk at dusk, it helps me.' })).status).toBe(201);
    const sent = await t.call(b, 'POST', '/api/messages', { user_id: author.id, content: 'Hello, I read your post.' });
    expect(sent.status).toBe(201);
    const list = await received(author);
    expect(list.data.map((n) => [n.type, n.data.text, n.data.url])).toEqual([
      ['message', `${b.nickname} sent you a message`, `/chat?c=${sent.body.data.conversation_id}`],
      ['advice', `${b.nickname} sent you advice on your post`, '/advice'],
    ]);

    // Reading the conversation reads its notification with it; the advice stays new.
    const before = (await received(author)).meta.unseen_count;
    const id = sent.body.data.conversation_id;
    expect((await t.call(author, 'POST', `/api/conversations/${id}/read`)).status).toBe(200);
    const after = await received(author);
    expect(after.data.map((n) => [n.type, n.seen])).toEqual([
      ['message', true],
      ['advice', false],
    ]);
    expect(after.meta.unseen_count).toBe(before - 1);
  });
});

describe('who is not notified', () => {
  it('nobody is told of their own acts', async () => {
    const author = await person();
    const post = await newPost(author);
    await support(author, post.id);
    await comment(author, post.id);
    expect(await received(author)).toMatchObject({ data: [], meta: { total: 0, unseen_count: 0 } });
  });

  it('nobody is told of the acts of someone they blocked, or who blocked them', async () => {
    const [author, blocked, blocker] = await Promise.all([person(), person(), person()]);
    const post = await newPost(author);
    await t.call(author, 'POST', '/api/blocks', { user_id: blocked.id });
    await t.call(blocker, 'POST', '/api/blocks', { user_id: author.id });
    await support(blocked, post.id);
    await support(blocker, post.id);
    expect(await texts(author)).toEqual([]);
  });

  it('what someone caused leaves the list, the total and the bell while a block separates us, either way, and comes back after', async () => {
    const [author, b, c] = await Promise.all([person(), person(), person()]);
    const post = await newPost(author);
    await support(b, post.id);
    await support(c, post.id);
    const sent = await t.call(b, 'POST', '/api/messages', { user_id: author.id, content: 'Hello, I read your post.' });
    expect(sent.status).toBe(201);
    const chat = `/chat?c=${sent.body.data.conversation_id}`;
    const shown = async () => {
      const list = await received(author);
      return {
        rows: list.data.map((n) => [n.type, n.data.text, n.data.actor_count, n.data.url]),
        total: list.meta.total,
        unseen: list.meta.unseen_count,
      };
    };
    const bell = async () => (await t.call(author, 'POST', '/api/notifications-seen', { ids: [] })).body.unseen_count;
    const everyone = {
      rows: [
        ['message', `${b.nickname} sent you a message`, 1, chat],
        ['support', `${c.nickname} and 1 other person supported your post`, 2, `/problem/${post.id}`],
      ],
      total: 2,
      unseen: 2,
    };
    expect(await shown()).toEqual(everyone);

    // c blocks the author: the group neither names nor counts them, and names the one left.
    expect((await t.call(c, 'POST', '/api/blocks', { user_id: author.id })).status).toBe(200);
    expect(await shown()).toEqual({
      rows: [
        ['message', `${b.nickname} sent you a message`, 1, chat],
        ['support', `${b.nickname} supported your post`, 1, `/problem/${post.id}`],
      ],
      total: 2,
      unseen: 2,
    });

    // The author blocks b: nothing anyone left caused remains.
    expect((await t.call(author, 'POST', '/api/blocks', { user_id: b.id })).status).toBe(200);
    expect(await shown()).toEqual({ rows: [], total: 0, unseen: 0 });
    expect(await bell()).toBe(0);

    // Unblocked both ways, each comes back as it was (still unseen: nothing was read meanwhile).
    expect((await t.call(author, 'DELETE', `/api/blocks/${b.id}`)).status).toBe(200);
    expect((await t.call(c, 'DELETE', `/api/blocks/${author.id}`)).status).toBe(200);
    expect(await shown()).toEqual(everyone);
    expect(await bell()).toBe(2);
  });

  it('a group whose latest person a block separates from the reader names another and opens the post, not their comment', async () => {
    const [author, b, c] = await Promise.all([person(), person(), person()]);
    const post = await newPost(author);
    await comment(b, post.id);
    const latest = (await comment(c, post.id, 'A comment from someone about to be blocked.')).body.data;
    const row = async () => (await received(author)).data.map((n) => [n.data.text, n.data.url]);
    expect(await row()).toEqual([[`${c.nickname} and 1 other person commented on your post`, `/problem/${post.id}?comment=${latest.id}`]]);
    expect((await t.call(author, 'POST', '/api/blocks', { user_id: c.id })).status).toBe(200);
    expect(await row()).toEqual([[`${b.nickname} commented on your post`, `/problem/${post.id}`]]);
  });

  it("honours a post's notifications_disabled", async () => {
    const [author, b] = await Promise.all([person(), person()]);
    const post = await newPost(author);
    expect((await t.call(author, 'POST', '/api/disable-post-notification', { post_id: post.id })).body).toEqual({
      notifications_disabled: true,
    });
    await support(b, post.id);
    await comment(b, post.id);
    expect(await texts(author)).toEqual([]);
  });

  it('a kind switched off creates nothing; the API.md toggle and the per-kind switch are the same switch', async () => {
    const [author, b] = await Promise.all([person(), person()]);
    const post = await newPost(author);
    expect(await t.call(author, 'POST', '/api/disable-support-notification')).toMatchObject({
      status: 200,
      body: { notification_settings: { support: false, advice: true, message: true } },
    });
    const off = await t.call(
      author,
      'PUT',
      '/api/notification-settings',
      { kinds: { comment: false } },
      { schema: notificationKindsSchema },
    );
    expect(off.body.kinds).toEqual({
      support: false,
      comment: false,
      reply: true,
      comment_vote: false,
      advice: true,
      message: true,
      achievement: false, // person() switched it off
      moderation: true,
      report: true,
    });
    await support(b, post.id);
    await comment(b, post.id);
    expect(await texts(author)).toEqual([]);
    const on = await t.call(author, 'PUT', '/api/notification-settings', { kinds: { support: true, comment: true } });
    expect(on.body.kinds).toMatchObject({ support: true, comment: true });
    expect((await t.call(author, 'GET', '/api/get/data/user')).body.data.notification_settings).toEqual({
      support: true,
      advice: true,
      message: true,
    });
    await comment(b, post.id, 'Still here for you.');
    expect(await texts(author)).toEqual([`${b.nickname} commented on your post`]);
  });
});

describe('the text is in the recipient’s language', () => {
  it('makes the sentence in the language the recipient reads in, not the actor’s', async () => {
    const author = await person('fr');
    const b = await person('de');
    const c = await person('ja');
    const post = await newPost(author);
    await support(b, post.id);
    expect(await texts(author, 'fr')).toEqual([`${b.nickname} a soutenu votre publication`]);
    await support(c, post.id);
    expect(await texts(author, 'fr')).toEqual([`${c.nickname} et 1 autre personne ont soutenu votre publication`]);
  });
});

describe('the live event', () => {
  it('carries what its sentence is made of, so that a page in another language than the account’s says it in its own', async () => {
    const [author, b] = await Promise.all([person('en'), person()]);
    const post = await newPost(author);
    const told: NotificationEvent[] = [];
    const job = supportJob(author, b, post, 'test-sentence');
    expect(await deliver({ db: t.database.db, isViewing: async () => false, delivered: (_, n) => void told.push(n) }, job)).toBe(
      'delivered',
    );
    expect(told.map((n) => [n.data.text, n.sentence])).toEqual([
      [`${b.nickname} supported your post`, { actor_name: b.nickname, params: {} }],
    ]);
    expect(notificationText('hi', told[0].type, told[0].data.actor_count, told[0].sentence)).toBe(
      `${b.nickname} ने आपकी पोस्ट का समर्थन किया`,
    );
    // The API's notifications are the API's object, without it.
    expect(Object.keys((await received(author)).data[0]).sort()).toEqual(['created_at', 'data', 'id', 'seen', 'type']);
  });
});

describe('achievements', () => {
  it('tells a person the achievement they earned once, named in the language of the screen that reads it', async () => {
    const [author, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app, 'fr')]);
    const [first, second] = [await newPost(author, 'One'), await newPost(author, 'Two')];
    await support(b, first.id);
    await support(b, second.id);
    const list = await received(b, '', 'fr');
    expect(list.data.map((n) => [n.type, n.data.url, n.data.text])).toEqual([
      ['achievement', '/profile', 'Vous avez obtenu un nouveau succès : Premier soutien'],
    ]);
    // The same person on a page in another language than the one they saved.
    expect((await received(b, '', 'ja')).data.map((n) => n.data.text)).toEqual(['新しい実績を達成しました：はじめての応援']);
  });
});

describe('moderation and reports', () => {
  it('tells the author when their writing is hidden and restored, and the reporters when a moderator decided', async () => {
    const [author, moderator] = await Promise.all([person(), person()]);
    // Accounts old enough for their reports to count toward the hide, one after another (they move the clock).
    const reporters = [];
    for (let i = 0; i < 3; i++) reporters.push(await person(undefined, signInEstablished));
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
    const [spam] = await t.database.db.select().from(reportTypes).where(eq(reportTypes.key, 'spam'));
    const thought = (await t.call(author, 'POST', '/api/thoughts', { content: 'A thought that will be reported' })).body.data;
    for (const r of reporters) {
      expect((await t.call(r, 'POST', '/api/report-thought', { thought_id: thought.id, report_type_id: spam.id })).status).toBe(201);
    }
    expect(await texts(author)).toEqual(['Something you wrote is hidden while a moderator reviews it']);
    const queue = (await t.call(moderator, 'GET', '/api/moderation/queue?per_page=50')).body.data as {
      id: number;
      target: string;
      target_id: number;
    }[];
    const entry = queue.find((e) => e.target === 'thought' && e.target_id === thought.id);
    expect((await t.call(moderator, 'POST', `/api/moderation/items/${entry?.id}/action`, { action: 'keep' })).status).toBe(200);
    // The same kind on the same item within the hour: one notification, saying what is true now.
    const list = await received(author);
    expect(list.data.map((n) => [n.type, n.data.text, n.data.url, n.seen])).toEqual([
      ['moderation', 'Something you wrote is visible again', '/profile', false],
    ]);
    for (const r of reporters) {
      expect(await texts(r)).toEqual(['A moderator reviewed something you reported. Thank you for looking out for others.']);
    }

    // Reported again and removed: the notification leads to the profile's Removed tab (the reason, the appeal).
    const reported = (await t.call(author, 'POST', '/api/thoughts', { content: 'Another thought that will be removed' })).body.data;
    expect((await t.call(reporters[0], 'POST', '/api/report-thought', { thought_id: reported.id, report_type_id: spam.id })).status).toBe(
      201,
    );
    const queued = ((await t.call(moderator, 'GET', '/api/moderation/queue?per_page=50')).body.data as typeof queue).find(
      (e) => e.target === 'thought' && e.target_id === reported.id,
    );
    const removed = await t.call(moderator, 'POST', `/api/moderation/items/${queued?.id}/action`, { action: 'remove', reason: 'spam' });
    expect(removed.status).toBe(200);
    expect((await received(author)).data.map((n) => [n.type, n.data.text, n.data.url])).toEqual([
      ['moderation', 'A moderator removed something you wrote', '/profile?tab=removed'],
      ['moderation', 'Something you wrote is visible again', '/profile'],
    ]);
  });
});

describe('the calls', () => {
  it('pages the list, newest activity first', async () => {
    const author = await person();
    const others = await Promise.all([1, 2, 3].map(() => person()));
    const posts = [await newPost(author, 'One'), await newPost(author, 'Two'), await newPost(author, 'Three')];
    for (const [i, p] of posts.entries()) await support(others[i], p.id);
    const page1 = await received(author, '?per_page=2');
    expect(page1.data.map((n) => n.data.item?.id)).toEqual([posts[2].id, posts[1].id]);
    expect(page1.meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3, unseen_count: 3 });
    expect(page1.links).toEqual({ next: '/api/notifications-received?page=2&per_page=2', prev: null });
    const page2 = await received(author, '?per_page=2&page=2');
    expect(page2.data.map((n) => n.data.item?.id)).toEqual([posts[0].id]);
  });

  it('marks some or all seen; unknown ids and other people’s are ignored', async () => {
    const [author, other, b] = await Promise.all([person(), person(), person()]);
    const [p1, p2, p3] = [await newPost(author, 'A'), await newPost(author, 'B'), await newPost(other, 'C')];
    for (const p of [p1, p2, p3]) await support(b, p.id);
    const mine = (await received(author)).data.map((n) => n.id);
    const theirs = (await received(other)).data.map((n) => n.id);
    expect(await t.call(author, 'POST', '/api/notifications-seen', { ids: [mine[0], theirs[0], 2_000_000_000] })).toMatchObject({
      status: 200,
      body: { unseen_count: 1 },
    });
    expect((await received(other)).meta.unseen_count).toBe(1);
    expect((await received(author)).data.map((n) => n.seen)).toEqual([true, false]);
    expect(await t.call(author, 'POST', '/api/notifications-seen')).toMatchObject({ status: 200, body: { unseen_count: 0 } });
  });

  it('refuses bad input with 422 and signed-out callers with 401', async () => {
    const g = await signInGuest(t.app);
    for (const body of [{ ids: 'all' }, { ids: [0] }, { ids: [1.5] }, { ids: Array.from({ length: 201 }, (_, i) => i + 1) }]) {
      expect((await t.call(g, 'POST', '/api/notifications-seen', body)).body.code).toBe('VALIDATION');
    }
    for (const body of [{ kinds: { nonsense: true } }, { kinds: { support: 'no' } }, {}]) {
      expect((await t.call(g, 'PUT', '/api/notification-settings', body)).body.code).toBe('VALIDATION');
    }
    for (const [method, url] of [
      ['GET', '/api/notifications-received'],
      ['POST', '/api/notifications-seen'],
      ['GET', '/api/notification-settings'],
      ['PUT', '/api/notification-settings'],
    ] as const) {
      expect((await t.call(null, method, url, method === 'GET' ? undefined : { kinds: {} })).status).toBe(401);
    }
    expect((await t.call(g, 'GET', '/api/notification-settings')).body).toEqual({
      kinds: {
        support: true,
        comment: true,
        reply: true,
        comment_vote: false,
        advice: true,
        message: true,
        achievement: true,
        moderation: true,
        report: true,
      },
    });
  });
});

describe('delivery on the job queue', () => {
  it('a retried job never notifies twice', async () => {
    const [author, b] = await Promise.all([person(), person()]);
    const post = await newPost(author);
    const job = supportJob(author, b, post, 'test-retry');
    const told: number[] = [];
    const written: string[] = [];
    const deps = {
      db: t.database.db,
      isViewing: async () => false,
      delivered: (_: number, n: { id: number }) => void told.push(n.id),
      // Follow-up work (the push) is written in the notification's transaction, so it is as idempotent as the rest.
      written: async (_tx: unknown, userId: number, n: { id: number; data: { text: string } }, locale: string) =>
        void written.push(`${userId}:${n.id}:${locale}:${n.data.text}`),
    };
    expect(await deliver(deps, job)).toBe('delivered');
    expect(await deliver(deps, job)).toBe('skipped');
    expect(told).toHaveLength(1);
    expect(written).toEqual([`${author.id}:${told[0]}:en:${b.nickname} supported your post`]);
    expect((await received(author)).data.map((n) => n.data.actor_count)).toEqual([1]);
  });

  it('a message job that runs after its conversation was read tells no one', async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const sent = await t.call(b, 'POST', '/api/messages', { user_id: a.id, content: 'Are you there?' });
    expect(sent.status).toBe(201);
    const id = sent.body.data.conversation_id;
    const job: NotifyJob = {
      type: 'message',
      recipientId: a.id,
      actorId: b.id,
      item: { kind: 'conversation', id },
      url: `/chat?c=${id}`,
      params: {},
      key: `test-late:${id}`,
      at: new Date().toISOString(),
    };
    const deps = { db: t.database.db, isViewing: async () => false, delivered: () => {} };
    const unseen = (await received(a)).meta.unseen_count;
    expect((await t.call(a, 'POST', `/api/message-requests/${id}/accept`)).status).toBe(200);
    expect((await t.call(a, 'POST', `/api/conversations/${id}/read`)).status).toBe(200);
    expect(await deliver(deps, job)).toBe('skipped');
    expect((await received(a)).meta.unseen_count).toBe(unseen - 1);
    // Unread again (a new message): the late job of that message is told.
    expect((await t.call(b, 'POST', '/api/messages', { conversation_id: id, content: 'Hello?' })).status).toBe(201);
    expect(await deliver(deps, { ...job, key: `test-late-2:${id}` })).toBe('delivered');
  });

  it('a rolled-back write enqueues nothing', async () => {
    const [author, b] = await Promise.all([person(), person()]);
    const post = await newPost(author);
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx, { type: 'support', recipientId: author.id, actorId: b.id, item: { kind: 'post', id: post.id }, url: '/x' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await texts(author)).toEqual([]);
    if (t.database.kind === 'pglite') expect(await t.database.db.select().from(jobs)).toEqual([]);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, author.id))).toEqual([]);
  });

  it('forgets idempotency keys after a day, long after any retry', async () => {
    const now = new Date();
    await t.database.db.insert(notificationEvents).values([
      { key: 'prune:old', createdAt: new Date(now.getTime() - EVENT_KEYS_KEPT_MS - 1) },
      { key: 'prune:recent', createdAt: new Date(now.getTime() - EVENT_KEYS_KEPT_MS + 60_000) },
    ]);
    expect(await pruneEventKeys(t.database.db, now)).toBe(1);
    const left = await t.database.db
      .select({ key: notificationEvents.key })
      .from(notificationEvents)
      .where(sql`${notificationEvents.key} like 'prune:%'`);
    expect(left).toEqual([{ key: 'prune:recent' }]);
  });
});
