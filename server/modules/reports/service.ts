/**
 * Reports of posts, moods, comments, thoughts and topics: translated reasons, one report per user per item, ten an
 * hour per person (core/limits.ts). What a report does to the item (the hide after three, the care notice of "I'm
 * worried") is moderation's (afterReport), in the report's transaction with the item's row locked.
 */
import { and, asc, eq, not, type SQL, sql } from 'drizzle-orm';
import type { ModeratedTarget } from '../../../core/moderation.ts';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { reports, reportTypes } from '../../../db/schema.ts';
import { Invalid, NotFound, Rejected } from '../../errors.ts';
import { translate } from '../../i18n.ts';
import { blockedEitherWay } from '../blocks/filter.ts';
import { inThread } from '../comments/rules.ts';
import { blockRules } from '../feed/service.ts';
import { afterReport, fromNewAccount, type ItemRow, lockItem } from '../moderation/service.ts';
import { MODERATED } from '../moderation/visibility.ts';
import { takeWriteSlot } from '../writes/service.ts';

export type ReportTarget = ModeratedTarget;

/**
 * A report of something deleted, removed or behind a block since the reporter saw it: 404 NOT_FOUND, in words that
 * say it plainly rather than a bare "Not found." (the report dialog shows them).
 */
export const GONE = { key: 'reports.gone' } as const;

export async function listReportTypes(db: DbOrTx, locale: string) {
  const rows = await db.select().from(reportTypes).orderBy(asc(reportTypes.sortOrder));
  return rows.map((r) => ({ id: r.id, name: translate(locale, `report_type.${r.key}`) }));
}

/** Records the report; `hidden` says whether it was the one that hid the item (the guest cache must forget it). */
export async function report(
  db: Db,
  userId: number,
  target: ReportTarget,
  targetId: number,
  input: { report_type_id: number; note?: string },
): Promise<{ hidden: boolean }> {
  return db.transaction(async (tx) => {
    await takeReportSlot(tx, userId);
    const item = await lockItem(tx, target, targetId);
    if (!item || item.moderation === 'removed' || (await apart(tx, userId, target, item.id))) throw new NotFound(GONE);
    return fileReport(tx, userId, target, item, input);
  });
}

/**
 * Whether a block separates the reporter from the item or from what its page hangs on (a comment's post and the
 * comment it answers): its page answers 404 then, and so does its report, as every other write on it. An item under
 * review stays reportable by everyone else who saw it: more reports only weigh it for the moderator.
 */
async function apart(tx: Tx, userId: number, target: ReportTarget, id: number): Promise<boolean> {
  const m = MODERATED[target];
  const separated = target === 'comment' ? not(and(...inThread(blockRules, userId)) as SQL) : blockedEitherWay(userId, m.userId);
  const [row] = await tx
    .select({ one: sql`1` })
    .from(m.table)
    .where(and(eq(m.id, id), separated));
  return row !== undefined;
}

/**
 * First in a report's transaction, so that one person's reports sent at once are counted one at a time; a refused
 * report gives its slot back.
 */
export const takeReportSlot = (tx: Tx, userId: number) => takeWriteSlot(tx, userId, 'report');

/** The report of a locked item the reporter may report, and what it does to the item (moderation's afterReport). */
export async function fileReport(
  tx: Tx,
  userId: number,
  target: ReportTarget,
  item: ItemRow,
  input: { report_type_id: number; note?: string },
) {
  const [type] = await tx.select().from(reportTypes).where(eq(reportTypes.id, input.report_type_id));
  if (!type) throw new Invalid({ report_type_id: { key: 'validation.invalid' } });
  const inserted = await tx
    .insert(reports)
    .values({
      userId,
      target,
      targetId: item.id,
      reportTypeId: type.id,
      note: input.note?.trim() || null,
      fromNewAccount: await fromNewAccount(tx, userId),
    })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (inserted.length === 0) throw new Rejected('ALREADY_REPORTED', { key: `reports.already_${target}` });
  return afterReport(tx, { target, item, reporterId: userId, reportTypeId: type.id, typeKey: type.key });
}
