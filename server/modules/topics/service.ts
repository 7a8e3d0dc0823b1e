/** Topics: a titled space with a category and a cover whose posts are ordinary posts carrying its id. */
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { TRENDING_DAYS } from '../../../core/limits.ts';
import type { Topic } from '../../../core/types.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { avatars, categories, posts, supports, topicCovers, topics, users } from '../../../db/schema.ts';
import { Invalid, NotFound } from '../../errors.ts';
import { translate } from '../../i18n.ts';
import { offset, type PageQuery, paged } from '../../lib/http.ts';
import { languageOfText } from '../../lib/language.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { awardAchievements } from '../achievements/service.ts';
import { isCrisisText } from '../crisis/check.ts';
import { daysAgo, itemRules, keepsOf, newestFirst, type Rule } from '../feed/service.ts';
import { queueIfCrisis } from '../moderation/service.ts';
import { shownTo, underReview } from '../moderation/visibility.ts';
import { topicPostsShown } from '../posts/service.ts';
import { indexText, topicText } from '../search/index.ts';
import { authorColumns, serializer, toAuthor, type UserRow } from '../users/service.ts';
import { takeWriteSlot } from '../writes/service.ts';

export const coverUrl = (file: string) => `/covers/${file}`;

/**
 * What a viewer sees of topics, in every list, on a topic's page and in the lists' totals alike: moderation and
 * blocks (a topic on the other side of a block answers 404, as posts do).
 */
const topicRules = (viewerId: number | null): Rule[] => itemRules(topics, viewerId);
const seenBy = (viewer: Viewer) => keepsOf(topicRules(viewer.id));

function topicQuery(db: DbOrTx, viewer: Viewer) {
  return db
    .select({
      topic: topics,
      category: categories,
      cover: topicCovers,
      ...authorColumns,
      postsShown: topicPostsShown(viewer, topics.id, topics.postsCount),
    })
    .from(topics)
    .innerJoin(categories, eq(categories.id, topics.categoryId))
    .innerJoin(topicCovers, eq(topicCovers.id, topics.coverId))
    .innerJoin(users, eq(users.id, topics.userId))
    .leftJoin(avatars, eq(avatars.id, users.avatarId));
}

type TopicJoin = Awaited<ReturnType<ReturnType<typeof topicQuery>['execute']>>[number];

async function hydrate(db: DbOrTx, rows: TopicJoin[], viewer: Viewer): Promise<Topic[]> {
  const s = await serializer(db, viewer.locale);
  return rows.map(({ topic: t, category, cover, postsShown, ...author }) => ({
    id: t.id,
    slug: String(t.id),
    title: t.title,
    description: t.description,
    language: t.language,
    category: { id: category.id, name: translate(viewer.locale, `category.${category.key}`) },
    cover: { id: cover.id, url: coverUrl(cover.file) },
    user: toAuthor(author, s),
    posts_count: postsShown,
    ...underReview(t.moderation),
    created_at: t.createdAt.toISOString(),
  }));
}

const newest = newestFirst(topics.createdAt, topics.id);

export async function listTopics(db: DbOrTx, viewer: Viewer, q: PageQuery & { category_id?: number }) {
  const where = and(q.category_id === undefined ? undefined : eq(topics.categoryId, q.category_id), ...seenBy(viewer));
  const [rows, [{ total }]] = await Promise.all([
    topicQuery(db, viewer)
      .where(where)
      .orderBy(...newest)
      .limit(q.per_page)
      .offset(offset(q)),
    db.select({ total: count() }).from(topics).where(where),
  ]);
  return paged(await hydrate(db, rows, viewer), total, q, '/api/topics', q.category_id ? { category_id: String(q.category_id) } : {});
}

/** GET /api/get/user-topics: the topics the signed-in person opened, those under review too, newest first. */
export async function listOwnTopics(db: DbOrTx, viewer: Viewer & { id: number }, q: PageQuery) {
  const where = and(eq(topics.userId, viewer.id), shownTo(topics, viewer.id));
  const [rows, [{ total }]] = await Promise.all([
    topicQuery(db, viewer)
      .where(where)
      .orderBy(...newest)
      .limit(q.per_page)
      .offset(offset(q)),
    db.select({ total: count() }).from(topics).where(where),
  ]);
  return paged(await hydrate(db, rows, viewer), total, q, '/api/get/user-topics');
}

/** Topics by id, in this order, as the viewer may see them (search results). */
export async function topicsByIds(db: DbOrTx, viewer: Viewer, ids: number[]): Promise<Topic[]> {
  if (ids.length === 0) return [];
  const found = await hydrate(db, await topicQuery(db, viewer).where(and(inArray(topics.id, ids), shownTo(topics, viewer.id))), viewer);
  const byId = new Map(found.map((t) => [t.id, t]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getTopic(db: DbOrTx, viewer: Viewer, id: number): Promise<Topic> {
  const [topic] = await hydrate(db, await topicQuery(db, viewer).where(and(eq(topics.id, id), ...seenBy(viewer))), viewer);
  if (!topic) throw new NotFound();
  return topic;
}

/**
 * Whether the viewer may open the topic (topicRules, as its page): a topic under review (unless theirs), removed, or
 * on the other side of a block is as if missing, for its list of posts and for a new post in it alike.
 */
export async function topicExists(db: DbOrTx, id: number, viewerId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: topics.id })
    .from(topics)
    .where(and(eq(topics.id, id), ...keepsOf(topicRules(viewerId))));
  return Boolean(row);
}

export interface TopicInput {
  title: string;
  description: string;
  category_id: number;
  cover_id: number;
}

/** The topic's language is detected from its title and description, with the author's settings (languageOfText). */
export async function createTopic(db: Db, author: UserRow, viewer: Viewer & { id: number }, input: TopicInput): Promise<Topic> {
  const title = input.title.trim();
  const description = input.description.trim();
  const language = languageOfText(author, `${title}\n${description}`);
  const crisis = await isCrisisText(`${title}\n${description}`, language);
  return db.transaction(async (tx) => {
    await takeWriteSlot(tx, viewer.id, 'topic');
    const [[category], [cover]] = await Promise.all([
      tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.category_id)),
      tx.select({ id: topicCovers.id }).from(topicCovers).where(eq(topicCovers.id, input.cover_id)),
    ]);
    const bad: Record<string, { key: string }> = {};
    if (!category) bad.category_id = { key: 'validation.invalid' };
    if (!cover) bad.cover_id = { key: 'validation.invalid' };
    if (Object.keys(bad).length > 0) throw new Invalid(bad);
    const [row] = await tx
      .insert(topics)
      .values({
        userId: viewer.id,
        title,
        description,
        language,
        categoryId: input.category_id,
        coverId: input.cover_id,
      })
      .returning({ id: topics.id });
    await awardAchievements(tx, viewer.id, { type: 'topic' });
    await indexText(tx, 'topic', row.id, topicText(title, description));
    await queueIfCrisis(tx, crisis, { target: 'topic', targetId: row.id, authorId: viewer.id });
    return getTopic(tx, viewer, row.id);
  });
}

/** Most posts and supports on its posts in the last 7 days; at most 10. */
export async function trendingTopics(db: DbOrTx, viewer: Viewer): Promise<Topic[]> {
  const from = daysAgo(TRENDING_DAYS);
  const score = sql<number>`(
    (select count(*) from ${posts} where ${posts.topicId} = ${topics.id} and ${posts.createdAt} >= ${from})
    + (select count(*) from ${supports} join ${posts} p on p.id = ${supports.postId} where p.topic_id = ${topics.id} and ${supports.createdAt} >= ${from}))`;
  const active = sql`${topics.id} in (select ${posts.topicId} from ${posts} where ${posts.topicId} is not null and ${posts.createdAt} >= ${from}
    union select p.topic_id from ${supports} join ${posts} p on p.id = ${supports.postId} where p.topic_id is not null and ${supports.createdAt} >= ${from})`;
  const rows = await topicQuery(db, viewer)
    .where(and(active, ...seenBy(viewer)))
    .orderBy(desc(score), ...newest)
    .limit(10);
  return hydrate(db, rows, viewer);
}

/** The newest topics, for the "latest topics" column. */
export async function latestTopics(db: DbOrTx, viewer: Viewer, limit = 5): Promise<Topic[]> {
  return hydrate(
    db,
    await topicQuery(db, viewer)
      .where(and(...seenBy(viewer)))
      .orderBy(...newest)
      .limit(limit),
    viewer,
  );
}

/** Other topics of the same category, newest first; at most 6. */
export async function relatedTopics(db: DbOrTx, viewer: Viewer, topicId: number): Promise<Topic[]> {
  const [source] = await db.select({ categoryId: topics.categoryId }).from(topics).where(eq(topics.id, topicId));
  if (!source) throw new NotFound();
  const where: SQL[] = [eq(topics.categoryId, source.categoryId), ne(topics.id, topicId), ...seenBy(viewer)];
  return hydrate(
    db,
    await topicQuery(db, viewer)
      .where(and(...where))
      .orderBy(...newest)
      .limit(6),
    viewer,
  );
}

export async function listCategories(db: DbOrTx, locale: string) {
  const rows = await db.select().from(categories).orderBy(asc(categories.sortOrder));
  return rows.map((c) => ({ id: c.id, name: translate(locale, `category.${c.key}`), slug: c.key }));
}

export async function listCovers(db: DbOrTx) {
  const rows = await db.select().from(topicCovers).orderBy(asc(topicCovers.sortOrder));
  return rows.map((c) => ({ id: c.id, url: coverUrl(c.file) }));
}

/** Keeps the topic's post count with the row, in the transaction that writes or deletes the post. */
export async function bumpTopicPosts(tx: DbOrTx, topicId: number, by: number): Promise<void> {
  await tx
    .update(topics)
    .set({ postsCount: sql`greatest(0, ${topics.postsCount} + ${by})` })
    .where(eq(topics.id, topicId));
}

export async function topicJsonLd(db: DbOrTx, viewer: Viewer, id: number, origin: string, path: string) {
  const topic = await getTopic(db, viewer, id);
  return {
    '@context': 'https://schema.org',
    '@type': 'DiscussionForumPosting',
    '@id': `${origin}${path}`,
    url: `${origin}${path}`,
    headline: topic.title,
    text: topic.description,
    image: `${origin}${topic.cover.url}`,
    articleSection: topic.category.name,
    datePublished: topic.created_at,
    author: { '@type': 'Person', name: topic.user.nickname },
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: 'https://schema.org/WriteAction',
      userInteractionCount: topic.posts_count,
    },
  };
}
