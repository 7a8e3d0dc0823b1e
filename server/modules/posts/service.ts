/**
 * Reading posts. Pages of feeds pick their post ids first, then read those posts with everything they show in one
 * prepared query; the other reads join the author and feeling, then fetch polls, tags and the viewer's flags for
 * all their rows at once. Feeds leave out what the viewer hid and keep to their languages.
 */
import { and, desc, eq, exists, gte, ilike, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, unionAll } from 'drizzle-orm/pg-core';
import { TRENDING_DAYS } from '../../../core/limits.ts';
import type { Poll, Post, Tag } from '../../../core/types.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { avatars, comments, favorites, feelings, polls, postHides, posts, postTags, supports, tags, users } from '../../../db/schema.ts';
import { NotFound } from '../../errors.ts';
import { offset, type PageQuery, paged } from '../../lib/paging.ts';
import type { SignedInViewer, Viewer } from '../../lib/viewer.ts';
import { daysAgo, feedTotal, newestFirst, prepared } from '../feed/service.ts';
import { toFeeling } from '../feelings/service.ts';
import { pollsFor, pollsOf } from '../polls/service.ts';
import { tagsFor } from '../tags/service.ts';
import { authorColumns, type Serializer, serializer, toAuthor } from '../users/service.ts';

function postQuery(db: DbOrTx) {
  return db
    .select({ post: posts, feeling: feelings, ...authorColumns })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(avatars, eq(avatars.id, users.avatarId))
    .leftJoin(feelings, eq(feelings.id, posts.feelingId));
}

/**
 * Which of these posts the viewer supported, favorited and hid: one round trip, each table by its primary key.
 * (As `exists(...)` columns of the page query, PostgreSQL ran the supports one as a hashed subplan: a scan of
 * every support of every post per page, since supports has no index that starts with user_id.)
 */
async function viewerFlags(db: DbOrTx, viewerId: number | null, ids: number[]) {
  const flags = { supported: new Set<number>(), favorited: new Set<number>(), hidden: new Set<number>() };
  if (viewerId === null || ids.length === 0) return flags;
  const among = (column: AnyPgColumn) => sql`${column} = any(${sql.placeholder('ids')}::int[])`;
  const viewerIs = (column: AnyPgColumn) => eq(column, sql.placeholder('viewerId'));
  const rows = await prepared(db, 'post_flags', (name) =>
    unionAll(
      db
        .select({ postId: supports.postId, kind: sql<number>`1` })
        .from(supports)
        .where(and(among(supports.postId), viewerIs(supports.userId))),
      db
        .select({ postId: favorites.postId, kind: sql<number>`2` })
        .from(favorites)
        .where(and(viewerIs(favorites.userId), among(favorites.postId))),
      db
        .select({ postId: postHides.postId, kind: sql<number>`3` })
        .from(postHides)
        .where(and(viewerIs(postHides.userId), among(postHides.postId))),
    ).prepare(name),
  ).execute({ ids, viewerId });
  for (const r of rows) (r.kind === 1 ? flags.supported : r.kind === 2 ? flags.favorited : flags.hidden).add(r.postId);
  return flags;
}

type PostJoin = Awaited<ReturnType<ReturnType<typeof postQuery>['execute']>>[number];

/** What a post carries besides its row, author and feeling. */
interface Extras {
  tags: Tag[];
  poll: Poll | null;
  isSupported: boolean;
  isFavorited: boolean;
  isHidden: boolean;
}

function toPost({ post: p, feeling, ...author }: PostJoin, extras: Extras, s: Serializer, viewer: Viewer): Post {
  return {
    id: p.id,
    slug: String(p.id),
    content: p.content,
    language: p.language,
    feeling: feeling ? toFeeling(feeling, viewer.locale) : null,
    topic_id: p.topicId,
    tags: extras.tags,
    poll: extras.poll,
    user: toAuthor(author, s),
    supports_count: p.supportsCount,
    comments_count: p.commentsCount,
    is_supported: extras.isSupported,
    is_favorited: extras.isFavorited,
    is_hidden: extras.isHidden,
    is_mine: viewer.id === p.userId,
    share_disabled: p.shareDisabled,
    advice_disabled: p.adviceDisabled,
    notifications_disabled: p.notificationsDisabled,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

/** Posts from postQuery, with their tags, polls and the viewer's flags fetched for all of them at once. */
async function hydrate(db: DbOrTx, rows: PostJoin[], viewer: Viewer): Promise<Post[]> {
  const ids = rows.map((r) => r.post.id);
  const [s, pollsByPost, tagsByPost, flags] = await Promise.all([
    serializer(db, viewer.locale),
    pollsFor(db, 'post', ids, viewer.id),
    tagsFor(db, ids),
    viewerFlags(db, viewer.id, ids),
  ]);
  return rows.map((row) => {
    const id = row.post.id;
    const extras = {
      tags: tagsByPost.get(id) ?? [],
      poll: pollsByPost.get(id) ?? null,
      isSupported: flags.supported.has(id),
      isFavorited: flags.favorited.has(id),
      isHidden: flags.hidden.has(id),
    };
    return toPost(row, extras, s, viewer);
  });
}

/**
 * `exists(...)` of a per-user table for the current post row; false for a signed-out viewer. Only for a query over
 * a few posts by id: over a feed, PostgreSQL may hash the viewer's whole table instead (see viewerFlags).
 */
function flag(signedIn: boolean, table: typeof supports | typeof favorites | typeof postHides): SQL<boolean> {
  if (!signedIn) return sql<boolean>`false`;
  return sql<boolean>`exists(select 1 from ${table} where ${table.postId} = ${posts.id} and ${table.userId} = ${sql.placeholder('viewerId')})`;
}

/**
 * Posts by id with all a post shows: author, feeling, poll, tags and the viewer's flags, in one prepared statement.
 * PostgreSQL soon runs it from a cached generic plan, so it is not planned again per request: planning a join of
 * this size costs more than running it.
 */
function postsByIds(db: DbOrTx, signedIn: boolean) {
  const tagList = sql<
    Tag[]
  >`coalesce((select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}) order by lower(${tags.name}))
    from ${postTags} join ${tags} on ${tags.id} = ${postTags.tagId} where ${postTags.postId} = ${posts.id}), '[]'::json)`;
  return prepared(db, signedIn ? 'posts_by_ids_viewer' : 'posts_by_ids', (name) =>
    db
      .select({
        post: posts,
        feeling: feelings,
        ...authorColumns,
        poll: polls,
        tags: tagList,
        isSupported: flag(signedIn, supports),
        isFavorited: flag(signedIn, favorites),
        isHidden: flag(signedIn, postHides),
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .leftJoin(avatars, eq(avatars.id, users.avatarId))
      .leftJoin(feelings, eq(feelings.id, posts.feelingId))
      .leftJoin(polls, eq(polls.postId, posts.id))
      .where(sql`${posts.id} = any(${sql.placeholder('ids')}::int[])`)
      .prepare(name),
  );
}

/** The posts with these ids, in this order; only the options of their polls take one more query. */
async function postsInOrder(db: DbOrTx, ids: number[], viewer: Viewer): Promise<Post[]> {
  if (ids.length === 0) return [];
  const [rows, s] = await Promise.all([
    postsByIds(db, viewer.id !== null).execute({ ids, viewerId: viewer.id }),
    serializer(db, viewer.locale),
  ]);
  const byId = new Map(rows.map((r) => [r.post.id, r]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  const pollsById = await pollsOf(
    db,
    ordered.flatMap((r) => (r.poll ? [r.poll] : [])),
    viewer.id,
  );
  return ordered.map(({ poll, tags: tagList, isSupported, isFavorited, isHidden, ...row }) => {
    const extras = { tags: tagList, poll: poll ? (pollsById.get(poll.id) ?? null) : null, isSupported, isFavorited, isHidden };
    return toPost(row, extras, s, viewer);
  });
}

/** What a feed shows the viewer: their content languages, without the posts they hid. */
function visibleTo(viewer: Viewer): SQL[] {
  const where: SQL[] = [];
  if (viewer.languages) where.push(inArray(posts.language, [...viewer.languages]));
  if (viewer.id !== null) {
    where.push(sql`not exists(select 1 from ${postHides} where ${postHides.postId} = ${posts.id} and ${postHides.userId} = ${viewer.id})`);
  }
  return where;
}

/**
 * Newest first, spelled as the feed indexes are built (drizzle-kit writes `DESC NULLS LAST`): a plain `desc` means
 * NULLS FIRST, which those indexes cannot return, so every page sorted the whole table. Both columns are NOT NULL,
 * so the order is the same.
 */
const newest = newestFirst(posts.createdAt, posts.id);

/** The ids of a page of posts, newest first: the feed index alone answers it, without reading the posts. */
function pageIds(db: DbOrTx, where: SQL | undefined, q: PageQuery) {
  return db
    .select({ id: posts.id })
    .from(posts)
    .where(where)
    .orderBy(...newest)
    .limit(q.per_page)
    .offset(offset(q));
}

async function page(db: DbOrTx, viewer: Viewer, where: SQL[], q: PageQuery) {
  const picked = await pageIds(db, and(...where), q);
  return postsInOrder(
    db,
    picked.map((r) => r.id),
    viewer,
  );
}

async function countWhere(db: DbOrTx, where: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(...where));
  return row.n;
}

/**
 * The feed of a viewer who reads every language (the default), as prepared statements; a language filter keeps
 * the literal `in (…)` list, which lets PostgreSQL walk posts_language_feed_idx in order for a single language.
 */
function everyLanguageFeed(db: DbOrTx, signedIn: boolean) {
  const viewerId = sql.placeholder('viewerId');
  const notHidden = sql`not exists(select 1 from ${postHides} where ${postHides.postId} = ${posts.id} and ${postHides.userId} = ${viewerId})`;
  return {
    ids: prepared(db, signedIn ? 'posts_feed_ids_viewer' : 'posts_feed_ids', (name) =>
      db
        .select({ id: posts.id })
        .from(posts)
        .where(signedIn ? notHidden : undefined)
        .orderBy(...newest)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
    ),
    hidden: prepared(db, 'posts_hidden_count', (name) =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(posts)
        .where(sql`exists(select 1 from ${postHides} where ${postHides.postId} = ${posts.id} and ${postHides.userId} = ${viewerId})`)
        .prepare(name),
    ),
  };
}

export async function listPosts(db: DbOrTx, viewer: Viewer, q: PageQuery & { topic_id?: number }) {
  const where = visibleTo(viewer);
  if (q.topic_id !== undefined) {
    // A topic's posts are few next to the whole feed; its index answers the count.
    where.push(eq(posts.topicId, q.topic_id));
    const [data, total] = await Promise.all([page(db, viewer, where, q), countWhere(db, where)]);
    return paged(data, total, q, '/api/posts', { topic_id: String(q.topic_id) });
  }
  if (viewer.languages === null) {
    const feed = everyLanguageFeed(db, viewer.id !== null);
    const hidden = async () => (await feed.hidden.execute({ viewerId: viewer.id }))[0].n;
    const [data, total] = await Promise.all([
      feed.ids.execute({ viewerId: viewer.id, limit: q.per_page, offset: offset(q) }).then((rows) =>
        postsInOrder(
          db,
          rows.map((r) => r.id),
          viewer,
        ),
      ),
      feedTotal(db, 'post', viewer, hidden),
    ]);
    return paged(data, total, q, '/api/posts');
  }
  const languages = inArray(posts.language, [...viewer.languages]);
  const hidden = () =>
    countWhere(db, [
      sql`exists(select 1 from ${postHides} where ${postHides.postId} = ${posts.id} and ${postHides.userId} = ${viewer.id})`,
      languages,
    ]);
  const [data, total] = await Promise.all([page(db, viewer, where, q), feedTotal(db, 'post', viewer, hidden)]);
  return paged(data, total, q, '/api/posts');
}

export async function findPost(db: DbOrTx, viewer: Viewer, id: number): Promise<Post | null> {
  const rows = await postQuery(db).where(eq(posts.id, id));
  const [post] = await hydrate(db, rows, viewer);
  return post ?? null;
}

export async function getPost(db: DbOrTx, viewer: Viewer, id: number): Promise<Post> {
  const post = await findPost(db, viewer, id);
  if (!post) throw new NotFound();
  return post;
}

export async function postExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, id));
  return Boolean(row);
}

export async function listTagPosts(db: DbOrTx, viewer: Viewer, tagId: number, q: PageQuery) {
  const where = [
    ...visibleTo(viewer),
    exists(
      db
        .select({ one: sql`1` })
        .from(postTags)
        .where(and(eq(postTags.postId, posts.id), eq(postTags.tagId, tagId))),
    ),
  ];
  const [data, total] = await Promise.all([page(db, viewer, where, q), countWhere(db, where)]);
  return paged(data, total, q, `/api/tags/${tagId}/posts`);
}

/** Posts whose text contains the keyword (or its #tag), in any letter case. */
export async function postsByKeyword(db: DbOrTx, viewer: Viewer, keyword: string, q: PageQuery) {
  const pattern = `%${keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = [...visibleTo(viewer), ilike(posts.content, pattern)];
  const [data, total] = await Promise.all([page(db, viewer, where, q), countWhere(db, where)]);
  return paged(data, total, q, '/api/posts-by-keyword', { keyword });
}

export async function listFavorites(db: DbOrTx, viewer: SignedInViewer, q: PageQuery) {
  const rows = await postQuery(db)
    .innerJoin(favorites, and(eq(favorites.postId, posts.id), eq(favorites.userId, viewer.id)))
    .orderBy(desc(favorites.createdAt))
    .limit(q.per_page)
    .offset(offset(q));
  const [data, [{ n }]] = await Promise.all([
    hydrate(db, rows, viewer),
    db.select({ n: sql<number>`count(*)::int` }).from(favorites).where(eq(favorites.userId, viewer.id)),
  ]);
  return paged(data, n, q, '/api/favorites');
}

/** Most supports and comments received in the last 7 days; at most 10. */
export async function trendingPosts(db: DbOrTx, viewer: Viewer): Promise<Post[]> {
  const from = daysAgo(TRENDING_DAYS);
  // The score of every post with activity in the window, from the two tables' rows in the window alone, then the
  // ten best posts by id; only those are read in full. (Scoring each candidate with two counts of its own read the
  // whole posts table: ~200 ms at 200,000 posts.)
  const activity = unionAll(
    db.select({ postId: supports.postId }).from(supports).where(gte(supports.createdAt, from)),
    db.select({ postId: comments.postId }).from(comments).where(gte(comments.createdAt, from)),
  ).as('activity');
  const scores = db
    .select({ postId: activity.postId, score: sql<number>`count(*)`.as('score') })
    .from(activity)
    .groupBy(activity.postId)
    .as('scores');
  const top = await db
    .select({ id: posts.id })
    .from(posts)
    .innerJoin(scores, eq(scores.postId, posts.id))
    .where(and(...visibleTo(viewer)))
    .orderBy(desc(scores.score), ...newest)
    .limit(10);
  return postsInOrder(
    db,
    top.map((r) => r.id),
    viewer,
  );
}

/** Posts sharing a tag, then the feeling, in the same language; at most 6, newest first. */
export async function relatedPosts(db: DbOrTx, viewer: Viewer, postId: number): Promise<Post[]> {
  const [source] = await db
    .select({ id: posts.id, feelingId: posts.feelingId, language: posts.language })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!source) throw new NotFound();
  const sharesTag = sql`exists(select 1 from ${postTags} a join ${postTags} b on a.tag_id = b.tag_id
    where a.post_id = ${source.id} and b.post_id = ${posts.id})`;
  const sameFeeling = source.feelingId === null ? sql`false` : eq(posts.feelingId, source.feelingId);
  const rows = await postQuery(db)
    .where(and(ne(posts.id, source.id), eq(posts.language, source.language), or(sharesTag, sameFeeling), ...visibleTo(viewer)))
    .orderBy(desc(sql`case when ${sharesTag} then 1 else 0 end`), ...newest)
    .limit(6);
  return hydrate(db, rows, viewer);
}

/** The newest posts written inside a topic; at most 10. */
export async function latestTopicPosts(db: DbOrTx, viewer: Viewer): Promise<Post[]> {
  const rows = await postQuery(db)
    .where(and(isNotNull(posts.topicId), gte(posts.createdAt, daysAgo(30)), ...visibleTo(viewer)))
    .orderBy(...newest)
    .limit(10);
  return hydrate(db, rows, viewer);
}

/** schema.org DiscussionForumPosting for a post page. */
export async function postJsonLd(db: DbOrTx, viewer: Viewer, id: number, origin: string, path: string) {
  const post = await getPost(db, viewer, id);
  return {
    '@context': 'https://schema.org',
    '@type': 'DiscussionForumPosting',
    '@id': `${origin}${path}`,
    url: `${origin}${path}`,
    headline: post.content.slice(0, 110),
    text: post.content,
    inLanguage: post.language,
    datePublished: post.created_at,
    dateModified: post.updated_at,
    author: { '@type': 'Person', name: post.user.nickname },
    keywords: post.tags.map((t) => t.name).join(', ') || undefined,
    interactionStatistic: [
      { '@type': 'InteractionCounter', interactionType: 'https://schema.org/LikeAction', userInteractionCount: post.supports_count },
      { '@type': 'InteractionCounter', interactionType: 'https://schema.org/CommentAction', userInteractionCount: post.comments_count },
    ],
    commentCount: post.comments_count,
  };
}
