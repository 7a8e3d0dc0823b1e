import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationPageSchema, conversationResponseSchema, messagePageSchema } from '../../../core/schemas/messages.ts';
import type { Message } from '../../../core/types.ts';
import { conversations, messages, users } from '../../../db/schema.ts';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';
import { forgetMessagesOf } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (from: Guest, to: { user_id?: number; conversation_id?: number }, content = 'Hello, how are you holding up?') =>
  t.call<{ data: Message; code?: string; message?: string; errors?: Record<string, string[]> }>(from, 'POST', '/api/messages', {
    ...to,
    content,
  });
const unread = async (g: Guest) => (await t.call(g, 'GET', '/api/unread-messages')).body;
const list = async (g: Guest, path = '/api/conversations') =>
  (await t.call(g, 'GET', path, undefined, { schema: conversationPageSchema })).body;
const conversation = async (g: Guest, id: number) =>
  (await t.call(g, 'GET', `/api/conversations/${id}`, undefined, { schema: conversationResponseSchema })).body.data;
const settings = (g: Guest, change: object) => t.call(g, 'PUT', '/api/message-settings', change);
/** Conversations between the two, straight from the database: nothing half-written survives a refusal. */
async function pairConversations(a: Guest, b: Guest): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(conversations)
    .where(and(eq(conversations.userLowId, Math.min(a.id, b.id)), eq(conversations.userHighId, Math.max(a.id, b.id))));
  return row.n;
}

describe('conversations and message requests', () => {
  it('lands a first message in the recipient’s requests, folds nothing for the sender, and counts unread on rows', async () => {
    const [a, b, outsider] = await Promise.all([signInGuest(t.app), signInGuest(t.app), signInGuest(t.app)]);
    const first = await send(a, { user_id: b.id }, 'Hi, I read your post about the night shifts.');
    expect(first.status).toBe(201);
    const conversationId = first.body.data.conversation_id;
    expect(first.body.data).toMatchObject({ sender_id: a.id, content: 'Hi, I read your post about the night shifts.', seen_at: null });

    // The sender sees a normal conversation; the recipient a request, outside their conversations.
    const mine = await list(a);
    expect(mine.meta.total).toBe(1);
    expect(mine.data[0]).toMatchObject({ id: conversationId, status: 'accepted', unread_count: 0, can_reply: true });
    expect(mine.data[0].other_user?.id).toBe(b.id);
    expect((await list(b)).meta.total).toBe(0);
    const requests = await list(b, '/api/message-requests');
    expect(requests.meta.total).toBe(1);
    expect(requests.data[0]).toMatchObject({ id: conversationId, status: 'request', unread_count: 1 });
    expect(requests.data[0].last_message?.content).toBe('Hi, I read your post about the night shifts.');
    expect(await unread(b)).toEqual({ unread_total: 0, requests_count: 1 });
    expect(await unread(a)).toEqual({ unread_total: 0, requests_count: 0 });

    // A second message while it is still a request: still one request.
    expect((await send(a, { conversation_id: conversationId }, 'No pressure to answer.')).status).toBe(201);
    expect(await unread(b)).toEqual({ unread_total: 0, requests_count: 1 });

    // Someone else's conversation is refused with 403 (API.md: someone else's content) and nothing of it is told;
    // an id that names no conversation is 404.
    const refused = { status: 403, body: { code: 'FORBIDDEN', message: 'This action is unauthorized.' } };
    expect(await t.call(outsider, 'GET', `/api/conversations/${conversationId}`)).toMatchObject(refused);
    expect(await t.call(outsider, 'GET', `/api/conversation-messages?conversation_id=${conversationId}`)).toMatchObject(refused);
    expect(await send(outsider, { conversation_id: conversationId })).toMatchObject(refused);
    expect(await t.call(outsider, 'POST', `/api/conversations/${conversationId}/read`)).toMatchObject(refused);
    expect(await t.call(outsider, 'POST', `/api/message-requests/${conversationId}/accept`)).toMatchObject(refused);
    expect(await t.call(outsider, 'POST', `/api/message-requests/${conversationId}/decline`)).toMatchObject(refused);
    const notFound = { status: 404, body: { code: 'NOT_FOUND' } };
    expect(await t.call(outsider, 'GET', '/api/conversation-messages?conversation_id=99999999')).toMatchObject(notFound);
    expect(await t.call(outsider, 'GET', '/api/conversations/99999999')).toMatchObject(notFound);
    expect(await t.call(outsider, 'POST', '/api/conversations/99999999/read')).toMatchObject(notFound);
    expect(await t.call(null, 'GET', '/api/conversations')).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });

    // Opening a request reads it without telling the sender (no seen_at while it is a request).
    expect((await t.call(b, 'POST', `/api/conversations/${conversationId}/read`)).body).toEqual({ unread_total: 0, requests_count: 1 });
    expect((await conversation(b, conversationId)).unread_count).toBe(0);

    // Accepting makes it a normal conversation.
    const accepted = await t.call(b, 'POST', `/api/message-requests/${conversationId}/accept`, undefined, {
      schema: conversationResponseSchema,
    });
    expect(accepted.body.data).toMatchObject({ id: conversationId, status: 'accepted', unread_count: 0 });
    expect(await unread(b)).toEqual({ unread_total: 0, requests_count: 0 });
    expect((await list(b)).data.map((c) => c.id)).toEqual([conversationId]);
    expect((await list(b, '/api/message-requests')).meta.total).toBe(0);

    // New messages count; a read clears them; read receipts stay private until the reader shares them.
    await send(a, { conversation_id: conversationId }, 'How did today go?');
    await send(a, { conversation_id: conversationId }, 'I am around tonight.');
    expect(await unread(b)).toEqual({ unread_total: 2, requests_count: 0 });
    expect((await conversation(b, conversationId)).unread_count).toBe(2);
    expect((await t.call(b, 'POST', `/api/conversations/${conversationId}/read`)).body).toEqual({ unread_total: 0, requests_count: 0 });
    const seenBySender = await t.call(a, 'GET', `/api/conversation-messages?conversation_id=${conversationId}`, undefined, {
      schema: messagePageSchema,
    });
    expect(seenBySender.body.data.map((m) => m.seen_at)).toEqual([null, null, null, null]);
    const seenByReader = await t.call(b, 'GET', `/api/conversation-messages?conversation_id=${conversationId}`, undefined, {
      schema: messagePageSchema,
    });
    expect(seenByReader.body.data.slice(0, 2).every((m) => typeof m.seen_at === 'string')).toBe(true);
    expect((await settings(b, { read_receipts: true })).body.data).toEqual({
      who_can_message: 'everyone',
      typing_indicators: false,
      read_receipts: true,
    });
    const withReceipts = await t.call(a, 'GET', `/api/conversation-messages?conversation_id=${conversationId}&per_page=2`, undefined, {
      schema: messagePageSchema,
    });
    expect(withReceipts.body.data.map((m) => typeof m.seen_at)).toEqual(['string', 'string']);

    // The other person replying in a request accepts it on their side too.
    const reply = await send(b, { conversation_id: conversationId }, 'Thank you, it went better.');
    expect(reply.status).toBe(201);
    expect(await unread(a)).toEqual({ unread_total: 1, requests_count: 0 });
    expect((await list(a)).data[0]).toMatchObject({ id: conversationId, unread_count: 1 });
    expect((await list(a)).data[0].last_message?.content).toBe('Thank you, it went better.');
  });

  it('accepts a request when its recipient answers it, and opens the same conversation from both sides', async () => {
    const [a, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    const opened = await t.call(a, 'POST', '/api/conversations', { user_id: b.id }, { schema: conversationResponseSchema });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ status: 'accepted', last_message: null, unread_count: 0, can_reply: true });
    // An empty conversation reaches no one's lists.
    expect((await list(a)).meta.total).toBe(0);
    expect(await unread(b)).toEqual({ unread_total: 0, requests_count: 0 });
    const again = await t.call(b, 'POST', '/api/conversations', { user_id: a.id }, { schema: conversationResponseSchema });
    expect(again.body.data).toMatchObject({ id: opened.body.data.id, status: 'request' });
    // b writes first in it: b's side becomes accepted, a's stays accepted (a opened it).
    await send(b, { user_id: a.id }, 'Hello!');
    expect(await unread(a)).toEqual({ unread_total: 1, requests_count: 0 });
    expect((await conversation(b, opened.body.data.id)).status).toBe('accepted');
  });

  it('declines a request: it leaves the lists and its sender gets the neutral refusal from then on', async () => {
    const [a, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    const id = (await send(a, { user_id: b.id })).body.data.conversation_id;
    expect(await unread(b)).toEqual({ unread_total: 0, requests_count: 1 });
    expect((await t.call(b, 'POST', `/api/message-requests/${id}/decline`)).body).toEqual({ unread_total: 0, requests_count: 0 });
    expect((await list(b, '/api/message-requests')).meta.total).toBe(0);
    expect((await list(b)).meta.total).toBe(0);
    const refused = await send(a, { conversation_id: id });
    expect(refused).toMatchObject({ status: 403, body: { code: 'MESSAGE_NOT_ALLOWED' } });
    expect(await send(a, { user_id: b.id })).toMatchObject({
      status: 403,
      body: { code: 'MESSAGE_NOT_ALLOWED', message: refused.body.message },
    });
    expect((await conversation(a, id)).can_reply).toBe(false);
    // A decline is not an accepted conversation: declining an accepted one is refused as unknown.
    expect(await t.call(a, 'POST', `/api/message-requests/${id}/decline`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    // The decliner may still change their mind by writing.
    expect((await send(b, { conversation_id: id }, 'Sorry, I was not ready before.')).status).toBe(201);
    expect((await send(a, { conversation_id: id })).status).toBe(201);
  });

  it('follows "who can message me": everyone (through requests), people I talked with, nobody — with one neutral refusal', async () => {
    const [b, friend, stranger, pending] = await Promise.all([
      signInGuest(t.app),
      signInGuest(t.app),
      signInGuest(t.app),
      signInGuest(t.app),
    ]);
    expect((await t.call(b, 'GET', '/api/message-settings')).body.data).toEqual({
      who_can_message: 'everyone',
      typing_indicators: false,
      read_receipts: false,
    });
    // friend talked with b (b accepted); pending's request is still waiting.
    const friendly = (await send(friend, { user_id: b.id })).body.data.conversation_id;
    await t.call(b, 'POST', `/api/message-requests/${friendly}/accept`);
    const waiting = (await send(pending, { user_id: b.id })).body.data.conversation_id;

    expect((await settings(b, { who_can_message: 'talked' })).body.data.who_can_message).toBe('talked');
    const byTalked = await send(stranger, { user_id: b.id });
    expect(byTalked).toMatchObject({ status: 403, body: { code: 'MESSAGE_NOT_ALLOWED' } });
    expect(await pairConversations(stranger, b)).toBe(0);
    expect(await send(pending, { conversation_id: waiting })).toMatchObject({ status: 403, body: { code: 'MESSAGE_NOT_ALLOWED' } });
    expect((await send(friend, { conversation_id: friendly })).status).toBe(201);
    expect(await t.call(stranger, 'POST', '/api/conversations', { user_id: b.id })).toMatchObject({
      status: 403,
      body: { code: 'MESSAGE_NOT_ALLOWED' },
    });

    expect((await settings(b, { who_can_message: 'nobody' })).status).toBe(200);
    const byNobody = await send(friend, { conversation_id: friendly });
    expect(byNobody).toMatchObject({ status: 403, body: { code: 'MESSAGE_NOT_ALLOWED', message: byTalked.body.message } });
    expect((await conversation(friend, friendly)).can_reply).toBe(false);

    await settings(b, { who_can_message: 'everyone' });
    expect((await send(stranger, { user_id: b.id })).status).toBe(201);
    expect((await settings(b, { who_can_message: 'sometimes' })).status).toBe(422);
  });

  it('pages messages newest first, stable under new arrivals', async () => {
    const [a, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    const id = (await send(a, { user_id: b.id }, 'Message 1')).body.data.conversation_id;
    for (let i = 2; i <= 25; i++) await send(i % 2 ? a : b, { conversation_id: id }, `Message ${i}`);
    const first = await t.call(a, 'GET', `/api/conversation-messages?conversation_id=${id}`, undefined, { schema: messagePageSchema });
    expect(first.body.data.map((m) => m.content)).toEqual(Array.from({ length: 10 }, (_, i) => `Message ${25 - i}`));
    expect(first.body.meta).toEqual({ current_page: 1, last_page: 3, per_page: 10, total: 25 });
    // Two messages arrive while the reader scrolls up.
    await send(b, { conversation_id: id }, 'Message 26');
    await send(a, { conversation_id: id }, 'Message 27');
    const next = first.body.links.next as string;
    expect(next).toContain('anchor=');
    const second = await t.call(a, 'GET', next, undefined, { schema: messagePageSchema });
    expect(second.body.data.map((m) => m.content)).toEqual(Array.from({ length: 10 }, (_, i) => `Message ${15 - i}`));
    expect(second.body.meta.total).toBe(25);
    const third = await t.call(a, 'GET', second.body.links.next as string, undefined, { schema: messagePageSchema });
    expect(third.body.data.map((m) => m.content)).toEqual(['Message 5', 'Message 4', 'Message 3', 'Message 2', 'Message 1']);
    expect(third.body.links.next).toBe(null);
    // A fresh first page starts from the newest.
    const fresh = await t.call(a, 'GET', `/api/conversation-messages?conversation_id=${id}&per_page=2`, undefined, {
      schema: messagePageSchema,
    });
    expect(fresh.body.data.map((m) => m.content)).toEqual(['Message 27', 'Message 26']);
    expect(fresh.body.meta.total).toBe(27);
  });

  it('refuses bad input with a 422 naming the field, unknown people and conversations with 404, and writes nothing', async () => {
    const [a, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    const invalid = (field: string) => ({ status: 422, body: { code: 'VALIDATION', errors: { [field]: [expect.any(String)] } } });
    for (const content of ['', '   \n\t ', 'x'.repeat(2001), 'nul\u0000byte']) {
      expect(await send(a, { user_id: b.id }, content)).toMatchObject(invalid('content'));
    }
    expect((await send(a, { user_id: b.id }, '🌱'.repeat(2000))).status).toBe(201);
    const [{ n: before }] = await t.database.db.select({ n: count() }).from(messages).where(eq(messages.senderId, a.id));
    expect(await send(a, { user_id: a.id })).toMatchObject(invalid('user_id'));
    expect(await t.call(a, 'POST', '/api/conversations', { user_id: a.id })).toMatchObject(invalid('user_id'));
    expect(await t.call(a, 'POST', '/api/messages', { content: 'To whom?' })).toMatchObject(invalid('conversation_id'));
    expect(await t.call(a, 'POST', '/api/messages', { content: 'Both?', user_id: b.id, conversation_id: 1 })).toMatchObject(
      invalid('conversation_id'),
    );
    expect(await send(a, { user_id: 99999999 })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await send(a, { conversation_id: 99999999 })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await t.call(a, 'POST', '/api/conversations', { user_id: 99999999 })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    for (const body of [{ user_id: 'two', content: 'x' }, { user_id: -1, content: 'x' }, { user_id: b.id, content: 42 }, []]) {
      expect((await t.call(a, 'POST', '/api/messages', body)).status).toBe(422);
    }
    expect((await t.call(a, 'GET', '/api/conversation-messages?conversation_id=abc')).status).toBe(422);
    expect((await t.call(a, 'GET', '/api/conversation-messages')).status).toBe(422);
    const [{ n: after }] = await t.database.db.select({ n: count() }).from(messages).where(eq(messages.senderId, a.id));
    expect(after).toBe(before);
    expect(await pairConversations(a, a)).toBe(0);
  });

  it('reports a message once, by a participant, never one’s own', async () => {
    const [a, b, outsider] = await Promise.all([signInGuest(t.app), signInGuest(t.app), signInGuest(t.app)]);
    const message = (await send(a, { user_id: b.id }, 'Something unkind')).body.data;
    const reportType = (await t.call(null, 'GET', '/api/report-types')).body.data[0].id;
    const report = (g: Guest, body: object) =>
      t.call(g, 'POST', '/api/report-message', { message_id: message.id, report_type_id: reportType, ...body });
    expect(await report(outsider, {})).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(await report(a, {})).toMatchObject({ status: 422, body: { code: 'VALIDATION', errors: { message_id: [expect.any(String)] } } });
    expect(await report(b, { report_type_id: 99999 })).toMatchObject({
      status: 422,
      body: { errors: { report_type_id: [expect.any(String)] } },
    });
    expect(await report(b, {})).toMatchObject({
      status: 201,
      body: { message: 'Thanks for reporting this message', description: expect.stringContaining('review this message') },
    });
    expect(await report(b, {})).toMatchObject({
      status: 422,
      body: { code: 'ALREADY_REPORTED', message: 'You have already reported this message.' },
    });
    // The reporter's copy says so (the screen then offers no second Report); the sender's copy says nothing.
    const shown = async (g: Guest) =>
      (await t.call(g, 'GET', `/api/conversation-messages?conversation_id=${message.conversation_id}`)).body.data;
    expect(await shown(b)).toEqual([{ ...message, reported: true }]);
    expect(await shown(a)).toEqual([message]);
    expect(await t.call(b, 'POST', '/api/report-message', { message_id: 99999999, report_type_id: reportType })).toMatchObject({
      status: 404,
    });
  });

  it('keeps the other person’s conversation when an account is deleted, shown without them, with counts that forget its messages', async () => {
    const [a, b, c] = await Promise.all([signInGuest(t.app), signInGuest(t.app), signInGuest(t.app)]);
    const id = (await send(a, { user_id: b.id }, 'Hello')).body.data.conversation_id;
    await t.call(b, 'POST', `/api/message-requests/${id}/accept`);
    await send(b, { conversation_id: id }, 'Hi');
    await send(b, { conversation_id: id }, 'Are you around?');
    await send(c, { user_id: b.id }, 'A request that will stay');
    await send(b, { user_id: a.id }, 'Unread by a? No: a is leaving.');
    await send(a, { conversation_id: id }, 'Bye for now');
    await send(a, { conversation_id: id }, 'Take care');
    const requestFromA = (await send(a, { user_id: c.id }, 'A request that will go')).body.data.conversation_id;
    expect(await unread(b)).toEqual({ unread_total: 3, requests_count: 1 });
    expect(await unread(c)).toEqual({ unread_total: 0, requests_count: 1 });

    // The account's deletion (its own issue): the counts first, then the row, in one transaction.
    await t.database.db.transaction(async (tx) => {
      await forgetMessagesOf(tx, a.id);
      await tx.delete(users).where(eq(users.id, a.id));
    });
    expect(await unread(b)).toEqual({ unread_total: 0, requests_count: 1 });
    expect(await unread(c)).toEqual({ unread_total: 0, requests_count: 0 });
    const left = await conversation(b, id);
    expect(left).toMatchObject({ id, other_user: null, can_reply: false, unread_count: 0 });
    expect(left.last_message?.content).toBe('Unread by a? No: a is leaving.');
    expect((await list(b)).data.map((conv) => conv.id)).toEqual([id]);
    expect((await list(c, '/api/message-requests')).meta.total).toBe(0);
    // A request from the deleted account waits for nothing: opened from its notification it is not found, and it
    // cannot be accepted into an empty conversation with no one.
    expect(await t.call(c, 'GET', `/api/conversations/${requestFromA}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await t.call(c, 'POST', `/api/message-requests/${requestFromA}/accept`)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect((await list(c)).data.map((conv) => conv.id)).not.toContain(requestFromA);
    expect(await send(b, { conversation_id: id })).toMatchObject({ status: 403, body: { code: 'MESSAGE_NOT_ALLOWED' } });
    const rest = await t.call(b, 'GET', `/api/conversation-messages?conversation_id=${id}`, undefined, { schema: messagePageSchema });
    expect(rest.body.data.map((m) => m.content)).toEqual(['Unread by a? No: a is leaving.', 'Are you around?', 'Hi']);
    expect(rest.body.meta.total).toBe(3);
  });
});
