/**
 * What every feed shares: the viewer's content-language filter and the kept totals. A feed total is the
 * sum of a few content_counts rows minus what the viewer hid, so it costs the same at any size.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { contentCounts } from '../../../db/schema.ts';
import type { Viewer } from '../../lib/viewer.ts';

export type Kind = 'post' | 'mood' | 'thought';

export async function bumpCount(tx: Tx, kind: Kind, language: string, by: number): Promise<void> {
  await tx
    .insert(contentCounts)
    .values({ kind, language, n: by })
    .onConflictDoUpdate({ target: [contentCounts.kind, contentCounts.language], set: { n: sql`${contentCounts.n} + ${by}` } });
}

/** Rows of `kind` in the viewer's languages, minus the ones the viewer hid (counted by `hidden`, filtered the same way). */
export async function feedTotal(db: DbOrTx, kind: Kind, viewer: Viewer, hidden?: () => Promise<number>): Promise<number> {
  const where: SQL[] = [eq(contentCounts.kind, kind)];
  if (viewer.languages) where.push(inArray(contentCounts.language, [...viewer.languages]));
  const [[row], hiddenCount] = await Promise.all([
    db
      .select({ total: sql<number>`coalesce(sum(${contentCounts.n}), 0)::int` })
      .from(contentCounts)
      .where(and(...where)),
    viewer.id !== null && hidden ? hidden() : 0,
  ]);
  return Math.max(0, row.total - hiddenCount);
}
