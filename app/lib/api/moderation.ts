/** Moderation (issue 14): the moderators' queue and actions, one's own removed items and appeals, care notices. */
import type { ModerationAction } from '../../../core/moderation.ts';
import type { messageSchema } from '../../../core/schemas/envelopes.ts';
import type {
  careNoticeListSchema,
  logPageSchema,
  queuePageSchema,
  queueSummarySchema,
  reasonListSchema,
  violatingPageSchema,
} from '../../../core/schemas/moderation.ts';
import type { Http } from './client.ts';

export function moderationApi(http: Http) {
  return {
    moderationQueue: (page = 1) => http.json<typeof queuePageSchema>('GET', `/api/moderation/queue?page=${page}`),
    moderationSummary: () => http.json<typeof queueSummarySchema>('GET', '/api/moderation/summary'),
    liftSuspension: (userId: number) => http.json<typeof messageSchema>('POST', `/api/moderation/users/${userId}/lift-suspension`),
    moderationReasons: () => http.json<typeof reasonListSchema>('GET', '/api/moderation/reasons'),
    moderate: (entryId: number, body: { action: ModerationAction; reason?: string; days?: number }) =>
      http.json<typeof messageSchema>('POST', `/api/moderation/items/${entryId}/action`, body),
    violatingItems: (page = 1) => http.json<typeof violatingPageSchema>('GET', `/api/get/user-violating?page=${page}`),
    moderationHistory: (page = 1) => http.json<typeof logPageSchema>('GET', `/api/moderation/history?page=${page}`),
    appeal: (removalId: number, note?: string) =>
      http.json<typeof messageSchema>('POST', '/api/moderation/appeal', { removal_id: removalId, ...(note ? { note } : {}) }),
    careNotices: () => http.json<typeof careNoticeListSchema>('GET', '/api/care-notices'),
    dismissCareNotice: (id: number) => http.json<typeof messageSchema>('POST', `/api/care-notices/${id}/dismiss`),
  };
}
