/** The one schema, for PGlite and PostgreSQL alike. Migrations in db/migrations are generated from it by drizzle-kit. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const avatars = pgTable('avatars', {
  id: serial('id').primaryKey(),
  /** File name under /avatars/ served by the app. */
  file: text('file').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const ranks = pgTable('ranks', {
  id: serial('id').primaryKey(),
  /** Message key suffix: rank.{key}. */
  key: text('key').notNull().unique(),
  level: integer('level').notNull().unique(),
  minPoints: integer('min_points').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    nickname: text('nickname').notNull(),
    email: text('email'),
    passwordHash: text('password_hash'),
    avatarId: integer('avatar_id').references(() => avatars.id, { onDelete: 'set null' }),
    locale: text('locale').notNull().default('en'),
    theme: text('theme').notNull().default('light'),
    contentLanguages: text('content_languages').array().notNull().default(sql`'{}'::text[]`),
    autoDetectLanguages: boolean('auto_detect_languages').notNull().default(true),
    notifySupport: boolean('notify_support').notNull().default(true),
    notifyAdvice: boolean('notify_advice').notNull().default(true),
    notifyMessage: boolean('notify_message').notNull().default(true),
    fcmToken: text('fcm_token'),
    points: integer('points').notNull().default(0),
    role: text('role').notNull().default('user'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/** Bearer tokens, stored as SHA-256 digests so a leaked table does not sign anyone in. */
export const tokens = pgTable(
  'tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('tokens_user_idx').on(t.userId)],
);

/** Nicknames offered by GET /api/nicknames; a user picks one by id. */
export const nicknameSuggestions = pgTable('nickname_suggestions', {
  id: serial('id').primaryKey(),
  nickname: text('nickname').notNull(),
  locale: text('locale').notNull(),
  createdAt: createdAt(),
});

export const feelings = pgTable(
  'feelings',
  {
    id: serial('id').primaryKey(),
    /** Message key suffix: feeling.{key}. */
    key: text('key').notNull(),
    emoji: text('emoji').notNull(),
    type: text('type').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('feelings_type_key_idx').on(t.type, t.key)],
);

/** Problems ("posts"). Counts are kept with the row so a feed page never counts per request. */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** The form used to find duplicates (core/text.ts normalizeForDuplicate). */
    contentKey: text('content_key').notNull(),
    language: text('language').notNull(),
    feelingId: integer('feeling_id').references(() => feelings.id, { onDelete: 'set null' }),
    topicId: integer('topic_id'),
    supportsCount: integer('supports_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    shareDisabled: boolean('share_disabled').notNull().default(false),
    adviceDisabled: boolean('advice_disabled').notNull().default(false),
    notificationsDisabled: boolean('notifications_disabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('posts_feed_idx').on(t.createdAt.desc(), t.id.desc()),
    index('posts_user_created_idx').on(t.userId, t.createdAt),
    index('posts_user_key_idx').on(t.userId, t.contentKey),
  ],
);

export const moods = pgTable(
  'moods',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    contentKey: text('content_key').notNull(),
    language: text('language').notNull(),
    feelingId: integer('feeling_id').references(() => feelings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('moods_feed_idx').on(t.createdAt.desc(), t.id.desc()), index('moods_user_key_idx').on(t.userId, t.contentKey)],
);

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    content: text('content').notNull(),
    votesScore: integer('votes_score').notNull().default(0),
    repliesCount: integer('replies_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('comments_post_idx').on(t.postId, t.parentId, t.createdAt)],
);
