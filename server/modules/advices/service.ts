/**
 * Advice: private words to a post's author, seen only by that author. Sent only on a post the sender may open
 * (postItemRules, as its page: 404 otherwise, so a post under review, removed, or on the other side of a block is
 * as if missing); refused (one neutral 403) when the author turned advice off on the post; earns its sender
 * DESIGN.md's points in the same transaction.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { POINTS } from '../../../core/limits.ts';
import type { Advice } from '../../../core/types.ts';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { advices, avatars, posts, users } from '../../../db/schema.ts';
import { AppError, Invalid, NotFound } from '../../errors.ts';
import { offset, type PageQuery, paged } from '../../lib/http.ts';
import { awardAchievements } from '../achievements/service.ts';
import { notBlocked } from '../blocks/filter.ts';
import { keepsOf } from '../feed/service.ts';
import { queueIfCrisis } from '../moderation/service.ts';
import { shownTo } from '../moderation/visibility.ts';
import { notify } from '../notifications/service.ts';
import { postItemRules } from '../posts/service.ts';
import { authorColumns, awardPoints, serializer, toAuthor } from '../users/service.ts';
import { takeWriteSlot } from '../writes/service.ts';

/** Characters of the post shown beside each advice. */
const EXCERPT = 140;
const excerpt = (content: string) => {
  const chars = Array.from(content);
  return chars.length > EXCERPT ? `${chars.slice(0, EXCERPT).join('').trimEnd()}…` : content;
};

function adviceQuery(db: DbOrTx) {
  return db
    .select({ advice: advices, ...authorColumns, postContent: posts.content })
    .from(advices)
    .innerJoin(users, eq(users.id, advices.senderId))
    .leftJoin(avatars, eq(avatars.id, users.avatarId))
    .innerJoin(posts, eq(posts.id, advices.postId));
}

type AdviceJoin = Awaited<ReturnType<ReturnType<typeof adviceQuery>['execute']>>[number];

async function hydrate(db: DbOrTx, rows: AdviceJoin[], locale: string): Promise<Advice[]> {
  const s = await serializer(db, locale);
  return rows.map(({ advice: a, postContent, ...author }) => ({
    id: a.id,
    post_id: a.postId,
    content: a.content,
    sender: toAuthor(author, s),
    created_at: a.createdAt.toISOString(),
    post: { id: a.postId, excerpt: excerpt(postContent) },
  }));
}

/** `crisis`: the detector's verdict on the text (asked before the transaction); a match queues it for a moderator. */
export async function sendAdvice(
  db: Db,
  me: number,
  locale: string,
  postId: number,
  content: string,
  crisis: { matched: boolean } = { matched: false },
): Promise<Advice> {
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ authorId: posts.userId, adviceDisabled: posts.adviceDisabled })
      .from(posts)
      .where(and(eq(posts.id, postId), ...keepsOf(postItemRules(me))));
    if (!post) throw new NotFound();
    if (post.authorId === me) throw new Invalid({ post_id: { key: 'validation.own_post' } });
    if (post.adviceDisabled) throw new AppError(403, 'ADVICE_NOT_ALLOWED', { key: 'errors.advice_not_allowed' });
    await takeWriteSlot(tx, me, 'advice');
    const [row] = await tx
      .insert(advices)
      .values({ postId, senderId: me, recipientId: post.authorId, content: content.trim() })
      .returning({ id: advices.id });
    await awardPoints(tx, me, POINTS.advice);
    await queueIfCrisis(tx, crisis, { target: 'advice', targetId: row.id, authorId: me });
    await notify(tx, {
      type: 'advice',
      recipientId: post.authorId,
      actorId: me,
      item: { kind: 'post', id: postId },
      url: '/advice',
      key: `advice:${row.id}`,
    });
    await awardAchievements(tx, me, { type: 'advice', helped: post.authorId });
    const [advice] = await hydrate(tx, await adviceQuery(tx).where(eq(advices.id, row.id)), locale);
    return advice;
  });
}

/** Advice on a post about to be deleted takes back the points it earned its senders: points count what stands. */
export async function takeBackAdvicePoints(tx: Tx, postId: number): Promise<void> {
  const senders = await tx
    .select({ userId: advices.senderId, n: count() })
    .from(advices)
    .where(eq(advices.postId, postId))
    .groupBy(advices.senderId);
  for (const { userId, n } of senders) await awardPoints(tx, userId, -POINTS.advice * n);
}

/** The advice I received, newest first, without what people I blocked sent. */
export async function listAdvices(db: DbOrTx, me: number, locale: string, q: PageQuery) {
  const where = and(
    eq(advices.recipientId, me),
    notBlocked(me, advices.senderId),
    shownTo({ moderation: advices.moderation, userId: advices.senderId }, me),
  );
  const [rows, [{ total }]] = await Promise.all([
    adviceQuery(db)
      .where(where)
      .orderBy(sql`${advices.createdAt} desc nulls last`, sql`${advices.id} desc nulls last`)
      .limit(q.per_page)
      .offset(offset(q)),
    db.select({ total: count() }).from(advices).where(where),
  ]);
  return paged(await hydrate(db, rows, locale), total, q, '/api/advices');
}
