/**
 * Achievements (decision 024). They reward helping others and taking a first step, never volume of distress,
 * streaks or the hour of the day. Each is a goal on one counter that the server keeps as the acts happen; names and
 * descriptions are the `achievement.{key}.name` / `achievement.{key}.description` messages.
 */

/**
 * What the server counts per person. supports_given follows the supports standing now (a withdrawn support counts
 * down); the others only count up (deleting a comment does not un-help anyone, and an earned achievement stays).
 */
export const COUNTERS = [
  'supports_given',
  'comments',
  'advices',
  'first_answers',
  'helped',
  'posts',
  'moods',
  'topics',
  'thoughts',
] as const;
export type Counter = (typeof COUNTERS)[number];

export const ACHIEVEMENTS = [
  { key: 'first_support', counter: 'supports_given', goal: 1 },
  { key: 'supports_10', counter: 'supports_given', goal: 10 },
  { key: 'supports_100', counter: 'supports_given', goal: 100 },
  { key: 'first_comment', counter: 'comments', goal: 1 },
  { key: 'first_advice', counter: 'advices', goal: 1 },
  { key: 'advices_10', counter: 'advices', goal: 10 },
  { key: 'first_answer', counter: 'first_answers', goal: 1 },
  { key: 'answers_10', counter: 'first_answers', goal: 10 },
  { key: 'helped_5', counter: 'helped', goal: 5 },
  { key: 'helped_25', counter: 'helped', goal: 25 },
  { key: 'first_post', counter: 'posts', goal: 1 },
  { key: 'first_mood', counter: 'moods', goal: 1 },
  { key: 'first_topic', counter: 'topics', goal: 1 },
  { key: 'first_thought', counter: 'thoughts', goal: 1 },
] as const satisfies readonly { key: string; counter: Counter; goal: number }[];

export type AchievementKey = (typeof ACHIEVEMENTS)[number]['key'];

/** The stable id of an achievement in the API: its place in the list, from 1 (new ones are appended). */
export const achievementId = (key: AchievementKey): number => ACHIEVEMENTS.findIndex((a) => a.key === key) + 1;

export const isAchievementKey = (key: string): key is AchievementKey => ACHIEVEMENTS.some((a) => a.key === key);

/** A calendar month in UTC, `YYYY-MM` (the top supporters' months). Here, not in schemas/, so the web app may use it without zod. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
