/** Moderation's fixed vocabularies (DESIGN.md "Moderation"), shared by the server and the web app. */

/** What can be reported, hidden and moderated: the `target` of reports, the queue and the log. */
export const MODERATED_TARGETS = ['post', 'mood', 'comment', 'thought', 'topic', 'message', 'advice'] as const;
export type ModeratedTarget = (typeof MODERATED_TARGETS)[number];

/** An item's moderation state: `hidden` pending review after HIDE_AFTER_REPORTS reports, `removed` by a moderator. */
export type ModerationState = 'visible' | 'hidden' | 'removed';

/** Distinct people whose reports hide an item until a moderator looks at it. */
export const HIDE_AFTER_REPORTS = 3;

/**
 * An account younger than this when it reports is new: its report reaches the queue and the moderators, but does not
 * count toward the hide, since a guest account takes one click and three of them could otherwise silence anyone.
 * Moderators' reports count at once (decision 056).
 */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** Reasons a moderator gives for removing an item or warning its author; named through `moderation.reason.{key}`. */
export const MODERATION_REASONS = [
  'spam',
  'harassment',
  'hate',
  'self_harm',
  'violence',
  'sexual',
  'misinformation',
  'personal_info',
  'other',
] as const;
export type ModerationReason = (typeof MODERATION_REASONS)[number];

export const MODERATION_ACTIONS = ['keep', 'remove', 'warn', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** What the log records: the actions, the automatic hide, an appeal and a suspension lifted early. */
export type LogAction = ModerationAction | 'hide' | 'appeal' | 'unsuspend';

export const SUSPEND_DAYS = { min: 1, max: 365 } as const;

/** The report type that sends a care notice instead of counting toward the hide. */
export const WORRIED_REPORT_TYPE = 'worried';
/** "I'm worried about this person": reports one person may send per day, and notices one person receives per day. */
export const WORRIED_LIMITS = { perReporterPerDay: 3, perRecipientPerDay: 1 } as const;

/** Roles (`users.role`): `user` is a member. */
export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const isModeratorRole = (role: string) => role === 'moderator' || role === 'admin';

/** The public help page with helplines (issue 14C). */
export const HELP_PATH = '/help-now';
