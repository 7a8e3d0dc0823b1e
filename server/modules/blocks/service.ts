/**
 * Blocks: silent, and mutual in effect: a block separates both people both ways (filter.ts notBlocked), in lists,
 * search, pages, comments, messages and advice, and every write by either on the other's content answers 404 as a
 * missing item does (the rules of feed/service.ts and each module's write). Our conversation leaves the blocker's
 * list only (the blocked person is not told, so theirs stays, unable to reply) and comes back on unblock.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { PublicUser, Unread } from '../../../core/types.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { avatars, blocks, users } from '../../../db/schema.ts';
import { Invalid, NotFound } from '../../errors.ts';
import { offset, type PageQuery, paged } from '../../lib/http.ts';
import { hideConversationWith } from '../messages/service.ts';
import { serializer, toPublicUser } from '../users/service.ts';
import { separatedFrom } from './filter.ts';

/** Blocks or unblocks a person (each idempotent); answers my new message totals when they moved. */
export async function setBlocked(db: Db, me: number, userId: number, blocked: boolean): Promise<Unread | null> {
  if (blocked && userId === me) throw new Invalid({ user_id: { key: 'validation.yourself' } });
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw new NotFound();
    const changed = blocked
      ? await tx.insert(blocks).values({ blockerId: me, blockedId: userId }).onConflictDoNothing().returning()
      : await tx
          .delete(blocks)
          .where(and(eq(blocks.blockerId, me), eq(blocks.blockedId, userId)))
          .returning();
    return changed.length > 0 ? hideConversationWith(tx, me, userId, blocked) : null;
  });
}

/** The people a block separates from `userId` (either blocked the other): what `userId` writes leaves their lists. */
export async function peopleApartFrom(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.select({ person: sql<number>`separated.person` }).from(sql`(${separatedFrom(userId)}) separated`);
  return rows.map((r) => r.person);
}

/** The people I blocked, the latest first. */
export async function listBlocked(db: DbOrTx, me: number, locale: string, q: PageQuery) {
  const [rows, [{ total }], s] = await Promise.all([
    db
      .select({ id: users.id, nickname: users.nickname, avatarId: users.avatarId, avatarFile: avatars.file, points: users.points })
      .from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      .leftJoin(avatars, eq(avatars.id, users.avatarId))
      .where(eq(blocks.blockerId, me))
      .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
      .limit(q.per_page)
      .offset(offset(q)),
    db.select({ total: count() }).from(blocks).where(eq(blocks.blockerId, me)),
    serializer(db, locale),
  ]);
  const data: PublicUser[] = rows.map((r) => toPublicUser(r, s));
  return paged(data, total, q, '/api/blocks');
}
