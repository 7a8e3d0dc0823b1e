/**
 * Types of the API objects (API.md "Objects"), inferred from the zod schemas in `schemas/` that the server's
 * routes validate and document their answers with. Type-only imports: no zod reaches the browser bundle.
 */
import type { z } from 'zod';
import type { adviceSchema } from './schemas/advices.ts';
import type { commentSchema } from './schemas/comments.ts';
import type { pageLinksSchema, pageMetaSchema } from './schemas/envelopes.ts';
import type { errorSchema } from './schemas/errors.ts';
import type { feelingSchema } from './schemas/feelings.ts';
import type { contentLanguagesSchema, languageInfoSchema } from './schemas/languages.ts';
import type { conversationSchema, messageItemSchema, messageSettingsSchema, unreadSchema } from './schemas/messages.ts';
import type { moodReactionsSchema, moodSchema } from './schemas/moods.ts';
import type { pollOptionSchema, pollSchema } from './schemas/polls.ts';
import type { moodCreatedSchema, noteCheckSchema, postCreatedSchema, postSchema } from './schemas/posts.ts';
import type { qrCodeSchema, qrSessionSchema } from './schemas/qr.ts';
import type { buildInfoSchema } from './schemas/system.ts';
import type { tagSchema } from './schemas/tags.ts';
import type { thoughtSchema } from './schemas/thoughts.ts';
import type { categorySchema, topicSchema } from './schemas/topics.ts';
import type {
  authResponseSchema,
  avatarSchema,
  notificationSettingsSchema,
  publicUserSchema,
  rankSchema,
  rankStepSchema,
  userSchema,
} from './schemas/users.ts';

export type Avatar = z.infer<typeof avatarSchema>;
export type Rank = z.infer<typeof rankSchema>;
export type PublicUser = z.infer<typeof publicUserSchema>;
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export type User = z.infer<typeof userSchema>;
export type AuthResponse = z.infer<typeof authResponseSchema>;
export type RankStep = z.infer<typeof rankStepSchema>;
export type LanguageInfo = z.infer<typeof languageInfoSchema>;
export type ContentLanguages = z.infer<typeof contentLanguagesSchema>;

/** A paged list (pagedSchema): generic over its items, which z.infer of one schema cannot be. */
export interface Paged<T> {
  data: T[];
  meta: z.infer<typeof pageMetaSchema>;
  links: z.infer<typeof pageLinksSchema>;
}

export type ApiErrorBody = z.infer<typeof errorSchema>;

export type Feeling = z.infer<typeof feelingSchema>;
export type PollOption = z.infer<typeof pollOptionSchema>;
export type Poll = z.infer<typeof pollSchema>;
export type Tag = z.infer<typeof tagSchema>;
export type Post = z.infer<typeof postSchema>;
export type Mood = z.infer<typeof moodSchema>;
export type MoodReactions = z.infer<typeof moodReactionsSchema>;
export type Comment = z.infer<typeof commentSchema>;
export type Topic = z.infer<typeof topicSchema>;
export type Category = z.infer<typeof categorySchema>;
export type Thought = z.infer<typeof thoughtSchema>;

/** What writing a post or a mood answers: where the text landed. */
export type Created = z.infer<typeof postCreatedSchema> | z.infer<typeof moodCreatedSchema>;
export type NoteCheck = z.infer<typeof noteCheckSchema>;
export type QrCode = z.infer<typeof qrCodeSchema>;
export type QrSession = z.infer<typeof qrSessionSchema>;
export type BuildInfo = z.infer<typeof buildInfoSchema>;
export type Conversation = z.infer<typeof conversationSchema>;
export type Message = z.infer<typeof messageItemSchema>;
export type Unread = z.infer<typeof unreadSchema>;
export type MessageSettings = z.infer<typeof messageSettingsSchema>;
export type Advice = z.infer<typeof adviceSchema>;
