/** Comments on posts: top-level oldest first; the comment count is kept on the post in the same transaction. */
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Comment } from '../../../core/types.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { avatars, comments, posts, users } from '../../../db/schema.ts';
import { NotFound } from '../../errors.ts';
import { offset, type PageQuery, paged } from '../../lib/paging.ts';
import type { Viewer } from '../posts/service.ts';
import { authorColumns, type Serializer, serializer, toAuthor } from '../users/service.ts';

function commentQuery(db: DbOrTx) {
  return db
    .select({ comment: comments, ...authorColumns })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .leftJoin(avatars, eq(avatars.id, users.avatarId));
}

type CommentJoin = Awaited<ReturnType<ReturnType<typeof commentQuery>['execute']>>[number];

function toComment(row: CommentJoin, viewer: Viewer, s: Serializer): Comment {
  const c = row.comment;
  return {
    id: c.id,
    post_id: c.postId,
    parent_id: c.parentId,
    content: c.content,
    user: toAuthor(row, s),
    votes_score: c.votesScore,
    my_vote: 0,
    replies_count: c.repliesCount,
    replies: [],
    is_mine: viewer.id === c.userId,
    created_at: c.createdAt.toISOString(),
  };
}

export async function listComments(db: Db, viewer: Viewer, postId: number, q: PageQuery) {
  const where = and(eq(comments.postId, postId), isNull(comments.parentId));
  const [rows, [{ total }], s] = await Promise.all([
    commentQuery(db).where(where).orderBy(asc(comments.createdAt), asc(comments.id)).limit(q.per_page).offset(offset(q)),
    db.select({ total: count() }).from(comments).where(where),
    serializer(db, viewer.locale),
  ]);
  return paged(
    rows.map((r) => toComment(r, viewer, s)),
    total,
    q,
    '/api/post-comments',
    { post_id: String(postId) },
  );
}

export async function addComment(db: Db, viewer: Viewer & { id: number }, postId: number, content: string): Promise<Comment> {
  return db.transaction(async (tx) => {
    const [post] = await tx
      .update(posts)
      .set({ commentsCount: sql`${posts.commentsCount} + 1` })
      .where(eq(posts.id, postId))
      .returning({ id: posts.id });
    if (!post) throw new NotFound();
    const [row] = await tx.insert(comments).values({ postId, userId: viewer.id, content: content.trim() }).returning({ id: comments.id });
    const [joined] = await commentQuery(tx).where(eq(comments.id, row.id));
    return toComment(joined, viewer, await serializer(tx, viewer.locale));
  });
}
