import { z } from 'zod';
import { LIMITS, REPORT_NOTE_MAX } from '../../../core/limits.ts';
import { publicUserSchema, text } from '../users/schemas.ts';

export const feelingSchema = z.object({ id: z.number(), name: z.string(), emoji: z.string(), type: z.enum(['post', 'mood']) });

export const pollSchema = z.object({
  id: z.number(),
  question: z.string().nullable(),
  options: z.array(z.object({ id: z.number(), text: z.string(), votes_count: z.number() })),
  votes_count: z.number(),
  my_vote_option_id: z.number().nullable(),
});

export const postSchema = z.object({
  id: z.number(),
  slug: z.string(),
  content: z.string(),
  language: z.string(),
  feeling: feelingSchema.nullable(),
  topic_id: z.number().nullable(),
  tags: z.array(z.object({ id: z.number(), name: z.string() })),
  poll: pollSchema.nullable(),
  user: publicUserSchema,
  supports_count: z.number(),
  comments_count: z.number(),
  is_supported: z.boolean(),
  is_favorited: z.boolean(),
  is_hidden: z.boolean(),
  is_mine: z.boolean(),
  share_disabled: z.boolean(),
  advice_disabled: z.boolean(),
  notifications_disabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const moodSchema = z.object({
  id: z.number(),
  content: z.string(),
  language: z.string(),
  feeling: feelingSchema.nullable(),
  poll: pollSchema.nullable(),
  user: publicUserSchema,
  interactions: z.record(z.string(), z.number()),
  my_interaction: z.string().nullable(),
  is_hidden: z.boolean(),
  is_mine: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const postContent = text(1, LIMITS.post);
/** Ids are PostgreSQL integers. */
const MAX_ID = 2_147_483_647;
export const idField = z.number().int().positive().max(MAX_ID);
/** An id in a path or a query string. */
export const idString = z.coerce.number().int().positive().max(MAX_ID);
export const idParam = z.object({ id: idString });

/** check-*-url: the page's id, given as `id` or as the slug (posts and thoughts use their id as slug); null when it cannot be an id. */
export function idFromSlug(query: { id?: number; slug?: string }): number | null {
  if (query.id !== undefined) return query.id;
  const parsed = idString.safeParse(query.slug);
  return parsed.success ? parsed.data : null;
}

export const pollInput = z.object({
  question: z.string().trim().max(LIMITS.pollQuestion).nullish(),
  options: z.array(text(1, LIMITS.pollOptionText)).min(LIMITS.pollOptions.min).max(LIMITS.pollOptions.max),
});

export const postIdBody = z.object({ post_id: idField });
export const moodIdBody = z.object({ mood_id: idField });
export const reportBody = { report_type_id: idField, note: z.string().trim().max(REPORT_NOTE_MAX).optional() };
export const messageSchema = z.object({ message: z.string() });
