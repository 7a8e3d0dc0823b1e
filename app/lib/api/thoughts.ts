/** Thoughts: the list, one thought, writing, editing, deleting, reactions, and the side lists. */
import type { ThoughtReaction } from '../../../core/limits.ts';
import type { existsSchema, jsonLdSchema } from '../../../core/schemas/envelopes.ts';
import type {
  contributorListSchema,
  thoughtListSchema,
  thoughtPageSchema,
  thoughtReactionsSchema,
  thoughtResponseSchema,
} from '../../../core/schemas/thoughts.ts';
import type { Http } from './client.ts';

export function thoughtsApi(http: Http) {
  return {
    thoughts: (page = 1) => http.json<typeof thoughtPageSchema>('GET', `/api/thoughts?page=${page}`),
    thought: (id: number) => http.json<typeof thoughtResponseSchema>('GET', `/api/thoughts/${id}`),
    createThought: (content: string) => http.json<typeof thoughtResponseSchema>('POST', '/api/thoughts', { content }),
    updateThought: (id: number, content: string) => http.json<typeof thoughtResponseSchema>('PUT', `/api/thoughts/${id}`, { content }),
    deleteThought: (id: number) => http.empty('DELETE', `/api/thoughts/${id}`),
    /** The same type again takes the reaction back. */
    reactToThought: (id: number, type: ThoughtReaction) =>
      http.json<typeof thoughtReactionsSchema>('POST', '/api/thoughts-reaction', { thought_id: id, type }),
    popularThoughts: () => http.json<typeof thoughtListSchema>('GET', '/api/thoughts/popular'),
    topContributors: () => http.json<typeof contributorListSchema>('GET', '/api/thoughts/top/contributers'),
    relatedThoughts: (id: number) => http.json<typeof thoughtListSchema>('GET', `/api/relatedThoughts?thought_id=${id}`),
    checkThoughtUrl: (id: number) => http.json<typeof existsSchema>('GET', `/api/check-thought-url?id=${id}`),
    thoughtJsonLd: (id: number) => http.json<typeof jsonLdSchema>('GET', `/api/schema/thought/${id}`),
  };
}
