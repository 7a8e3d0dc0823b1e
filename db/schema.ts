/** The one schema, for PGlite and PostgreSQL alike. Migrations in db/migrations are generated from it by drizzle-kit. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
    /** core/schemas/messages.ts WHO_CAN_MESSAGE. */
    whoCanMessage: text('who_can_message').notNull().default('everyone'),
    typingIndicators: boolean('typing_indicators').notNull().default(false),
    readReceipts: boolean('read_receipts').notNull().default(false),
    /** Unread messages in the person's accepted, visible conversations: the header's badge, kept with the row. */
    unreadMessages: integer('unread_messages').notNull().default(0),
    /** Message requests waiting for the person's answer, kept with the row. */
    messageRequests: integer('message_requests').notNull().default(0),
    fcmToken: text('fcm_token'),
    points: integer('points').notNull().default(0),
    /** user (a member), moderator or admin (server/modules/moderation/roles.ts). */
    role: text('role').notNull().default('user'),
    /** Set by a moderator: until then the person may read and sign in but not write (403 SUSPENDED). */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true, mode: 'date' }),
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

/**
 * What each person wrote and when (posts, moods, topics, thoughts, comments), for the writing limits of
 * core/limits.ts. Deleting what was written leaves its row, so a deletion never gives a slot back; rows older than
 * their kind's window are pruned as new ones are written.
 */
export const writes = pgTable(
  'writes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** A post's topic, for the interval between one person's posts in a topic (no reference: it outlives the topic). */
    topicId: integer('topic_id'),
    createdAt: createdAt(),
  },
  (t) => [index('writes_user_kind_idx').on(t.userId, t.kind, t.createdAt)],
);

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
    topicId: integer('topic_id').references((): AnyPgColumn => topics.id, { onDelete: 'cascade' }),
    supportsCount: integer('supports_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    shareDisabled: boolean('share_disabled').notNull().default(false),
    adviceDisabled: boolean('advice_disabled').notNull().default(false),
    notificationsDisabled: boolean('notifications_disabled').notNull().default(false),
    /** Moderation state (server/modules/moderation/visibility.ts): visible, hidden (pending review) or removed. */
    moderation: text('moderation').notNull().default('visible'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('posts_feed_idx').on(t.createdAt.desc(), t.id.desc()),
    index('posts_user_created_idx').on(t.userId, t.createdAt),
    index('posts_user_key_idx').on(t.userId, t.contentKey),
    index('posts_language_feed_idx').on(t.language, t.createdAt.desc(), t.id.desc()),
    index('posts_topic_feed_idx').on(t.topicId, t.createdAt.desc(), t.id.desc()),
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
    /** Interaction counts by type (core/limits.ts MOOD_INTERACTIONS), kept with the row. */
    hugCount: integer('hug_count').notNull().default(0),
    relateCount: integer('relate_count').notNull().default(0),
    strengthCount: integer('strength_count').notNull().default(0),
    careCount: integer('care_count').notNull().default(0),
    /** Moderation state (server/modules/moderation/visibility.ts): visible, hidden (pending review) or removed. */
    moderation: text('moderation').notNull().default('visible'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('moods_language_feed_idx').on(t.language, t.createdAt.desc(), t.id.desc()),
    index('moods_feed_idx').on(t.createdAt.desc(), t.id.desc()),
    index('moods_user_key_idx').on(t.userId, t.contentKey),
  ],
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
    /** Replies are one level deep; deleting a comment deletes its replies. */
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** The language the comment is written in (server/lib/language.ts), for its `lang`. */
    language: text('language').notNull(),
    votesScore: integer('votes_score').notNull().default(0),
    repliesCount: integer('replies_count').notNull().default(0),
    /** Moderation state (server/modules/moderation/visibility.ts): visible, hidden (pending review) or removed. */
    moderation: text('moderation').notNull().default('visible'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('comments_post_idx').on(t.postId, t.parentId, t.createdAt)],
);

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const postRef = () =>
  integer('post_id')
    .notNull()
    .references(() => posts.id, { onDelete: 'cascade' });

/** A poll belongs to exactly one post or one mood. */
export const polls = pgTable('polls', {
  id: serial('id').primaryKey(),
  postId: integer('post_id')
    .unique()
    .references(() => posts.id, { onDelete: 'cascade' }),
  moodId: integer('mood_id')
    .unique()
    .references(() => moods.id, { onDelete: 'cascade' }),
  question: text('question'),
  votesCount: integer('votes_count').notNull().default(0),
});

export const pollOptions = pgTable(
  'poll_options',
  {
    id: serial('id').primaryKey(),
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    position: integer('position').notNull(),
    votesCount: integer('votes_count').notNull().default(0),
  },
  (t) => [index('poll_options_poll_idx').on(t.pollId, t.position)],
);

/** One vote per user per poll; moving it rewrites the row. */
export const pollVotes = pgTable(
  'poll_votes',
  {
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    userId: userRef(),
    optionId: integer('option_id')
      .notNull()
      .references(() => pollOptions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] })],
);

export const supports = pgTable('supports', { postId: postRef(), userId: userRef(), createdAt: createdAt() }, (t) => [
  primaryKey({ columns: [t.postId, t.userId] }),
  index('supports_created_idx').on(t.createdAt),
]);

export const favorites = pgTable('favorites', { postId: postRef(), userId: userRef(), createdAt: createdAt() }, (t) => [
  primaryKey({ columns: [t.userId, t.postId] }),
  index('favorites_user_created_idx').on(t.userId, t.createdAt),
]);

export const postHides = pgTable('post_hides', { postId: postRef(), userId: userRef(), createdAt: createdAt() }, (t) => [
  primaryKey({ columns: [t.userId, t.postId] }),
]);

export const moodHides = pgTable(
  'mood_hides',
  {
    moodId: integer('mood_id')
      .notNull()
      .references(() => moods.id, { onDelete: 'cascade' }),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.moodId] })],
);

/** One interaction per user per mood; a new type replaces the old. */
export const moodInteractions = pgTable(
  'mood_interactions',
  {
    moodId: integer('mood_id')
      .notNull()
      .references(() => moods.id, { onDelete: 'cascade' }),
    userId: userRef(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.moodId, t.userId] })],
);

export const commentVotes = pgTable(
  'comment_votes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: userRef(),
    vote: smallint('vote').notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

export const reportTypes = pgTable('report_types', {
  id: serial('id').primaryKey(),
  /** Message key suffix: report_type.{key}. */
  key: text('key').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Reports of any item; `target` is post, mood, comment, thought or message. One per user per item. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    target: text('target').notNull(),
    targetId: integer('target_id').notNull(),
    reportTypeId: integer('report_type_id')
      .notNull()
      .references(() => reportTypes.id),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reports_once_idx').on(t.userId, t.target, t.targetId), index('reports_target_idx').on(t.target, t.targetId)],
);

export const tags = pgTable('tags', { id: serial('id').primaryKey(), name: text('name').notNull(), createdAt: createdAt() }, (t) => [
  uniqueIndex('tags_name_lower_idx').on(sql`lower(${t.name})`),
]);

export const postTags = pgTable(
  'post_tags',
  {
    postId: postRef(),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index('post_tags_tag_idx').on(t.tagId, t.postId)],
);

/**
 * Row counts kept per kind and language, updated in the same transaction as the rows, so a feed's total
 * is a sum over a few rows instead of a count over 200,000.
 */
export const contentCounts = pgTable(
  'content_counts',
  { kind: text('kind').notNull(), language: text('language').notNull(), n: integer('n').notNull().default(0) },
  (t) => [primaryKey({ columns: [t.kind, t.language] })],
);

/** QR sign-in: a signed-out device shows a code, a signed-in phone approves it, the device collects a token once. */
export const qrLogins = pgTable('qr_logins', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  approvedUserId: integer('approved_user_id').references(() => users.id, { onDelete: 'cascade' }),
  approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
  consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
});

/** Topic categories; names are translated through `category.{key}`. */
export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Preset topic covers: SVG artwork served from /covers/. */
export const topicCovers = pgTable('topic_covers', {
  id: serial('id').primaryKey(),
  file: text('file').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const topics = pgTable(
  'topics',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** The language the title and description are written in (server/lib/language.ts), for their `lang`. */
    language: text('language').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    coverId: integer('cover_id')
      .notNull()
      .references(() => topicCovers.id),
    /** Kept with the row, like the post counts. */
    postsCount: integer('posts_count').notNull().default(0),
    /** Moderation state (server/modules/moderation/visibility.ts): visible, hidden (pending review) or removed. */
    moderation: text('moderation').notNull().default('visible'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('topics_feed_idx').on(t.createdAt.desc(), t.id.desc()), index('topics_category_idx').on(t.categoryId, t.createdAt.desc())],
);

export const thoughts = pgTable(
  'thoughts',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    content: text('content').notNull(),
    language: text('language').notNull(),
    /** Reaction counts by type (core/limits.ts THOUGHT_REACTIONS), kept with the row. */
    loveCount: integer('love_count').notNull().default(0),
    insightfulCount: integer('insightful_count').notNull().default(0),
    relateCount: integer('relate_count').notNull().default(0),
    hopeCount: integer('hope_count').notNull().default(0),
    /** Moderation state (server/modules/moderation/visibility.ts): visible, hidden (pending review) or removed. */
    moderation: text('moderation').notNull().default('visible'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('thoughts_feed_idx').on(t.createdAt.desc(), t.id.desc()), index('thoughts_user_idx').on(t.userId)],
);

/** One reaction per user per thought; the same type again removes it. */
export const thoughtReactions = pgTable(
  'thought_reactions',
  {
    thoughtId: integer('thought_id')
      .notNull()
      .references(() => thoughts.id, { onDelete: 'cascade' }),
    userId: userRef(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.thoughtId, t.userId] }), index('thought_reactions_created_idx').on(t.createdAt)],
);

/**
 * A conversation between exactly two people, stored as the lower and the higher user id so that a pair has one
 * conversation (the unique index settles two first messages written at once). A deleted account leaves its side
 * null: the other person keeps the conversation, shown with a deleted account.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    userLowId: integer('user_low_id').references(() => users.id, { onDelete: 'set null' }),
    userHighId: integer('user_high_id').references(() => users.id, { onDelete: 'set null' }),
    lastMessageId: integer('last_message_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    /** Kept with the row, for the paged total of the messages. */
    messagesCount: integer('messages_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('conversations_pair_idx').on(t.userLowId, t.userHighId)],
);

/**
 * Each participant's side of a conversation: whether it is accepted, a request waiting for them, or declined;
 * their unread count; whether it is hidden from their lists (they blocked the other person); its last activity,
 * which orders their list.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: userRef(),
    /** core/schemas/messages.ts CONVERSATION_STATUSES. */
    status: text('status').notNull().default('accepted'),
    unreadCount: integer('unread_count').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    lastReadAt: timestamp('last_read_at', { withTimezone: true, mode: 'date' }),
    activityAt: timestamp('activity_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_list_idx').on(t.userId, t.status, t.activityAt.desc()),
  ],
);

/** A deleted account's messages go with it. */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.id)],
);

/** One person blocking another. Its effects are mutual for messages and advice; feeds drop the blocked person's writing for the blocker. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId, t.blockerId)],
);

/** Advice to a post's author, private between the two; the author is kept on the row for their list. */
export const advices = pgTable(
  'advices',
  {
    id: serial('id').primaryKey(),
    postId: postRef(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('advices_recipient_idx').on(t.recipientId, t.createdAt.desc(), t.id.desc())],
);

/**
 * The moderation queue: one open entry per item (`target` as in reports: post, mood, comment, thought, topic…),
 * reopened by new reports, crisis signals or an appeal. Closed entries stay as the record of what was decided.
 */
export const moderationItems = pgTable(
  'moderation_items',
  {
    id: serial('id').primaryKey(),
    target: text('target').notNull(),
    targetId: integer('target_id').notNull(),
    authorId: userRef(),
    /** open or closed. */
    status: text('status').notNull().default('open'),
    /** Crisis signals (the detector, "I'm worried about this person") come first in the queue. */
    crisis: boolean('crisis').notNull().default(false),
    /** The author appealed a removal. */
    appeal: boolean('appeal').notNull().default(false),
    /** Distinct reports counting toward the hide, kept with the row. */
    reportsCount: integer('reports_count').notNull().default(0),
    /** Why it was queued without reports (e.g. crisis), a key of core/moderation.ts QUEUE_REASONS. */
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('moderation_items_open_idx').on(t.target, t.targetId).where(sql`status = 'open'`),
    index('moderation_items_queue_idx').on(t.status, t.crisis, t.reportsCount, t.createdAt),
  ],
);

/** Every moderation action; users read the entries about their own items without `moderatorId`. */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: serial('id').primaryKey(),
    target: text('target').notNull(),
    targetId: integer('target_id').notNull(),
    /** The item's author, whom the entry is about. */
    authorId: userRef(),
    /** Null for what the system did (a hide after 3 reports) or once the moderator's account is gone. */
    moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    /** hide, keep, remove, warn, suspend, appeal. */
    action: text('action').notNull(),
    /** A key of core/moderation.ts MODERATION_REASONS. */
    reason: text('reason'),
    days: integer('days'),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_log_author_idx').on(t.authorId, t.createdAt), index('moderation_log_target_idx').on(t.target, t.targetId)],
);

/** One appeal per removal (a `remove` log entry). */
export const appeals = pgTable('appeals', {
  id: serial('id').primaryKey(),
  logId: integer('log_id')
    .notNull()
    .unique()
    .references(() => moderationLog.id, { onDelete: 'cascade' }),
  userId: userRef(),
  note: text('note'),
  createdAt: createdAt(),
});

/** A private, kind notice to someone another member is worried about; the reporter is never named. */
export const careNotices = pgTable(
  'care_notices',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    createdAt: createdAt(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('care_notices_user_idx').on(t.userId, t.createdAt)],
);
