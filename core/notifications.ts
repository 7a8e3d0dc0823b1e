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
    /** The sentence in the language of the screen that asked (a live event or a push: the account's language). */
    text: string;
    actor_count: number;
    item: NotificationItem | null;
  };
  seen: boolean;
  created_at: string;
}

/**
 * What a notification's sentence is made of. The realtime event carries it beside the sentence the server wrote in
 * the account's language, so that the page reading it says it in the page's own language (app/lib/notifications.ts).
 */
export interface NotificationSentence {
  /** The person who acted last; null when there is nobody to name ("Someone"). */
  actor_name: string | null;
  params: Record<string, string | number>;
}

/**
 * The sentence of a notification, "{name} and {others} others supported your post", said by `say` (a message key
 * and its values, in the reader's language): the server's translate and a page's catalog say it the same way.
 */
export function notificationSentence(
  type: string,
  actorCount: number,
  { actor_name, params }: NotificationSentence,
  say: (key: string, values?: Record<string, string | number>) => string,
): string {
  // An achievement is stored by its key and named in the reader's language when read.
  const title = typeof params.achievement === 'string' ? say(`achievement.${params.achievement}.name`) : undefined;
  return say(`notification.${type}`, {
    ...params,
    name: actor_name ?? say('notification.someone'),
    others: Math.max(0, actorCount - 1),
    ...(title ? { title } : {}),
  });
}

export type NotificationKinds = Record<NotificationType, boolean>;
