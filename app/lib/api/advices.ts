/** Advice: private words to a post's author, and the advice I received. */
import type { advicePageSchema, adviceResponseSchema } from '../../../core/schemas/advices.ts';
import type { Http } from './client.ts';

export function advicesApi(http: Http) {
  return {
    advices: (page = 1) => http.json<typeof advicePageSchema>('GET', `/api/advices?page=${page}`),
    sendAdvice: (postId: number, content: string) =>
      http.json<typeof adviceResponseSchema>('POST', '/api/advices', { post_id: postId, content }),
  };
}
