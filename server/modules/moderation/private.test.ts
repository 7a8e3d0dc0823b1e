/**
 * Issue 14 on private writing: a reported message goes to the moderators' queue alone (never its conversation) and
 * counts toward the hide like any report; a hidden message leaves the recipient's thread, conversation list and
 * unread counts and comes back when kept; removed, it is in its author's violating items. Crisis language in a
 * message or an advice is queued with crisis priority and announced to the open queue at once.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationPageSchema, messagePageSchema } from '../../../core/schemas/messages.ts';
import { advices, messages, moderationItems, reports, reportTypes, users } from '../../../db/schema.ts';
import { createTestApp, type Guest, signInEstablished, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';

let t: TestApp;
let moderator: Guest;
let spam: number;

beforeAll(async () => {
  t = await createTestApp();
  const types = await t.database.db.select().from(reportTypes);
  spam = types.find((r) => r.key === 'spam')?.id as number;
  moderator = await signInGuest(t.app);
  await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
});
afterAll(() => t.close());

let url: string | null = null;
/** A socket signed in with `token` (the app starts listening the first time). */
async function socketOf(token: string): Promise<Socket> {
  if (!url) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }
  const at = url;
  return new Promise<Socket>((resolve, reject) => {
    const s = connect(at, { auth: { token }, transports: ['websocket'], reconnection: false });
    s.on('connect', () => resolve(s));
    s.on('connect_error', reject);
  });
}

const long = (words: string) => `${words} ${'and the evening is long, quiet and slow. '.repeat(5)}`.trim();

type Entry = {
  id: number;
  target: string;
  target_id: number;
  state: string;
  crisis: boolean;
  queued_for: string | null;
  reports_count: number;
  content: string;
  context: unknown;
  author: { id: number };
};
const queue = async (): Promise<Entry[]> => (await t.call(moderator, 'GET', '/api/moderation/queue?per_page=50')).body.data;
const entryOf = async (target: string, id: number) => (await queue()).find((e) => e.target === target && e.target_id === id);

const send = async (from: Guest, to: { user_id?: number; conversation_id?: number }, content: string) => {
  const res = await t.call(from, 'POST', '/api/messages', { ...to, content });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; conversation_id: number };
};
const thread = async (g: Guest, conversationId: number) =>
  (await t.call(g, 'GET', `/api/conversation-messages?conversation_id=${conversationId}`, undefined, { schema: messagePageSchema })).body;
const conversations = async (g: Guest) =>
  (await t.call(g, 'GET', '/api/conversations', undefined, { schema: conversationPageSchema })).body;
const unread = async (g: Guest) => (await t.call(g, 'GET', '/api/unread-messages')).body;

/**
 * Two people in an accepted conversation with three messages from `a`, the last two unread by `b`, whose account is
 * old enough for their reports to count toward the hide.
 */
async function talking() {
  const [a, b] = [await signInGuest(t.app), await signInEstablished(t.app)];
  const first = await send(a, { user_id: b.id }, 'Hello, I read your post.');
  const id = first.conversation_id;
  expect((await t.call(b, 'POST', `/api/message-requests/${id}/accept`)).status).toBe(200);
  expect((await t.call(b, 'POST', `/api/conversations/${id}/read`)).status).toBe(200);
  const second = await send(a, { conversation_id: id }, 'How are you today?');
  const third = await send(a, { conversation_id: id }, 'Buy cheap followers at example dot com');
  return { a, b, id, first, second, third };
}

describe('reporting a message', () => {
  it('queues only the reported message, with its report, and refuses outsiders, the sender and a second report', async () => {
    const { a, b, third } = await talking();
    const outsider = await signInGuest(t.app);
    const body = { message_id: third.id, report_type_id: spam, note: 'selling things' };
    expect(await t.call(outsider, 'POST', '/api/report-message', body)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(await t.call(a, 'POST', '/api/report-message', body)).toMatchObject({ status: 422, body: { code: 'VALIDATION' } });
    expect(await t.call(b, 'POST', '/api/report-message', { ...body, message_id: 99_999_999 })).toMatchObject({ status: 404 });
    expect((await t.call(b, 'POST', '/api/report-message', body)).status).toBe(201);
    expect(await t.call(b, 'POST', '/api/report-message', body)).toMatchObject({ status: 422, body: { code: 'ALREADY_REPORTED' } });

    const entry = await entryOf('message', third.id);
    expect(entry).toMatchObject({
      target: 'message',
      state: 'visible',
      crisis: false,
      reports_count: 1,
      content: 'Buy cheap followers at example dot com',
      context: null,
      author: { id: a.id },
    });
    // One report by the only other person in the conversation does not hide it: the threshold is the same as elsewhere.
    expect((await thread(b, third.conversation_id)).data.map((m) => m.id)).toContain(third.id);
    // The rest of the conversation is nowhere in the queue.
    const texts = (await queue()).map((e) => e.content);
    expect(texts.filter((c) => c === 'How are you today?' || c === 'Hello, I read your post.')).toEqual([]);
  });

  it('hides the message at the third distinct report from all but its sender, in the thread, the list and the unread counts', async () => {
    const { a, b, id, first, second, third } = await talking();
    expect(await unread(b)).toEqual({ unread_total: 2, requests_count: 0 });
    // A conversation has one other person: the two earlier reports of this message are stored as two other people
    // would have made them, so the recipient's report through the API is the third, as on any item.
    const [x, y] = [await signInGuest(t.app), await signInGuest(t.app)];
    await t.database.db.insert(reports).values([
      { userId: x.id, target: 'message', targetId: third.id, reportTypeId: spam },
      { userId: y.id, target: 'message', targetId: third.id, reportTypeId: spam },
    ]);
    expect((await t.call(b, 'POST', '/api/report-message', { message_id: third.id, report_type_id: spam })).status).toBe(201);
    const [row] = await t.database.db.select({ moderation: messages.moderation }).from(messages).where(eq(messages.id, third.id));
    expect(row.moderation).toBe('hidden');

    // The recipient: gone from the thread and its total, the list shows the message before it, one unread less.
    const bThread = await thread(b, id);
    expect(bThread.data.map((m) => m.id)).toEqual([second.id, first.id]);
    expect(bThread.meta.total).toBe(2);
    const bList = await conversations(b);
    expect(bList.data.find((c) => c.id === id)?.last_message?.id).toBe(second.id);
    expect(bList.data.find((c) => c.id === id)?.unread_count).toBe(1);
    expect(await unread(b)).toEqual({ unread_total: 1, requests_count: 0 });

    // The sender still sees it, marked as under review.
    const aThread = await thread(a, id);
    expect(aThread.data.map((m) => [m.id, m.under_review ?? false])).toEqual([
      [third.id, true],
      [second.id, false],
      [first.id, false],
    ]);
    expect(aThread.meta.total).toBe(3);
    expect((await conversations(a)).data.find((c) => c.id === id)?.last_message?.id).toBe(third.id);

    // Kept by a moderator: back for the recipient, unread again.
    const entry = await entryOf('message', third.id);
    expect(entry).toMatchObject({ state: 'hidden', reports_count: 3 });
    expect((await t.call(moderator, 'POST', `/api/moderation/items/${entry?.id}/action`, { action: 'keep' })).status).toBe(200);
    expect((await thread(b, id)).data.map((m) => m.id)).toEqual([third.id, second.id, first.id]);
    expect(await unread(b)).toEqual({ unread_total: 2, requests_count: 0 });
    expect((await conversations(b)).data.find((c) => c.id === id)?.last_message?.id).toBe(third.id);
  });

  it('removes a message for everyone; its sender finds it under violating items and may appeal once', async () => {
    const { a, b, id, first, second, third } = await talking();
    expect((await t.call(b, 'POST', '/api/report-message', { message_id: third.id, report_type_id: spam })).status).toBe(201);
    const entry = await entryOf('message', third.id);
    // The recipient's header badge hears at once that the unread message is gone.
    const bSocket = await socketOf(b.token);
    const told = new Promise((resolve) => bSocket.once('unread', resolve));
    const removed = await t.call(moderator, 'POST', `/api/moderation/items/${entry?.id}/action`, { action: 'remove', reason: 'spam' });
    expect(removed.status).toBe(200);
    expect(await told).toEqual({ unread_total: 1, requests_count: 0 });
    bSocket.close();
    expect((await thread(b, id)).data.map((m) => m.id)).toEqual([second.id, first.id]);
    expect((await thread(a, id)).data.map((m) => m.id)).toEqual([second.id, first.id]);
    expect(await unread(b)).toEqual({ unread_total: 1, requests_count: 0 });
    // A removed message cannot be reported again.
    expect((await t.call(b, 'POST', '/api/report-message', { message_id: third.id, report_type_id: spam })).status).toBe(404);

    const violating = (await t.call(a, 'GET', '/api/get/user-violating')).body.data;
    expect(violating).toMatchObject([
      { type: 'message', target_id: third.id, content: 'Buy cheap followers at example dot com', reason_key: 'spam', appealed: false },
    ]);
    expect((await t.call(a, 'POST', '/api/moderation/appeal', { removal_id: violating[0].id, note: 'It was a joke' })).status).toBe(201);
    expect((await entryOf('message', third.id))?.state).toBe('removed');
    expect(await t.call(a, 'POST', '/api/moderation/appeal', { removal_id: violating[0].id })).toMatchObject({
      status: 422,
      body: { code: 'ALREADY_APPEALED' },
    });
  });
});

describe('crisis language in private writing', () => {
  it('queues a message and an advice with crisis priority, announces each to the open queue, and delivers both', async () => {
    const socket = await socketOf(moderator.token);
    try {
      expect(await socket.emitWithAck('moderation:watch')).toBe(true);
      const heard: unknown[] = [];
      socket.on('moderation:queue', (e) => heard.push(e));
      const next = () => new Promise((resolve) => socket.once('moderation:queue', resolve));

      const [a, b] = [await signInGuest(t.app), await signInGuest(t.app)];
      let announced = next();
      const msg = await send(a, { user_id: b.id }, 'I keep thinking I want to end my life');
      expect(await announced).toEqual({ change: 'queued' });

      const post = (await t.call(b, 'POST', '/api/posts', { content: long('A hard week at work') })).body.data;
      announced = next();
      const advice = await t.call(a, 'POST', '/api/advices', { post_id: post.id, content: 'Honestly I want to die too some days' });
      expect(advice.status).toBe(201);
      expect(await announced).toEqual({ change: 'queued' });

      // A post, as the other writes, announces too.
      announced = next();
      const crisisPost = (await t.call(b, 'POST', '/api/posts', { content: long('I want to end my life tonight') })).body.data;
      expect(await announced).toEqual({ change: 'queued' });

      // An ordinary message queues nothing and announces nothing (a round trip on the socket later, still three).
      await send(a, { conversation_id: msg.conversation_id }, 'Anyway, I hope your week gets better');
      expect(await socket.emitWithAck('moderation:watch')).toBe(true);
      expect(heard).toEqual([{ change: 'queued' }, { change: 'queued' }, { change: 'queued' }]);

      const entries = await queue();
      const mine = entries
        .filter((e) => [msg.id, advice.body.data.id, crisisPost.id].includes(e.target_id))
        .map((e) => [e.target, e.target_id, e.crisis, e.queued_for, e.content]);
      expect(mine).toEqual(
        expect.arrayContaining([
          ['message', msg.id, true, 'crisis', 'I keep thinking I want to end my life'],
          ['advice', advice.body.data.id, true, 'crisis', 'Honestly I want to die too some days'],
          ['post', crisisPost.id, true, 'crisis', long('I want to end my life tonight')],
        ]),
      );
      expect(mine).toHaveLength(3);
      // Delivered all the same: nothing is hidden for it.
      expect((await thread(b, msg.conversation_id)).data.map((m) => m.id)).toContain(msg.id);
      expect((await t.call(b, 'GET', '/api/advices')).body.data.map((x: { id: number }) => x.id)).toEqual([advice.body.data.id]);
    } finally {
      socket.close();
    }
  });

  it('keeps advice a moderator removed from its recipient', async () => {
    const [a, b] = [await signInGuest(t.app), await signInGuest(t.app)];
    const post = (await t.call(b, 'POST', '/api/posts', { content: long('Looking for advice on sleep') })).body.data;
    const advice = (await t.call(a, 'POST', '/api/advices', { post_id: post.id, content: 'I want to kill myself' })).body.data;
    const entry = await entryOf('advice', advice.id);
    expect(entry).toMatchObject({ crisis: true, state: 'visible' });
    expect(
      (await t.call(moderator, 'POST', `/api/moderation/items/${entry?.id}/action`, { action: 'remove', reason: 'self_harm' })).status,
    ).toBe(200);
    expect((await t.call(b, 'GET', '/api/advices')).body).toMatchObject({ data: [], meta: { total: 0 } });
    const [row] = await t.database.db.select({ moderation: advices.moderation }).from(advices).where(eq(advices.id, advice.id));
    expect(row.moderation).toBe('removed');
  });
});

describe('the way to the moderation screen', () => {
  it('tells the signed-in person whether they moderate, and counts the open queue for moderators only', async () => {
    const member = await signInGuest(t.app);
    expect((await t.call(member, 'GET', '/api/get/data/user')).body.data.is_moderator).toBe(false);
    expect((await t.call(moderator, 'GET', '/api/get/data/user')).body.data.is_moderator).toBe(true);
    expect(await t.call(member, 'GET', '/api/moderation/summary')).toMatchObject({ status: 404, body: { code: 'ROUTE_NOT_FOUND' } });
    expect((await t.call(null, 'GET', '/api/moderation/summary')).status).toBe(404);

    const open = await t.database.db.select().from(moderationItems).where(eq(moderationItems.status, 'open'));
    const summary = (await t.call(moderator, 'GET', '/api/moderation/summary')).body.data;
    expect(summary).toEqual({ open: open.length, crisis: open.filter((e) => e.crisis).length });
    // One more crisis write: both counts move by one.
    await t.call(member, 'POST', '/api/thoughts', { content: 'I want to end my life' });
    expect((await t.call(moderator, 'GET', '/api/moderation/summary')).body.data).toEqual({
      open: summary.open + 1,
      crisis: summary.crisis + 1,
    });
  });
});

describe('lifting a suspension early', () => {
  it('ends it at once, logs it without naming the moderator to the person, and refuses members and bad input', async () => {
    const author = await signInGuest(t.app);
    const reporter = await signInGuest(t.app);
    const thought = (await t.call(author, 'POST', '/api/thoughts', { content: 'Buy my course' })).body.data;
    const reporterPost = (await t.call(reporter, 'POST', '/api/posts', { content: long('Looking for a quiet evening') })).body.data;
    expect((await t.call(reporter, 'POST', '/api/report-thought', { thought_id: thought.id, report_type_id: spam })).status).toBe(201);
    const entry = await entryOf('thought', thought.id);
    expect((await t.call(moderator, 'POST', `/api/moderation/items/${entry?.id}/action`, { action: 'suspend', days: 7 })).status).toBe(200);
    expect(await t.call(author, 'POST', '/api/thoughts', { content: 'Still here' })).toMatchObject({
      status: 403,
      body: { code: 'SUSPENDED' },
    });
    // Private writing reaches another person too: refused while suspended, nothing written.
    const message = { user_id: reporter.id, content: 'Buy my course, really' };
    const advice = { post_id: reporterPost.id, content: 'Buy my course' };
    expect(await t.call(author, 'POST', '/api/messages', message)).toMatchObject({ status: 403, body: { code: 'SUSPENDED' } });
    expect(await t.call(author, 'POST', '/api/advices', advice)).toMatchObject({ status: 403, body: { code: 'SUSPENDED' } });
    expect(await t.database.db.select({ id: messages.id }).from(messages).where(eq(messages.senderId, author.id))).toEqual([]);

    const lift = `/api/moderation/users/${author.id}/lift-suspension`;
    expect(await t.call(reporter, 'POST', lift)).toMatchObject({ status: 404, body: { code: 'ROUTE_NOT_FOUND' } });
    expect(await t.call(moderator, 'POST', '/api/moderation/users/99999999/lift-suspension')).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect(await t.call(moderator, 'POST', `/api/moderation/users/${reporter.id}/lift-suspension`)).toMatchObject({
      status: 422,
      body: { code: 'NOT_SUSPENDED' },
    });
    expect(await t.call(moderator, 'POST', lift)).toMatchObject({ status: 200, body: { message: 'Suspension lifted' } });
    const [row] = await t.database.db.select({ until: users.suspendedUntil }).from(users).where(eq(users.id, author.id));
    expect(row.until).toBeNull();
    expect((await t.call(author, 'POST', '/api/thoughts', { content: 'Still here' })).status).toBe(201);
    expect((await t.call(author, 'POST', '/api/messages', message)).status).toBe(201);
    expect((await t.call(author, 'POST', '/api/advices', advice)).status).toBe(201);
    expect(await t.call(moderator, 'POST', lift)).toMatchObject({ status: 422, body: { code: 'NOT_SUSPENDED' } });
    expect((await entryOf('thought', thought.id))?.author).toMatchObject({ id: author.id, suspended_until: null });

    // The log: the moderators' names the moderator; the person's own history does not.
    const history = (await t.call(author, 'GET', '/api/moderation/history')).body.data;
    expect(history.map((e: { action: string }) => e.action)).toEqual(['unsuspend', 'suspend']);
    expect(history[0]).toEqual({
      id: history[0].id,
      target: 'thought',
      target_id: thought.id,
      action: 'unsuspend',
      reason: null,
      days: null,
      created_at: history[0].created_at,
    });
    const log = (await t.call(moderator, 'GET', '/api/moderation/log?per_page=50')).body.data;
    expect(log.find((e: { id: number }) => e.id === history[0].id)).toMatchObject({
      action: 'unsuspend',
      author_id: author.id,
      moderator: { id: moderator.id },
    });
  });
});
