/** Reports of posts, moods and comments: translated reasons, one report per user per item. */
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { comments, moods, posts, reports, reportTypes } from '../../../db/schema.ts';
import { Invalid, NotFound, Rejected } from '../../errors.ts';
import { translate } from '../../i18n.ts';

export type ReportTarget = 'post' | 'mood' | 'comment';

export async function listReportTypes(db: DbOrTx, locale: string) {
  const rows = await db.select().from(reportTypes).orderBy(asc(reportTypes.sortOrder));
  return rows.map((r) => ({ id: r.id, name: translate(locale, `report_type.${r.key}`) }));
}

const tables = { post: posts, mood: moods, comment: comments } as const;

export async function report(
  db: DbOrTx,
  userId: number,
  target: ReportTarget,
  targetId: number,
  input: { report_type_id: number; note?: string },
): Promise<void> {
  const table = tables[target];
  const [item] = await db.select({ id: table.id }).from(table).where(eq(table.id, targetId));
  if (!item) throw new NotFound();
  const [type] = await db.select({ id: reportTypes.id }).from(reportTypes).where(eq(reportTypes.id, input.report_type_id));
  if (!type) throw new Invalid({ report_type_id: { key: 'validation.invalid' } });
  const inserted = await db
    .insert(reports)
    .values({ userId, target, targetId, reportTypeId: type.id, note: input.note?.trim() || null })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (inserted.length === 0) throw new Rejected('ALREADY_REPORTED', { key: `reports.already_${target}` });
}
