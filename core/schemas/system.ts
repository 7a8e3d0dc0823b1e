/** Health for load balancers, and the running build the web app polls to notice a new deploy. */
import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok'), db: z.literal('ok') });
/** 503: the database, or Redis when the app is configured with it (REDIS_URL), does not answer; `db` says which. */
export const healthDownSchema = z.object({ status: z.literal('error'), db: z.enum(['ok', 'down']), code: z.literal('UNAVAILABLE') });
/** GET /builds/latest.json. */
export const buildInfoSchema = z.object({ id: z.string(), timestamp: z.string() });
