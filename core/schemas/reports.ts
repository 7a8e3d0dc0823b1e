/** Reasons for a report, named in the request language. */
import { z } from 'zod';
import { listOf } from './envelopes.ts';

export const reportTypeListSchema = listOf(z.object({ id: z.number(), name: z.string() }));
