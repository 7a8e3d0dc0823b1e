/**
 * Achievements (core/achievements.ts, decision 024): counters kept as the acts happen, and the achievements they
 * earn written in the same transaction as the act. Listing reads one person's few counter rows; nothing here scans
 * anyone's history.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ACHIEVEMENTS, type AchievementKey, achievementId, type Counter } from '../../../core/achievements.ts';
import type { Achievement, EarnedAchievement } from '../../../core/schemas/achievements.ts';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { achievementCounters, helpedPeople, userAchievements, users } from '../../../db/schema.ts';
import { NotFound } from '../../errors.ts';
import { translate } from '../../i18n.ts';
import { notify } from '../notifications/service.ts';

/**
 * What a person did that may count toward an achievement. `helped` is the other person the act was for (a post's
 * author, an advice's recipient); acting on one's own post helps nobody and the caller leaves it out.
 */
export type AchievementEvent =
  | { type: 'support'; helped: number }
  | { type: 'unsupport' }
  | { type: 'comment'; helped: number | null; firstAnswer: boolean }
  | { type: 'advice'; helped: number }
  | { type: 'post' | 'mood' | 'topic' | 'thought' };

const COUNTER_OF_WRITE = { post: 'posts', mood: 'moods', topic: 'topics', thought: 'thoughts' } as const;

function deltasOf(event: AchievementEvent): [Counter, number][] {
  switch (event.type) {
    case 'support':
      return [['supports_given', 1]];
    case 'unsupport':
      return [['supports_given', -1]];
    case 'comment':
      return event.firstAnswer
        ? [
            ['comments', 1],
            ['first_answers', 1],
          ]
        : [['comments', 1]];
    case 'advice':
      return [['advices', 1]];
    default:
      return [[COUNTER_OF_WRITE[event.type], 1]];
  }
}

const helpedBy = (event: AchievementEvent): number | null =>
  event.type === 'support' || event.type === 'advice' || event.type === 'comment' ? event.helped : null;

/**
 * Counts the act and awards what it earns, inside the act's transaction `tx`; answers the achievements newly earned
 * (in the order of ACHIEVEMENTS), for the caller to announce. Counters move by a single upsert each (the row lock
 * orders concurrent acts), and an achievement is a row with a primary key on person and achievement, so two acts
 * that race for the same one award it once: the second insert waits for the first and then does nothing.
 */
export async function awardAchievements(tx: Tx, userId: number, event: AchievementEvent): Promise<AchievementKey[]> {
  const deltas = deltasOf(event);
  const helped = helpedBy(event);
  if (helped !== null && helped !== userId) {
    const added = await tx
      .insert(helpedPeople)
      .values({ userId, helpedId: helped })
      .onConflictDoNothing()
      .returning({ helpedId: helpedPeople.helpedId });
    if (added.length > 0) deltas.push(['helped', 1]);
  }
  const reached: AchievementKey[] = [];
  for (const [counter, by] of deltas) {
    const [row] = await tx
      .insert(achievementCounters)
      .values({ userId, counter, n: Math.max(0, by) })
      .onConflictDoUpdate({
        target: [achievementCounters.userId, achievementCounters.counter],
        set: { n: sql`greatest(0, ${achievementCounters.n} + ${by})` },
      })
      .returning({ n: achievementCounters.n });
    if (by > 0) for (const a of ACHIEVEMENTS) if (a.counter === counter && row.n >= a.goal) reached.push(a.key);
  }
  if (reached.length === 0) return [];
  const earned = await tx
    .insert(userAchievements)
    .values(reached.map((achievement) => ({ userId, achievement })))
    .onConflictDoNothing()
    .returning({ achievement: userAchievements.achievement });
  const keys = new Set(earned.map((e) => e.achievement));
  const newly = ACHIEVEMENTS.filter((a) => keys.has(a.key)).map((a) => a.key);
  for (const key of newly) {
    await notify(tx, {
      type: 'achievement',
      recipientId: userId,
      actorId: null,
      item: { kind: 'achievement', id: achievementId(key) },
      url: '/profile',
      params: { achievement: key },
      key: `achievement:${userId}:${key}`,
    });
  }
  return newly;
}

const named = (key: AchievementKey, locale: string) => ({
  id: achievementId(key),
  key,
  name: translate(locale, `achievement.${key}.name`),
  description: translate(locale, `achievement.${key}.description`),
});

/** GET /api/get/achievements: every achievement, earned or locked, with the person's progress toward its goal. */
export async function listAchievements(db: DbOrTx, userId: number, locale: string): Promise<Achievement[]> {
  const [counters, earned] = await Promise.all([
    db
      .select({ counter: achievementCounters.counter, n: achievementCounters.n })
      .from(achievementCounters)
      .where(eq(achievementCounters.userId, userId)),
    db
      .select({ achievement: userAchievements.achievement, earnedAt: userAchievements.earnedAt })
      .from(userAchievements)
      .where(eq(userAchievements.userId, userId)),
  ]);
  const count = new Map(counters.map((c) => [c.counter, c.n]));
  const earnedAt = new Map(earned.map((e) => [e.achievement, e.earnedAt]));
  return ACHIEVEMENTS.map((a) => {
    const at = earnedAt.get(a.key) ?? null;
    // An earned achievement stays earned and full, even after supports were withdrawn.
    const progress = at ? a.goal : Math.min(a.goal, count.get(a.counter) ?? 0);
    return { ...named(a.key, locale), earned_at: at ? at.toISOString() : null, progress, goal: a.goal };
  });
}

/**
 * What anyone may see of a person's achievements on their card: which ones they earned, without when (a date
 * would tell when they were active).
 */
export async function earnedAchievements(db: DbOrTx, userId: number, locale: string): Promise<EarnedAchievement[]> {
  const [person] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!person) throw new NotFound();
  const rows = await db
    .select({ achievement: userAchievements.achievement })
    .from(userAchievements)
    .where(
      and(
        eq(userAchievements.userId, userId),
        inArray(
          userAchievements.achievement,
          ACHIEVEMENTS.map((a) => a.key),
        ),
      ),
    );
  const keys = new Set(rows.map((r) => r.achievement));
  return ACHIEVEMENTS.filter((a) => keys.has(a.key)).map((a) => named(a.key, locale));
}
