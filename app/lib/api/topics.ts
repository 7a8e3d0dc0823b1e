/** Topics: lists, one topic with its posts, creating one, categories and covers. */
import type { jsonLdSchema } from '../../../core/schemas/envelopes.ts';
import type { postPageSchema } from '../../../core/schemas/posts.ts';
import type {
  categoryListSchema,
  topicCoverListSchema,
  topicCreatedSchema,
  topicListSchema,
  topicPageSchema,
  topicResponseSchema,
} from '../../../core/schemas/topics.ts';
import type { Http } from './client.ts';

export function topicsApi(http: Http) {
  return {
    topics: (page = 1, categoryId?: number) =>
      http.json<typeof topicPageSchema>('GET', `/api/topics?page=${page}${categoryId ? `&category_id=${categoryId}` : ''}`),
    topic: (id: number) => http.json<typeof topicResponseSchema>('GET', `/api/topics/${id}`),
    createTopic: (body: { title: string; description: string; category_id: number; cover_id: number }) =>
      http.json<typeof topicCreatedSchema>('POST', '/api/topics', body),
    trendingTopics: () => http.json<typeof topicListSchema>('GET', '/api/topics/trending'),
    latestTopics: () => http.json<typeof topicListSchema>('GET', '/api/topics/latest'),
    relatedTopics: (topicId: number) => http.json<typeof topicListSchema>('GET', `/api/relatedTopics?topic_id=${topicId}`),
    categories: () => http.json<typeof categoryListSchema>('GET', '/api/categories'),
    topicCovers: () => http.json<typeof topicCoverListSchema>('GET', '/api/topic-covers'),
    topicPosts: (topicId: number, page = 1) => http.json<typeof postPageSchema>('GET', `/api/posts?topic_id=${topicId}&page=${page}`),
    topicJsonLd: (id: number) => http.json<typeof jsonLdSchema>('GET', `/api/schema/topic/${id}`),
  };
}
