/**
 * Notifications (issue 15, contract15.md): the kinds, which are on unless a person switches them off, and the shape
 * the API, the realtime event and the push payload share. Adding a kind: one entry in NOTIFICATION_TYPES (and its
 * sentence `notification.<type>` in the catalogs); features emit it with `notify()` (server/modules/notifications).
 */
export const NOTIFICATION_TYPES = [
  'support',
  'comment',
  'reply',
  'comment_vote',
  'advice',
  'message',
  'achievement',
  'moderation',
  'report',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Kinds a new account has switched off: a vote on a comment is small news, so it is opt-in. */
export const NOTIFICATION_TYPES_OFF_BY_DEFAULT: readonly NotificationType[] = ['comment_vote'];

/** The three kinds API.md's `/api/disable-{kind}-notification` toggles, stored in their own columns since before. */
export const LEGACY_NOTIFICATION_KINDS = ['support', 'advice', 'message'] as const;

/** The same kind on the same item within this long is one notification that counts people. */
export const NOTIFICATION_GROUP_WINDOW_MS = 60 * 60 * 1000;

export const isNotificationType = (value: unknown): value is NotificationType =>
  typeof value === 'string' && (NOTIFICATION_TYPES as readonly string[]).includes(value);

export interface NotificationItem {
  kind: string;
  id: number;
}

/** API.md "Objects": Notification. */
export interface Notification {
  id: number;
  type: NotificationType;
  data: {
    /** Path without the locale prefix. */
    url: string;
    /** The sentence in the recipient's interface language. */
    text: string;
    actor_count: number;
    item: NotificationItem | null;
  };
  seen: boolean;
  created_at: string;
}

export type NotificationKinds = Record<NotificationType, boolean>;
