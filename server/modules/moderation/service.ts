/**
 * Moderation (DESIGN.md "Moderation", issue 14): what reports do to an item, the queue other modules feed through
 * `queueForReview`, the moderators' actions and their log, removed items and their one appeal, and the care notice
 * "I'm worried about this person" sends. Every change runs in one transaction, under a lock on the item's row.
 */
import { and, asc, count, desc, eq, gt, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  HIDE_AFTER_REPORTS,
  isModeratorRole,
  type LogAction,
  MODERATION_REASONS,
  type ModeratedTarget,
  type ModerationAction,
  type ModerationState,
  NEW_ACCOUNT_MS,
  SUSPEND_DAYS,
  WORRIED_LIMITS,
  WORRIED_REPORT_TYPE,
} from '../../../core/moderation.ts';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { appeals, careNotices, moderationItems, moderationLog, reports, reportTypes, users } from '../../../db/schema.ts';
import { Invalid, NotFound, Rejected } from '../../errors.ts';
import { translate } from '../../i18n.ts';
import { offset, type PageQuery, paged } from '../../lib/http.ts';
import { qualified } from '../../lib/sql.ts';
import { blockedEitherWay, notBlocked } from '../blocks/filter.ts';
import { lockConversationOfMessage, messageShownChanged, type TotalsMoved } from '../messages/service.ts';
import { notify } from '../notifications/service.ts';
import { noteQueued } from './announce.ts';
import { MODERATED } from './visibility.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface QueueInput {
  target: ModeratedTarget;
  targetId: number;
  authorId: number;
  /** Crisis signals come first in the queue. The item is never hidden for it. */
  crisis?: boolean;
  /** Why it is queued without reports: `crisis`, `worried`, `appeal`. */
  reason?: string;
  appeal?: boolean;
  /** Reports since a moderator last kept the item, and how many of them came from new accounts (the reports path). */
  reportsCount?: number;
  newAccountReports?: number;
}

/**
 * Puts an item in the moderators' queue, or updates its open entry: a crisis or an appeal mark stays once set, the
 * report count only grows. Called inside the caller's transaction; the caller announces the change
 * (`announceQueue` in routes) once it has committed.
 */
export async function queueForReview(tx: Tx, input: QueueInput): Promise<void> {
  const m = MODERATED[input.target];
  await tx
    .insert(moderationItems)
    .values({
      target: input.target,
      targetId: input.targetId,
      authorId: input.authorId,
      crisis: input.crisis ?? false,
      appeal: input.appeal ?? false,
      reportsCount: input.reportsCount ?? 0,
      newAccountReports: input.newAccountReports ?? 0,
      reason: input.reason ?? null,
      content: sql`(select ${m.text} from ${m.table} where ${m.id} = ${input.targetId})`,
    })
    .onConflictDoUpdate({
      target: [moderationItems.target, moderationItems.targetId],
      targetWhere: sql`status = 'open'`,
      set: {
        crisis: sql`${moderationItems.crisis} or excluded.crisis`,
        // An open entry that becomes a crisis entry (a "worried" report, an edit into crisis words) joins the crisis
        // items as their newest (decision 077), not at the date it was first reported.
        createdAt: sql`case when excluded.crisis and not ${moderationItems.crisis} then now() else ${moderationItems.createdAt} end`,
        appeal: sql`${moderationItems.appeal} or excluded.appeal`,
        reportsCount: sql`greatest(${moderationItems.reportsCount}, excluded.reports_count)`,
        newAccountReports: sql`greatest(${moderationItems.newAccountReports}, excluded.new_account_reports)`,
        reason: sql`coalesce(excluded.reason, ${moderationItems.reason})`,
        // The text the entry opened with stays: a later report or edit does not replace what was first pointed at.
        content: sql`coalesce(${moderationItems.content}, excluded.content)`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Issue 14: a write whose text the crisis detector matched (isCrisisText, run before the write's transaction) is
 * queued for a moderator with crisis priority, in the write's own transaction. The item is never hidden, blocked or
 * changed for it. Returns whether it queued, so the route can announce the queue once the write has committed.
 *
 *   const crisis = await isCrisisText(content, language);
 *   … in the transaction: await queueIfCrisis(tx, crisis, { target: 'post', targetId: row.id, authorId: user.id });
 */
export async function queueIfCrisis(
  tx: Tx,
  match: { matched: boolean },
  item: { target: ModeratedTarget; targetId: number; authorId: number },
): Promise<boolean> {
  if (!match.matched) return false;
  await queueForReview(tx, { ...item, crisis: true, reason: 'crisis' });
  // The request announces the queue once it has answered (announce.ts), i.e. after this transaction committed.
  noteQueued();
  return true;
}

export interface ItemRow {
  id: number;
  userId: number;
  moderation: ModerationState;
}

/** The item's id, author and state, its row locked until the transaction ends; null when it does not exist. */
export async function lockItem(tx: Tx, target: ModeratedTarget, id: number): Promise<ItemRow | null> {
  // Sends and reads lock a conversation before its messages; moderation takes them in the same order.
  if (target === 'message') await lockConversationOfMessage(tx, id);
  const m = MODERATED[target];
  const [row] = await tx.select({ id: m.id, userId: m.userId, moderation: m.moderation }).from(m.table).where(eq(m.id, id)).for('update');
  return (row as ItemRow | undefined) ?? null;
}

/** Sets an item's state; answers the unread totals it moved (a message its recipient had not read yet), if any. */
async function setState(tx: Tx, target: ModeratedTarget, item: ItemRow, state: ModerationState): Promise<TotalsMoved | null> {
  const m = MODERATED[target];
  await tx
    .update(m.table)
    .set({ [m.moderation.name]: state } as never)
    .where(eq(m.id, item.id));
  // A message's recipient counts it unread only while they can see it.
  if (target === 'message' && (item.moderation === 'visible') !== (state === 'visible')) {
    return messageShownChanged(tx, item.id, state === 'visible');
  }
  return null;
}

async function log(
  tx: Tx,
  entry: {
    target: ModeratedTarget;
    targetId: number;
    authorId: number;
    moderatorId?: number | null;
    action: LogAction;
    reason?: string | null;
    days?: number | null;
  },
): Promise<number> {
  const [row] = await tx
    .insert(moderationLog)
    .values({ ...entry, moderatorId: entry.moderatorId ?? null, reason: entry.reason ?? null, days: entry.days ?? null })
    .returning({ id: moderationLog.id });
  return row.id;
}

/** Serialises the care notices one person receives (a lock of its own, apart from their writing lock). */
const lockRecipient = (tx: Tx, userId: number) => tx.execute(sql`select pg_advisory_xact_lock(14, ${userId})`);

/**
 * "I'm worried about this person": a care notice for the author, unless the reporter already sent as many today as
 * WORRIED_LIMITS allows, the author received one today, or a block separates the two; either way the report stands
 * and the reporter is thanked as usual, so the limits cannot be probed. The notice never names the reporter.
 */
async function careFor(tx: Tx, reporterId: number, recipientId: number, worriedTypeId: number): Promise<boolean> {
  // Nothing crosses a block, whichever of the two blocked the other: the report stands, and no notice is sent.
  const [apart] = await tx
    .select({ one: sql`1` })
    .from(users)
    .where(and(eq(users.id, recipientId), blockedEitherWay(reporterId, recipientId)));
  if (apart) return false;
  const since = new Date(Date.now() - DAY_MS);
  const [{ sent }] = await tx
    .select({ sent: count() })
    .from(reports)
    .where(and(eq(reports.userId, reporterId), eq(reports.reportTypeId, worriedTypeId), gt(reports.createdAt, since)));
  // The report being made is already among them.
  if (sent > WORRIED_LIMITS.perReporterPerDay) return false;
  await lockRecipient(tx, recipientId);
  const [{ received }] = await tx
    .select({ received: count() })
    .from(careNotices)
    .where(and(eq(careNotices.userId, recipientId), gt(careNotices.createdAt, since)));
  if (received >= WORRIED_LIMITS.perRecipientPerDay) return false;
  await tx.insert(careNotices).values({ userId: recipientId, senderId: reporterId });
  return true;
}

/**
 * Whether a report this person makes now comes from a new account (NEW_ACCOUNT_MS, decision 056). A moderator's never
 * does: the role is given by hand, not made in a click.
 */
export async function fromNewAccount(tx: Tx, reporterId: number): Promise<boolean> {
  const [reporter] = await tx.select({ createdAt: users.createdAt, role: users.role }).from(users).where(eq(users.id, reporterId));
  return !isModeratorRole(reporter.role) && Date.now() - reporter.createdAt.getTime() < NEW_ACCOUNT_MS;
}

/**
 * The distinct reports since a moderator last kept the item, "I'm worried" aside: all of them (what moderators see)
 * and those from new accounts (which do not count toward the hide).
 */
async function reportsSinceKept(tx: Tx, target: ModeratedTarget, itemId: number): Promise<{ all: number; fromNew: number }> {
  const lastKept = sql`coalesce((select max(l.created_at) from ${moderationLog} l
    where l.target = ${target} and l.target_id = ${itemId} and l.action = 'keep'), '-infinity'::timestamptz)`;
  const [counts] = await tx
    .select({ all: count(), fromNew: sql<number>`(count(*) filter (where ${reports.fromNewAccount}))::int` })
    .from(reports)
    .innerJoin(reportTypes, eq(reportTypes.id, reports.reportTypeId))
    .where(
      and(
        eq(reports.target, target),
        eq(reports.targetId, itemId),
        ne(reportTypes.key, WORRIED_REPORT_TYPE),
        sql`${reports.createdAt} > ${lastKept}`,
      ),
    );
  return counts;
}

/**
 * What a new report does, in the report's transaction with the item's row locked (lockItem): a worried report sends
 * a care notice and queues the item with crisis priority; any other report queues it with its counts, and the
 * HIDE_AFTER_REPORTS-th distinct report since a moderator last kept it that is not from a new account hides it.
 * Concurrent reports wait on the row lock, so exactly one of them hides the item.
 */
export async function afterReport(
  tx: Tx,
  report: { target: ModeratedTarget; item: ItemRow; reporterId: number; reportTypeId: number; typeKey: string },
): Promise<{ hidden: boolean; moved?: TotalsMoved | null }> {
  const { target, item } = report;
  if (report.typeKey === WORRIED_REPORT_TYPE) {
    await careFor(tx, report.reporterId, item.userId, report.reportTypeId);
    await queueForReview(tx, { target, targetId: item.id, authorId: item.userId, crisis: true, reason: 'worried' });
    return { hidden: false };
  }
  const { all, fromNew } = await reportsSinceKept(tx, target, item.id);
  await queueForReview(tx, { target, targetId: item.id, authorId: item.userId, reportsCount: all, newAccountReports: fromNew });
  if (all - fromNew < HIDE_AFTER_REPORTS || item.moderation !== 'visible') return { hidden: false };
  const moved = await setState(tx, target, item, 'hidden');
  const logId = await log(tx, { target, targetId: item.id, authorId: item.userId, action: 'hide' });
  await tellAuthor(tx, target, item, 'hidden', logId);
  return { hidden: true, moved };
}

const reasonOf = (locale: string, key: string | null) =>
  key && (MODERATION_REASONS as readonly string[]).includes(key)
    ? { key: key as (typeof MODERATION_REASONS)[number], name: translate(locale, `moderation.reason.${key}`) }
    : null;

export const listReasons = (locale: string) =>
  MODERATION_REASONS.map((key) => ({ key, name: translate(locale, `moderation.reason.${key}`) }));

/** An item's text, language and the id of what it belongs to; null when it no longer exists. */
async function loadItem(db: DbOrTx, target: ModeratedTarget, id: number) {
  const m = MODERATED[target];
  const [row] = await db
    .select({
      id: m.id,
      content: sql<string>`${m.text}`,
      language: m.language,
      moderation: m.moderation,
      contextId: m.context ? sql<number | null>`${m.context.id}` : sql<number | null>`null`,
    })
    .from(m.table)
    .where(eq(m.id, id));
  return (
    (row as { id: number; content: string; language: string; moderation: ModerationState; contextId: number | null } | undefined) ?? null
  );
}

/**
 * Open queue entries, each with reports, text and context: crisis first and the newest of them first (someone who
 * wrote it minutes ago may still be reading, and the live queue shows the new one where the moderator is looking,
 * decision 077); the rest by report count, then the oldest.
 */
export async function listQueue(db: DbOrTx, locale: string, q: PageQuery) {
  const open = eq(moderationItems.status, 'open');
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ item: moderationItems, nickname: users.nickname, suspendedUntil: users.suspendedUntil })
      .from(moderationItems)
      .innerJoin(users, eq(users.id, moderationItems.authorId))
      .where(open)
      .orderBy(
        desc(moderationItems.crisis),
        sql`case when ${moderationItems.crisis} then ${moderationItems.createdAt} end desc nulls last`,
        desc(moderationItems.reportsCount),
        asc(moderationItems.createdAt),
        asc(moderationItems.id),
      )
      .limit(q.per_page)
      .offset(offset(q)),
    db.select({ total: count() }).from(moderationItems).where(open),
  ]);
  const same = (table: typeof reports | typeof moderationLog, r: (typeof rows)[number]) =>
    and(eq(table.target, r.item.target), eq(table.targetId, r.item.targetId));
  const [reportRows, appealRows] =
    rows.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({
              target: reports.target,
              targetId: reports.targetId,
              key: reportTypes.key,
              note: reports.note,
              fromNewAccount: reports.fromNewAccount,
              createdAt: reports.createdAt,
            })
            .from(reports)
            .innerJoin(reportTypes, eq(reportTypes.id, reports.reportTypeId))
            .where(or(...rows.map((r) => same(reports, r))))
            .orderBy(asc(reports.createdAt), asc(reports.id)),
          db
            .select({ target: moderationLog.target, targetId: moderationLog.targetId, note: appeals.note })
            .from(appeals)
            .innerJoin(moderationLog, eq(moderationLog.id, appeals.logId))
            .where(or(...rows.filter((r) => r.item.appeal).map((r) => same(moderationLog, r)), sql`false`)),
        ]);
  const data = await Promise.all(
    rows.map(async ({ item, nickname, suspendedUntil }) => {
      const target = item.target as ModeratedTarget;
      const found = await loadItem(db, target, item.targetId);
      const contextTarget = MODERATED[target].context?.target;
      const context = found?.contextId && contextTarget ? await loadItem(db, contextTarget, found.contextId) : null;
      const key = `${item.target}:${item.targetId}`;
      return {
        id: item.id,
        target,
        target_id: item.targetId,
        // An item its author deleted since shows as removed, with nothing left to read.
        state: found?.moderation ?? ('removed' as const),
        crisis: item.crisis,
        appeal: item.appeal,
        queued_for: item.reason,
        reports_count: item.reportsCount,
        new_account_reports: item.newAccountReports,
        content: found?.content ?? '',
        // What was reported, when the author has edited or deleted it since.
        queued_content: item.content !== null && item.content !== (found?.content ?? '') ? item.content : null,
        language: found?.language ?? locale,
        context: context && contextTarget ? { target: contextTarget, id: context.id, content: context.content } : null,
        author: { id: item.authorId, nickname, suspended_until: suspendedUntil?.toISOString() ?? null },
        reports: reportRows
          .filter((r) => `${r.target}:${r.targetId}` === key)
          .map((r) => ({
            reason: translate(locale, `report_type.${r.key}`),
            note: r.note,
            new_account: r.fromNewAccount,
            created_at: r.createdAt.toISOString(),
          })),
        appeal_note: appealRows.find((r) => `${r.target}:${r.targetId}` === key)?.note ?? null,
        created_at: item.createdAt.toISOString(),
      };
    }),
  );
  return paged(data, total, q, '/api/moderation/queue');
}

export interface ActionInput {
  action: ModerationAction;
  reason?: string;
  days?: number;
}

/** The reason and days an action needs, or 422 naming the field: remove and warn take a listed reason, suspend 1–365 days. */
function checkAction(input: ActionInput): { reason: string | null; days: number | null } {
  const needsReason = input.action === 'remove' || input.action === 'warn';
  if (needsReason && !(MODERATION_REASONS as readonly string[]).includes(input.reason ?? '')) {
    throw new Invalid({ reason: { key: 'validation.invalid' } });
  }
  if (input.action === 'suspend') {
    const days = input.days;
    if (days === undefined || !Number.isInteger(days) || days < SUSPEND_DAYS.min || days > SUSPEND_DAYS.max) {
      throw new Invalid({ days: { key: 'moderation.days_range', values: SUSPEND_DAYS } });
    }
    return { reason: null, days };
  }
  return { reason: needsReason ? (input.reason as string) : null, days: null };
}

/**
 * A moderator's action on an open queue entry, in one transaction: keep restores the item and closes the entry,
 * remove removes it and closes the entry; warn and suspend act on the author and leave the entry open for keep or
 * remove. Every action is logged. Answers the unread totals it moved (keeping or removing an unread message).
 */
export async function act(db: Db, moderatorId: number, entryId: number, input: ActionInput): Promise<TotalsMoved | null> {
  const { reason, days } = checkAction(input);
  return db.transaction(async (tx) => {
    const [entry] = await tx.select().from(moderationItems).where(eq(moderationItems.id, entryId)).for('update');
    if (entry?.status !== 'open') throw new NotFound();
    const target = entry.target as ModeratedTarget;
    const found = await lockItem(tx, target, entry.targetId);
    // An item its author deleted while queued: the entry still closes, and its author can still be warned or
    // suspended for the words the queue kept; there is nothing left to restore or remove.
    const item: ItemRow = found ?? { id: entry.targetId, userId: entry.authorId, moderation: 'removed' };
    const close = () =>
      tx
        .update(moderationItems)
        // A closed entry keeps no copy of the text: a deleted item's words leave with the decision on them.
        .set({ status: 'closed', closedAt: new Date(), updatedAt: new Date(), content: null })
        .where(eq(moderationItems.id, entry.id));
    let moved: TotalsMoved | null = null;
    if (input.action === 'keep') {
      if (found) moved = await setState(tx, target, item, 'visible');
      await close();
    } else if (input.action === 'remove') {
      if (found) moved = await setState(tx, target, item, 'removed');
      await close();
    } else if (input.action === 'suspend') {
      // One suspension at a time: a repeated press (or ten at once) would log the same suspension again and again.
      const [person] = await tx.select({ until: users.suspendedUntil }).from(users).where(eq(users.id, item.userId)).for('update');
      if (person?.until && person.until.getTime() > Date.now()) {
        throw new Rejected('ALREADY_SUSPENDED', { key: 'moderation.already_suspended' });
      }
      await tx
        .update(users)
        .set({ suspendedUntil: new Date(Date.now() + (days as number) * DAY_MS) })
        .where(eq(users.id, item.userId));
    }
    const logId = await log(tx, { target, targetId: item.id, authorId: item.userId, moderatorId, action: input.action, reason, days });
    // The author of a deleted item is not told of its removal or restoration: nothing of theirs changed.
    if (found && input.action === 'remove') await tellAuthor(tx, target, item, 'removed', logId);
    else if (found && input.action === 'keep' && item.moderation !== 'visible') await tellAuthor(tx, target, item, 'restored', logId);
    if (input.action === 'keep' || input.action === 'remove') await tellReporters(tx, target, item.id, logId);
    return moved;
  });
}

/** The author hears what happened to their writing (never who decided); their removed items are listed on their profile. */
async function tellAuthor(tx: Tx, target: ModeratedTarget, item: ItemRow, action: 'hidden' | 'removed' | 'restored', logId: number) {
  await notify(tx, {
    type: 'moderation',
    recipientId: item.userId,
    actorId: null,
    item: { kind: target, id: item.id },
    // A removal is listed, with its reason and the appeal, on the profile's Removed tab; the rest stands where it was.
    url: action === 'removed' ? '/profile?tab=removed' : '/profile',
    params: { action },
    key: `moderation:${logId}`,
  });
}

/** Everyone who reported the item hears that a moderator decided (not what: that is between the author and us). */
async function tellReporters(tx: Tx, target: ModeratedTarget, itemId: number, logId: number) {
  const reporters = await tx
    .selectDistinct({ userId: reports.userId })
    .from(reports)
    .where(and(eq(reports.target, target), eq(reports.targetId, itemId)));
  for (const { userId } of reporters) {
    await notify(tx, {
      type: 'report',
      recipientId: userId,
      actorId: null,
      item: { kind: target, id: itemId },
      url: '/community-guidelines',
      key: `report:${logId}:${userId}`,
    });
  }
}

/**
 * Ends a person's suspension now (a moderator changed their mind, or the suspension was a mistake), logged against
 * the item their latest suspension was for. 404 for an unknown person, 422 NOT_SUSPENDED when none is running.
 */
export async function liftSuspension(db: Db, moderatorId: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [person] = await tx.select({ until: users.suspendedUntil }).from(users).where(eq(users.id, userId)).for('update');
    if (!person) throw new NotFound();
    if (!person.until || person.until.getTime() <= Date.now()) throw new Rejected('NOT_SUSPENDED', { key: 'moderation.not_suspended' });
    const [last] = await tx
      .select({ target: moderationLog.target, targetId: moderationLog.targetId })
      .from(moderationLog)
      .where(and(eq(moderationLog.authorId, userId), eq(moderationLog.action, 'suspend')))
      .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
      .limit(1);
    // Every suspension is made through act(), which logs it; a suspension without one cannot be named in the log.
    if (!last) throw new Rejected('NOT_SUSPENDED', { key: 'moderation.not_suspended' });
    await tx.update(users).set({ suspendedUntil: null }).where(eq(users.id, userId));
    await log(tx, { target: last.target as ModeratedTarget, targetId: last.targetId, authorId: userId, moderatorId, action: 'unsuspend' });
  });
}

/** The header's count beside "Moderation": open entries, and how many of them are crisis signals. */
export async function queueSummary(db: DbOrTx): Promise<{ open: number; crisis: number }> {
  const [row] = await db
    .select({ open: count(), crisis: sql<number>`count(*) filter (where ${moderationItems.crisis})::int` })
    .from(moderationItems)
    .where(eq(moderationItems.status, 'open'));
  return { open: row.open, crisis: Number(row.crisis) };
}

function toEntry(row: typeof moderationLog.$inferSelect, locale: string) {
  return {
    id: row.id,
    target: row.target as ModeratedTarget,
    target_id: row.targetId,
    action: row.action as LogAction,
    reason: reasonOf(locale, row.reason),
    days: row.days,
    created_at: row.createdAt.toISOString(),
  };
}

/** The whole log, newest first, with who acted: for moderators. */
export async function listLog(db: DbOrTx, locale: string, q: PageQuery) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ entry: moderationLog, nickname: users.nickname })
      .from(moderationLog)
      .leftJoin(users, eq(users.id, moderationLog.moderatorId))
      .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
      .limit(q.per_page)
      .offset(offset(q)),
    db.select({ total: count() }).from(moderationLog),
  ]);
  const data = rows.map(({ entry, nickname }) => ({
    ...toEntry(entry, locale),
    author_id: entry.authorId,
    moderator: entry.moderatorId !== null && nickname !== null ? { id: entry.moderatorId, nickname } : null,
  }));
  return paged(data, total, q, '/api/moderation/log');
}

/** The log entries about one person's items, newest first, never naming a moderator. */
export async function listHistory(db: DbOrTx, userId: number, locale: string, q: PageQuery) {
  const mine = eq(moderationLog.authorId, userId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(moderationLog)
      .where(mine)
      .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
      .limit(q.per_page)
      .offset(offset(q)),
    db.select({ total: count() }).from(moderationLog).where(mine),
  ]);
  return paged(
    rows.map((row) => toEntry(row, locale)),
    total,
    q,
    '/api/moderation/history',
  );
}

/** Whether the item of a log row is removed now (any moderated kind). */
const stillRemoved = (target: SQL | typeof moderationLog.target, targetId: SQL | typeof moderationLog.targetId): SQL =>
  sql`case ${target} ${sql.join(
    Object.entries(MODERATED).map(
      ([kind, m]) => sql`when ${kind} then exists(select 1 from ${m.table} where ${m.id} = ${targetId} and ${m.moderation} = 'removed')`,
    ),
    sql` `,
  )} else false end`;

/** Whether an appeal was made against any removal of the log row's item (a field of a one-table select: qualified). */
const appealedSql = sql<boolean>`exists(select 1 from ${appeals} a join ${moderationLog} l on l.id = a.log_id
  where l.target = ${qualified(moderationLog.target)} and l.target_id = ${qualified(moderationLog.targetId)})`;

/** GET /api/get/user-violating: the person's items removed by moderation, newest removal first, each once. */
export async function listViolating(db: DbOrTx, userId: number, locale: string, q: PageQuery) {
  const latestRemoval = sql`${moderationLog.id} = (select max(l2.id) from ${moderationLog} l2
    where l2.target = ${moderationLog.target} and l2.target_id = ${moderationLog.targetId} and l2.action = 'remove')`;
  const where = and(
    eq(moderationLog.authorId, userId),
    eq(moderationLog.action, 'remove'),
    latestRemoval,
    stillRemoved(moderationLog.target, moderationLog.targetId),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ entry: moderationLog, appealed: appealedSql })
      .from(moderationLog)
      .where(where)
      .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
      .limit(q.per_page)
      .offset(offset(q)),
    db.select({ total: count() }).from(moderationLog).where(where),
  ]);
  const data = await Promise.all(
    rows.map(async ({ entry, appealed }) => {
      const item = await loadItem(db, entry.target as ModeratedTarget, entry.targetId);
      const reason = reasonOf(locale, entry.reason);
      return {
        id: entry.id,
        type: entry.target as ModeratedTarget,
        target_id: entry.targetId,
        content: item?.content ?? '',
        reason: reason?.name ?? null,
        reason_key: reason?.key ?? null,
        removed_at: entry.createdAt.toISOString(),
        appealed: Boolean(appealed),
      };
    }),
  );
  return paged(data, total, q, '/api/get/user-violating');
}

/**
 * The author's one appeal against a removal (named by its log entry): 404 unless it is theirs and the item is still
 * removed, 422 ALREADY_APPEALED when the item was appealed before. The item goes back to the queue as an appeal.
 */
export async function appeal(db: Db, userId: number, removalId: number, note: string | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const [removal] = await tx
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.id, removalId), eq(moderationLog.action, 'remove'), eq(moderationLog.authorId, userId)));
    if (!removal) throw new NotFound();
    const target = removal.target as ModeratedTarget;
    // The item's row lock serialises two appeals of one item.
    const item = await lockItem(tx, target, removal.targetId);
    if (item?.moderation !== 'removed') throw new NotFound();
    const [before] = await tx
      .select({ id: appeals.id })
      .from(appeals)
      .innerJoin(moderationLog, eq(moderationLog.id, appeals.logId))
      .where(and(eq(moderationLog.target, target), eq(moderationLog.targetId, item.id)));
    if (before) throw new Rejected('ALREADY_APPEALED', { key: 'moderation.already_appealed' });
    await tx.insert(appeals).values({ logId: removal.id, userId, note: note?.trim() || null });
    await log(tx, { target, targetId: item.id, authorId: userId, action: 'appeal' });
    // Back in the queue with the reports that led to the removal, as the moderator will see them listed.
    const { all, fromNew } = await reportsSinceKept(tx, target, item.id);
    await queueForReview(tx, {
      target,
      targetId: item.id,
      authorId: userId,
      appeal: true,
      reason: 'appeal',
      reportsCount: all,
      newAccountReports: fromNew,
    });
  });
}

/**
 * The person's care notices not yet dismissed, newest first; not those from someone a block now separates them from
 * (whoever blocked), as nothing else of one reaches the other.
 */
export async function listCareNotices(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ id: careNotices.id, createdAt: careNotices.createdAt })
    .from(careNotices)
    .where(and(eq(careNotices.userId, userId), sql`${careNotices.dismissedAt} is null`, notBlocked(userId, careNotices.senderId)))
    .orderBy(desc(careNotices.createdAt))
    .limit(5);
  return rows.map((r) => ({ id: r.id, created_at: r.createdAt.toISOString() }));
}

export async function dismissCareNotice(db: DbOrTx, userId: number, id: number): Promise<void> {
  const done = await db
    .update(careNotices)
    .set({ dismissedAt: new Date() })
    .where(and(eq(careNotices.id, id), eq(careNotices.userId, userId)))
    .returning({ id: careNotices.id });
  if (done.length === 0) throw new NotFound();
}

/** Sets a person's role by username (scripts/admin.ts); 404 when no one has that username. */
export async function setRole(db: DbOrTx, username: string, role: 'user' | 'moderator' | 'admin') {
  const [row] = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(sql`lower(${users.username}) = lower(${username})`)
    .returning({ id: users.id, username: users.username, role: users.role });
  if (!row) throw new NotFound();
  return row;
}

/** The ids of moderators and admins, for tests and the admin script's listing. */
export async function listModerators(db: DbOrTx) {
  return db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(inArray(users.role, ['moderator', 'admin']))
    .orderBy(asc(users.username));
}
