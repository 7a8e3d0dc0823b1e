/** Moods: the list, writing and editing one, hiding, and reactions. */
import type { messageSchema } from '../../../core/schemas/envelopes.ts';
import type { moodPageSchema, moodReactionsSchema, moodUpdatedSchema } from '../../../core/schemas/moods.ts';
import type { hiddenSchema, moodCreatedSchema } from '../../../core/schemas/posts.ts';
import type { Http } from './client.ts';
import type { NewText } from './posts.ts';

export function moodsApi(http: Http) {
  return {
    moodList: (page = 1) => http.json<typeof moodPageSchema>('GET', `/api/user/get/moods?page=${page}`),
    createMood: (body: NewText) => http.json<typeof moodCreatedSchema>('POST', '/api/user/store/moods', body),
    updateMood: (id: number, body: { content: string; feeling_id: number }) =>
      http.json<typeof moodUpdatedSchema>('POST', `/api/user/update/mood/${id}`, body),
    deleteMood: (id: number) => http.json<typeof messageSchema>('DELETE', `/api/user/delete/mood/${id}`),
    hideMood: (moodId: number, hidden: boolean) =>
      http.json<typeof hiddenSchema>('POST', hidden ? '/api/user/hide/mood' : '/api/user/unhide/mood', { mood_id: moodId }),
    /** The moods the person hid, last hidden first (decision 066). */
    hiddenMoods: (page = 1) => http.json<typeof moodPageSchema>('GET', `/api/user/get/hidden-moods?page=${page}`),
    /** A type reacts (replacing the viewer's earlier reaction); null takes the reaction back. */
    interact: (moodId: number, type: string | null) =>
      type
        ? http.json<typeof moodReactionsSchema>('POST', '/api/interactions', { mood_id: moodId, type })
        : http.json<typeof moodReactionsSchema>('POST', '/api/delete-interaction', { mood_id: moodId }),
  };
}
