/** Moderation (DESIGN.md "Moderation", issue 14): the queue, the actions, the log, removed items, appeals, care notices. */
import { z } from 'zod';
import { MODERATED_TARGETS, MODERATION_REASONS } from '../moderation.ts';
import { listOf, pagedSchema } from './envelopes.ts';

const targetSchema = z.enum(MODERATED_TARGETS);
/** A fixed reason: its key and its name in the request language. */
export const reasonSchema = z.object({ key: z.enum(MODERATION_REASONS), name: z.string() });

export const queueItemSchema = z.object({
  id: z.number(),
  target: targetSchema,
  target_id: z.number(),
  /** The item's state: visible, hidden (pending review) or removed. */
  state: z.enum(['visible', 'hidden', 'removed']),
  crisis: z.boolean(),
  appeal: z.boolean(),
  /** Why the item is queued without reports: `worried`, `crisis`, `appeal`; null when reports brought it. */
  queued_for: z.string().nullable(),
  /** Distinct reports since a moderator last kept the item ("I'm worried" aside). */
  reports_count: z.number(),
  /** How many of them came from new accounts, which do not count toward the hide (decision 056). */
  new_account_reports: z.number(),
  /** The item's text (a topic's title and description). */
  content: z.string(),
  /**
   * The text when the item entered the queue (what reporters read), present only when the author has edited or
   * deleted it since; null otherwise.
   */
  queued_content: z.string().nullable(),
  language: z.string(),
  /** What the item belongs to: the post a comment is on, the topic a post is in; null otherwise. */
  context: z.object({ target: targetSchema, id: z.number(), content: z.string() }).nullable(),
  author: z.object({ id: z.number(), nickname: z.string(), suspended_until: z.string().nullable() }),
  /** Each report's reason (translated) and note, and whether a new account sent it; reporters are not named. */
  reports: z.array(z.object({ reason: z.string(), note: z.string().nullable(), new_account: z.boolean(), created_at: z.string() })),
  /** The author's appeal note, when this is an appeal. */
  appeal_note: z.string().nullable(),
  created_at: z.string(),
});
export const queuePageSchema = pagedSchema(queueItemSchema);

/** A log entry. `moderator` is present only in the moderators' log; a user's own history never names anyone. */
export const logEntrySchema = z.object({
  id: z.number(),
  target: targetSchema,
  target_id: z.number(),
  action: z.enum(['hide', 'keep', 'remove', 'warn', 'suspend', 'appeal', 'unsuspend']),
  reason: reasonSchema.nullable(),
  days: z.number().nullable(),
  created_at: z.string(),
  moderator: z.object({ id: z.number(), nickname: z.string() }).nullable().optional(),
  author_id: z.number().optional(),
});
export const logPageSchema = pagedSchema(logEntrySchema);

/** GET /api/get/user-violating: one of the author's items removed by moderation. */
export const violatingItemSchema = z.object({
  /** The removal's id, which an appeal names. */
  id: z.number(),
  type: targetSchema,
  target_id: z.number(),
  content: z.string(),
  /** API.md: the reason, named in the request language. */
  reason: z.string().nullable(),
  reason_key: z.enum(MODERATION_REASONS).nullable(),
  removed_at: z.string(),
  /** Whether this item was appealed already (once per removal). */
  appealed: z.boolean(),
});
export const violatingPageSchema = pagedSchema(violatingItemSchema);

/** GET /api/moderation/summary: the open queue entries, for the count beside the "Moderation" link. */
export const queueSummarySchema = z.object({ data: z.object({ open: z.number().int(), crisis: z.number().int() }) });

export const careNoticeSchema = z.object({ id: z.number(), created_at: z.string() });
export const careNoticeListSchema = listOf(careNoticeSchema);
export const reasonListSchema = listOf(reasonSchema);
