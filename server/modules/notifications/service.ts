/**
 * Notifications (issue 15). A feature calls `notify(tx, event)` inside the transaction of the write that causes it;
 * that only enqueues a `notify` job (server/jobs), so the write stays fast and a rolled-back write notifies no one.
 * The job (`deliver`) applies the rules: nobody about their own acts, nor about someone blocked either way; a kind
 * the person switched off, or a post whose author turned its notifications off, creates nothing; the same kind on
 * the same item within an hour is one notification counting people ("Amani and 4 others supported your post"),
 * unseen again when it grows. The sentence is made when it is read, in the recipient's language, so a person who
 * changes language reads every notification in the new one. A block made later hides what the other person caused
 * (neither listed, counted nor named) for as long as it stands (decision 022's addendum).
 */
import { and, count, desc, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import {
  LEGACY_NOTIFICATION_KINDS,
  NOTIFICATION_GROUP_WINDOW_MS,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationItem,
  type NotificationKinds,
  type NotificationSentence,
  type NotificationType,
  notificationSentence,
} from '../../../core/notifications.ts';
import type { NotificationEvent } from '../../../core/realtime.ts';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { blocks, conversationMembers, notificationActors, notificationEvents, notifications, posts, users } from '../../../db/schema.ts';
import { translate } from '../../i18n.ts';
import { currentQueue } from '../../jobs/registry.ts';
import { offset, type PageQuery, paged } from '../../lib/http.ts';
import { separatedFrom } from '../blocks/filter.ts';

export interface NotifyEvent {
  type: NotificationType;
  recipientId: number;
  /** Who did it; null for what the system or a moderator did (the moderator is never named). */
  actorId: number | null;
  /** What the notification is about; the group is per item. */
  item: NotificationItem | null;
  /** Where the notification leads: a path without the locale prefix. */
  url: string;
  /** Values the kind's sentence needs besides the actor (e.g. the moderation action). */
  params?: Record<string, string | number>;
  /**
   * Names this event once: the same key is notified once however often it is sent or its job retried. Defaults to
   * kind, item, actor and recipient, so supporting, withdrawing and supporting again notifies once.
   */
  key?: string;
}

/** The job's data: the event and when it happened (the grouping window is counted in event time, not job time). */
export interface NotifyJob extends Omit<NotifyEvent, 'key'> {
  key: string;
  at: string;
}

export const NOTIFY_JOB = 'notify';

/** Enqueues the event's delivery in the caller's transaction; nothing when the person acted on their own item. */
export async function notify(tx: Tx, event: NotifyEvent): Promise<void> {
  if (event.actorId !== null && event.actorId === event.recipientId) return;
  const queue = currentQueue();
  // Scripts that write without an app running (seed, migrations) have no one to tell.
  if (!queue) return;
  const key = event.key ?? `${event.type}:${event.item?.kind ?? '-'}:${event.item?.id ?? '-'}:${event.actorId ?? '-'}:${event.recipientId}`;
  const job: NotifyJob = { ...event, params: event.params ?? {}, key, at: new Date().toISOString() };
  await queue.send(tx, NOTIFY_JOB, job, { key: `notify:${key}` });
}

type SettingsRow = Pick<typeof users.$inferSelect, 'notifySupport' | 'notifyAdvice' | 'notifyMessage' | 'notificationsOff'>;

const settingsColumns = {
  notifySupport: users.notifySupport,
  notifyAdvice: users.notifyAdvice,
  notifyMessage: users.notifyMessage,
  notificationsOff: users.notificationsOff,
};

const legacyColumn = { support: 'notifySupport', advice: 'notifyAdvice', message: 'notifyMessage' } as const;
const isLegacy = (kind: NotificationType): kind is (typeof LEGACY_NOTIFICATION_KINDS)[number] =>
  (LEGACY_NOTIFICATION_KINDS as readonly string[]).includes(kind);

function kindsOf(row: SettingsRow): NotificationKinds {
  const kinds = {} as NotificationKinds;
  for (const kind of NOTIFICATION_TYPES) kinds[kind] = isLegacy(kind) ? row[legacyColumn[kind]] : !row.notificationsOff.includes(kind);
  return kinds;
}

export async function getSettings(db: DbOrTx, userId: number): Promise<NotificationKinds> {
  const [row] = await db.select(settingsColumns).from(users).where(eq(users.id, userId));
  return kindsOf(row);
}

/**
 * Sets some switches. The three of API.md's toggles keep their columns (`/api/disable-*-notification` flips the
 * same ones); the others are the list of kinds switched off.
 */
export async function updateSettings(db: Db, userId: number, changes: Partial<NotificationKinds>): Promise<NotificationKinds> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select(settingsColumns).from(users).where(eq(users.id, userId)).for('update');
    const off = new Set(row.notificationsOff);
    const set: Partial<typeof users.$inferInsert> = {};
    for (const [kind, on] of Object.entries(changes) as [NotificationType, boolean][]) {
      if (isLegacy(kind)) set[legacyColumn[kind]] = on;
      else if (on) off.delete(kind);
      else off.add(kind);
    }
    set.notificationsOff = [...off].sort();
    set.updatedAt = new Date();
    await tx.update(users).set(set).where(eq(users.id, userId));
    return getSettings(tx, userId);
  });
}

/** What the delivery needs besides the database: whether the person is looking at a conversation, and what to tell. */
export interface DeliverDeps {
  db: Db;
  /** True when one of the person's sockets has this conversation open (then a message needs no notification). */
  isViewing(userId: number, conversationId: number): Promise<boolean>;
  /**
   * After the commit: the new or grown notification, in the recipient's account language, with what its sentence is
   * made of (the realtime event: the page says it in its own language).
   */
  delivered(userId: number, notification: NotificationEvent, locale: string): Promise<void> | void;
  /**
   * In the notification's own transaction, once it is written: where follow-up jobs are enqueued (the web push of
   * contract15.md), so they exist exactly when the notification does.
   */
  written?(tx: Tx, userId: number, notification: Notification, locale: string): Promise<void>;
}

/** Whether the recipient has no unread message left in the job's conversation (read since it was sent). */
async function readSince(db: DbOrTx, job: NotifyJob): Promise<boolean> {
  if (!job.item) return false;
  const [side] = await db
    .select({ unread: conversationMembers.unreadCount })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, job.item.id), eq(conversationMembers.userId, job.recipientId)));
  return side !== undefined && side.unread === 0;
}

/** Kinds about a post that its author's `notifications_disabled` silences. */
const POST_KINDS: readonly NotificationType[] = ['support', 'comment', 'advice'];

/**
 * Runs one `notify` job. Idempotent on the event's key: the key is written in the same transaction as the
 * notification, so a job retried after its work committed finds it and does nothing.
 */
export async function deliver(deps: DeliverDeps, job: NotifyJob): Promise<'delivered' | 'skipped'> {
  const { db } = deps;
  // Not for a conversation open on their screen, nor one read since the message came (a job that ran late would
  // light the bell for words already read).
  if (job.type === 'message' && job.item && ((await deps.isViewing(job.recipientId, job.item.id)) || (await readSince(db, job)))) {
    return 'skipped';
  }
  const at = new Date(job.at);
  const result = await db.transaction(async (tx) => {
    const [recipient] = await tx
      .select({ ...settingsColumns, locale: users.locale })
      .from(users)
      .where(eq(users.id, job.recipientId));
    if (!recipient || !kindsOf(recipient)[job.type]) return null;
    if (job.actorId !== null) {
      const [blocked] = await tx
        .select({ one: sql`1` })
        .from(blocks)
        .where(
          sql`(${blocks.blockerId} = ${job.recipientId} and ${blocks.blockedId} = ${job.actorId}) or (${blocks.blockerId} = ${job.actorId} and ${blocks.blockedId} = ${job.recipientId})`,
        );
      if (blocked) return null;
      const [actor] = await tx.select({ id: users.id }).from(users).where(eq(users.id, job.actorId));
      // The actor erased their account meanwhile: what they did is gone with it.
      if (!actor) return null;
    }
    if (job.item?.kind === 'post' && POST_KINDS.includes(job.type)) {
      const [post] = await tx.select({ off: posts.notificationsDisabled }).from(posts).where(eq(posts.id, job.item.id));
      if (!post || post.off) return null;
    }
    const [fresh] = await tx
      .insert(notificationEvents)
      .values({ key: job.key })
      .onConflictDoNothing()
      .returning({ key: notificationEvents.key });
    if (!fresh) return null;

    // One group per person, kind and item at a time, even when two jobs for it run at once on two processes.
    const group = `${job.recipientId}:${job.type}:${job.item?.kind ?? ''}:${job.item?.id ?? ''}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${group}, 0))`);
    const windowStart = new Date(at.getTime() - NOTIFICATION_GROUP_WINDOW_MS);
    const [existing] = job.item
      ? await tx
          .select({ id: notifications.id })
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, job.recipientId),
              eq(notifications.type, job.type),
              eq(notifications.itemKind, job.item.kind),
              eq(notifications.itemId, job.item.id),
              gt(notifications.createdAt, windowStart),
            ),
          )
          .orderBy(desc(notifications.createdAt))
          .limit(1)
      : [];
    let id: number;
    if (existing) {
      id = existing.id;
      const joined = job.actorId
        ? await tx
            .insert(notificationActors)
            .values({ notificationId: id, actorId: job.actorId })
            .onConflictDoNothing()
            .returning({ id: notificationActors.notificationId })
        : [];
      await tx
        .update(notifications)
        .set({
          actorCount: sql`${notifications.actorCount} + ${joined.length}`,
          actorId: job.actorId,
          params: job.params ?? {},
          url: job.url,
          seen: false,
          updatedAt: at,
        })
        .where(eq(notifications.id, id));
    } else {
      const [row] = await tx
        .insert(notifications)
        .values({
          userId: job.recipientId,
          type: job.type,
          itemKind: job.item?.kind ?? null,
          itemId: job.item?.id ?? null,
          url: job.url,
          params: job.params ?? {},
          actorId: job.actorId,
          actorCount: 1,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: notifications.id });
      id = row.id;
      if (job.actorId) await tx.insert(notificationActors).values({ notificationId: id, actorId: job.actorId });
    }
    const [notification] = await readNotifications(tx, job.recipientId, recipient.locale, eq(notifications.id, id));
    // A block made since the check above leaves it out of what its reader sees: written, it is neither pushed nor sent.
    if (!notification) return null;
    await deps.written?.(tx, job.recipientId, notification, recipient.locale);
    return { notification, locale: recipient.locale };
  });
  if (!result) return 'skipped';
  await deps.delivered(job.recipientId, result.notification, result.locale);
  return 'delivered';
}

/** The sentence of a notification in a language: "{name} and {others} others supported your post". */
export const notificationText = (locale: string, type: string, actorCount: number, sentence: NotificationSentence): string =>
  notificationSentence(type, actorCount, sentence, (key, values) => translate(locale, key, values));

/** One notification as its recipient reads it now (a push sent a few seconds after the event counts everyone since). */
export async function readNotification(db: DbOrTx, id: number, userId: number, locale: string): Promise<Notification | undefined> {
  const [notification] = await readNotifications(db, userId, locale, eq(notifications.id, id));
  return notification && apiNotification(notification);
}

/**
 * How many of a notification's people a block separates from its reader (either blocked the other): they are left
 * out of its count. A probe of the notification's own actors (their key) against the reader's blocks, read once.
 */
const apartCount = (userId: number) =>
  sql<number>`(select count(*) from ${notificationActors} where ${notificationActors.notificationId} = ${notifications.id}
    and ${notificationActors.actorId} in (${separatedFrom(userId)}))::int`;

/**
 * Shown while someone it is about is still not separated from the reader: one caused by people a block now
 * separates from them leaves the list and the count (and comes back on unblock). Without a person (moderation), it
 * has none among its actors and stays.
 */
const shownTo = (userId: number) => sql`${notifications.actorCount} > ${apartCount(userId)}`;

/**
 * The person a notification names: its latest, unless a block separates them from the reader; then another of its
 * group who is not (the group keeps no order among the earlier ones: the latest joined of those left would need one).
 */
const namedActor = (userId: number) => sql`case when ${notifications.actorId} in (${separatedFrom(userId)})
  then (select ${notificationActors.actorId} from ${notificationActors} where ${notificationActors.notificationId} = ${notifications.id}
    and ${notificationActors.actorId} not in (${separatedFrom(userId)}) order by ${notificationActors.actorId} desc limit 1)
  else ${notifications.actorId} end`;

async function readNotifications(
  db: DbOrTx,
  userId: number,
  locale: string,
  where: SQL | undefined,
  limit = 1,
  skip = 0,
): Promise<NotificationEvent[]> {
  const rows = await db
    .select({ n: notifications, actorName: users.nickname, namedId: users.id, apart: apartCount(userId) })
    .from(notifications)
    .leftJoin(users, sql`${users.id} = ${namedActor(userId)}`)
    .where(and(where, shownTo(userId)))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(limit)
    .offset(skip);
  return rows.map(({ n, actorName, namedId, apart }) => {
    const sentence: NotificationSentence = { actor_name: actorName, params: n.params };
    const actorCount = n.actorCount - apart;
    // Another of the group named in place of the latest: the address's anchor (core/comment-anchor.ts) was the
    // latest's comment, which the reader no longer sees, so the link opens the post itself.
    const url = apart > 0 && n.actorId !== null && namedId !== n.actorId ? n.url.split(/[?#]/)[0] : n.url;
    return {
      id: n.id,
      type: n.type as NotificationType,
      data: {
        url,
        text: notificationText(locale, n.type, actorCount, sentence),
        actor_count: actorCount,
        item: n.itemKind && n.itemId !== null ? { kind: n.itemKind, id: n.itemId } : null,
      },
      seen: n.seen,
      created_at: n.updatedAt.toISOString(),
      sentence,
    };
  });
}

/** The API's Notification: the sentence's parts are for the realtime event only. */
const apiNotification = ({ sentence: _, ...notification }: NotificationEvent): Notification => notification;

/** A person's notifications not seen yet: what the bell counts and what marking seen changes. */
const unseenOf = (userId: number) => and(eq(notifications.userId, userId), eq(notifications.seen, false));

export async function unseenCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(unseenOf(userId), shownTo(userId)));
  return row.n;
}

/**
 * GET /api/notifications-received: newest activity first, in the language of the screen reading them (a live one
 * or a push arrives in the person's saved language: no screen asked), with the unseen count.
 */
export async function listNotifications(db: DbOrTx, userId: number, locale: string, q: PageQuery) {
  const mine = eq(notifications.userId, userId);
  const [data, [{ total }], unseen] = await Promise.all([
    readNotifications(db, userId, locale, mine, q.per_page, offset(q)).then((list) => list.map(apiNotification)),
    db
      .select({ total: count() })
      .from(notifications)
      .where(and(mine, shownTo(userId))),
    unseenCount(db, userId),
  ]);
  const page = paged(data, total, q, '/api/notifications-received');
  return { ...page, meta: { ...page.meta, unseen_count: unseen } };
}

/** Marks the person's notifications seen: these ids (others' and unknown ones are ignored) or all. */
export async function markSeen(db: DbOrTx, userId: number, ids?: number[]): Promise<number> {
  const mine = unseenOf(userId);
  if (ids === undefined) await db.update(notifications).set({ seen: true }).where(mine);
  else if (ids.length > 0)
    await db
      .update(notifications)
      .set({ seen: true })
      .where(and(mine, inArray(notifications.id, ids)));
  return unseenCount(db, userId);
}

/**
 * Marks seen my unseen notifications of `type` about one item (a conversation I just read: its "sent you a message"
 * is read with it). The new unseen count when any changed, else null (nothing to tell the other tabs).
 */
export async function markSeenAbout(
  db: DbOrTx,
  userId: number,
  type: NotificationType,
  item: { kind: string; id: number },
): Promise<number | null> {
  const changed = await db
    .update(notifications)
    .set({ seen: true })
    .where(and(unseenOf(userId), eq(notifications.type, type), eq(notifications.itemKind, item.kind), eq(notifications.itemId, item.id)))
    .returning({ id: notifications.id });
  return changed.length > 0 ? unseenCount(db, userId) : null;
}

/**
 * Idempotency keys are needed only while a job may still run again: the longest retry schedule (8 attempts of
 * graphile-worker's exp(attempt) s backoff) is under 2 hours, so a day is plenty. Returns how many were deleted.
 */
export const EVENT_KEYS_KEPT_MS = 24 * 60 * 60 * 1000;
export async function pruneEventKeys(db: DbOrTx, now = new Date()): Promise<number> {
  const gone = await db
    .delete(notificationEvents)
    .where(lt(notificationEvents.createdAt, new Date(now.getTime() - EVENT_KEYS_KEPT_MS)))
    .returning({ key: notificationEvents.key });
  return gone.length;
}
