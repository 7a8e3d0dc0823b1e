/** Feelings a post or mood is written with, named in the request language. */
import { z } from 'zod';
import { listOf } from './envelopes.ts';

export const feelingSchema = z.object({ id: z.number(), name: z.string(), emoji: z.string(), type: z.enum(['post', 'mood']) });
export const feelingListSchema = listOf(feelingSchema);
