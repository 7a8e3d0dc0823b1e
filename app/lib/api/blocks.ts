/** Blocks: the people I blocked, blocking and unblocking. */
import type { blockedSchema, blockPageSchema } from '../../../core/schemas/blocks.ts';
import type { CallOptions, Http } from './client.ts';

export function blocksApi(http: Http) {
  return {
    blocks: (page = 1) => http.json<typeof blockPageSchema>('GET', `/api/blocks?page=${page}`),
    block: (userId: number, call?: CallOptions) => http.json<typeof blockedSchema>('POST', '/api/blocks', { user_id: userId }, call),
    unblock: (userId: number) => http.json<typeof blockedSchema>('DELETE', `/api/blocks/${userId}`),
  };
}
