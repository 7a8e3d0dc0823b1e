/** Votes in the polls of posts and moods. */
import type { pollResponseSchema } from '../../../core/schemas/polls.ts';
import type { Http } from './client.ts';

export function pollsApi(http: Http) {
  return {
    vote: (optionId: number) => http.json<typeof pollResponseSchema>('POST', '/api/user/update/vote', { poll_option_id: optionId }),
    removeVote: (pollId: number) => http.json<typeof pollResponseSchema>('POST', '/api/user/remove/vote', { poll_id: pollId }),
  };
}
