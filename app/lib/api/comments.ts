/** Comments on a post and their replies, editing, deleting and votes. */

import type { z } from 'zod';
import type {
  commentPageSchema,
  commentResponseSchema,
  commentVoteResponseSchema,
  commentVoteSchema,
} from '../../../core/schemas/comments.ts';
import type { Http } from './client.ts';

export function commentsApi(http: Http) {
  return {
    postComments: (postId: number, page = 1) =>
      http.json<typeof commentPageSchema>('GET', `/api/post-comments?post_id=${postId}&page=${page}`),
    commentReplies: (commentId: number, page = 1) =>
      http.json<typeof commentPageSchema>('GET', `/api/comments/${commentId}/replies?page=${page}`),
    addComment: (postId: number, content: string) =>
      http.json<typeof commentResponseSchema>('POST', '/api/comments', { post_id: postId, content }),
    replyTo: (commentId: number, content: string) =>
      http.json<typeof commentResponseSchema>('POST', '/api/comment-reply', { comment_id: commentId, content }),
    updateComment: (id: number, content: string) => http.json<typeof commentResponseSchema>('PUT', `/api/comments/${id}`, { content }),
    deleteComment: (id: number) => http.empty('DELETE', `/api/comments/${id}`),
    voteComment: (id: number, vote: z.output<typeof commentVoteSchema>) =>
      http.json<typeof commentVoteResponseSchema>('POST', '/api/comment-vote', { comment_id: id, vote }),
  };
}
