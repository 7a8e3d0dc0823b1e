/**
 * Private messages (API.md "Notifications, messages, search, other"): conversations between two people, their
 * messages, message requests, the unread counts of the header, and each person's messaging settings.
 */
import { z } from 'zod';
import { dataOf, pagedSchema } from './envelopes.ts';
import { publicUserSchema } from './users.ts';

/** Who may start a conversation with me: anyone (their first message arrives as a request), people I talked with, nobody. */
export const WHO_CAN_MESSAGE = ['everyone', 'talked', 'nobody'] as const;
export type WhoCanMessage = (typeof WHO_CAN_MESSAGE)[number];

/** API.md "Objects": Message. `seen_at` reaches the sender only while the reader has read receipts on. */
export const messageItemSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  sender_id: z.number().int(),
  content: z.string(),
  created_at: z.string(),
  seen_at: z.string().nullable(),
  /** Only on the sender's own message while moderation holds it (hidden from the other person pending review). */
  under_review: z.literal(true).optional(),
  /** Only on the other person's message the reader reported (one report each): its Report is not offered again. */
  reported: z.literal(true).optional(),
});

/**
 * My side of a conversation: `accepted` (a normal conversation), `request` (the other person wrote first and I
 * have not answered: it is in my Requests list), `declined` (I declined it; it is in none of my lists).
 */
export const CONVERSATION_STATUSES = ['accepted', 'request', 'declined'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/**
 * API.md "Objects": Conversation, with my side's state. `other_user` is null once the other person's account is
 * gone (the screen says "deleted account"); `unread_count` counts the messages to me I have not read.
 */
export const conversationSchema = z.object({
  id: z.number().int(),
  other_user: publicUserSchema.nullable(),
  last_message: messageItemSchema.nullable(),
  unread_count: z.number().int(),
  status: z.enum(CONVERSATION_STATUSES),
  /** False when the other person cannot be written to (a block either way, a decline, their settings); never says which. */
  can_reply: z.boolean(),
  /** I blocked the other person (my own block only: whether they blocked me is never said); the screen offers Unblock. */
  blocked_by_me: z.boolean(),
  /** Last activity: the last message's time, or when the conversation was opened. */
  updated_at: z.string(),
});

export const conversationResponseSchema = dataOf(conversationSchema);
export const conversationPageSchema = pagedSchema(conversationSchema);
export const messageResponseSchema = dataOf(messageItemSchema);
export const messagePageSchema = pagedSchema(messageItemSchema);

/** The header's badge: unread messages in my accepted conversations, and the requests waiting for an answer. */
export const unreadSchema = z.object({ unread_total: z.number().int(), requests_count: z.number().int() });

export const messageSettingsSchema = z.object({
  who_can_message: z.enum(WHO_CAN_MESSAGE),
  /** Show "typing…" to the other person, and see theirs; both must have it on. Off by default. */
  typing_indicators: z.boolean(),
  /** Tell the other person when I have read their messages (`seen_at`). Off by default. */
  read_receipts: z.boolean(),
});
export const messageSettingsResponseSchema = dataOf(messageSettingsSchema);
