/** Posts: the feed, one post, writing, and what readers (support, favorite, hide) and authors (switches) do with one. */
import type { existsSchema, jsonLdSchema, noticeSchema } from '../../../core/schemas/envelopes.ts';
import type { feelingListSchema } from '../../../core/schemas/feelings.ts';
import type {
  favoritedSchema,
  hiddenSchema,
  noteCheckSchema,
  PostSwitch,
  postCreatedSchema,
  postListSchema,
  postPageSchema,
  postResponseSchema,
  postSwitchSchemas,
  postUpdatedSchema,
  supportedSchema,
  unsupportedSchema,
} from '../../../core/schemas/posts.ts';
import type { Http } from './client.ts';

/** The body of a new post or mood. */
export interface NewText {
  content: string;
  feeling_id?: number;
  poll?: { question?: string; options: string[] };
}

export function postsApi(http: Http) {
  return {
    posts: (page = 1) => http.json<typeof postPageSchema>('GET', `/api/posts?page=${page}`),
    post: (id: number) => http.json<typeof postResponseSchema>('GET', `/api/posts/${id}`),
    postsByKeyword: (keyword: string, page = 1) =>
      http.json<typeof postPageSchema>('GET', `/api/posts-by-keyword?keyword=${encodeURIComponent(keyword)}&page=${page}`),
    trendingPosts: () => http.json<typeof postListSchema>('GET', '/api/trendingPosts'),
    relatedPosts: (postId: number) => http.json<typeof postListSchema>('GET', `/api/relatedPosts?post_id=${postId}`),
    postJsonLd: (id: number) => http.json<typeof jsonLdSchema>('GET', `/api/schema/post/${id}`),
    checkProblemUrl: (id: number) => http.json<typeof existsSchema>('GET', `/api/check-problem-url?id=${id}`),
    feelings: (type: 'post' | 'mood') => http.json<typeof feelingListSchema>('GET', `/api/feelings?type=${type}`),
    checkNewNote: (topicId?: number) =>
      http.json<typeof noteCheckSchema>(
        'GET',
        topicId ? `/api/check-new-note?type=topic&topic_id=${topicId}` : '/api/check-new-note?type=post',
      ),
    createPost: (body: NewText & { topic_id?: number }) => http.json<typeof postCreatedSchema>('POST', '/api/posts', body),
    updatePost: (id: number, body: { content: string; feeling_id?: number }) =>
      http.json<typeof postUpdatedSchema>('PUT', `/api/posts/${id}`, body),
    deletePost: (id: number) => http.json<typeof noticeSchema>('DELETE', `/api/posts/${id}`),
    support: (postId: number, on: boolean) =>
      on
        ? http.json<typeof supportedSchema>('POST', '/api/supports', { post_id: postId })
        : http.json<typeof unsupportedSchema>('POST', '/api/unsupport', { post_id: postId }),
    favorite: (postId: number) => http.json<typeof favoritedSchema>('POST', '/api/favorites', { post_id: postId }),
    hidePost: (postId: number, hidden: boolean) =>
      hidden
        ? http.json<typeof hiddenSchema>('POST', '/api/hides', { post_id: postId })
        : http.json<typeof hiddenSchema>('DELETE', `/api/hides/${postId}`),
    /** The posts the person hid, last hidden first (decision 066). */
    hiddenPosts: (page = 1) => http.json<typeof postPageSchema>('GET', `/api/hides?page=${page}`),
    /** The answer holds the one flag `which` toggles. */
    postSwitch: (postId: number, which: PostSwitch) =>
      http.json<(typeof postSwitchSchemas)[PostSwitch]>('POST', `/api/${which}`, { post_id: postId }),
  };
}
