/** The one schema, for PGlite and PostgreSQL alike. Migrations in db/migrations are generated from it by drizzle-kit. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  index,
  integer,
  jsonb,
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
    /** The other kinds of core/notifications.ts this person switched off (the three above keep their columns). */
    notificationsOff: text('notifications_off').array().notNull().default(sql`'{comment_vote}'::text[]`),
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
    /** Whether the person appears in the public top-supporters ranking (decision 024); they may opt out. */
    showInTopSupporters: boolean('show_in_top_supporters').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // Not unique (nicknames repeat): which of a language's composed nicknames are taken is asked on every guest
    // sign-in and every page of suggestions, and whether a chosen one is taken on every choice.
    index('users_nickname_lower_idx').on(sql`lower(${t.nickname})`),
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
    // A feeling's newest posts in a language, for related posts.
    index('posts_language_feeling_feed_idx').on(t.language, t.feelingId, t.createdAt.desc(), t.id.desc()),
    // The few posts moderation took out of lists: what a total subtracts from the kept counts (feed/service.ts leftOut).
    index('posts_moderated_idx').on(t.topicId).where(sql`${t.moderation} <> 'visible'`),
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
    index('moods_moderated_idx').on(t.id).where(sql`${t.moderation} <> 'visible'`),
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
  (t) => [
    index('comments_post_idx').on(t.postId, t.parentId, t.createdAt),
    // A post's comments a viewer does not see, subtracted from its kept count: the ones moderation took out, and the
    // ones by the people the viewer blocked (feed/service.ts leftOut).
    index('comments_moderated_idx').on(t.postId, t.parentId).where(sql`${t.moderation} <> 'visible'`),
    index('comments_user_idx').on(t.userId, t.postId),
    // Trending counts a week of comments by date.
    index('comments_created_idx').on(t.createdAt),
  ],
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
    /** The reporter's account was new (core/moderation.ts NEW_ACCOUNT_MS): the report does not count toward the hide. */
    fromNewAccount: boolean('from_new_account').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reports_once_idx').on(t.userId, t.target, t.targetId), index('reports_target_idx').on(t.target, t.targetId)],
);

export const tags = pgTable('tags', { id: serial('id').primaryKey(), name: text('name').notNull(), createdAt: createdAt() }, (t) => [
  uniqueIndex('tags_name_lower_idx').on(sql`lower(${t.name})`),
]);

/**
 * A post's tags, with the post's language and creation time copied from the post (tagPost writes them with the
 * tags, on every write of the post): a tag's newest posts in a language are then read from one index, newest
 * first, however many posts the tag has (relatedPosts).
 */
export const postTags = pgTable(
  'post_tags',
  {
    postId: postRef(),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    postLanguage: text('post_language').notNull(),
    postCreatedAt: timestamp('post_created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.tagId] }),
    index('post_tags_tag_feed_idx').on(t.tagId, t.postLanguage, t.postCreatedAt.desc(), t.postId.desc()),
  ],
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
  (t) => [
    index('topics_feed_idx').on(t.createdAt.desc(), t.id.desc()),
    index('topics_category_idx').on(t.categoryId, t.createdAt.desc()),
    // One's own topics on the profile (GET /api/get/user-topics).
    index('topics_user_idx').on(t.userId, t.createdAt.desc()),
  ],
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
  (t) => [
    index('thoughts_feed_idx').on(t.createdAt.desc(), t.id.desc()),
    index('thoughts_user_idx').on(t.userId),
    index('thoughts_moderated_idx').on(t.id).where(sql`${t.moderation} <> 'visible'`),
  ],
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
    /** Moderation state (server/modules/moderation/visibility.ts): visible, hidden (pending review) or removed. */
    moderation: text('moderation').notNull().default('visible'),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    // The few messages moderation hid or removed, counted out of a conversation's pages without reading it all.
    index('messages_moderated_idx').on(t.conversationId, t.id).where(sql`moderation <> 'visible'`),
  ],
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
    /** Moderation state (server/modules/moderation/visibility.ts): visible, hidden (pending review) or removed. */
    moderation: text('moderation').notNull().default('visible'),
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
    /** Distinct reports since a moderator last kept the item ("I'm worried" aside), kept with the row. */
    reportsCount: integer('reports_count').notNull().default(0),
    /** How many of them came from new accounts, and so do not count toward the hide (decision 056). */
    newAccountReports: integer('new_account_reports').notNull().default(0),
    /** Why it was queued without reports (e.g. crisis), a key of core/moderation.ts QUEUE_REASONS. */
    reason: text('reason'),
    /**
     * The item's text when the entry opened: what the reporters (or the crisis detector) read, so that an author's
     * later edit cannot change what the moderator decides on. Dropped when the entry closes.
     */
    content: text('content'),
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
    /**
     * Who was worried: never shown to anyone, kept only so that a block between the two later takes the notice
     * away, as it takes everything else. Null for notices sent before it was kept, and once the sender is erased.
     */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('care_notices_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Notifications (core/notifications.ts): one row per kind, item and recipient within the grouping window, counting
 * the people (notification_actors). `params` holds what a kind's sentence needs besides the actor (e.g. the
 * moderation action).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    type: text('type').notNull(),
    itemKind: text('item_kind'),
    itemId: integer('item_id'),
    url: text('url').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** The latest person, named in the sentence; null once their account is gone. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorCount: integer('actor_count').notNull().default(1),
    seen: boolean('seen').notNull().default(false),
    /** When the group began: the window is counted from here. */
    createdAt: createdAt(),
    /** The latest event of the group: lists are ordered by it. */
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.updatedAt.desc(), t.id.desc()),
    index('notifications_group_idx').on(t.userId, t.type, t.itemKind, t.itemId, t.createdAt),
    index('notifications_unseen_idx').on(t.userId).where(sql`not seen`),
  ],
);

/** The distinct people of a grouped notification. */
export const notificationActors = pgTable(
  'notification_actors',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    actorId: userRef(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.actorId] })],
);

/** Idempotency keys of the events already turned into notifications: a retried job finds its key and does nothing. */
export const notificationEvents = pgTable('notification_events', {
  key: text('key').primaryKey(),
  createdAt: createdAt(),
});

/**
 * The in-process job queue used with PGlite (server/jobs/local.ts); with PostgreSQL, graphile-worker keeps its own
 * tables. A job is written in the caller's transaction, so a rolled-back write enqueues nothing.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    data: jsonb('data').notNull(),
    key: text('key').unique(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('jobs_due_idx').on(t.runAt, t.id).where(sql`failed_at is null`)],
);

/**
 * What each person has done toward the achievements (core/achievements.ts COUNTERS), kept as the acts happen in
 * their transaction, so listing achievements never scans anyone's history.
 */
export const achievementCounters = pgTable(
  'achievement_counters',
  { userId: userRef(), counter: text('counter').notNull(), n: integer('n').notNull().default(0) },
  (t) => [primaryKey({ columns: [t.userId, t.counter] })],
);

/** The distinct people a person has helped (supported, answered or advised), for the "helped N people" achievements. */
export const helpedPeople = pgTable(
  'helped_people',
  {
    userId: userRef(),
    helpedId: integer('helped_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.helpedId] })],
);

/** Achievements earned (core/achievements.ts); one per person and achievement, however many acts race for it. */
export const userAchievements = pgTable(
  'user_achievements',
  {
    userId: userRef(),
    achievement: text('achievement').notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievement] })],
);

/**
 * Supports each person gave to other people's posts per calendar month in UTC ('YYYY-MM', the month of the
 * support's created_at), kept in the support's transaction; withdrawing a support takes it off its own month.
 */
export const monthlySupports = pgTable(
  'monthly_supports',
  { userId: userRef(), month: text('month').notNull(), n: integer('n').notNull().default(0) },
  (t) => [primaryKey({ columns: [t.month, t.userId] }), index('monthly_supports_rank_idx').on(t.month, t.n.desc(), t.userId)],
);

/**
 * The server's VAPID key pair for Web Push (server/modules/push/vapid.ts), made on the first start unless the
 * environment gives one. One row: `id` is always 1, so two processes starting at once keep whichever wrote first.
 */
export const vapidKeys = pgTable('vapid_keys', {
  id: smallint('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});

/** A browser's Web Push subscription (its PushSubscription JSON); an endpoint belongs to the last person who subscribed it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId, t.createdAt)],
);

/** Quiet hours of a person's pushes: local wall-clock times in their IANA time zone; no row means none. */
export const pushSettings = pgTable('push_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  quietFrom: text('quiet_from').notNull(),
  quietTo: text('quiet_to').notNull(),
  timeZone: text('time_zone').notNull(),
  updatedAt: updatedAt(),
});

/** A PostgreSQL tsvector; only read by queries, never selected into a row. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Search (docs/decisions/025-search.md): one row per post, mood, topic or thought, written by the service in the
 * transaction that writes the text, gone with the item. `search_text` holds the item's words as core/search.ts
 * cuts them (Intl.Segmenter), space-separated; `search` is those words as a `simple` tsvector, kept by PostgreSQL
 * itself so the two never disagree. Tables of their own, so that feeds, which read whole item rows, never carry them.
 */
function searchTable<T extends string>(name: T, item: () => AnyPgColumn) {
  return pgTable(
    name,
    {
      id: integer('id').primaryKey().references(item, { onDelete: 'cascade' }),
      searchText: text('search_text').notNull(),
      search: tsvector('search').notNull().generatedAlwaysAs(sql`array_to_tsvector(string_to_array(search_text, ' '))`),
    },
    (t) => [index(`${name}_idx`).using('gin', t.search), index(`${name}_trgm_idx`).using('gin', sql`${t.searchText} gin_trgm_ops`)],
  );
}

export const postSearch = searchTable('post_search', () => posts.id);
export const moodSearch = searchTable('mood_search', () => moods.id);
export const topicSearch = searchTable('topic_search', () => topics.id);
export const thoughtSearch = searchTable('thought_search', () => thoughts.id);

/** The last searches of each signed-in person (at most core/search.ts RECENT_SEARCHES), newest first; one row per query. */
export const recentSearches = pgTable(
  'recent_searches',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    query: text('query').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recent_searches_user_query_idx').on(t.userId, t.query), index('recent_searches_user_idx').on(t.userId, t.createdAt)],
);
