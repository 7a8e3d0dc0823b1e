/**
 * Reports of posts, moods, comments, thoughts and topics: translated reasons, one report per user per item, ten an
 * hour per person (core/limits.ts). What a report does to the item (the hide after three, the care notice of "I'm
 * worried") is moderation's (afterReport), in the report's transaction with the item's row locked.
 */
import { asc, eq } from 'drizzle-orm';
import type { ModeratedTarget } from '../../../core/moderation.ts';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { reports, reportTypes } from '../../../db/schema.ts';
import { Invalid, NotFound, Rejected } from '../../errors.ts';
import { translate } from '../../i18n.ts';
import { afterReport, type ItemRow, lockItem } from '../moderation/service.ts';
import { takeWriteSlot } from '../writes/service.ts';

export type ReportTarget = ModeratedTarget;

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
    if (!item || item.moderation === 'removed') throw new NotFound();
    return fileReport(tx, userId, target, item, input);
  });
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
    .values({ userId, target, targetId: item.id, reportTypeId: type.id, note: input.note?.trim() || null })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (inserted.length === 0) throw new Rejected('ALREADY_REPORTED', { key: `reports.already_${target}` });
  return afterReport(tx, { target, item, reporterId: userId, reportTypeId: type.id, typeKey: type.key });
}
