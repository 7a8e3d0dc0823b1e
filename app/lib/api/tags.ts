/** Tags: one tag, its posts, and the address check of its page. */
import type { existsSchema } from '../../../core/schemas/envelopes.ts';
import type { postPageSchema } from '../../../core/schemas/posts.ts';
import type { tagResponseSchema } from '../../../core/schemas/tags.ts';
import type { Http } from './client.ts';

export function tagsApi(http: Http) {
  return {
    tag: (id: number) => http.json<typeof tagResponseSchema>('GET', `/api/tags/${id}`),
    tagPosts: (id: number, page = 1) => http.json<typeof postPageSchema>('GET', `/api/tags/${id}/posts?page=${page}`),
    checkTagUrl: (id: number) => http.json<typeof existsSchema>('GET', `/api/check-tag-url?id=${id}`),
  };
}
