/** Notifications (API.md "Notifications"; contract15.md): the list, seen marks and the per-kind switches. */
import type { NotificationKinds } from '../../../core/notifications.ts';
import type { notificationKindsSchema, notificationPageSchema, unseenCountSchema } from '../../../core/schemas/notifications.ts';
import type { Http } from './client.ts';

export function notificationsApi(http: Http) {
  return {
    notifications: (page = 1, perPage?: number) =>
      http.json<typeof notificationPageSchema>('GET', `/api/notifications-received?page=${page}${perPage ? `&per_page=${perPage}` : ''}`),
    /** These ids, or all when none are given. */
    markNotificationsSeen: (ids?: number[]) => http.json<typeof unseenCountSchema>('POST', '/api/notifications-seen', ids ? { ids } : {}),
    notificationSettings: () => http.json<typeof notificationKindsSchema>('GET', '/api/notification-settings'),
    updateNotificationSettings: (kinds: Partial<NotificationKinds>) =>
      http.json<typeof notificationKindsSchema>('PUT', '/api/notification-settings', { kinds }),
  };
}
