/**
 * The realtime contract (API.md "Realtime"), declared once for the server (`server/plugins/realtime.ts`) and the
 * browser (`app/lib/socket.ts`): the event names and their payloads, as socket.io's typed event maps, and the
 * public rooms any socket may join. Types only, apart from the room list, so nothing of socket.io reaches `core/`.
 */
import type { Notification, NotificationSentence } from './notifications.ts';

/** The feed rooms any socket, signed in or not, may `subscribe` to. */
export const PUBLIC_ROOMS = ['feed:posts', 'feed:moods', 'feed:thoughts'] as const;
export type PublicRoom = (typeof PUBLIC_ROOMS)[number];

/** Announces an item newly added to a public list; the list fetches it when the reader asks. */
export interface FeedNew {
  type: 'post' | 'mood' | 'thought';
  id: number;
  /** Its content language: a list kept to the reader's content languages counts only what it will show. */
  language: string;
}

/**
 * API.md "Objects": Notification, sent to its user, with what its sentence is made of: the server wrote `data.text`
 * in the account's language, and the page says it again in its own.
 */
export type NotificationEvent = Notification & { sentence: NotificationSentence };

/** API.md "Objects": Message, sent to both participants. */
export interface MessageEvent {
  id: number;
  conversation_id: number;
  sender_id: number;
  content: string;
  created_at: string;
  seen_at: string | null;
}

/** The header's badge (GET /api/unread-messages), sent to a user's own sockets whenever it changes. */
export interface UnreadEvent {
  unread_total: number;
  requests_count: number;
}

/** To the reader's own sockets (every tab and device): this conversation was read, here are the new totals. */
export interface ConversationReadEvent extends UnreadEvent {
  conversation_id: number;
}

/** To the sender, only while the reader has read receipts on: their messages up to now were seen at `seen_at`. */
export interface MessagesSeenEvent {
  conversation_id: number;
  seen_at: string;
}

/** To the other participant, only while both have typing indicators on. */
export interface TypingEvent {
  conversation_id: number;
  user_id: number;
}

/** To moderators watching the queue: it changed (a report, a crisis signal, an appeal, an action); the list refetches. */
export interface ModerationQueueEvent {
  change: 'queued' | 'acted';
}

/** The room of the moderators' queue; only a moderator's socket may join it (`moderation:watch`). */
export const MODERATION_ROOM = 'moderation:queue';

export interface ServerToClientEvents {
  notification: (notification: NotificationEvent) => void;
  message: (message: MessageEvent) => void;
  unread: (counts: UnreadEvent) => void;
  'conversation:read': (event: ConversationReadEvent) => void;
  'messages:seen': (event: MessagesSeenEvent) => void;
  typing: (event: TypingEvent) => void;
  'feed:new': (item: FeedNew) => void;
  /** To the device showing the approved QR code: it collects its session with `POST /api/check-session`. */
  'qr:approved': (event: { status: 'approved' }) => void;
  'moderation:queue': (event: ModerationQueueEvent) => void;
  /** To a user's own sockets after they marked notifications seen, so every tab clears its bell. */
  'notifications:seen': (event: { unseen_count: number }) => void;
  /**
   * To the sockets of a session the server ended for good (signed out, account erased, signed out by a password
   * change elsewhere), just before it disconnects them: the device forgets that person's unsent drafts.
   */
  'session:ended': () => void;
}

export interface ClientToServerEvents {
  /** Joins a public room; any other room is ignored. The answer comes once the socket hears the room's events. */
  subscribe: (room: PublicRoom, ack?: () => void) => void;
  unsubscribe: (room: PublicRoom) => void;
  /** Waits for the approval of this QR sign-in code (one code per socket; a new one replaces the old). */
  'qr:watch': (qrToken: string) => void;
  /** "I am typing in this conversation" (send at most every few seconds); ignored unless both people turned typing indicators on. */
  typing: (conversationId: number) => void;
  /** Joins the moderators' queue room when the socket's user is a moderator (checked at the time); the answer says whether it joined. */
  'moderation:watch': (ack?: (joined: boolean) => void) => void;
  /** The conversation this tab shows (null: none): a message there needs no notification. */
  'conversation:viewing': (conversationId: number | null) => void;
}

export type ServerEvent = keyof ServerToClientEvents;
export type EventPayload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];
