/**
 * Where a notification about a comment or a reply leads (decision 075): the post's page at that comment, named in the
 * query (`/problem/50?comment=123`, a reply `/problem/50?comment=123&reply=456`) rather than a `#comment-123` hash,
 * because the page's loader must see it to read the comments up to the one named (a hash never reaches it), and a
 * reply names its thread's comment, which is what the comments' pages list. The server writes the address and the
 * page reads it, both here.
 */

export interface CommentAnchor {
  /** The top-level comment: the one named, or the thread a reply is in. */
  comment: number;
  /** The reply inside that comment's thread, if the notification is about one. */
  reply: number | null;
}

/** The post's page at a comment, or at a reply inside `commentId`'s thread (a path without the locale prefix). */
export function commentPath(postId: number, commentId: number, replyId: number | null = null): string {
  return `/problem/${postId}?comment=${commentId}${replyId === null ? '' : `&reply=${replyId}`}`;
}

const idOf = (value: string | null): number | null => {
  if (value === null || !/^[1-9]\d{0,14}$/.test(value)) return null;
  return Number(value);
};

/** The comment an address names; null without one, or when it is not an id (the page then opens as it always did). */
export function commentAnchor(search: URLSearchParams): CommentAnchor | null {
  const comment = idOf(search.get('comment'));
  if (comment === null) return null;
  return { comment, reply: idOf(search.get('reply')) };
}
