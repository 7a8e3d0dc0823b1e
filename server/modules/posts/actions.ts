/**
 * What a reader does with a post (support, favorite, hide) and the author's per-post switches. Each acts only on a
 * post the person may open (postItemRules, as GET /api/posts/{id}): one hidden pending review (unless theirs), removed,
 * or on the other side of a block answers 404 as a missing one does, and changes and tells no one.
 */
import { and, eq, sql } from 'drizzle-orm';
import { POINTS } from '../../../core/limits.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { favorites, postHides, posts, supports, users } from '../../../db/schema.ts';
import { Forbidden, NotFound } from '../../errors.ts';
import { awardAchievements } from '../achievements/service.ts';
import { countMonthlySupport } from '../achievements/supporters.ts';
import { keepsOf } from '../feed/service.ts';
import { notify } from '../notifications/service.ts';
import { activeUser, awardPoints } from '../users/service.ts';
import { postExists, postItemRules } from './service.ts';
import { trendingChanged } from './trending-cache.ts';

/** The post's row, locked, when `viewerId` may open it; otherwise 404. */
async function lockPost(tx: Tx, postId: number, viewerId: number) {
  const [post] = await tx
    .select({ id: posts.id, userId: posts.userId })
    .from(posts)
    .where(and(eq(posts.id, postId), ...keepsOf(postItemRules(viewerId))))
    .for('update');
  if (!post) throw new NotFound();
  return post;
}

/** Support (idempotent) or withdraw it; the count is kept on the post and points follow. */
export async function setSupport(db: Db, userId: number, postId: number, on: boolean) {
  const result = await db.transaction(async (tx) => {
    await activeUser(tx, userId);
    // The author's row before the post's, in the order an erasure takes them, as the author's points change here.
    const [author] = await tx.select({ userId: posts.userId }).from(posts).where(eq(posts.id, postId));
    if (author && author.userId !== userId)
      await tx.select({ id: users.id }).from(users).where(eq(users.id, author.userId)).for('key share');
    const post = await lockPost(tx, postId, userId);
    // The app's clock, not the database's, dates the support: its month (UTC) is the one counted below.
    const changed = on
      ? await tx
          .insert(supports)
          .values({ postId, userId, createdAt: new Date() })
          .onConflictDoNothing()
          .returning({ createdAt: supports.createdAt })
      : await tx
          .delete(supports)
          .where(and(eq(supports.postId, postId), eq(supports.userId, userId)))
          .returning({ createdAt: supports.createdAt });
    const by = changed.length === 0 ? 0 : on ? 1 : -1;
    const [row] = await tx
      .update(posts)
      .set({ supportsCount: sql`greatest(0, ${posts.supportsCount} + ${by})` })
      .where(eq(posts.id, postId))
      .returning({ supportsCount: posts.supportsCount });
    if (by !== 0 && post.userId !== userId) {
      await awardPoints(tx, userId, by * POINTS.supportGiven);
      await awardPoints(tx, post.userId, by * POINTS.supportReceived);
      // Supports of one's own posts help nobody: no points, no achievements, no place among the top supporters.
      await countMonthlySupport(tx, userId, changed[0].createdAt, by);
      await awardAchievements(tx, userId, on ? { type: 'support', helped: post.userId } : { type: 'unsupport' });
    }
    if (by === 1) {
      await notify(tx, {
        type: 'support',
        recipientId: post.userId,
        actorId: userId,
        item: { kind: 'post', id: postId },
        url: `/problem/${postId}`,
      });
    }
    return { supports_count: row.supportsCount, is_supported: on };
  });
  trendingChanged(db);
  return result;
}

export async function toggleFavorite(db: Db, userId: number, postId: number) {
  return db.transaction(async (tx) => {
    await activeUser(tx, userId);
    await lockPost(tx, postId, userId);
    const removed = await tx
      .delete(favorites)
      .where(and(eq(favorites.postId, postId), eq(favorites.userId, userId)))
      .returning({ postId: favorites.postId });
    if (removed.length > 0) return { is_favorited: false };
    await tx.insert(favorites).values({ postId, userId });
    return { is_favorited: true };
  });
}

export async function setHidden(db: Db, userId: number, postId: number, hidden: boolean) {
  if (!(await postExists(db, postId, userId))) throw new NotFound();
  if (hidden) await db.insert(postHides).values({ postId, userId }).onConflictDoNothing();
  else await db.delete(postHides).where(and(eq(postHides.postId, postId), eq(postHides.userId, userId)));
  return { is_hidden: hidden };
}

export const POST_SWITCHES = {
  'disable-post-notification': { prop: 'notificationsDisabled', field: 'notifications_disabled' },
  'disable-share': { prop: 'shareDisabled', field: 'share_disabled' },
  'disable-advice': { prop: 'adviceDisabled', field: 'advice_disabled' },
} as const;

export type PostSwitch = keyof typeof POST_SWITCHES;

/** Flips one of the author's switches on their own post and returns the new value. */
export async function toggleSwitch(db: Db, userId: number, postId: number, which: PostSwitch) {
  const { prop, field } = POST_SWITCHES[which];
  const column = posts[prop];
  return db.transaction(async (tx) => {
    const post = await lockPost(tx, postId, userId);
    if (post.userId !== userId) throw new Forbidden();
    const [row] = await tx
      .update(posts)
      .set({ [prop]: sql`not ${column}` })
      .where(eq(posts.id, postId))
      .returning({ value: column });
    return { [field]: row.value } as Record<typeof field, boolean>;
  });
}
