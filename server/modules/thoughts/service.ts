/**
 * Thoughts: short public reflections (up to 500 characters) with one reaction per reader (love, insightful,
 * relate, hope); the same reaction again takes it back. Reaction counts are kept on the row.
 */
import { and, desc, eq, gte, inArray, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { THOUGHT_REACTIONS, type ThoughtReaction, TRENDING_DAYS } from '../../../core/limits.ts';
import type { Thought } from '../../../core/types.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { avatars, thoughtReactions, thoughts, users } from '../../../db/schema.ts';
import { NotFound, ownedBy } from '../../errors.ts';
import { offset, type PageQuery, paged } from '../../lib/http.ts';
import { languageOfText } from '../../lib/language.ts';
import type { SignedInViewer, Viewer } from '../../lib/viewer.ts';
import { awardAchievements } from '../achievements/service.ts';
import { notBlocked } from '../blocks/filter.ts';
import { isCrisisText } from '../crisis/check.ts';
import { bumpCount, daysAgo, feedTotal, itemRules, keepsOf, leftOut, newestFirst, type Rule } from '../feed/service.ts';
import { queueIfCrisis } from '../moderation/service.ts';
import { shownTo, underReview } from '../moderation/visibility.ts';
import { indexText } from '../search/index.ts';
import { activeUser, authorColumns, serializer, toAuthor, toPublicUser, type UserRow } from '../users/service.ts';
import { takeWriteSlot } from '../writes/service.ts';

const countColumn = {
  love: thoughts.loveCount,
  insightful: thoughts.insightfulCount,
  relate: thoughts.relateCount,
  hope: thoughts.hopeCount,
} as const;

function thoughtQuery(db: DbOrTx, viewerId: number | null) {
  return db
    .select({
      thought: thoughts,
      ...authorColumns,
      myReaction:
        viewerId === null
          ? sql<string | null>`null`
          : sql<
              string | null
            >`(select ${thoughtReactions.type} from ${thoughtReactions} where ${thoughtReactions.thoughtId} = ${thoughts.id} and ${thoughtReactions.userId} = ${viewerId})`,
    })
    .from(thoughts)
    .innerJoin(users, eq(users.id, thoughts.userId))
    .leftJoin(avatars, eq(avatars.id, users.avatarId));
}

type ThoughtJoin = Awaited<ReturnType<ReturnType<typeof thoughtQuery>['execute']>>[number];

const reactionsOf = (t: typeof thoughts.$inferSelect): Record<ThoughtReaction, number> => ({
  love: t.loveCount,
  insightful: t.insightfulCount,
  relate: t.relateCount,
  hope: t.hopeCount,
});

async function hydrate(db: DbOrTx, rows: ThoughtJoin[], viewer: Viewer): Promise<Thought[]> {
  const s = await serializer(db, viewer.locale);
  return rows.map(({ thought: t, myReaction, ...author }) => ({
    id: t.id,
    slug: String(t.id),
    content: t.content,
    language: t.language,
    user: toAuthor(author, s),
    reactions: reactionsOf(t),
    my_reaction: (myReaction as ThoughtReaction | null) ?? null,
    is_mine: viewer.id === t.userId,
    ...underReview(t.moderation),
    created_at: t.createdAt.toISOString(),
  }));
}

const newest = newestFirst(thoughts.createdAt, thoughts.id);
/**
 * What a viewer sees of thoughts, in every list, on a thought's page and in every count alike, and what they may
 * react to: moderation and blocks (a thought on the other side of a block answers 404, as posts do).
 */
const thoughtRules = (viewerId: number | Placeholder | null): Rule[] => itemRules(thoughts, viewerId);
const inLanguages = (viewer: Viewer): SQL | undefined => (viewer.languages ? inArray(thoughts.language, [...viewer.languages]) : undefined);
/** What a list shows the viewer: their content languages, and what their rules keep. */
const visibleTo = (viewer: Viewer) => and(inLanguages(viewer), ...keepsOf(thoughtRules(viewer.id)));

export async function listThoughts(db: DbOrTx, viewer: Viewer, q: PageQuery) {
  const [rows, total] = await Promise.all([
    thoughtQuery(db, viewer.id)
      .where(visibleTo(viewer))
      .orderBy(...newest)
      .limit(q.per_page)
      .offset(offset(q)),
    feedTotal(db, 'thought', viewer, leftOut(thoughts, inLanguages(viewer), thoughtRules(viewer.id))),
  ]);
  return paged(await hydrate(db, rows, viewer), total, q, '/api/thoughts');
}

/** GET /api/user-thoughts: the signed-in person's own thoughts, those under review too, newest first. */
export async function listOwnThoughts(db: DbOrTx, viewer: SignedInViewer, q: PageQuery) {
  const where = and(eq(thoughts.userId, viewer.id), shownTo(thoughts, viewer.id));
  const [rows, [{ total }]] = await Promise.all([
    thoughtQuery(db, viewer.id)
      .where(where)
      .orderBy(...newest)
      .limit(q.per_page)
      .offset(offset(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(thoughts).where(where),
  ]);
  return paged(await hydrate(db, rows, viewer), total, q, '/api/user-thoughts');
}

/** Thoughts by id, in this order, as the viewer may see them (search results). */
export async function thoughtsByIds(db: DbOrTx, viewer: Viewer, ids: number[]): Promise<Thought[]> {
  if (ids.length === 0) return [];
  const found = await hydrate(
    db,
    await thoughtQuery(db, viewer.id).where(and(inArray(thoughts.id, ids), shownTo(thoughts, viewer.id))),
    viewer,
  );
  const byId = new Map(found.map((t) => [t.id, t]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getThought(db: DbOrTx, viewer: Viewer, id: number): Promise<Thought> {
  const [thought] = await hydrate(
    db,
    await thoughtQuery(db, viewer.id).where(and(eq(thoughts.id, id), ...keepsOf(thoughtRules(viewer.id)))),
    viewer,
  );
  if (!thought) throw new NotFound();
  return thought;
}

/** Whether the thought exists (for this viewer, when one is given, as postExists). */
export async function thoughtExists(db: DbOrTx, id: number, viewerId?: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: thoughts.id })
    .from(thoughts)
    .where(
      and(
        eq(thoughts.id, id),
        viewerId === undefined ? undefined : and(shownTo(thoughts, viewerId), notBlocked(viewerId ?? null, thoughts.userId)),
      ),
    );
  return Boolean(row);
}

export async function createThought(db: Db, user: UserRow, viewer: SignedInViewer, content: string): Promise<Thought> {
  const text = content.trim();
  const language = languageOfText(user, text);
  const crisis = await isCrisisText(text, language);
  return db.transaction(async (tx) => {
    await takeWriteSlot(tx, user.id, 'thought');
    const [row] = await tx.insert(thoughts).values({ userId: user.id, content: text, language }).returning({ id: thoughts.id });
    await bumpCount(tx, 'thought', language, 1);
    await awardAchievements(tx, user.id, { type: 'thought' });
    await indexText(tx, 'thought', row.id, text);
    await queueIfCrisis(tx, crisis, { target: 'thought', targetId: row.id, authorId: user.id });
    return getThought(tx, viewer, row.id);
  });
}

async function ownThought(tx: DbOrTx, userId: number, id: number) {
  const [row] = await tx.select().from(thoughts).where(eq(thoughts.id, id)).for('update');
  return ownedBy(row, userId);
}

export async function updateThought(db: Db, user: UserRow, viewer: SignedInViewer, id: number, content: string): Promise<Thought> {
  const text = content.trim();
  const language = languageOfText(user, text);
  const crisis = await isCrisisText(text, language);
  return db.transaction(async (tx) => {
    await activeUser(tx, user.id);
    const before = await ownThought(tx, user.id, id);
    await tx.update(thoughts).set({ content: text, language, updatedAt: new Date() }).where(eq(thoughts.id, id));
    await indexText(tx, 'thought', id, text);
    if (before.language !== language) {
      await bumpCount(tx, 'thought', before.language, -1);
      await bumpCount(tx, 'thought', language, 1);
    }
    await queueIfCrisis(tx, crisis, { target: 'thought', targetId: id, authorId: user.id });
    return getThought(tx, viewer, id);
  });
}

export async function deleteThought(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await activeUser(tx, userId);
    const row = await ownThought(tx, userId, id);
    await tx.delete(thoughts).where(eq(thoughts.id, id));
    await bumpCount(tx, 'thought', row.language, -1);
  });
}

/** Sets the reader's reaction; the same type again removes it, another type replaces it. */
export async function react(db: Db, userId: number, thoughtId: number, type: ThoughtReaction) {
  return db.transaction(async (tx) => {
    await activeUser(tx, userId);
    // Locking the thought row serialises reactions on it, so counts and rows cannot drift apart.
    // Only on a thought the reader may open (thoughtRules, as its page): else 404, and nothing changes.
    const [thought] = await tx
      .select({ id: thoughts.id })
      .from(thoughts)
      .where(and(eq(thoughts.id, thoughtId), ...keepsOf(thoughtRules(userId))))
      .for('update');
    if (!thought) throw new NotFound();
    const [old] = await tx
      .delete(thoughtReactions)
      .where(and(eq(thoughtReactions.thoughtId, thoughtId), eq(thoughtReactions.userId, userId)))
      .returning({ type: thoughtReactions.type });
    const next = old?.type === type ? null : type;
    if (next) await tx.insert(thoughtReactions).values({ thoughtId, userId, type: next });
    const set: Partial<Record<string, SQL>> = {};
    if (old && THOUGHT_REACTIONS.includes(old.type as ThoughtReaction)) {
      set[`${old.type}Count`] = sql`greatest(0, ${countColumn[old.type as ThoughtReaction]} - 1)`;
    }
    if (next) set[`${next}Count`] = old?.type === next ? sql`${countColumn[next]}` : sql`${countColumn[next]} + 1`;
    const [row] =
      Object.keys(set).length > 0
        ? await tx.update(thoughts).set(set).where(eq(thoughts.id, thoughtId)).returning()
        : await tx.select().from(thoughts).where(eq(thoughts.id, thoughtId));
    return { reactions: reactionsOf(row), my_reaction: next };
  });
}

/** Most reactions in the last 7 days; at most 10. */
export async function popularThoughts(db: DbOrTx, viewer: Viewer): Promise<Thought[]> {
  const from = daysAgo(TRENDING_DAYS);
  const recent = db
    .select({ thoughtId: thoughtReactions.thoughtId, n: sql<number>`count(*)`.as('n') })
    .from(thoughtReactions)
    .where(gte(thoughtReactions.createdAt, from))
    .groupBy(thoughtReactions.thoughtId)
    .as('recent');
  const rows = await thoughtQuery(db, viewer.id)
    .innerJoin(recent, eq(recent.thoughtId, thoughts.id))
    .where(visibleTo(viewer))
    .orderBy(desc(recent.n), ...newest)
    .limit(10);
  return hydrate(db, rows, viewer);
}

/** Other thoughts in the same language, the most reacted to first; at most 6. */
export async function relatedThoughts(db: DbOrTx, viewer: Viewer, thoughtId: number): Promise<Thought[]> {
  const [source] = await db.select({ language: thoughts.language }).from(thoughts).where(eq(thoughts.id, thoughtId));
  if (!source) throw new NotFound();
  const total = sql`${thoughts.loveCount} + ${thoughts.insightfulCount} + ${thoughts.relateCount} + ${thoughts.hopeCount}`;
  const rows = await thoughtQuery(db, viewer.id)
    .where(and(eq(thoughts.language, source.language), ne(thoughts.id, thoughtId), ...keepsOf(thoughtRules(viewer.id))))
    .orderBy(desc(total), ...newest)
    .limit(6);
  return hydrate(db, rows, viewer);
}

/** The people who shared the most thoughts the viewer sees (the counts too count only those); at most 10. */
export async function topContributors(db: DbOrTx, viewer: Viewer) {
  const rows = await db
    .select({
      id: users.id,
      nickname: users.nickname,
      avatarId: users.avatarId,
      avatarFile: avatars.file,
      points: users.points,
      thoughtsCount: sql<number>`count(${thoughts.id})::int`,
    })
    .from(thoughts)
    .innerJoin(users, eq(users.id, thoughts.userId))
    .leftJoin(avatars, eq(avatars.id, users.avatarId))
    .where(and(...keepsOf(thoughtRules(viewer.id))))
    .groupBy(users.id, avatars.file)
    .orderBy(desc(sql`count(${thoughts.id})`), users.id)
    .limit(10);
  const s = await serializer(db, viewer.locale);
  return rows.map((r) => ({ user: toPublicUser(r, s), thoughts_count: r.thoughtsCount }));
}

export async function thoughtJsonLd(db: DbOrTx, viewer: Viewer, id: number, origin: string, path: string) {
  const t = await getThought(db, viewer, id);
  return {
    '@context': 'https://schema.org',
    '@type': 'SocialMediaPosting',
    '@id': `${origin}${path}`,
    url: `${origin}${path}`,
    text: t.content,
    inLanguage: t.language,
    datePublished: t.created_at,
    author: { '@type': 'Person', name: t.user.nickname },
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: 'https://schema.org/LikeAction',
      userInteractionCount: Object.values(t.reactions).reduce((a, b) => a + b, 0),
    },
  };
}
