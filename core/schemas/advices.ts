/** Advice (API.md "Comments, reports, advice"): private words to a post's author, seen only by that author. */
import { z } from 'zod';
import { dataOf, pagedSchema } from './envelopes.ts';
import { publicUserSchema } from './users.ts';

/** API.md "Objects": Advice, with the post it answers (its id and the start of its text). */
export const adviceSchema = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  content: z.string(),
  sender: publicUserSchema,
  created_at: z.string(),
  post: z.object({ id: z.number().int(), excerpt: z.string() }),
});

export const adviceResponseSchema = dataOf(adviceSchema);
export const advicePageSchema = pagedSchema(adviceSchema);
