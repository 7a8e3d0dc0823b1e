/** Comments (API.md "Comments"): top-level comments carry their first replies; replies are one level deep. */
import { z } from 'zod';
import { dataOf, pagedSchema } from './envelopes.ts';
import { publicUserSchema } from './users.ts';

export const commentVoteSchema = z.union([z.literal(-1), z.literal(0), z.literal(1)]);

const commentFields = z.object({
  id: z.number(),
  post_id: z.number(),
  parent_id: z.number().nullable(),
  content: z.string(),
  /** The language the comment is written in (one of our locale codes), for its `lang`. */
  language: z.string(),
  user: publicUserSchema,
  votes_score: z.number(),
  my_vote: commentVoteSchema,
  replies_count: z.number(),
  is_mine: z.boolean(),
  /** Present (true) only when the item is hidden pending review; only its author and moderators receive it then. */
  under_review: z.literal(true).optional(),
  /** Only on someone else's comment the reader reported (one report each): its Report is not offered again. */
  reported: z.literal(true).optional(),
  created_at: z.string(),
});

// A reply's own `replies` is always empty (one level deep), but the one Comment type serves both levels,
// so the schema is recursive; OpenAPI shows it as the named component `Comment`.
export const commentSchema = commentFields
  .extend({
    get replies(): z.ZodArray<typeof commentSchema> {
      return z.array(commentSchema).describe("A top-level comment's first 3 replies; always empty on a reply");
    },
  })
  .meta({ id: 'Comment' });

export const commentResponseSchema = dataOf(commentSchema);
export const commentPageSchema = pagedSchema(commentSchema);
export const commentVoteResponseSchema = z.object({ votes_score: z.number(), my_vote: commentVoteSchema });
