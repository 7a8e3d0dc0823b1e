/**
 * Issue 14 "Control over one's own account", for private writing and moderation: "Download my data" holds the
 * messages and advice the person sent and received (never naming the other person), and the erasure removes their
 * advice, their messages and what moderation held about them (care notices, queue entries, log rows) by its own
 * steps, leaving exactly the rows about other people.
 */
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINTS } from '../../../core/limits.ts';
import { exportSchema } from '../../../core/schemas/account.ts';
import { advices, careNotices, messages, moderationItems, moderationLog, reports, reportTypes, users } from '../../../db/schema.ts';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';
import { ERASE_PLAN } from './erase.ts';

let t: TestApp;
let types: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  types = Object.fromEntries((await t.database.db.select().from(reportTypes)).map((r) => [r.key, r.id]));
});
afterAll(() => t.close());

const long = (words: string) => `${words} ${'The evenings are the hardest part of it, every single one of them lately. '.repeat(3)}`.trim();
const post = async (g: Guest, words: string) =>
  (await t.call(g, 'POST', '/api/posts', { content: long(words) })).body.data as { id: number };
const send = async (from: Guest, to: { user_id?: number; conversation_id?: number }, content: string) => {
  const res = await t.call(from, 'POST', '/api/messages', { ...to, content });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; conversation_id: number };
};
const advise = async (from: Guest, postId: number, content: string) => {
  const res = await t.call(from, 'POST', '/api/advices', { post_id: postId, content });
  expect(res.status).toBe(201);
  return res.body.data as { id: number };
};
async function makeModerator(g: Guest) {
  await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, g.id));
}
async function points(id: number) {
  const [row] = await t.database.db.select({ points: users.points }).from(users).where(eq(users.id, id));
  return row.points;
}

describe('GET /api/export, private writing', () => {
  it('lists the messages and advice sent and received, in order, without naming anyone, and none moderation keeps away', async () => {
    const [a, b, c] = [await signInGuest(t.app), await signInGuest(t.app), await signInGuest(t.app)];
    const m1 = await send(a, { user_id: b.id }, 'Hello from a');
    const conversation = m1.conversation_id;
    expect((await t.call(b, 'POST', `/api/message-requests/${conversation}/accept`)).status).toBe(200);
    const m2 = await send(b, { conversation_id: conversation }, 'Hello back from b');
    const m3 = await send(b, { conversation_id: conversation }, 'A message moderation removed');
    await t.database.db.update(messages).set({ moderation: 'removed' }).where(eq(messages.id, m3.id));
    // Someone else's conversation is not a's.
    await send(b, { user_id: c.id }, 'Between b and c only');

    const aPost = await post(a, 'What helps with the long evenings?');
    const bPost = await post(b, 'Long evenings here too');
    const sent = await advise(a, bPost.id, 'Short walks helped me');
    const received = await advise(c, aPost.id, 'Call someone you trust');

    const res = await t.app.inject({ method: 'GET', url: '/api/export', headers: a.auth });
    expect(res.statusCode).toBe(200);
    const data = exportSchema.parse(JSON.parse(res.body));
    expect(data.messages.map(({ created_at: _c, seen_at: _s, ...m }) => m)).toEqual([
      { id: m1.id, conversation_id: conversation, direction: 'sent', content: 'Hello from a' },
      { id: m2.id, conversation_id: conversation, direction: 'received', content: 'Hello back from b' },
    ]);
    expect(data.advice.map(({ created_at: _c, ...x }) => x)).toEqual([
      { id: sent.id, post_id: bPost.id, direction: 'sent', content: 'Short walks helped me' },
      { id: received.id, post_id: aPost.id, direction: 'received', content: 'Call someone you trust' },
    ]);
    // Other people appear by no id and no name.
    const bNick = (await t.call(b, 'GET', '/api/get/data/user')).body.data.nickname as string;
    const cNick = (await t.call(c, 'GET', '/api/get/data/user')).body.data.nickname as string;
    expect([res.body.includes(bNick), res.body.includes(cNick), res.body.includes('"sender_id"')]).toEqual([false, false, false]);
  });
});

describe('POST /api/deactivate, private writing and moderation', () => {
  it('erases the person’s advice, messages, care notices, queue entries and log rows, and exactly those', async () => {
    const [a, b, c, mod] = [await signInGuest(t.app), await signInGuest(t.app), await signInGuest(t.app), await signInGuest(t.app)];
    await makeModerator(mod);
    await makeModerator(a);

    // Messages both ways; b reports one of a's.
    const first = await send(a, { user_id: b.id }, 'Message from a');
    const conversation = first.conversation_id;
    expect((await t.call(b, 'POST', `/api/message-requests/${conversation}/accept`)).status).toBe(200);
    const fromB = await send(b, { conversation_id: conversation }, 'Message from b');
    expect((await t.call(b, 'POST', '/api/report-message', { message_id: first.id, report_type_id: types.spam })).status).toBe(201);

    // Advice both ways: c's advice on a's post earned c +3, which goes with a's post.
    const aPost = await post(a, 'Evenings are hard lately');
    const bPost = await post(b, 'Evenings are hard here too');
    await advise(a, bPost.id, 'Advice from a');
    const cPoints = await points(c.id);
    await advise(c, aPost.id, 'Advice from c');
    expect(await points(c.id)).toBe(cPoints + POINTS.advice);

    // Moderation about a: a worried report (care notice, crisis entry), a warning. And about c, by a (a moderator).
    expect((await t.call(c, 'POST', '/api/reports', { post_id: aPost.id, report_type_id: types.worried })).status).toBe(201);
    const cThought = (await t.call(c, 'POST', '/api/thoughts', { content: 'Buy my course' })).body.data;
    expect((await t.call(b, 'POST', '/api/report-thought', { thought_id: cThought.id, report_type_id: types.spam })).status).toBe(201);
    // a is worried about c: the notice c receives keeps who sent it, until a is erased.
    expect((await t.call(a, 'POST', '/api/report-thought', { thought_id: cThought.id, report_type_id: types.worried })).status).toBe(201);
    const sentBy = (tx: Pick<typeof t.database.db, 'select'>, userId: number) =>
      tx.select({ userId: careNotices.userId }).from(careNotices).where(eq(careNotices.senderId, userId));
    expect(await sentBy(t.database.db, a.id)).toEqual([{ userId: c.id }]);
    const queue = (await t.call(mod, 'GET', '/api/moderation/queue?per_page=50')).body.data as {
      id: number;
      target: string;
      target_id: number;
    }[];
    const entry = (target: string, id: number) => queue.find((e) => e.target === target && e.target_id === id)?.id;
    expect(
      (await t.call(mod, 'POST', `/api/moderation/items/${entry('post', aPost.id)}/action`, { action: 'warn', reason: 'other' })).status,
    ).toBe(200);
    expect(
      (await t.call(a, 'POST', `/api/moderation/items/${entry('thought', cThought.id)}/action`, { action: 'warn', reason: 'spam' })).status,
    ).toBe(200);

    const about = async (userId: number) => ({
      care: await t.database.db.select({ id: careNotices.id }).from(careNotices).where(eq(careNotices.userId, userId)),
      items: await t.database.db
        .select({ target: moderationItems.target, targetId: moderationItems.targetId })
        .from(moderationItems)
        .where(eq(moderationItems.authorId, userId)),
      log: await t.database.db
        .select({ action: moderationLog.action, targetId: moderationLog.targetId, moderatorId: moderationLog.moderatorId })
        .from(moderationLog)
        .where(eq(moderationLog.authorId, userId)),
    });
    const before = await about(a.id);
    expect([before.care.length, before.items, before.log]).toEqual([
      1,
      expect.arrayContaining([
        { target: 'message', targetId: first.id },
        { target: 'post', targetId: aPost.id },
      ]),
      [{ action: 'warn', targetId: aPost.id, moderatorId: mod.id }],
    ]);
    expect(before.items).toHaveLength(2);

    // The plan removes them by its own steps: run without its last step (the account row, whose cascade would also
    // take them), none is left while the account row still stands.
    await t.database.db
      .transaction(async (tx) => {
        const ctx = { userId: a.id, revoked: [] as string[] };
        for (const step of ERASE_PLAN.filter((s) => s.table !== 'users')) await step.run(tx, ctx);
        const left = {
          care: await tx.select({ id: careNotices.id }).from(careNotices).where(eq(careNotices.userId, a.id)),
          items: await tx.select({ id: moderationItems.id }).from(moderationItems).where(eq(moderationItems.authorId, a.id)),
          log: await tx.select({ id: moderationLog.id }).from(moderationLog).where(eq(moderationLog.authorId, a.id)),
          advice: await tx
            .select({ id: advices.id })
            .from(advices)
            .where(or(eq(advices.senderId, a.id), eq(advices.recipientId, a.id))),
          sent: await sentBy(tx, a.id),
          person: await tx.select({ id: users.id }).from(users).where(eq(users.id, a.id)),
        };
        expect(left).toEqual({ care: [], items: [], log: [], advice: [], sent: [], person: [{ id: a.id }] });
        tx.rollback();
      })
      .catch((err) => {
        if (!(err instanceof Error) || !err.message.includes('Rollback')) throw err;
      });

    expect((await t.call(a, 'POST', '/api/deactivate', {})).status).toBe(204);
    expect(await about(a.id)).toEqual({ care: [], items: [], log: [] });
    // What is about c stays, without the erased moderator's name.
    expect((await about(c.id)).log).toEqual([{ action: 'warn', targetId: cThought.id, moderatorId: null }]);
    expect((await about(c.id)).items).toEqual([{ target: 'thought', targetId: cThought.id }]);
    // Advice: only b's post's is gone with a (a sent it); c's +3 went with a's post.
    expect(
      await t.database.db
        .select({ content: advices.content })
        .from(advices)
        .where(or(eq(advices.postId, aPost.id), eq(advices.postId, bPost.id))),
    ).toEqual([]);
    expect(await points(c.id)).toBe(cPoints);
    // The conversation keeps b's own message only, and no report of a's.
    expect(await t.database.db.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, conversation))).toEqual([
      { id: fromB.id },
    ]);
    expect(
      await t.database.db
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.target, 'message'), eq(reports.targetId, first.id))),
    ).toEqual([]);
  });
});
