/**
 * The signed-in person's unseen notifications, shown by the header's bell. A page asks for the count once, then
 * follows the socket: `notification` (a new or grown notification: the count is asked again, as a grown one may
 * already have been unseen) and `notifications:seen` (any tab or device marked some seen: the new count comes with
 * it, so every tab clears its bell). The notifications screen listens for new ones through `onNotification`.
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { type Notification, notificationSentence } from '../../core/notifications.ts';
import { useBurst } from './burst.ts';
import { useIntl } from './intl.tsx';
import { useSession } from './session.tsx';
import { useSocketConnect, useSocketEvent } from './socket.ts';

/**
 * How long the bell waits after a notification event before asking for the count, and the notifications screen
 * before announcing what arrived: events come in bursts.
 */
export const NOTIFICATION_BURST_MS = 250;

let unseen: number | null = null;
let owner: number | null = null;
const listeners = new Set<() => void>();

export function setUnseen(next: number) {
  if (unseen === next) return;
  unseen = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The count, or null until known (and always during server rendering). */
export function useUnseen(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => unseen,
    () => null,
  );
}

/** Keeps the count current while a signed-in page is shown; returns it, 0 while unknown or signed out. */
export function useNotificationsWatch(): number {
  const { api, user } = useSession();
  const userId = user?.id ?? null;
  const signedIn = userId !== null;
  const asked = useRef(0);

  const refresh = useCallback(() => {
    const ask = ++asked.current;
    api.notifications(1, 1).then(
      (page) => {
        // An older answer that arrives after a newer one does not put back a stale count.
        if (ask === asked.current) setUnseen(page.meta.unseen_count);
      },
      () => {
        // Without the count the bell stays as it was; the next page or event brings it.
      },
    );
  }, [api]);
  useEffect(() => {
    if (userId === null) return;
    if (owner !== userId) {
      owner = userId;
      unseen = null;
    }
    refresh();
  }, [refresh, userId]);

  // A burst (a post supported by many people at once) is one event per support: the count is asked once per
  // burst, a moment after its first event, instead of once per event.
  const soon = useBurst(NOTIFICATION_BURST_MS, refresh);

  useSocketConnect(refresh, signedIn);
  useSocketEvent('notification', soon.add, signedIn);
  useSocketEvent('notifications:seen', (event) => setUnseen(event.unseen_count), signedIn);
  const shown = useUnseen();
  return signedIn && shown ? shown : 0;
}

/**
 * Calls `handler` with each notification that arrives while the component is mounted, its sentence said in the
 * page's language: the server wrote it in the account's, which may not be the one this page is in.
 */
export function useNewNotifications(handler: (notification: Notification) => void, enabled = true) {
  const intl = useIntl();
  useSocketEvent(
    'notification',
    ({ sentence, ...n }) => {
      const text = notificationSentence(n.type, n.data.actor_count, sentence, (id, values) => intl.formatMessage({ id }, values));
      handler({ ...n, data: { ...n.data, text } });
    },
    enabled,
  );
}
