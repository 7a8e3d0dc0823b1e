/** Moods (API.md "Moods and polls"): the object and the answers to reacting to one. */
import { z } from 'zod';
import { MOOD_INTERACTIONS } from '../limits.ts';
import { dataOf, messageSchema, pagedSchema } from './envelopes.ts';
import { feelingSchema } from './feelings.ts';
import { pollSchema } from './polls.ts';
import { publicUserSchema } from './users.ts';

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
  /** Present (true) only when the item is hidden pending review; only its author and moderators receive it then. */
  under_review: z.literal(true).optional(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const moodResponseSchema = dataOf(moodSchema);
export const moodPageSchema = pagedSchema(moodSchema);
export const moodUpdatedSchema = messageSchema.extend({ data: moodSchema });

/** Reacting to a mood, or taking the reaction back: the new counts and the viewer's reaction. */
export const moodReactionsSchema = z.object({
  interactions: z.record(z.string(), z.number()),
  my_interaction: z.enum(MOOD_INTERACTIONS).nullable(),
});
