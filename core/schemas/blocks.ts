/** Blocks: the people I blocked, and the answer of blocking or unblocking someone. */
import { z } from 'zod';
import { pagedSchema } from './envelopes.ts';
import { publicUserSchema } from './users.ts';

export const blockedSchema = z.object({ blocked: z.boolean() });
/** GET /api/blocks: the people I blocked, the latest first. */
export const blockPageSchema = pagedSchema(publicUserSchema);
