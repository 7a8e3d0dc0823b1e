/** Tags (#words in a post's text). */
import { z } from 'zod';
import { dataOf } from './envelopes.ts';

export const tagSchema = z.object({ id: z.number(), name: z.string() });
export const tagResponseSchema = dataOf(tagSchema.extend({ posts_count: z.number() }));
