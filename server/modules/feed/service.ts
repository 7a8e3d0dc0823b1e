/**
 * What every feed shares: the viewer's content-language filter and the kept totals. A feed total is the
 * sum of a few content_counts rows minus what the viewer hid, so it costs the same at any size.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { contentCounts } from '../../../db/schema.ts';
import { prepared } from '../../lib/prepared.ts';
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
  const [[row], hiddenCount] = await Promise.all([
    viewer.languages
      ? db
          .select({ total: sql<number>`coalesce(sum(${contentCounts.n}), 0)::int` })
          .from(contentCounts)
          .where(and(eq(contentCounts.kind, kind), inArray(contentCounts.language, [...viewer.languages])))
      : prepared(db, 'feed_total', (name) =>
          db
            .select({ total: sql<number>`coalesce(sum(${contentCounts.n}), 0)::int` })
            .from(contentCounts)
            .where(eq(contentCounts.kind, sql.placeholder('kind')))
            .prepare(name),
        ).execute({ kind }),
    viewer.id !== null && hidden ? hidden() : 0,
  ]);
  return Math.max(0, row.total - hiddenCount);
}

/**
 * Newest first, in the exact order of the feed indexes: drizzle-kit writes `.desc()` index columns as
 * DESC NULLS LAST, while `desc()` in a query means NULLS FIRST, and PostgreSQL only walks an index whose
 * order matches. With the plain form every page sorted the whole table.
 */
export const newestFirst = (createdAt: AnyPgColumn, id: AnyPgColumn) => [sql`${createdAt} desc nulls last`, sql`${id} desc nulls last`];

/** The start of a window of `days` days ending now (trending, popular, latest). */
export const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
