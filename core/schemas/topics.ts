/** Topics (API.md "Topics"), their categories and preset covers. */
import { z } from 'zod';
import { dataOf, listOf, messageSchema, pagedSchema } from './envelopes.ts';
import { publicUserSchema } from './users.ts';

export const topicCoverSchema = z.object({ id: z.number(), url: z.string() });

export const topicSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** The language the title and description are written in (one of our locale codes), for their `lang`. */
  language: z.string(),
  category: z.object({ id: z.number(), name: z.string() }),
  cover: topicCoverSchema,
  user: publicUserSchema,
  posts_count: z.number(),
  /** Present (true) only when the item is hidden pending review; only its author and moderators receive it then. */
  under_review: z.literal(true).optional(),
  created_at: z.string(),
});

export const categorySchema = z.object({ id: z.number(), name: z.string(), slug: z.string() });

export const topicResponseSchema = dataOf(topicSchema);
export const topicListSchema = listOf(topicSchema);
export const topicPageSchema = pagedSchema(topicSchema);
export const topicCreatedSchema = messageSchema.extend({ data: topicSchema });
export const categoryListSchema = listOf(categorySchema);
export const topicCoverListSchema = listOf(topicCoverSchema);
