/**
 * Search (API.md "Notifications, messages, search, other"): paged results `{type, item}`, each with the parts of
 * its text and whether each part matched (rendered as text, marked parts in <mark>), and recent searches.
 */
import { z } from 'zod';
import { pagedSchema } from './envelopes.ts';
import { moodSchema } from './moods.ts';
import { postSchema } from './posts.ts';
import { tagSchema } from './tags.ts';
import { thoughtSchema } from './thoughts.ts';
import { topicSchema } from './topics.ts';

export { SEARCH_TYPES, type SearchType } from '../search.ts';

const partsSchema = z.array(z.object({ text: z.string(), match: z.boolean() }));
/** Each searched field of the item (content; a topic's title and description; a tag's name) cut into parts. */
const highlightSchema = z.record(z.string(), partsSchema);

export const searchTagSchema = tagSchema.extend({ posts_count: z.number() });

export const searchResultSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('post'), item: postSchema, highlight: highlightSchema }),
  z.object({ type: z.literal('mood'), item: moodSchema, highlight: highlightSchema }),
  z.object({ type: z.literal('topic'), item: topicSchema, highlight: highlightSchema }),
  z.object({ type: z.literal('thought'), item: thoughtSchema, highlight: highlightSchema }),
  z.object({ type: z.literal('tag'), item: searchTagSchema, highlight: highlightSchema }),
]);
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchPageSchema = pagedSchema(searchResultSchema).extend({
  /**
   * How many results each type's tab shows for this query: the tabs' numbers and the no-results help ("3 in
   * moods"). A type without the words as written counts its similarly spelt ones (what it then shows), so `all`
   * is its own number, not always the sum of the others.
   */
  counts: z.object({
    all: z.number(),
    posts: z.number(),
    moods: z.number(),
    topics: z.number(),
    thoughts: z.number(),
    tags: z.number(),
  }),
  /** True when no item had the words as written and these are items with similarly spelt words. */
  fuzzy: z.boolean(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

export const recentSearchSchema = z.object({ id: z.number(), query: z.string(), created_at: z.string() });
export const recentSearchListSchema = z.object({ data: z.array(recentSearchSchema) });
export type RecentSearch = z.infer<typeof recentSearchSchema>;
