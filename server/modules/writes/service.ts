/**
 * The writing limits (core/limits.ts WRITE_LIMITS, reports included), counted from the `writes` ledger rather than
 * from what still exists, so deleting a post or a comment never frees a slot. Each check runs under a per-user lock
 * inside the write's transaction: concurrent writes of one person go one at a time, and each sees the ones before it.
 */
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { WRITE_LIMITS, type WriteKind } from '../../../core/limits.ts';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { writes } from '../../../db/schema.ts';
import { TooMany } from '../../errors.ts';
import { activeUser } from '../users/service.ts';

/** Serialises one person's writes until the transaction ends (after checking, and holding, that the person still exists). */
export async function lockWriter(tx: Tx, userId: number): Promise<void> {
  await activeUser(tx, userId);
  await tx.execute(sql`select pg_advisory_xact_lock(${userId})`);
}

/** When the person may write `kind` again (a write leaves the window at exactly `retry_at`), or null when a slot is free now. */
export async function nextWriteAt(db: DbOrTx, userId: number, kind: WriteKind): Promise<Date | null> {
  const { max, windowMs } = WRITE_LIMITS[kind];
  const recent = await db
    .select({ createdAt: writes.createdAt })
    .from(writes)
    .where(and(eq(writes.userId, userId), eq(writes.kind, kind), gt(writes.createdAt, new Date(Date.now() - windowMs))))
    .orderBy(desc(writes.createdAt))
    .limit(max);
  return recent.length < max ? null : new Date(recent[max - 1].createdAt.getTime() + windowMs);
}

/** When the person last wrote a post in the topic, deleted or not. */
export async function lastPostInTopic(db: DbOrTx, userId: number, topicId: number): Promise<Date | null> {
  const [last] = await db
    .select({ createdAt: writes.createdAt })
    .from(writes)
    .where(and(eq(writes.userId, userId), eq(writes.kind, 'post'), eq(writes.topicId, topicId)))
    .orderBy(desc(writes.createdAt))
    .limit(1);
  return last?.createdAt ?? null;
}

/** Records a write (the caller holds the lock and has checked the limit), and forgets what no window reaches. */
export async function recordWrite(tx: Tx, userId: number, kind: WriteKind, topicId: number | null = null, at = new Date()): Promise<void> {
  // A post's row also serves the 30 minutes between posts in a topic, which is far shorter than the day kept.
  const horizon = new Date(Date.now() - WRITE_LIMITS[kind].windowMs);
  await tx.delete(writes).where(and(eq(writes.userId, userId), eq(writes.kind, kind), lt(writes.createdAt, horizon)));
  // The service's clock, as the checks read it (and tests freeze it), rather than the database's: a post is
  // stamped with it too, so its retry_at is exactly its created_at plus the window.
  await tx.insert(writes).values({ userId, kind, topicId, createdAt: at });
}

/** The wait in minutes up to an hour and a half, in whole hours beyond (a day's wait is not "1,440 minutes"). */
export function waitMessage(ms: number, kind?: WriteKind): { key: string; values: Record<string, number> } {
  const minutes = Math.max(1, Math.ceil(ms / 60000));
  // A report is not writing, and its window is an hour.
  if (kind === 'report') return { key: 'errors.report_limit', values: { minutes } };
  if (minutes <= 90) return { key: 'errors.write_limit', values: { minutes } };
  return { key: 'errors.write_limit_hours', values: { hours: Math.ceil(minutes / 60) } };
}

/** Takes one slot of `kind` for the person in this transaction, or refuses with 429 WRITE_LIMIT. */
export async function takeWriteSlot(tx: Tx, userId: number, kind: Exclude<WriteKind, 'post'>): Promise<void> {
  await lockWriter(tx, userId);
  const retryAt = await nextWriteAt(tx, userId, kind);
  if (retryAt) throw new TooMany('WRITE_LIMIT', waitMessage(retryAt.getTime() - Date.now(), kind), retryAt);
  await recordWrite(tx, userId, kind);
}
