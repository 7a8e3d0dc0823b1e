/** A poll on a post or mood, with the viewer's vote. */
import { z } from 'zod';
import { dataOf } from './envelopes.ts';

export const pollOptionSchema = z.object({ id: z.number(), text: z.string(), votes_count: z.number() });

export const pollSchema = z.object({
  id: z.number(),
  question: z.string().nullable(),
  options: z.array(pollOptionSchema),
  votes_count: z.number(),
  my_vote_option_id: z.number().nullable(),
});

/** Voting and taking a vote back answer with the whole poll. */
export const pollResponseSchema = dataOf(pollSchema);
