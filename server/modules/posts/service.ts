/**
 * Reading posts: one query shape with the author, feeling and the viewer's flags, then polls and tags for
 * the whole page in two more queries. Feeds leave out what the viewer hid and keep to their languages.
 */
import { and, desc, eq, exists, gte, ilike, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { TRENDING_DAYS } from '../../../core/limits.ts';
import type { Post } from '../../../core/types.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { avatars, comments, favorites, feelings, postHides, posts, postTags, supports, users } from '../../../db/schema.ts';
import { NotFound } from '../../errors.ts';
import { offset, type PageQuery, paged } from '../../lib/paging.ts';
import type { SignedInViewer, Viewer } from '../../lib/viewer.ts';
import { toFeeling } from '../feelings/service.ts';
import { feedTotal } from '../feed/service.ts';
import { pollsFor } from '../polls/service.ts';
import { tagsFor } from '../tags/service.ts';
import { authorColumns, serializer, toAuthor } from '../users/service.ts';

/** `exists(...)` of a per-user table for the current post row; false for a signed-out viewer. */
function flag(viewerId: number | null, table: typeof supports | typeof favorites | typeof postHides): SQL<boolean> {
  if (viewerId === null) return sql<boolean>`false`;
  return sql<boolean>`exists(select 1 from ${table} where ${table.postId} = ${posts.id} and ${table.userId} = ${viewerId})`;
}

function postQuery(db: DbOrTx, viewerId: number | null) {
  return db
    .select({
      post: posts,
      feeling: feelings,
      ...authorColumns,
      isSupported: flag(viewerId, supports),
      isFavorited: flag(viewerId, favorites),
      isHidden: flag(viewerId, postHides),
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(avatars, eq(avatars.id, users.avatarId))
    .leftJoin(feelings, eq(feelings.id, posts.feelingId));
}

type PostJoin = Awaited<ReturnType<ReturnType<typeof postQuery>['execute']>>[number];

async function hydrate(db: DbOrTx, rows: PostJoin[], viewer: Viewer): Promise<Post[]> {
  const ids = rows.map((r) => r.post.id);
  const [s, polls, tags] = await Promise.all([serializer(db, viewer.locale), pollsFor(db, 'post', ids, viewer.id), tagsFor(db, ids)]);
  return rows.map(({ post: p, feeling, isSupported, isFavorited, isHidden, ...author }) => ({
    id: p.id,
    slug: String(p.id),
    content: p.content,
    language: p.language,
    feeling: feeling ? toFeeling(feeling, viewer.locale) : null,
    topic_id: p.topicId,
    tags: tags.get(p.id) ?? [],
    poll: polls.get(p.id) ?? null,
    user: toAuthor(author, s),
    supports_count: p.supportsCount,
    comments_count: p.commentsCount,
    is_supported: Boolean(isSupported),
    is_favorited: Boolean(isFavorited),
    is_hidden: Boolean(isHidden),
    is_mine: viewer.id === p.userId,
    share_disabled: p.shareDisabled,
    advice_disabled: p.adviceDisabled,
    notifications_disabled: p.notificationsDisabled,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  }));
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

const newestFirst = [desc(posts.createdAt), desc(posts.id)];

async function page(db: DbOrTx, viewer: Viewer, where: SQL[], q: PageQuery) {
  const rows = await postQuery(db, viewer.id)
    .where(and(...where))
    .orderBy(...newestFirst)
    .limit(q.per_page)
    .offset(offset(q));
  return hydrate(db, rows, viewer);
}

async function countWhere(db: DbOrTx, where: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(...where));
  return row.n;
}

export async function listPosts(db: DbOrTx, viewer: Viewer, q: PageQuery & { topic_id?: number }) {
  const where = visibleTo(viewer);
  if (q.topic_id !== undefined) {
    // A topic's posts are few next to the whole feed; its index answers the count.
    where.push(eq(posts.topicId, q.topic_id));
    const [data, total] = await Promise.all([page(db, viewer, where, q), countWhere(db, where)]);
    return paged(data, total, q, '/api/posts', { topic_id: String(q.topic_id) });
  }
  const hidden = () =>
    countWhere(db, [
      sql`exists(select 1 from ${postHides} where ${postHides.postId} = ${posts.id} and ${postHides.userId} = ${viewer.id})`,
      ...(viewer.languages ? [inArray(posts.language, [...viewer.languages])] : []),
    ]);
  const [data, total] = await Promise.all([page(db, viewer, where, q), feedTotal(db, 'post', viewer, hidden)]);
  return paged(data, total, q, '/api/posts');
}

export async function findPost(db: DbOrTx, viewer: Viewer, id: number): Promise<Post | null> {
  const rows = await postQuery(db, viewer.id).where(eq(posts.id, id));
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
  const rows = await postQuery(db, viewer.id)
    .innerJoin(favorites, and(eq(favorites.postId, posts.id), eq(favorites.userId, viewer.id)))
    .orderBy(desc(favorites.createdAt))
    .limit(q.per_page)
    .offset(offset(q));
  const [data, [{ n }]] = await Promise.all([
    hydrate(db, rows, viewer),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(favorites)
      .where(eq(favorites.userId, viewer.id)),
  ]);
  return paged(data, n, q, '/api/favorites');
}

const since = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

/** Most supports and comments received in the last 7 days; at most 10. */
export async function trendingPosts(db: DbOrTx, viewer: Viewer): Promise<Post[]> {
  const from = since(TRENDING_DAYS);
  const score = sql<number>`(
    (select count(*) from ${supports} where ${supports.postId} = ${posts.id} and ${supports.createdAt} >= ${from})
    + (select count(*) from ${comments} where ${comments.postId} = ${posts.id} and ${comments.createdAt} >= ${from}))`;
  // Only posts with activity in the window can score; the candidates come from the two indexed tables.
  const active = sql`${posts.id} in (
    select ${supports.postId} from ${supports} where ${supports.createdAt} >= ${from}
    union select ${comments.postId} from ${comments} where ${comments.createdAt} >= ${from})`;
  const rows = await postQuery(db, viewer.id)
    .where(and(active, ...visibleTo(viewer)))
    .orderBy(desc(score), ...newestFirst)
    .limit(10);
  return hydrate(db, rows, viewer);
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
  const rows = await postQuery(db, viewer.id)
    .where(and(ne(posts.id, source.id), eq(posts.language, source.language), or(sharesTag, sameFeeling), ...visibleTo(viewer)))
    .orderBy(desc(sql`case when ${sharesTag} then 1 else 0 end`), ...newestFirst)
    .limit(6);
  return hydrate(db, rows, viewer);
}

/** The newest posts written inside a topic; at most 10. */
export async function latestTopicPosts(db: DbOrTx, viewer: Viewer): Promise<Post[]> {
  const rows = await postQuery(db, viewer.id)
    .where(and(isNotNull(posts.topicId), gte(posts.createdAt, since(30)), ...visibleTo(viewer)))
    .orderBy(...newestFirst)
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
