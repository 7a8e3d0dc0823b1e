/** Thoughts (API.md "Thoughts"): the object, reactions, and the top contributors. */
import { z } from 'zod';
import { THOUGHT_REACTIONS } from '../limits.ts';
import { dataOf, listOf, pagedSchema } from './envelopes.ts';
import { publicUserSchema } from './users.ts';

const reactionCounts = z.record(z.string(), z.number());
const myReaction = z.enum(THOUGHT_REACTIONS).nullable();

export const thoughtSchema = z.object({
  id: z.number(),
  slug: z.string(),
  content: z.string(),
  language: z.string(),
  user: publicUserSchema,
  reactions: reactionCounts,
  my_reaction: myReaction,
  is_mine: z.boolean(),
  /** Present (true) only when the item is hidden pending review; only its author and moderators receive it then. */
  under_review: z.literal(true).optional(),
  created_at: z.string(),
});

export const thoughtResponseSchema = dataOf(thoughtSchema);
export const thoughtListSchema = listOf(thoughtSchema);
export const thoughtPageSchema = pagedSchema(thoughtSchema);
/** Reacting to a thought: the new counts and the viewer's reaction. */
export const thoughtReactionsSchema = z.object({ reactions: reactionCounts, my_reaction: myReaction });
export const contributorListSchema = listOf(z.object({ user: publicUserSchema, thoughts_count: z.number() }));
