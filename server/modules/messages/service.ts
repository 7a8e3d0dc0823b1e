/**
 * Private messages between two people. A pair has one conversation (unique on the pair); each person has a side
 * (conversation_members) with its state: `accepted`, `request` (the other wrote first and this person has not
 * answered) or `declined`, its unread count, and whether it is hidden (this person blocked the other).
 *
 * Every change to a side takes the conversation's row lock first, so sends, reads, accepts and blocks of one
 * conversation go one at a time; each moves the person's kept totals (users.unread_messages, message_requests)
 * by what the side's change adds or takes away (`weight`), in the same transaction.
 */
import { and, count, desc, eq, gt, isNotNull, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ConversationStatus, WhoCanMessage } from '../../../core/schemas/messages.ts';
import type { Conversation, Message, MessageSettings, Unread } from '../../../core/types.ts';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { avatars, conversationMembers, conversations, messages, users } from '../../../db/schema.ts';
import { AppError, Forbidden, Invalid, NotFound } from '../../errors.ts';
import { offset, type PageQuery, paged } from '../../lib/http.ts';
import { blockedEitherWay, hasBlocked } from '../blocks/filter.ts';
import { lockItem, queueIfCrisis } from '../moderation/service.ts';
import { shownTo, underReview } from '../moderation/visibility.ts';
import { notify } from '../notifications/service.ts';
import { reportedBy } from '../reports/reported.ts';
import { fileReport, GONE, takeReportSlot } from '../reports/service.ts';
import { serializer, toPublicUser } from '../users/service.ts';
import { takeWriteSlot } from '../writes/service.ts';

type Member = typeof conversationMembers.$inferSelect;
type ConversationRow = typeof conversations.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

/** The one refusal for every reason a person cannot be written to, so the sender never learns which. */
export const messageNotAllowed = () => new AppError(403, 'MESSAGE_NOT_ALLOWED', { key: 'errors.message_not_allowed' });
/** Accepting the request of someone I blocked: the screen offers Unblock only, and the server agrees. */
export const unblockFirst = () => new AppError(403, 'UNBLOCK_FIRST', { key: 'errors.unblock_first' });

const members = conversationMembers;
const pairOf = (a: number, b: number): [number, number] => (a < b ? [a, b] : [b, a]);
const otherOf = (conv: ConversationRow, me: number) => (conv.userLowId === me ? conv.userHighId : conv.userLowId);

/** What one side adds to its person's kept totals: unread messages of an accepted, visible side; one waiting request. */
function weight(m: Pick<Member, 'status' | 'hidden' | 'unreadCount'>, hasMessages: boolean) {
  if (m.hidden) return { unread: 0, requests: 0 };
  if (m.status === 'accepted') return { unread: m.unreadCount, requests: 0 };
  return { unread: 0, requests: m.status === 'request' && hasMessages ? 1 : 0 };
}

const totalsColumns = { unread_total: users.unreadMessages, requests_count: users.messageRequests };

export async function unreadOf(db: DbOrTx, userId: number): Promise<Unread> {
  const [row] = await db.select(totalsColumns).from(users).where(eq(users.id, userId));
  return row ?? { unread_total: 0, requests_count: 0 };
}

/**
 * Changes one side (the caller holds the conversation's lock) and moves its person's totals by the difference;
 * answers the new totals when they moved, else null.
 */
async function changeSide(
  tx: Tx,
  side: Member,
  set: Partial<Pick<Member, 'status' | 'hidden' | 'unreadCount' | 'lastReadAt' | 'activityAt'>>,
  hadMessages: boolean,
  hasMessages = hadMessages,
): Promise<Unread | null> {
  await tx
    .update(members)
    .set(set)
    .where(and(eq(members.conversationId, side.conversationId), eq(members.userId, side.userId)));
  const before = weight(side, hadMessages);
  const after = weight({ ...side, ...set }, hasMessages);
  const unread = after.unread - before.unread;
  const requests = after.requests - before.requests;
  if (unread === 0 && requests === 0) return null;
  const [row] = await tx
    .update(users)
    .set({
      unreadMessages: sql`greatest(0, ${users.unreadMessages} + ${unread})`,
      messageRequests: sql`greatest(0, ${users.messageRequests} + ${requests})`,
    })
    .where(eq(users.id, side.userId))
    .returning(totalsColumns);
  return row;
}

interface Locked {
  conv: ConversationRow;
  mine: Member;
  theirs: Member | null;
  otherId: number | null;
}

/**
 * What a call about a conversation the person is not in answers: 403 when it is someone else's (API.md: "403 not
 * allowed (someone else's content)"), 404 when the id names none. Neither says who is in it.
 */
async function notYours(db: DbOrTx, conversationId: number): Promise<AppError> {
  const [row] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, conversationId));
  return row ? new Forbidden() : new NotFound();
}

/** Locks a conversation the person takes part in; 403 for someone else's, 404 for an unknown id. */
async function lockConversation(tx: Tx, me: number, conversationId: number): Promise<Locked> {
  const [conv] = await tx.select().from(conversations).where(eq(conversations.id, conversationId)).for('update');
  if (!conv) throw new NotFound();
  if (conv.userLowId !== me && conv.userHighId !== me) throw new Forbidden();
  const sides = await tx.select().from(members).where(eq(members.conversationId, conv.id));
  const mine = sides.find((m) => m.userId === me);
  if (!mine) throw new NotFound();
  return { conv, mine, theirs: sides.find((m) => m.userId !== me) ?? null, otherId: otherOf(conv, me) };
}

/**
 * Whether `me` may write to `otherId`: no block either way, not declined by them, and their setting lets me
 * (everyone: through a request; talked: only once they accepted or started the conversation; nobody).
 */
async function mayWrite(db: DbOrTx, me: number, otherId: number | null, theirs: Pick<Member, 'status'> | null): Promise<boolean> {
  if (otherId === null) return false;
  const [other] = await db
    .select({ who: users.whoCanMessage, blocked: sql<boolean>`${blockedEitherWay(me, otherId)}` })
    .from(users)
    .where(eq(users.id, otherId));
  if (!other || other.blocked || theirs?.status === 'declined') return false;
  const who = other.who as WhoCanMessage;
  if (who === 'nobody') return false;
  if (who === 'talked') return theirs?.status === 'accepted';
  return true;
}

async function findPair(db: DbOrTx, a: number, b: number): Promise<ConversationRow | null> {
  const [low, high] = pairOf(a, b);
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)));
  return row ?? null;
}

/**
 * The pair's conversation, created when there is none and `me` may write to them (their side starts as a
 * request). Two first messages at once: both inserts race on the pair's unique index, one creates, the other
 * waits for it and finds it.
 */
async function openWith(tx: Tx, me: number, otherId: number): Promise<number> {
  if (otherId === me) throw new Invalid({ user_id: { key: 'validation.yourself' } });
  const [other] = await tx.select({ id: users.id }).from(users).where(eq(users.id, otherId));
  if (!other) throw new NotFound();
  const existing = await findPair(tx, me, otherId);
  if (existing) return existing.id;
  if (!(await mayWrite(tx, me, otherId, null))) throw messageNotAllowed();
  const [low, high] = pairOf(me, otherId);
  await tx.insert(conversations).values({ userLowId: low, userHighId: high }).onConflictDoNothing();
  const conv = await findPair(tx, me, otherId);
  if (!conv) throw new NotFound();
  await tx
    .insert(members)
    .values([
      { conversationId: conv.id, userId: me, status: 'accepted' },
      { conversationId: conv.id, userId: otherId, status: 'request' },
    ])
    .onConflictDoNothing();
  return conv.id;
}

export function toMessage(row: MessageRow, viewerId: number, otherReadReceipts: boolean, reported = false): Message {
  // The reader's seen time reaches the sender only while the reader shares read receipts.
  const seen = row.seenAt && (row.senderId !== viewerId || otherReadReceipts) ? row.seenAt.toISOString() : null;
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender_id: row.senderId,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    seen_at: seen,
    ...underReview(row.moderation),
    ...(reported ? { reported: true as const } : {}),
  };
}

/** Moderation's view of a message: hidden pending review, it is seen only by its sender (and moderators). */
const messageShownTo = (viewerId: number) => shownTo({ moderation: messages.moderation, userId: messages.senderId }, viewerId);

/**
 * The newest message of the conversation that `me` may see: the kept last message unless moderation hid it from
 * them. Walks the conversation's index backwards and stops at the first one shown, so it reads one row or a few.
 */
const lastShownId = (me: number) => sql<number | null>`(select m.id from ${messages} m
  where m.conversation_id = ${conversations.id}
    and (m.moderation = 'visible' or (m.moderation = 'hidden' and (m.sender_id = ${me}
      or exists(select 1 from ${users} u where u.id = ${me} and u.role in ('moderator', 'admin')))))
  order by m.id desc limit 1)`;

const other = alias(users, 'other');
/**
 * Whether my messages show when the other person saw them: while they share read receipts and no block separates
 * us. A block hides the times read before it too, or the blocked side would keep reading them, and would learn them
 * anew if the reader turned receipts on after the block.
 */
const receiptsShown = (me: number) => sql<boolean>`coalesce(${other.readReceipts} and not ${blockedEitherWay(me, other.id)}, false)`;
const otherAvatar = alias(avatars, 'other_avatar');
const otherSide = alias(conversationMembers, 'other_side');
const last = alias(messages, 'last');

function conversationQuery(db: DbOrTx, me: number) {
  const otherId = sql`case when ${conversations.userLowId} = ${me} then ${conversations.userHighId} else ${conversations.userLowId} end`;
  return db
    .select({
      side: members,
      conv: conversations,
      otherId: other.id,
      otherNickname: other.nickname,
      otherAvatarId: other.avatarId,
      otherAvatarFile: otherAvatar.file,
      otherPoints: other.points,
      otherReadReceipts: receiptsShown(me),
      last,
      blockedByMe: sql<boolean>`${hasBlocked(me, other.id)}`,
      // mayWrite, in SQL, for each row of a list.
      canReply: sql<boolean>`(${other.id} is not null and not ${blockedEitherWay(me, other.id)}
        and coalesce(${otherSide.status}, 'declined') <> 'declined'
        and (${other.whoCanMessage} = 'everyone' or (${other.whoCanMessage} = 'talked' and ${otherSide.status} = 'accepted')))`,
    })
    .from(members)
    .innerJoin(conversations, eq(conversations.id, members.conversationId))
    .leftJoin(other, eq(other.id, otherId))
    .leftJoin(otherAvatar, eq(otherAvatar.id, other.avatarId))
    .leftJoin(otherSide, and(eq(otherSide.conversationId, conversations.id), eq(otherSide.userId, other.id)))
    .leftJoin(last, eq(last.id, lastShownId(me)));
}

type ConversationJoin = Awaited<ReturnType<ReturnType<typeof conversationQuery>['execute']>>[number];

async function hydrate(db: DbOrTx, rows: ConversationJoin[], me: number, locale: string): Promise<Conversation[]> {
  const s = await serializer(db, locale);
  return rows.map((r) => ({
    id: r.conv.id,
    other_user:
      r.otherId === null || r.otherNickname === null || r.otherPoints === null
        ? null
        : toPublicUser(
            { id: r.otherId, nickname: r.otherNickname, avatarId: r.otherAvatarId, avatarFile: r.otherAvatarFile, points: r.otherPoints },
            s,
          ),
    last_message: r.last ? toMessage(r.last, me, r.otherReadReceipts === true) : null,
    unread_count: r.side.unreadCount,
    status: r.side.status as ConversationStatus,
    can_reply: r.canReply === true,
    blocked_by_me: r.blockedByMe === true,
    updated_at: r.side.activityAt.toISOString(),
  }));
}

export async function getConversation(db: DbOrTx, me: number, locale: string, id: number): Promise<Conversation> {
  const rows = await conversationQuery(db, me).where(and(eq(members.userId, me), eq(members.conversationId, id)));
  const [conversation] = await hydrate(db, rows, me, locale);
  if (!conversation) throw await notYours(db, id);
  // A request whose writer deleted their account waits for nothing: their messages went with them (forgetMessagesOf).
  if (conversation.status === 'request' && conversation.other_user === null) throw new NotFound();
  return conversation;
}

/** My accepted conversations (or my waiting requests) that have a message and that I did not hide, latest activity first. */
export async function listConversations(db: DbOrTx, me: number, locale: string, status: 'accepted' | 'request', q: PageQuery) {
  const where = and(
    eq(members.userId, me),
    eq(members.status, status),
    eq(members.hidden, false),
    isNotNull(conversations.lastMessageId),
    sql`${lastShownId(me)} is not null`,
  ) as SQL;
  const [rows, [{ total }]] = await Promise.all([
    conversationQuery(db, me)
      .where(where)
      .orderBy(sql`${members.activityAt} desc nulls last`, desc(members.conversationId))
      .limit(q.per_page)
      .offset(offset(q)),
    db.select({ total: count() }).from(members).innerJoin(conversations, eq(conversations.id, members.conversationId)).where(where),
  ]);
  return paged(await hydrate(db, rows, me, locale), total, q, status === 'accepted' ? '/api/conversations' : '/api/message-requests');
}

/** POST /api/conversations: the pair's conversation, opened if there is none (nothing reaches the other person yet). */
export async function openConversation(db: Db, me: number, locale: string, otherId: number): Promise<Conversation> {
  return db.transaction(async (tx) => getConversation(tx, me, locale, await openWith(tx, me, otherId)));
}

/**
 * Messages newest first. Pages count back from an anchor (the newest message when the first page was read,
 * carried in the links), so messages that arrive meanwhile never shift the older pages.
 */
export async function listMessages(db: DbOrTx, me: number, conversationId: number, q: PageQuery, anchor?: number) {
  const [row] = await db
    .select({ conv: conversations, otherReadReceipts: receiptsShown(me) })
    .from(members)
    .innerJoin(conversations, eq(conversations.id, members.conversationId))
    .leftJoin(
      other,
      eq(other.id, sql`case when ${conversations.userLowId} = ${me} then ${conversations.userHighId} else ${conversations.userLowId} end`),
    )
    .where(and(eq(members.userId, me), eq(members.conversationId, conversationId)));
  if (!row) throw await notYours(db, conversationId);
  const inConversation = eq(messages.conversationId, conversationId);
  const upToAnchor = anchor === undefined ? undefined : lte(messages.id, anchor);
  const [rows, [newer], [unshown]] = await Promise.all([
    db
      .select({ m: messages, reported: reportedBy(me, 'message', messages.id) })
      .from(messages)
      .where(and(inConversation, upToAnchor, messageShownTo(me)))
      .orderBy(desc(messages.id))
      .limit(q.per_page)
      .offset(offset(q)),
    anchor === undefined
      ? [{ n: 0 }]
      : db
          .select({ n: count() })
          .from(messages)
          .where(and(inConversation, gt(messages.id, anchor))),
    // Messages moderation keeps from me, up to the anchor (few, and found through their partial index).
    db
      .select({ n: count() })
      .from(messages)
      .where(and(inConversation, upToAnchor, sql`${messages.moderation} <> 'visible'`, sql`not ${messageShownTo(me)}`)),
  ]);
  const total = Math.max(0, row.conv.messagesCount - newer.n - unshown.n);
  // The first page names its newest message as the anchor of the pages after it.
  const top = anchor ?? (q.page === 1 ? rows[0]?.m.id : undefined);
  const extra: Record<string, string> = { conversation_id: String(conversationId) };
  if (top !== undefined) extra.anchor = String(top);
  return paged(
    rows.map((r) => toMessage(r.m, me, row.otherReadReceipts === true, r.reported)),
    total,
    q,
    '/api/conversation-messages',
    extra,
  );
}

export interface Sent {
  message: Message;
  recipientId: number;
  /** The new totals of each person whose totals moved. */
  totals: Map<number, Unread>;
}

/**
 * Writes a message in a conversation (by its id) or to a person (opening the pair's conversation). Writing in a
 * conversation that is a request (or declined) on my side accepts it.
 */
export async function sendMessage(
  db: Db,
  me: number,
  to: { conversation_id?: number; user_id?: number },
  content: string,
  crisis: { matched: boolean } = { matched: false },
): Promise<Sent & { queued: boolean }> {
  return db.transaction(async (tx) => {
    const conversationId = to.user_id !== undefined ? await openWith(tx, me, to.user_id) : (to.conversation_id as number);
    const { conv, mine, theirs, otherId } = await lockConversation(tx, me, conversationId);
    if (otherId === null || !theirs || !(await mayWrite(tx, me, otherId, theirs))) throw messageNotAllowed();
    await takeWriteSlot(tx, me, 'message');
    const [row] = await tx.insert(messages).values({ conversationId, senderId: me, content: content.trim() }).returning();
    await tx
      .update(conversations)
      .set({ lastMessageId: row.id, messagesCount: sql`${conversations.messagesCount} + 1` })
      .where(eq(conversations.id, conversationId));
    const hadMessages = conv.lastMessageId !== null;
    const totals = new Map<number, Unread>();
    const mineMoved = await changeSide(tx, mine, { status: 'accepted', activityAt: row.createdAt }, hadMessages, true);
    if (mineMoved) totals.set(me, mineMoved);
    const theirsMoved = await changeSide(tx, theirs, { unreadCount: theirs.unreadCount + 1, activityAt: row.createdAt }, hadMessages, true);
    if (theirsMoved) totals.set(otherId, theirsMoved);
    const queued = await queueIfCrisis(tx, crisis, { target: 'message', targetId: row.id, authorId: me });
    await notify(tx, {
      type: 'message',
      recipientId: otherId,
      actorId: me,
      item: { kind: 'conversation', id: conversationId },
      url: `/chat?c=${conversationId}`,
      key: `message:${row.id}`,
    });
    return { message: toMessage(row, me, false), recipientId: otherId, totals, queued };
  });
}

export interface Read {
  totals: Unread;
  /** Set when messages were newly seen and the reader shares read receipts: the sender is told. */
  seen: { otherId: number; at: Date } | null;
}

/**
 * Marks my side read: its unread count to zero, and the messages to me seen (not while it is still a request, nor
 * across a block: no read receipt tells the other person anything then).
 */
export async function markRead(db: Db, me: number, conversationId: number): Promise<Read> {
  return db.transaction(async (tx) => {
    const { conv, mine, otherId } = await lockConversation(tx, me, conversationId);
    const now = new Date();
    const moved = await changeSide(tx, mine, { unreadCount: 0, lastReadAt: now }, conv.lastMessageId !== null);
    // No read receipt crosses a block, whichever of the two blocked the other: the messages stay unseen for the sender.
    const [reader] = await tx
      .select({
        readReceipts: users.readReceipts,
        apart: otherId === null ? sql<boolean>`false` : sql<boolean>`${blockedEitherWay(me, otherId)}`,
      })
      .from(users)
      .where(eq(users.id, me));
    let newlySeen = 0;
    if (mine.status === 'accepted' && !reader?.apart) {
      const updated = await tx
        .update(messages)
        .set({ seenAt: now })
        .where(and(eq(messages.conversationId, conversationId), ne(messages.senderId, me), isNull(messages.seenAt)))
        .returning({ id: messages.id });
      newlySeen = updated.length;
    }
    const seen = newlySeen > 0 && otherId !== null && reader?.readReceipts ? { otherId, at: now } : null;
    return { totals: moved ?? (await unreadOf(tx, me)), seen };
  });
}

/**
 * Accepts a request (or takes back a decline): it becomes a normal conversation. Not while I block its writer: that
 * would open their words to me (only my own block is said; theirs leaves accepting harmless and is never told).
 */
export async function acceptRequest(db: Db, me: number, locale: string, conversationId: number) {
  return db.transaction(async (tx) => {
    const { conv, mine, theirs, otherId } = await lockConversation(tx, me, conversationId);
    // No one on the other side (their account was deleted): nothing to accept.
    if (!theirs || otherId === null) throw new NotFound();
    const [{ blocked }] = await tx
      .select({ blocked: sql<boolean>`${hasBlocked(me, otherId)}` })
      .from(users)
      .where(eq(users.id, me));
    if (blocked) throw unblockFirst();
    const totals = await changeSide(tx, mine, { status: 'accepted' }, conv.lastMessageId !== null);
    return { conversation: await getConversation(tx, me, locale, conversationId), totals };
  });
}

/** Declines a request: it leaves my lists, and its sender can no longer write to me. */
export async function declineRequest(db: Db, me: number, conversationId: number): Promise<Unread> {
  return db.transaction(async (tx) => {
    const { conv, mine } = await lockConversation(tx, me, conversationId);
    if (mine.status === 'accepted') throw new NotFound();
    const moved = await changeSide(tx, mine, { status: 'declined', unreadCount: 0 }, conv.lastMessageId !== null);
    return moved ?? (await unreadOf(tx, me));
  });
}

/** Hides (after a block) or shows again (after unblocking) my side of our conversation; the new totals when they moved. */
export async function hideConversationWith(tx: Tx, me: number, otherId: number, hidden: boolean): Promise<Unread | null> {
  const pair = await findPair(tx, me, otherId);
  if (!pair) return null;
  const { conv, mine } = await lockConversation(tx, me, pair.id);
  return changeSide(tx, mine, { hidden }, conv.lastMessageId !== null);
}

/**
 * For the deletion of an account, in its transaction, before the user row goes: its messages and sides go by
 * cascade, which cannot move kept counts, so here each other person's side stops counting them (every message to
 * that side was the deleted person's, so its unread count becomes 0, and a request from them is no longer waiting),
 * and each conversation keeps the other person's own messages as its count and last message.
 */
export async function forgetMessagesOf(tx: Tx, userId: number): Promise<void> {
  const sides = await tx.select({ id: members.conversationId }).from(members).where(eq(members.userId, userId));
  for (const { id } of sides) {
    const { conv, theirs } = await lockConversation(tx, userId, id);
    if (!theirs) continue;
    const [left] = await tx
      .select({ n: count(), last: sql<number | null>`max(${messages.id})` })
      .from(messages)
      .where(and(eq(messages.conversationId, id), eq(messages.senderId, theirs.userId)));
    await tx.update(conversations).set({ messagesCount: left.n, lastMessageId: left.last }).where(eq(conversations.id, id));
    await changeSide(tx, theirs, { unreadCount: 0 }, conv.lastMessageId !== null, left.n > 0);
  }
}

/** The other participant, when both people turned typing indicators on and may write to each other. */
export async function typingPartner(db: DbOrTx, me: number, conversationId: number): Promise<number | null> {
  const rows = await conversationQuery(db, me).where(and(eq(members.userId, me), eq(members.conversationId, conversationId)));
  const [row] = rows;
  if (!row || row.otherId === null || !row.canReply || row.side.status !== 'accepted' || row.side.hidden) return null;
  const [both] = await db
    .select({ n: count() })
    .from(users)
    .where(and(sql`${users.id} in (${me}, ${row.otherId})`, eq(users.typingIndicators, true)));
  return both.n === 2 ? row.otherId : null;
}

const settingsColumns = {
  who_can_message: users.whoCanMessage,
  typing_indicators: users.typingIndicators,
  read_receipts: users.readReceipts,
};

export async function messageSettings(db: DbOrTx, me: number): Promise<MessageSettings> {
  const [row] = await db.select(settingsColumns).from(users).where(eq(users.id, me));
  if (!row) throw new NotFound();
  return { ...row, who_can_message: row.who_can_message as WhoCanMessage };
}

export async function updateMessageSettings(db: DbOrTx, me: number, change: Partial<MessageSettings>): Promise<MessageSettings> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (change.who_can_message !== undefined) set.whoCanMessage = change.who_can_message;
  if (change.typing_indicators !== undefined) set.typingIndicators = change.typing_indicators;
  if (change.read_receipts !== undefined) set.readReceipts = change.read_receipts;
  if (Object.keys(set).length > 0) await db.update(users).set(set).where(eq(users.id, me));
  return messageSettings(db, me);
}

/**
 * Reports a message of a conversation I take part in (404 for anyone else), not my own, once. Moderation counts it
 * as any report (afterReport): the message goes to the queue, alone, without the conversation around it. Unlike a
 * report of public writing, a block does not stop it: the thread stays readable to both, and someone harassed in
 * private often blocks first and reports after.
 */
export async function reportMessage(db: Db, me: number, input: { message_id: number; report_type_id: number; note?: string }) {
  return db.transaction(async (tx) => {
    await takeReportSlot(tx, me);
    const item = await lockItem(tx, 'message', input.message_id);
    const [row] = item
      ? await tx
          .select({ low: conversations.userLowId, high: conversations.userHighId })
          .from(messages)
          .innerJoin(conversations, eq(conversations.id, messages.conversationId))
          .where(eq(messages.id, item.id))
      : [];
    if (!item || !row || item.moderation === 'removed') throw new NotFound(GONE);
    if (row.low !== me && row.high !== me) throw new Forbidden();
    if (item.userId === me) throw new Invalid({ message_id: { key: 'validation.own_message' } });
    return fileReport(tx, me, 'message', item, input);
  });
}

/** Moderation locks a message's conversation before the message: the order sends and reads take them in. */
export async function lockConversationOfMessage(tx: Tx, messageId: number): Promise<void> {
  await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.id, sql`(select ${messages.conversationId} from ${messages} where ${messages.id} = ${messageId})`))
    .for('update');
}

/** A person whose unread totals moved, to be told once the transaction has committed. */
export interface TotalsMoved {
  userId: number;
  totals: Unread;
}

/**
 * Moderation hid or removed a message (`shown` false) or restored it (true): while its recipient has not read it,
 * it leaves (or rejoins) their unread count and totals. The caller holds the conversation's lock.
 */
export async function messageShownChanged(tx: Tx, messageId: number, shown: boolean): Promise<TotalsMoved | null> {
  const [row] = await tx
    .select({ msg: messages, conv: conversations })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, messageId));
  const recipientId = row ? otherOf(row.conv, row.msg.senderId) : null;
  // A recipient whose account is gone has no count to correct.
  if (!row || recipientId === null) return null;
  const [side] = await tx
    .select()
    .from(members)
    .where(and(eq(members.conversationId, row.conv.id), eq(members.userId, recipientId)));
  if (!side || (side.lastReadAt !== null && row.msg.createdAt <= side.lastReadAt)) return null;
  const unreadCount = Math.max(0, side.unreadCount + (shown ? 1 : -1));
  const totals = await changeSide(tx, side, { unreadCount }, row.conv.lastMessageId !== null);
  return totals ? { userId: recipientId, totals } : null;
}
