/** Posts (API.md "Posts"): the object, the answers to writing one, and the reader's and author's toggles. */
import { z } from 'zod';
import { dataOf, listOf, messageSchema, pagedSchema } from './envelopes.ts';
import { feelingSchema } from './feelings.ts';
import { moodSchema } from './moods.ts';
import { pollSchema } from './polls.ts';
import { tagSchema } from './tags.ts';
import { publicUserSchema } from './users.ts';

export const postSchema = z.object({
  id: z.number(),
  slug: z.string(),
  content: z.string(),
  language: z.string(),
  feeling: feelingSchema.nullable(),
  topic_id: z.number().nullable(),
  tags: z.array(tagSchema),
  poll: pollSchema.nullable(),
  user: publicUserSchema,
  supports_count: z.number(),
  comments_count: z.number(),
  is_supported: z.boolean(),
  is_favorited: z.boolean(),
  is_hidden: z.boolean(),
  is_mine: z.boolean(),
  /** Present (true) only when the item is hidden pending review; only its author and moderators receive it then. */
  under_review: z.literal(true).optional(),
  share_disabled: z.boolean(),
  advice_disabled: z.boolean(),
  notifications_disabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const postResponseSchema = dataOf(postSchema);
export const postListSchema = listOf(postSchema);
export const postPageSchema = pagedSchema(postSchema);
export const postUpdatedSchema = messageSchema.extend({ data: postSchema });

/** POST /api/posts: a post, or, at 150 characters or fewer, a mood with a notice saying so. */
export const postCreatedSchema = z.union([
  z.object({ message: z.string(), data: postSchema }),
  z.object({ message: z.string(), placed_as: z.literal('mood'), notice: z.string(), data: moodSchema }),
]);

/** POST /api/user/store/moods: a mood, or, at 150 characters or more, a post with a notice saying so. */
export const moodCreatedSchema = z.union([
  z.object({ message: z.string(), data: moodSchema }),
  z.object({ message: z.string(), placed_as: z.literal('post'), notice: z.string(), data: postSchema }),
]);

/** GET /api/check-new-note: may the user post now, and if not, which limit and until when. */
export const noteCheckSchema = z.union([
  z.object({ isAllowed: z.literal(true) }),
  z.object({ isAllowed: z.literal(false), code: z.literal('POST_LIMIT'), limit: z.literal(true), retry_at: z.string() }),
  z.object({ isAllowed: z.literal(false), code: z.literal('TOPIC_INTERVAL'), time: z.literal(true), retry_at: z.string() }),
]);

export const supportedSchema = z.object({ supports_count: z.number(), is_supported: z.literal(true) });
export const unsupportedSchema = z.object({ supports_count: z.number(), is_supported: z.literal(false) });
export const favoritedSchema = z.object({ is_favorited: z.boolean() });
/** Hiding and showing a post or a mood. */
export const hiddenSchema = z.object({ is_hidden: z.boolean() });

/** The author's per-post switches: the path each is toggled at, and the flag it answers with. */
export const postSwitchSchemas = {
  'disable-post-notification': z.object({ notifications_disabled: z.boolean() }),
  'disable-share': z.object({ share_disabled: z.boolean() }),
  'disable-advice': z.object({ advice_disabled: z.boolean() }),
};
export type PostSwitch = keyof typeof postSwitchSchemas;
