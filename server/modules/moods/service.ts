/**
 * Reading moods and what people do with them: hide, unhide, and one interaction per user (hug, relate,
 * strength, care) whose counts are kept on the mood row.
 */
import { and, desc, eq, inArray, not, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { MOOD_INTERACTIONS, type MoodInteraction } from '../../../core/limits.ts';
import type { Mood } from '../../../core/types.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { avatars, feelings, moodHides, moodInteractions, moods, polls, posts, users } from '../../../db/schema.ts';
import { NotFound } from '../../errors.ts';
import { offset, type PageQuery, paged } from '../../lib/http.ts';
import type { SignedInViewer, Viewer } from '../../lib/viewer.ts';
import { blockRule, feedTotal, itemRules, keepsOf, leftOut, moderationRule, newestFirst, type Rule } from '../feed/service.ts';
import { toFeeling } from '../feelings/service.ts';
import { shownTo, underReview } from '../moderation/visibility.ts';
import { pollJson } from '../polls/service.ts';
import { postItemRules } from '../posts/service.ts';
import { activeUser, authorColumns, serializer, toAuthor } from '../users/service.ts';

const countColumn = { hug: moods.hugCount, relate: moods.relateCount, strength: moods.strengthCount, care: moods.careCount } as const;

function moodQuery(db: DbOrTx, viewerId: number | null) {
  return db
    .select({
      mood: moods,
      feeling: feelings,
      ...authorColumns,
      poll: pollJson('mood', moods.id, viewerId),
      myInteraction:
        viewerId === null
          ? sql<string | null>`null`
          : sql<
              string | null
            >`(select ${moodInteractions.type} from ${moodInteractions} where ${moodInteractions.moodId} = ${moods.id} and ${moodInteractions.userId} = ${viewerId})`,
      isHidden:
        viewerId === null
          ? sql<boolean>`false`
          : sql<boolean>`exists(select 1 from ${moodHides} where ${moodHides.moodId} = ${moods.id} and ${moodHides.userId} = ${viewerId})`,
    })
    .from(moods)
    .innerJoin(users, eq(users.id, moods.userId))
    .leftJoin(avatars, eq(avatars.id, users.avatarId))
    .leftJoin(feelings, eq(feelings.id, moods.feelingId));
}

type MoodJoin = Awaited<ReturnType<ReturnType<typeof moodQuery>['execute']>>[number];

const interactionsOf = (m: typeof moods.$inferSelect): Record<MoodInteraction, number> => ({
  hug: m.hugCount,
  relate: m.relateCount,
  strength: m.strengthCount,
  care: m.careCount,
});

async function hydrate(db: DbOrTx, rows: MoodJoin[], viewer: Viewer): Promise<Mood[]> {
  const s = await serializer(db, viewer.locale);
  return rows.map(({ mood: m, feeling, poll, myInteraction, isHidden, ...author }) => ({
    id: m.id,
    content: m.content,
    language: m.language,
    feeling: feeling ? toFeeling(feeling, viewer.locale) : null,
    poll,
    user: toAuthor(author, s),
    interactions: interactionsOf(m),
    my_interaction: myInteraction ?? null,
    is_hidden: Boolean(isHidden),
    is_mine: viewer.id === m.userId,
    ...underReview(m.moderation),
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  }));
}

/** What a viewer sees of moods, in the feed and in its total alike: moderation, the moods they hid, their blocks. */
function moodRules(viewerId: number | Placeholder | null): Rule[] {
  if (viewerId === null) return [moderationRule(moods, null)];
  const mine = sql`select ${moodHides.moodId} from ${moodHides} where ${moodHides.userId} = ${viewerId}`;
  return [
    blockRule(viewerId, moods, moods.userId),
    { keeps: not(sql`${moods.id} in (${mine})`), suspects: sql`${moods.id} in (${mine})`, exact: true },
    moderationRule(moods, viewerId),
  ];
}

const inLanguages = (viewer: Viewer): SQL | undefined => (viewer.languages ? inArray(moods.language, [...viewer.languages]) : undefined);

function visibleTo(viewer: Viewer): SQL[] {
  const languages = inLanguages(viewer);
  return [...(languages ? [languages] : []), ...keepsOf(moodRules(viewer.id))];
}

export async function listMoods(db: DbOrTx, viewer: Viewer, q: PageQuery) {
  const hidden = leftOut(moods, inLanguages(viewer), moodRules(viewer.id));
  const [rows, total] = await Promise.all([
    moodQuery(db, viewer.id)
      .where(and(...visibleTo(viewer)))
      .orderBy(...newestFirst(moods.createdAt, moods.id))
      .limit(q.per_page)
      .offset(offset(q)),
    feedTotal(db, 'mood', viewer, hidden),
  ]);
  return paged(await hydrate(db, rows, viewer), total, q, '/api/user/get/moods');
}

/**
 * A mood's own page, and what may be done with it (interactions, hiding, its poll's votes): moderation and blocks (a
 * mood on the other side of a block answers 404, as posts do).
 */
export const moodItemRules = (viewerId: number | null): Rule[] => itemRules(moods, viewerId);

/** GET /api/user/get/user-moods: the signed-in person's own moods, those under review too, newest first. */
export async function listOwnMoods(db: DbOrTx, viewer: SignedInViewer, q: PageQuery) {
  const where = and(eq(moods.userId, viewer.id), shownTo(moods, viewer.id));
  const [rows, [{ total }]] = await Promise.all([
    moodQuery(db, viewer.id)
      .where(where)
      .orderBy(...newestFirst(moods.createdAt, moods.id))
      .limit(q.per_page)
      .offset(offset(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(moods).where(where),
  ]);
  return paged(await hydrate(db, rows, viewer), total, q, '/api/user/get/user-moods');
}

/**
 * GET /api/user/get/hidden-moods: the moods the viewer hid, last hidden first, so that they can show them again;
 * those they may still open (moodItemRules: not removed by moderation, not across a block).
 */
export async function listHiddenMoods(db: DbOrTx, viewer: SignedInViewer, q: PageQuery) {
  const where = and(eq(moodHides.userId, viewer.id), ...keepsOf(moodItemRules(viewer.id)));
  const [rows, [{ total }]] = await Promise.all([
    moodQuery(db, viewer.id)
      .innerJoin(moodHides, eq(moodHides.moodId, moods.id))
      .where(where)
      .orderBy(desc(moodHides.createdAt), desc(moodHides.moodId))
      .limit(q.per_page)
      .offset(offset(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(moodHides).innerJoin(moods, eq(moods.id, moodHides.moodId)).where(where),
  ]);
  return paged(await hydrate(db, rows, viewer), total, q, '/api/user/get/hidden-moods');
}

/** Moods by id, in this order, as the viewer may see them (search results). */
export async function moodsByIds(db: DbOrTx, viewer: Viewer, ids: number[]): Promise<Mood[]> {
  if (ids.length === 0) return [];
  const moodsFound = await hydrate(
    db,
    await moodQuery(db, viewer.id).where(and(inArray(moods.id, ids), shownTo(moods, viewer.id))),
    viewer,
  );
  const byId = new Map(moodsFound.map((m) => [m.id, m]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getMood(db: DbOrTx, viewer: Viewer, id: number): Promise<Mood> {
  const rows = await moodQuery(db, viewer.id).where(and(eq(moods.id, id), ...keepsOf(moodItemRules(viewer.id))));
  const [mood] = await hydrate(db, rows, viewer);
  if (!mood) throw new NotFound();
  return mood;
}

/**
 * Whether the person may open the post or mood of the current `polls` row (postItemRules, moodItemRules): what a
 * vote in its poll needs, as a condition for polls/service.ts.
 */
export const pollShownTo = (userId: number): SQL =>
  sql`(exists(select 1 from ${posts} where ${posts.id} = ${polls.postId} and ${and(...keepsOf(postItemRules(userId)))})
    or exists(select 1 from ${moods} where ${moods.id} = ${polls.moodId} and ${and(...keepsOf(moodItemRules(userId)))}))`;

export async function setMoodHidden(db: Db, userId: number, moodId: number, hidden: boolean): Promise<{ is_hidden: boolean }> {
  const [mood] = await db
    .select({ id: moods.id })
    .from(moods)
    .where(and(eq(moods.id, moodId), ...keepsOf(moodItemRules(userId))));
  if (!mood) throw new NotFound();
  if (hidden) await db.insert(moodHides).values({ userId, moodId }).onConflictDoNothing();
  else await db.delete(moodHides).where(and(eq(moodHides.userId, userId), eq(moodHides.moodId, moodId)));
  return { is_hidden: hidden };
}

/** Sets (or replaces) the user's interaction with a mood; `null` removes it. Returns the new counts. */
export async function interact(db: Db, userId: number, moodId: number, type: MoodInteraction | null) {
  return db.transaction(async (tx) => {
    await activeUser(tx, userId);
    // Locking the mood row serialises interactions on it, so counts and rows cannot drift apart.
    const [mood] = await tx
      .select({ id: moods.id })
      .from(moods)
      .where(and(eq(moods.id, moodId), ...keepsOf(moodItemRules(userId))))
      .for('update');
    if (!mood) throw new NotFound();
    const [old] = await tx
      .delete(moodInteractions)
      .where(and(eq(moodInteractions.moodId, moodId), eq(moodInteractions.userId, userId)))
      .returning({ type: moodInteractions.type });
    const change: Partial<Record<MoodInteraction, SQL>> = {};
    if (old && MOOD_INTERACTIONS.includes(old.type as MoodInteraction)) {
      const column = countColumn[old.type as MoodInteraction];
      change[old.type as MoodInteraction] = sql`greatest(0, ${column} - 1)`;
    }
    if (type) {
      await tx.insert(moodInteractions).values({ moodId, userId, type });
      // Replacing a type with itself leaves its count unchanged.
      change[type] = old?.type === type ? sql`${countColumn[type]}` : sql`${countColumn[type]} + 1`;
    }
    const set = Object.fromEntries(Object.entries(change).map(([k, v]) => [`${k}Count`, v]));
    const [row] =
      Object.keys(set).length > 0
        ? await tx.update(moods).set(set).where(eq(moods.id, moodId)).returning()
        : await tx.select().from(moods).where(eq(moods.id, moodId));
    return { interactions: interactionsOf(row), my_interaction: type };
  });
}
