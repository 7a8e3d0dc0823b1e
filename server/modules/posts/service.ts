/**
 * Reading posts. Every read picks its post ids first, then reads those posts with everything they show in one
 * prepared statement (postsInOrder). Feeds leave out what the viewer hid and keep to their languages.
 */
import { and, desc, eq, exists, gte, ilike, inArray, isNotNull, not, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, unionAll } from 'drizzle-orm/pg-core';
import { postJsonLd as jsonLdOfPost } from '../../../core/json-ld.ts';
import { TRENDING_DAYS } from '../../../core/limits.ts';
import type { Poll, Post, Tag } from '../../../core/types.ts';
import type { DbOrTx } from '../../../db/client.ts';
import {
  avatars,
  comments,
  contentCounts,
  favorites,
  feelings,
  postHides,
  posts,
  postTags,
  supports,
  tags,
  users,
} from '../../../db/schema.ts';
import { NotFound } from '../../errors.ts';
import { offset, type PageQuery, paged } from '../../lib/http.ts';
import { prepared, preparedArrays, type Read, viewerIdParam } from '../../lib/prepared.ts';
import type { SignedInViewer, Viewer } from '../../lib/viewer.ts';
import { commentRules } from '../comments/rules.ts';
import { blockRule, daysAgo, feedTotal, itemRules, keepsOf, leftOut, moderationRule, newestFirst, type Rule } from '../feed/service.ts';
import { toFeeling } from '../feelings/service.ts';
import { shownTo, underReview } from '../moderation/visibility.ts';
import { pollJson } from '../polls/service.ts';
import { authorColumns, authorShape, type Serializer, serializer } from '../users/service.ts';
import { trendingRanking } from './trending-cache.ts';

/**
 * The API post of a row of details() as the driver returns it, built in one pass: compiled once per prepared
 * statement from where its fields are (preparedArrays), so no row object of drizzle's comes in between.
 */
function postShape(field: <T>(path: string) => Read<T>) {
  const id = field<number>('post.id');
  const userId = field<number>('post.userId');
  const content = field<string>('post.content');
  const language = field<string>('post.language');
  const topicId = field<number | null>('post.topicId');
  const supportsCount = field<number>('post.supportsCount');
  const moderation = field<string>('post.moderation');
  const shareDisabled = field<boolean>('post.shareDisabled');
  const adviceDisabled = field<boolean>('post.adviceDisabled');
  const notificationsDisabled = field<boolean>('post.notificationsDisabled');
  const createdAt = field<Date>('post.createdAt');
  const updatedAt = field<Date>('post.updatedAt');
  // A left-joined table is null when its first column is, as drizzle's mapResultRow decides it.
  const feelingId = field<number | null>('feeling.id');
  const feelingKey = field<string>('feeling.key');
  const feelingEmoji = field<string>('feeling.emoji');
  const feelingType = field<string>('feeling.type');
  const author = authorShape(field);
  const poll = field<Poll | null>('poll');
  const tagList = field<Tag[]>('tags');
  const isSupported = field<boolean>('isSupported');
  const isFavorited = field<boolean>('isFavorited');
  const isHidden = field<boolean>('isHidden');
  const commentsShown = field<number>('commentsShown');
  return (r: unknown[], s: Serializer, viewer: Viewer): Post => {
    const feeling = feelingId(r);
    return {
      id: id(r),
      slug: String(id(r)),
      content: content(r),
      language: language(r),
      feeling:
        feeling === null
          ? null
          : toFeeling({ id: feeling, key: feelingKey(r), emoji: feelingEmoji(r), type: feelingType(r) }, viewer.locale),
      topic_id: topicId(r),
      tags: tagList(r),
      poll: poll(r),
      user: author(r, s),
      supports_count: supportsCount(r),
      comments_count: Math.max(0, commentsShown(r)),
      is_supported: isSupported(r),
      is_favorited: isFavorited(r),
      is_hidden: isHidden(r),
      is_mine: viewer.id === userId(r),
      ...underReview(moderation(r)),
      share_disabled: shareDisabled(r),
      advice_disabled: adviceDisabled(r),
      notifications_disabled: notificationsDisabled(r),
      created_at: createdAt(r).toISOString(),
      updated_at: updatedAt(r).toISOString(),
    };
  };
}

/** Whether the viewer (an id, or a prepared statement's placeholder) has a row in this per-user table for the current post. */
const markedBy = (table: typeof supports | typeof favorites | typeof postHides, viewerId: number | Placeholder) =>
  sql<boolean>`exists(select 1 from ${table} where ${table.postId} = ${posts.id} and ${table.userId} = ${viewerId})`;

/**
 * A per-user flag of the current post row; false for a signed-out viewer. Only for a query over a few posts by id:
 * over a feed, PostgreSQL may hash the viewer's whole table instead (a scan of every support of every post per
 * page, since supports has no index that starts with user_id).
 */
const flag = (signedIn: boolean, table: typeof supports | typeof favorites | typeof postHides): SQL<boolean> =>
  signedIn ? markedBy(table, sql.placeholder('viewerId')) : sql<boolean>`false`;

/**
 * What a viewer sees of posts: moderation, the posts they hid, and their blocks. Every list of posts keeps these
 * (visibleTo), and every total counts what they leave out with the same conditions (leftOut), so they agree.
 */
export function postRules(viewerId: number | Placeholder | null): Rule[] {
  if (viewerId === null) return [moderationRule(posts, null)];
  return [
    blockRule(viewerId, posts, posts.userId),
    {
      keeps: not(markedBy(postHides, viewerId)),
      suspects: sql`${posts.id} in (select ${postHides.postId} from ${postHides} where ${postHides.userId} = ${viewerId})`,
      exact: true,
    },
    moderationRule(posts, viewerId),
  ];
}

/**
 * What a viewer may open and find in their own lists (a post's page, their favorites): moderation and their blocks. A
 * post they hid stays readable there. A blocked person's post answers 404 to the blocker, as a missing one does.
 */
export function postItemRules(viewerId: number | Placeholder | null): Rule[] {
  return itemRules(posts, viewerId);
}

/**
 * The comments of the current post the viewer sees: the kept count minus those their rules leave out (a comment
 * hidden or removed by moderation, one by a person they blocked, a reply under a comment they do not see), counted
 * among the few suspects only, so a page of posts costs a few index probes more.
 */
const commentsShown = (viewerId: number | Placeholder | null) =>
  sql<number>`(${posts.commentsCount} - ${leftOut(comments, eq(comments.postId, posts.id), commentRules(viewerId))})::int`;

const tagList = sql<Tag[]>`coalesce((select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}) order by lower(${tags.name}))
    from ${postTags} join ${tags} on ${tags.id} = ${postTags.tagId} where ${postTags.postId} = ${posts.id}), '[]'::json)`;

/** Posts with everything a post shows (author, feeling, poll with options and the viewer's vote, tags, the viewer's flags). */
function details(db: DbOrTx, signedIn: boolean) {
  return db
    .select({
      post: posts,
      feeling: feelings,
      ...authorColumns,
      poll: pollJson('post', posts.id, viewerIdParam(signedIn)),
      tags: tagList,
      isSupported: flag(signedIn, supports),
      isFavorited: flag(signedIn, favorites),
      isHidden: flag(signedIn, postHides),
      commentsShown: commentsShown(viewerIdParam(signedIn)),
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(avatars, eq(avatars.id, users.avatarId))
    .leftJoin(feelings, eq(feelings.id, posts.feelingId));
}

const inIds = sql`${posts.id} = any(${sql.placeholder('ids')}::int[])`;

/**
 * Posts by id with their details, in one prepared statement. PostgreSQL soon runs it from a cached generic plan, so
 * it is not planned again per call: planning a join of this size costs more than running it.
 */
function byIds(db: DbOrTx, signedIn: boolean) {
  return preparedArrays(
    db,
    signedIn ? 'posts_by_ids_viewer' : 'posts_by_ids',
    (name) =>
      details(db, signedIn)
        .where(and(inIds, ...keepsOf(postItemRules(viewerIdParam(signedIn)))))
        .prepare(name),
    postShape,
  );
}

/** The posts of these picked ids, in this order. */
async function postsInOrder(db: DbOrTx, picked: { id: number }[], viewer: Viewer): Promise<Post[]> {
  if (picked.length === 0) return [];
  const ids = picked.map((r) => r.id);
  const { query, shape } = byIds(db, viewer.id !== null);
  const rows = await query.execute({ ids, viewerId: viewer.id });
  const s = await serializer(db, viewer.locale);
  const byId = new Map<number, Post>();
  for (const row of rows) {
    const post = shape(row, s, viewer);
    byId.set(post.id, post);
  }
  const inOrder: Post[] = [];
  for (const id of ids) {
    const post = byId.get(id);
    if (post) inOrder.push(post);
  }
  return inOrder;
}

/** The viewer's content languages, when they chose some. */
const inLanguages = (viewer: Viewer): SQL | undefined => (viewer.languages ? inArray(posts.language, [...viewer.languages]) : undefined);

/** What a feed shows the viewer: their content languages, and what their rules keep. */
function visibleTo(viewer: Viewer): SQL[] {
  const languages = inLanguages(viewer);
  return [...(languages ? [languages] : []), ...keepsOf(postRules(viewer.id))];
}

/**
 * How many posts of a topic (the current row's `topicId`) the viewer sees: what listPosts with `topic_id` pages
 * through. Reading every language, it is the topic's kept count (`kept`) minus what their rules leave out of it;
 * with chosen languages, whose share the kept count does not know, a count of the topic's posts in them.
 */
export function topicPostsShown(viewer: Viewer, topicId: AnyPgColumn, kept: AnyPgColumn): SQL<number> {
  const ofTopic = eq(posts.topicId, topicId);
  if (viewer.languages) return sql<number>`(select count(*) from ${posts} where ${and(ofTopic, ...visibleTo(viewer))})::int`;
  return sql<number>`greatest(0, ${kept} - ${leftOut(posts, ofTopic, postRules(viewer.id))})::int`;
}

/** The feed's total: the kept count of the viewer's languages minus what their rules leave out in them. */
const postFeedTotal = (db: DbOrTx, viewer: Viewer) =>
  feedTotal(db, 'post', viewer, leftOut(posts, inLanguages(viewer), postRules(viewer.id)));

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
  return postsInOrder(db, picked, viewer);
}

async function countWhere(db: DbOrTx, where: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(...where));
  return row.n;
}

/**
 * The ids of a page of the feed of a viewer who reads every language (the default), from the feed index, each row
 * with the feed's total (the kept count minus what the viewer's rules leave out). A statement of its own: PostgreSQL plans it per
 * call (cheap for one table) because its cost depends on the page, while the statement that reads the posts runs
 * from a generic plan; as one statement, the whole join was planned again on every call (~0.4 ms).
 * A language filter keeps the literal `in (…)` list of `page`, which lets PostgreSQL walk posts_language_feed_idx
 * in order for a single language.
 */
function everyLanguagePage(db: DbOrTx, signedIn: boolean) {
  // Its SQL pieces are built only when it is first prepared: rebuilt per call, they cost more than the lookup.
  return prepared(db, signedIn ? 'posts_feed_page_viewer' : 'posts_feed_page', (name) => {
    const kept = sql`(select coalesce(sum(${contentCounts.n}), 0) from ${contentCounts} where ${contentCounts.kind} = 'post')`;
    const rules = postRules(viewerIdParam(signedIn));
    return db
      .select({ id: posts.id, total: sql<number>`(${kept} - ${leftOut(posts, undefined, rules)})::int` })
      .from(posts)
      .where(and(...keepsOf(rules)))
      .orderBy(...newest)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  });
}

export async function listPosts(db: DbOrTx, viewer: Viewer, q: PageQuery & { topic_id?: number }) {
  if (q.topic_id !== undefined) {
    // A topic's posts are few next to the whole feed; its index answers the count.
    const where = [...visibleTo(viewer), eq(posts.topicId, q.topic_id)];
    const [data, total] = await Promise.all([page(db, viewer, where, q), countWhere(db, where)]);
    return paged(data, total, q, '/api/posts', { topic_id: String(q.topic_id) });
  }
  if (viewer.languages === null) {
    const rows = await everyLanguagePage(db, viewer.id !== null).execute({ viewerId: viewer.id, limit: q.per_page, offset: offset(q) });
    // Past the last page there is no row to carry the total.
    const total = rows.length > 0 ? Math.max(0, rows[0].total) : await postFeedTotal(db, viewer);
    return paged(await postsInOrder(db, rows, viewer), total, q, '/api/posts');
  }
  // The conditions are built per call only here and for a topic: the feed's prepared statement holds its own.
  const [data, total] = await Promise.all([page(db, viewer, visibleTo(viewer), q), postFeedTotal(db, viewer)]);
  return paged(data, total, q, '/api/posts');
}

/** Posts by id, in this order, as the viewer may see them (search results). */
export const postsByIds = (db: DbOrTx, viewer: Viewer, ids: number[]): Promise<Post[]> =>
  postsInOrder(
    db,
    ids.map((id) => ({ id })),
    viewer,
  );

export async function findPost(db: DbOrTx, viewer: Viewer, id: number): Promise<Post | null> {
  const [post] = await postsInOrder(db, [{ id }], viewer);
  return post ?? null;
}

export async function getPost(db: DbOrTx, viewer: Viewer, id: number): Promise<Post> {
  const post = await findPost(db, viewer, id);
  if (!post) throw new NotFound();
  return post;
}

/**
 * The post by id if the viewer may open it (postItemRules: moderation and their blocks; a post hidden by moderation,
 * or written by someone they blocked, answers 404 on its page). Prepared per kind of viewer: the problem page asks it
 * on every view, through its comments.
 */
export function shownPost(db: DbOrTx, signedIn: boolean) {
  return prepared(db, signedIn ? 'post_shown_viewer' : 'post_shown', (name) =>
    db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, sql.placeholder('id')), ...keepsOf(postItemRules(viewerIdParam(signedIn)))))
      .prepare(name),
  );
}

/** Whether the viewer may open the post (shownPost). */
export async function postExists(db: DbOrTx, id: number, viewerId: number | null): Promise<boolean> {
  const [row] = await shownPost(db, viewerId !== null).execute({ id, viewerId });
  return Boolean(row);
}

/** A tag's posts as the viewer sees them: its page and the count on the tag (countTagPosts) read the same rows. */
const tagWhere = (db: DbOrTx, viewer: Viewer, tagId: number) => [
  ...visibleTo(viewer),
  exists(
    db
      .select({ one: sql`1` })
      .from(postTags)
      .where(and(eq(postTags.postId, posts.id), eq(postTags.tagId, tagId))),
  ),
];

export const countTagPosts = (db: DbOrTx, viewer: Viewer, tagId: number) => countWhere(db, tagWhere(db, viewer, tagId));

export async function listTagPosts(db: DbOrTx, viewer: Viewer, tagId: number, q: PageQuery) {
  const where = tagWhere(db, viewer, tagId);
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

/**
 * The posts the viewer marked in a per-user table (favorites, hides), last marked first, that they may still open
 * (postItemRules: a post they hid stays readable to them). The page and its total read the same rows.
 */
async function listMarked(db: DbOrTx, viewer: SignedInViewer, q: PageQuery, table: typeof favorites | typeof postHides, path: string) {
  const where = and(eq(table.userId, viewer.id), ...keepsOf(postItemRules(viewer.id)));
  const picked = db
    .select({ id: table.postId })
    .from(table)
    .innerJoin(posts, eq(posts.id, table.postId))
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.postId))
    .limit(q.per_page)
    .offset(offset(q));
  const [data, [{ n }]] = await Promise.all([
    picked.then((rows) => postsInOrder(db, rows, viewer)),
    db.select({ n: sql<number>`count(*)::int` }).from(table).innerJoin(posts, eq(posts.id, table.postId)).where(where),
  ]);
  return paged(data, n, q, path);
}

export const listFavorites = (db: DbOrTx, viewer: SignedInViewer, q: PageQuery) => listMarked(db, viewer, q, favorites, '/api/favorites');

/** GET /api/hides: the posts the viewer hid from their feeds, last hidden first, so that they can show them again. */
export const listHiddenPosts = (db: DbOrTx, viewer: SignedInViewer, q: PageQuery) => listMarked(db, viewer, q, postHides, '/api/hides');

/** GET /api/user-posts: the signed-in person's own posts, those under review too (removed ones are "violating"), newest first. */
export async function listOwnPosts(db: DbOrTx, viewer: SignedInViewer, q: PageQuery) {
  const where = [eq(posts.userId, viewer.id), shownTo(posts, viewer.id)];
  const [data, total] = await Promise.all([page(db, viewer, where, q), countWhere(db, where)]);
  return paged(data, total, q, '/api/user-posts');
}

/**
 * The posts with activity in the trending window, scored by their supports and comments in it, from the two
 * tables' rows in the window alone; `where` keeps only what a viewer sees. (Scoring each candidate with two counts
 * of its own read the whole posts table: ~200 ms at 200,000 posts.)
 */
function scoredPosts(db: DbOrTx, where: SQL[], limit: number) {
  const from = daysAgo(TRENDING_DAYS);
  const activity = unionAll(
    db.select({ postId: supports.postId }).from(supports).where(gte(supports.createdAt, from)),
    db.select({ postId: comments.postId }).from(comments).where(gte(comments.createdAt, from)),
  ).as('activity');
  const scores = db
    .select({ postId: activity.postId, score: sql<number>`count(*)`.as('score') })
    .from(activity)
    .groupBy(activity.postId)
    .as('scores');
  return db
    .select({ id: posts.id })
    .from(posts)
    .innerJoin(scores, eq(scores.postId, posts.id))
    .where(and(...where))
    .orderBy(desc(scores.score), ...newest)
    .limit(limit);
}

/**
 * How many of the best-ranked posts every viewer shares: a viewer's rules leave some out, and the ten they see are
 * the first ten of these that are left. Only when their rules leave fewer than ten of them is the full ranking
 * counted for that viewer.
 */
const TRENDING_CANDIDATES = 100;

/** How many trending posts a viewer gets. */
const TRENDING_SHOWN = 10;

/**
 * The first TRENDING_SHOWN of these ids (in their order) the feed rules of a viewer who reads every language keep
 * (hides, blocks, moderation), with their details: one prepared statement instead of picking the kept ids and then
 * reading them. The pick is a subquery of its own, so only its few rows are joined and detailed (joining all the
 * candidates and sorting after cost twice the two statements' time: EXPLAIN ANALYZE, decision 037).
 */
function firstKept(db: DbOrTx, signedIn: boolean) {
  return preparedArrays(
    db,
    signedIn ? 'trending_posts_viewer' : 'trending_posts',
    (name) => {
      const order = sql`array_position(${sql.placeholder('ids')}::int[], ${posts.id})`;
      const picked = db
        .select({ id: posts.id })
        .from(posts)
        .where(and(inIds, ...keepsOf(postRules(viewerIdParam(signedIn)))))
        .orderBy(order)
        .limit(TRENDING_SHOWN);
      return details(db, signedIn).where(inArray(posts.id, picked)).orderBy(order).prepare(name);
    },
    postShape,
  );
}

/**
 * Most supports and comments received in the last 7 days; at most 10. The ranking shared by every viewer is at
 * most TRENDING_TTL_MS old (trending-cache.ts); what the viewer may see is decided per request.
 */
export async function trendingPosts(db: DbOrTx, viewer: Viewer): Promise<Post[]> {
  const ranking = await trendingRanking(db, async () => {
    const rows = await scoredPosts(db, [], TRENDING_CANDIDATES + 1);
    return { ids: rows.slice(0, TRENDING_CANDIDATES).map((r) => r.id), complete: rows.length <= TRENDING_CANDIDATES };
  });
  if (ranking.ids.length === 0) return [];
  // Fewer than are shown were left of an incomplete ranking: the viewer's own is counted in full.
  const counted = async () => postsInOrder(db, await scoredPosts(db, visibleTo(viewer), TRENDING_SHOWN), viewer);
  if (viewer.languages === null) {
    const { query, shape } = firstKept(db, viewer.id !== null);
    const rows = await query.execute({ ids: ranking.ids, viewerId: viewer.id });
    if (rows.length < TRENDING_SHOWN && !ranking.complete) return counted();
    const s = await serializer(db, viewer.locale);
    return rows.map((row) => shape(row, s, viewer));
  }
  // Chosen languages are a literal list, as in the feed's own statement (page): which posts they keep, then those posts.
  const visible = new Set(
    (
      await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(inArray(posts.id, ranking.ids), ...visibleTo(viewer)))
    ).map((r) => r.id),
  );
  const top = ranking.ids.filter((id) => visible.has(id)).slice(0, TRENDING_SHOWN);
  if (top.length < TRENDING_SHOWN && !ranking.complete) return counted();
  return postsInOrder(
    db,
    top.map((id) => ({ id })),
    viewer,
  );
}

/**
 * The ids of the related posts (relatedPosts) as one prepared statement per kind of viewer: posts sharing a tag with
 * the source, newest first, then posts of its feeling sharing none, newest first; in its language, at most 6. Each
 * part reads an index in its order and stops at 6 the viewer sees, so the cost does not grow with the posts of the
 * language, the tag or the feeling: per tag of the source, its newest posts in the language from post_tags (a post
 * sharing two tags comes from both and is kept once: the 6 newest of all are among the 6 newest of each of their
 * tags); then the feeling's newest posts in the language from posts (none when the source has no feeling: `= null`).
 */
function relatedIds(db: DbOrTx, signedIn: boolean) {
  return prepared(db, signedIn ? 'related_posts_viewer' : 'related_posts', (name) => {
    const source = sql.placeholder('source');
    const language = sql.placeholder('language');
    const seen = and(...keepsOf(postRules(viewerIdParam(signedIn))));
    const byTag = sql`select t.id, t.created_at, 0 as part
      from ${postTags} s cross join lateral (
        select ${posts.id}, ${posts.createdAt} from ${postTags} b join ${posts} on ${posts.id} = b.post_id
        where b.tag_id = s.tag_id and b.post_language = ${language} and b.post_id <> ${source} and ${seen}
        order by b.post_created_at desc nulls last, b.post_id desc nulls last limit 6) t
      where s.post_id = ${source}`;
    const byFeeling = sql`select ${posts.id}, ${posts.createdAt}, 1 from ${posts}
      where ${posts.language} = ${language} and ${posts.feelingId} = ${sql.placeholder('feeling')} and ${posts.id} <> ${source}
        and not exists(select 1 from ${postTags} s join ${postTags} b on b.tag_id = s.tag_id where s.post_id = ${source} and b.post_id = ${posts.id})
        and ${seen}
      order by ${sql.join(newest, sql`, `)} limit 6`;
    // A post of two shared tags comes twice from the first part; the second leaves out every post of the first.
    return db
      .selectDistinct({ id: sql<number>`r.id`, part: sql`r.part`, createdAt: sql`r.created_at` })
      .from(sql`(${byTag} union all (${byFeeling})) r`)
      .orderBy(sql`r.part`, sql`r.created_at desc`, sql`r.id desc`)
      .limit(6)
      .prepare(name);
  });
}

/** Posts sharing a tag, then the feeling, in the same language; at most 6, newest first (relatedIds). */
export async function relatedPosts(db: DbOrTx, viewer: Viewer, postId: number): Promise<Post[]> {
  const [source] = await prepared(db, 'post_related_source', (name) =>
    db
      .select({ id: posts.id, feelingId: posts.feelingId, language: posts.language })
      .from(posts)
      .where(eq(posts.id, sql.placeholder('id')))
      .prepare(name),
  ).execute({ id: postId });
  if (!source) throw new NotFound();
  // Every related post is in the source's language: the viewer's content languages keep all of them or none.
  if (viewer.languages && !viewer.languages.includes(source.language)) return [];
  const picked = await relatedIds(db, viewer.id !== null).execute({
    source: source.id,
    language: source.language,
    feeling: source.feelingId,
    viewerId: viewer.id,
  });
  return postsInOrder(db, picked, viewer);
}

/** The newest posts written inside a topic; at most 10. */
export async function latestTopicPosts(db: DbOrTx, viewer: Viewer): Promise<Post[]> {
  const picked = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(isNotNull(posts.topicId), gte(posts.createdAt, daysAgo(30)), ...visibleTo(viewer)))
    .orderBy(...newest)
    .limit(10);
  return postsInOrder(db, picked, viewer);
}

/** schema.org DiscussionForumPosting for a post page (core/json-ld.ts). */
export async function postJsonLd(db: DbOrTx, viewer: Viewer, id: number, origin: string, path: string) {
  return jsonLdOfPost(await getPost(db, viewer, id), origin, path);
}
