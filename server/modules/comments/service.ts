/**
 * Comments on posts and their replies (one level deep). The post's comment count, a comment's reply count
 * and its vote score are kept on the rows in the same transaction as the change.
 */
import { and, asc, eq, inArray, isNull, lte, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { commentPath } from '../../../core/comment-anchor.ts';
import { POINTS, REPLIES_SHOWN } from '../../../core/limits.ts';
import type { Comment } from '../../../core/types.ts';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { avatars, comments, commentVotes, posts, users } from '../../../db/schema.ts';
import { NotFound, ownedBy } from '../../errors.ts';
import { offset, type PageQuery, paged } from '../../lib/http.ts';
import { languageOfText } from '../../lib/language.ts';
import { prepared, viewerIdParam } from '../../lib/prepared.ts';
import type { SignedInViewer, Viewer } from '../../lib/viewer.ts';
import { awardAchievements } from '../achievements/service.ts';
import { isCrisisText } from '../crisis/check.ts';
import { itemRules, keepsOf } from '../feed/service.ts';
import { queueIfCrisis } from '../moderation/service.ts';
import { underReview } from '../moderation/visibility.ts';
import { notify } from '../notifications/service.ts';
import { postItemRules, shownPost } from '../posts/service.ts';
import { trendingChanged } from '../posts/trending-cache.ts';
import { reportedBy } from '../reports/reported.ts';
import { activeUser, authorColumns, awardPoints, serializer, toAuthor, type UserRow } from '../users/service.ts';
import { takeWriteSlot } from '../writes/service.ts';
import { commentRules, inThread } from './rules.ts';

const commentFields = (viewerId: number | Placeholder | null) => ({
  comment: comments,
  ...authorColumns,
  myVote:
    viewerId === null
      ? sql<number>`0`
      : sql<number>`coalesce((select ${commentVotes.vote} from ${commentVotes} where ${commentVotes.commentId} = ${comments.id} and ${commentVotes.userId} = ${viewerId}), 0)`,
  reported: viewerId === null ? sql<boolean>`false` : reportedBy(viewerId, 'comment', comments.id),
});

function commentQuery(db: DbOrTx, viewerId: number | null) {
  return db
    .select(commentFields(viewerId))
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .leftJoin(avatars, eq(avatars.id, users.avatarId));
}

type CommentJoin = Awaited<ReturnType<ReturnType<typeof commentQuery>['execute']>>[number];

/** What the viewer sees of comments (rules.ts), as conditions of a query over comments. */
const seenBy = (viewer: Viewer) => keepsOf(commentRules(viewer.id));

/**
 * What a person may write on (reply to, vote on): a comment they see, under a post they may open (the comments of a
 * post they may not open are not theirs to read either, listComments). Anything else answers 404, as a missing one.
 */
const writableBy = (userId: number): SQL[] => inThread(itemRules, userId);

/**
 * How many of each of these comments' replies the viewer sees: the total of GET /api/comments/{id}/replies, counted
 * with its conditions (a comment's replies are few, so a count of them costs less than subtracting from the kept one).
 */
async function repliesSeen(db: DbOrTx, viewer: Viewer, parents: number[]): Promise<Map<number, number>> {
  if (parents.length === 0) return new Map();
  const rows = await db
    .select({ parentId: comments.parentId, n: sql<number>`count(*)::int` })
    .from(comments)
    .where(and(inArray(comments.parentId, parents), ...seenBy(viewer)))
    .groupBy(comments.parentId);
  return new Map(rows.map((r) => [r.parentId ?? 0, r.n]));
}

async function hydrate(db: DbOrTx, rows: CommentJoin[], viewer: Viewer, withReplies: boolean): Promise<Comment[]> {
  const s = await serializer(db, viewer.locale);
  const replies = new Map<number, Comment[]>();
  const parents = rows.filter((r) => r.comment.repliesCount > 0).map((r) => r.comment.id);
  const seen = await repliesSeen(db, viewer, parents);
  if (withReplies && parents.length > 0) {
    const ranked = db
      .select({
        id: comments.id,
        rn: sql<number>`row_number() over (partition by ${comments.parentId} order by ${comments.createdAt}, ${comments.id})`.as('rn'),
      })
      .from(comments)
      .where(and(inArray(comments.parentId, parents), ...seenBy(viewer)))
      .as('ranked');
    const replyRows = await commentQuery(db, viewer.id)
      .innerJoin(ranked, eq(ranked.id, comments.id))
      .where(lte(ranked.rn, REPLIES_SHOWN))
      .orderBy(asc(comments.createdAt), asc(comments.id));
    for (const reply of await hydrate(db, replyRows, viewer, false)) {
      const list = replies.get(reply.parent_id ?? 0) ?? [];
      list.push(reply);
      replies.set(reply.parent_id ?? 0, list);
    }
  }
  return rows.map(({ comment: c, myVote, reported, ...author }) => ({
    id: c.id,
    post_id: c.postId,
    parent_id: c.parentId,
    content: c.content,
    language: c.language,
    user: toAuthor(author, s),
    votes_score: c.votesScore,
    my_vote: Math.sign(Number(myVote)) as -1 | 0 | 1,
    replies_count: seen.get(c.id) ?? 0,
    replies: replies.get(c.id) ?? [],
    is_mine: viewer.id === c.userId,
    ...underReview(c.moderation),
    ...(reported ? { reported: true as const } : {}),
    created_at: c.createdAt.toISOString(),
  }));
}

async function pageOf(db: DbOrTx, viewer: Viewer, shown: SQL | undefined, q: PageQuery, withReplies: boolean) {
  const where = and(shown, ...seenBy(viewer));
  const [rows, [{ total }]] = await Promise.all([
    commentQuery(db, viewer.id).where(where).orderBy(asc(comments.createdAt), asc(comments.id)).limit(q.per_page).offset(offset(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(comments).where(where),
  ]);
  return { data: await hydrate(db, rows, viewer, withReplies), total };
}

/**
 * A page of a post's top-level comments as the viewer sees them, each row with the total of the rows the page is
 * taken from (a window count, computed before the limit): one prepared statement per kind of viewer instead of a
 * page and a count planned per call. Every problem page reads it.
 */
function postCommentsPage(db: DbOrTx, signedIn: boolean) {
  const viewerId = viewerIdParam(signedIn);
  return prepared(db, signedIn ? 'post_comments_viewer' : 'post_comments', (name) =>
    db
      .select({ ...commentFields(viewerId), total: sql<number>`(count(*) over ())::int` })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .leftJoin(avatars, eq(avatars.id, users.avatarId))
      .where(and(eq(comments.postId, sql.placeholder('postId')), isNull(comments.parentId), ...keepsOf(commentRules(viewerId))))
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
}

export async function listComments(db: Db, viewer: Viewer, postId: number, q: PageQuery) {
  // The comments of a post the viewer may not open (moderation, a block) are not theirs to read either.
  const [[post], rows] = await Promise.all([
    shownPost(db, viewer.id !== null).execute({ id: postId, viewerId: viewer.id }),
    postCommentsPage(db, viewer.id !== null).execute({ postId, viewerId: viewer.id, limit: q.per_page, offset: offset(q) }),
  ]);
  if (!post) throw new NotFound();
  const shown = and(eq(comments.postId, postId), isNull(comments.parentId));
  // Past the last page there is no row to carry the total.
  const total =
    rows.length > 0
      ? rows[0].total
      : offset(q) === 0
        ? 0
        : (
            await db
              .select({ total: sql<number>`count(*)::int` })
              .from(comments)
              .where(and(shown, ...seenBy(viewer)))
          )[0].total;
  const data = await hydrate(
    db,
    rows.map(({ total: _, ...row }) => row),
    viewer,
    true,
  );
  return paged(data, total, q, '/api/post-comments', { post_id: String(postId) });
}

export async function listReplies(db: Db, viewer: Viewer, commentId: number, q: PageQuery) {
  // Replies are read through their comment: under one the viewer does not see, there are none to read.
  const [parent] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.id, commentId), ...seenBy(viewer)));
  if (!parent) throw new NotFound();
  const { data, total } = await pageOf(db, viewer, eq(comments.parentId, commentId), q, false);
  return paged(data, total, q, `/api/comments/${commentId}/replies`);
}

async function getComment(tx: DbOrTx, viewer: Viewer, id: number): Promise<Comment> {
  const rows = await commentQuery(tx, viewer.id).where(and(eq(comments.id, id), ...seenBy(viewer)));
  const [comment] = await hydrate(tx, rows, viewer, true);
  if (!comment) throw new NotFound();
  return comment;
}

/** The crisis detector's verdict on a comment's text, asked before its transaction opens (queueIfCrisis). */
const crisisOf = (author: UserRow, content: string) => {
  const text = content.trim();
  return isCrisisText(text, languageOfText(author, text));
};

async function insertComment(
  tx: Tx,
  author: UserRow,
  viewer: SignedInViewer,
  postId: number,
  parentId: number | null,
  content: string,
  crisis: { matched: boolean },
) {
  // Only on a post the writer may open (postItemRules, as its page): else 404, and nothing is written or told.
  const [post] = await tx
    .update(posts)
    .set({ commentsCount: sql`${posts.commentsCount} + 1` })
    .where(and(eq(posts.id, postId), ...keepsOf(postItemRules(viewer.id))))
    .returning({ id: posts.id, authorId: posts.userId });
  if (!post) throw new NotFound();
  // The update above holds the post's row, so two first answers to the same post are decided one after the other.
  const answered =
    post.authorId === viewer.id ||
    (
      await tx
        .select({ one: sql`1` })
        .from(comments)
        .where(and(eq(comments.postId, postId), ne(comments.userId, post.authorId)))
        .limit(1)
    ).length > 0;
  const text = content.trim();
  const [row] = await tx
    .insert(comments)
    .values({ postId, userId: viewer.id, parentId, content: text, language: languageOfText(author, text) })
    .returning({ id: comments.id });
  await awardPoints(tx, viewer.id, POINTS.comment);
  await awardAchievements(tx, viewer.id, {
    type: 'comment',
    helped: post.authorId === viewer.id ? null : post.authorId,
    firstAnswer: !answered,
  });
  await queueIfCrisis(tx, crisis, { target: 'comment', targetId: row.id, authorId: viewer.id });
  // The notification opens the post at what was written (decision 075).
  if (parentId === null) {
    await notify(tx, {
      type: 'comment',
      recipientId: post.authorId,
      actorId: viewer.id,
      item: { kind: 'post', id: postId },
      url: commentPath(postId, row.id),
      key: `comment:${row.id}`,
    });
  } else {
    const [parent] = await tx.select({ userId: comments.userId }).from(comments).where(eq(comments.id, parentId));
    if (parent) {
      await notify(tx, {
        type: 'reply',
        recipientId: parent.userId,
        actorId: viewer.id,
        item: { kind: 'comment', id: parentId },
        url: commentPath(postId, parentId, row.id),
        key: `reply:${row.id}`,
      });
    }
  }
  return getComment(tx, viewer, row.id);
}

/** `author` is the signed-in user's row: its locale and detection setting decide the comment's language. */
export async function addComment(db: Db, author: UserRow, viewer: SignedInViewer, postId: number, content: string): Promise<Comment> {
  const crisis = await crisisOf(author, content);
  const comment = await db.transaction(async (tx) => {
    await takeWriteSlot(tx, viewer.id, 'comment');
    return insertComment(tx, author, viewer, postId, null, content, crisis);
  });
  trendingChanged(db);
  return comment;
}

/** A reply to a reply joins the same thread: replies are one level deep. */
export async function addReply(db: Db, author: UserRow, viewer: SignedInViewer, commentId: number, content: string): Promise<Comment> {
  const crisis = await crisisOf(author, content);
  const comment = await db.transaction(async (tx) => {
    await takeWriteSlot(tx, viewer.id, 'comment');
    const [target] = await tx
      .select({ postId: comments.postId, parentId: comments.parentId })
      .from(comments)
      .where(and(eq(comments.id, commentId), ...writableBy(viewer.id)));
    if (!target) throw new NotFound();
    const parentId = target.parentId ?? commentId;
    await tx
      .update(comments)
      .set({ repliesCount: sql`${comments.repliesCount} + 1` })
      .where(eq(comments.id, parentId));
    return insertComment(tx, author, viewer, target.postId, parentId, content, crisis);
  });
  trendingChanged(db);
  return comment;
}

async function ownComment(tx: Tx, userId: number, id: number) {
  const [row] = await tx.select().from(comments).where(eq(comments.id, id)).for('update');
  return ownedBy(row, userId);
}

export async function updateComment(db: Db, author: UserRow, viewer: SignedInViewer, id: number, content: string): Promise<Comment> {
  const text = content.trim();
  const language = languageOfText(author, text);
  const crisis = await isCrisisText(text, language);
  return db.transaction(async (tx) => {
    await activeUser(tx, viewer.id);
    await ownComment(tx, viewer.id, id);
    await tx.update(comments).set({ content: text, language, updatedAt: new Date() }).where(eq(comments.id, id));
    await queueIfCrisis(tx, crisis, { target: 'comment', targetId: id, authorId: viewer.id });
    return getComment(tx, viewer, id);
  });
}

/** Each comment about to be deleted takes back the points it earned its author: points count what stands. */
export async function takeBackCommentPoints(tx: Tx, which: SQL): Promise<void> {
  const authors = await tx
    .select({ userId: comments.userId, count: sql<number>`count(*)::int` })
    .from(comments)
    .where(which)
    .groupBy(comments.userId);
  for (const { userId, count } of authors) await awardPoints(tx, userId, -POINTS.comment * count);
}

/** Deleting a comment deletes its replies; the counts above it drop by as many, and the points they earned go. */
export async function deleteComment(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await activeUser(tx, userId);
    const row = await ownComment(tx, userId, id);
    await takeBackCommentPoints(tx, or(eq(comments.id, id), eq(comments.parentId, id)) as SQL);
    await tx.delete(comments).where(eq(comments.id, id));
    await tx
      .update(posts)
      .set({ commentsCount: sql`greatest(0, ${posts.commentsCount} - ${1 + row.repliesCount})` })
      .where(eq(posts.id, row.postId));
    if (row.parentId !== null) {
      await tx
        .update(comments)
        .set({ repliesCount: sql`greatest(0, ${comments.repliesCount} - 1)` })
        .where(eq(comments.id, row.parentId));
    }
  });
  trendingChanged(db);
}

/** Sets the user's vote on a comment to -1, 0 or 1; the score moves by the difference. */
export async function voteComment(db: Db, userId: number, commentId: number, vote: -1 | 0 | 1) {
  return db.transaction(async (tx) => {
    await activeUser(tx, userId);
    const [comment] = await tx
      .select({ id: comments.id, userId: comments.userId, postId: comments.postId, parentId: comments.parentId })
      .from(comments)
      .where(and(eq(comments.id, commentId), ...writableBy(userId)))
      .for('update');
    if (!comment) throw new NotFound();
    const [old] = await tx
      .delete(commentVotes)
      .where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.userId, userId)))
      .returning({ vote: commentVotes.vote });
    if (vote !== 0) await tx.insert(commentVotes).values({ commentId, userId, vote });
    const [row] = await tx
      .update(comments)
      .set({ votesScore: sql`${comments.votesScore} + ${vote - (old?.vote ?? 0)}` })
      .where(eq(comments.id, commentId))
      .returning({ votesScore: comments.votesScore });
    // Only a vote up is news worth telling; a vote down is not sent to anyone.
    if (vote === 1 && (old?.vote ?? 0) !== 1) {
      const item = { kind: 'comment', id: commentId };
      // At the comment voted on; a reply inside its thread.
      const url =
        comment.parentId === null ? commentPath(comment.postId, commentId) : commentPath(comment.postId, comment.parentId, commentId);
      await notify(tx, { type: 'comment_vote', recipientId: comment.userId, actorId: userId, item, url });
    }
    return { votes_score: row.votesScore, my_vote: vote };
  });
}
