/** Business constants shared by the server and the web app (SPEC.md section 9, DESIGN.md). */
export const APP_VERSION = '2.5.0';

/** A post of this many characters or fewer is placed as a mood; a mood of this many or more becomes a post. */
export const MOOD_THRESHOLD = 150;

/**
 * The longest text (graphemes, core/text.ts) that is kept as a mood when written as `asked`: SPEC.md section 5 puts a
 * post of exactly 150 characters in Moods and a mood of exactly 150 in the feed. The composer's hint, its counter
 * and the server's placement and mood edits all read it, so they cannot disagree on the boundary.
 */
export function moodMax(asked: 'post' | 'mood'): number {
  return asked === 'post' ? MOOD_THRESHOLD : MOOD_THRESHOLD - 1;
}

/** Where a text of `length` graphemes lands when written as `asked` (outside a topic, where a post stays a post). */
export function placement(asked: 'post' | 'mood', length: number): 'post' | 'mood' {
  return length > moodMax(asked) ? 'post' : 'mood';
}
export const POSTS_PER_DAY = 5;
export const POSTS_WINDOW_MS = 24 * 60 * 60 * 1000;
export const TOPIC_INTERVAL_MS = 30 * 60 * 1000;

/**
 * What one person may write in any rolling window, per kind (a reply is a comment). Counted from what was written,
 * so deleting gives no slot back. Posts are DESIGN.md's; the rest leave room for a day of honest use (a mood or a
 * thought every few minutes, a conversation's worth of comments) and stop a script filling the feeds. Over a limit:
 * 429 with `retry_at` (POST_LIMIT for posts, WRITE_LIMIT for the others).
 */
export const WRITE_LIMITS = {
  post: { max: POSTS_PER_DAY, windowMs: POSTS_WINDOW_MS },
  topic: { max: 3, windowMs: 24 * 60 * 60 * 1000 },
  mood: { max: 10, windowMs: 60 * 60 * 1000 },
  thought: { max: 10, windowMs: 60 * 60 * 1000 },
  comment: { max: 20, windowMs: 10 * 60 * 1000 },
  /** A lively conversation is a message every few seconds; a script writing to many people is stopped within minutes. */
  message: { max: 100, windowMs: 10 * 60 * 1000 },
  advice: { max: 10, windowMs: 60 * 60 * 1000 },
  /**
   * Reports of every kind, "I'm worried" included. Three reports hide an item until a moderator looks: without a
   * limit, three new guest accounts could empty the feed in a second.
   */
  report: { max: 10, windowMs: 60 * 60 * 1000 },
} as const;
export type WriteKind = keyof typeof WRITE_LIMITS;

/** Failed password checks (sign-in, and the current password when changing it) per account and per address. */
export const LOGIN_FAILURES_MAX = 10;
export const LOGIN_FAILURES_WINDOW_MS = 15 * 60 * 1000;

export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
/** Replies shown under each comment of a page; the rest are paged through GET /api/comments/{id}/replies. */
export const REPLIES_SHOWN = 3;

export const LIMITS = {
  post: 5000,
  comment: 2000,
  thought: 500,
  message: 2000,
  /** DESIGN.md gives no limit for advice: the same as a message or a comment. */
  advice: 2000,
  topicTitle: { min: 5, max: 120 },
  topicDescription: 1000,
  nickname: { min: 3, max: 30 },
  username: { min: 3, max: 30 },
  password: { min: 8, max: 200 },
  email: 254,
  pollOptions: { min: 2, max: 6 },
  pollOptionText: 100,
  pollQuestion: 200,
} as const;

/** Seconds; SPEC.md section 9. */
export const AUTH_COOKIE_MAX_AGE = 604800;
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
export const COOKIE = {
  auth: 'authToken',
  user: 'currentUser',
  locale: 'locale',
  theme: 'theme',
  /** A signed-out reader's content languages: codes joined by commas, or `all`. Signed-in readers keep theirs in the account. */
  contentLanguages: 'content_languages',
} as const;

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** API.md fixed vocabularies. */
export const MOOD_INTERACTIONS = ['hug', 'relate', 'strength', 'care'] as const;
export type MoodInteraction = (typeof MOOD_INTERACTIONS)[number];

/** Report reasons; names are translated through `report_type.{key}`. */
export const REPORT_TYPES = [
  'spam',
  'harassment',
  'hate',
  'self_harm',
  'violence',
  'sexual',
  'misinformation',
  'personal_info',
  'other',
  'worried',
] as const;
export const REPORT_NOTE_MAX = 500;

/** DESIGN.md ranks: points earned per action. */
export const POINTS = { supportGiven: 1, supportReceived: 2, comment: 2, post: 5, advice: 3 } as const;

export const TAG_MAX = 50;
export const TRENDING_DAYS = 7;

export const THOUGHT_REACTIONS = ['love', 'insightful', 'relate', 'hope'] as const;
export type ThoughtReaction = (typeof THOUGHT_REACTIONS)[number];

/** Topic categories; names are translated through `category.{key}`. */
export const CATEGORIES = [
  'anxiety',
  'depression',
  'loneliness',
  'relationships',
  'family',
  'work_study',
  'grief',
  'self_esteem',
  'health',
  'addiction',
  'identity',
  'hope',
] as const;
