/**
 * Top supporters (decision 024): supports given to other people's posts, counted per calendar month in UTC as they
 * happen (monthly_supports), so the ranking reads one month's rows and never counts supports.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { TopSupporters } from '../../../core/schemas/achievements.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { avatars, monthlySupports, users } from '../../../db/schema.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { notBlocked } from '../blocks/filter.ts';
import { serializer, toPublicUser } from '../users/service.ts';

/** How many people the ranking shows. */
export const TOP_SUPPORTERS = 50;

/** The calendar month of a moment in UTC: a support at 23:59:59.999 UTC on the 30th of November counts for November. */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

/** In the support's transaction: one more (or, withdrawn, one fewer) support given by `userId` in the month of `at`. */
export async function countMonthlySupport(tx: DbOrTx, userId: number, at: Date, by: 1 | -1): Promise<void> {
  const month = monthOf(at);
  if (by > 0) {
    await tx
      .insert(monthlySupports)
      .values({ userId, month, n: 1 })
      .onConflictDoUpdate({ target: [monthlySupports.month, monthlySupports.userId], set: { n: sql`${monthlySupports.n} + 1` } });
    return;
  }
  const [row] = await tx
    .update(monthlySupports)
    .set({ n: sql`greatest(0, ${monthlySupports.n} - 1)` })
    .where(and(eq(monthlySupports.month, month), eq(monthlySupports.userId, userId)))
    .returning({ n: monthlySupports.n });
  // A month nobody supported in any more leaves the month picker.
  if (row && row.n === 0)
    await tx
      .delete(monthlySupports)
      .where(and(eq(monthlySupports.month, month), eq(monthlySupports.userId, userId), eq(monthlySupports.n, 0)));
}

/**
 * The month's ranking. Equal counts share a place (1, 2, 2, 4); places are the same for every reader, counted over
 * everyone who appears, and a reader who blocked someone does not see that person's line.
 */
export async function topSupporters(db: DbOrTx, viewer: Viewer, month: string): Promise<TopSupporters> {
  const shown = and(eq(monthlySupports.month, month), gt(monthlySupports.n, 0), eq(users.showInTopSupporters, true));
  const ranked = db
    .select({
      userId: monthlySupports.userId,
      n: monthlySupports.n,
      position: sql<number>`(rank() over (order by ${monthlySupports.n} desc))::int`.as('position'),
    })
    .from(monthlySupports)
    .innerJoin(users, eq(users.id, monthlySupports.userId))
    .where(shown)
    .orderBy(desc(monthlySupports.n), monthlySupports.userId)
    .limit(TOP_SUPPORTERS)
    .as('ranked');
  const rows = await db
    .select({
      n: ranked.n,
      position: ranked.position,
      id: users.id,
      nickname: users.nickname,
      avatarId: users.avatarId,
      avatarFile: avatars.file,
      points: users.points,
    })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.userId))
    .leftJoin(avatars, eq(avatars.id, users.avatarId))
    .where(notBlocked(viewer.id, users.id))
    .orderBy(ranked.position, ranked.userId);
  const s = await serializer(db, viewer.locale);
  const data = rows.map((r) => ({ user: toPublicUser(r, s), supports_count: r.n, position: r.position }));
  return { data, month, me: viewer.id === null ? null : await ownPlace(db, viewer.id, month) };
}

/** The reader's own place, also when it is below the list: one more than the number of people ahead of them. */
async function ownPlace(db: DbOrTx, userId: number, month: string): Promise<TopSupporters['me']> {
  const [mine] = await db
    .select({ n: monthlySupports.n })
    .from(monthlySupports)
    .innerJoin(users, eq(users.id, monthlySupports.userId))
    .where(and(eq(monthlySupports.month, month), eq(monthlySupports.userId, userId), eq(users.showInTopSupporters, true)));
  if (!mine || mine.n === 0) return null;
  const [ahead] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(monthlySupports)
    .innerJoin(users, eq(users.id, monthlySupports.userId))
    .where(and(eq(monthlySupports.month, month), gt(monthlySupports.n, mine.n), eq(users.showInTopSupporters, true)));
  return { supports_count: mine.n, position: ahead.n + 1 };
}

/** The months that have someone in the ranking, newest first. */
export async function monthsWithData(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ month: monthlySupports.month })
    .from(monthlySupports)
    .innerJoin(users, eq(users.id, monthlySupports.userId))
    .where(and(gt(monthlySupports.n, 0), eq(users.showInTopSupporters, true)))
    .orderBy(desc(monthlySupports.month));
  return rows.map((r) => r.month);
}
