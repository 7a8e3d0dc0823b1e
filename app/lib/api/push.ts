/** Web Push: the server's key, this browser's subscription, and quiet hours (server/modules/push). */
import type { z } from 'zod';
import type { pushPublicKeySchema, pushSettingsSchema } from '../../../core/schemas/push.ts';
import type { Http } from './client.ts';

export type PushSettings = z.output<typeof pushSettingsSchema>;

export function pushApi(http: Http) {
  return {
    pushPublicKey: () => http.json<typeof pushPublicKeySchema>('GET', '/api/push/public-key'),
    subscribePush: (subscription: PushSubscriptionJSON) => http.empty('POST', '/api/push-subscriptions', subscription),
    unsubscribePush: (endpoint: string) => http.empty('DELETE', '/api/push-subscriptions', { endpoint }),
    pushSettings: () => http.json<typeof pushSettingsSchema>('GET', '/api/push-settings'),
    savePushSettings: (settings: PushSettings) => http.json<typeof pushSettingsSchema>('PUT', '/api/push-settings', settings),
  };
}
