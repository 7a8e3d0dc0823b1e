/** Health for load balancers, and the running build the web app polls to notice a new deploy. */
import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok'), db: z.literal('ok') });
export const healthDownSchema = z.object({ status: z.literal('error'), db: z.literal('down'), code: z.literal('UNAVAILABLE') });
/** GET /builds/latest.json. */
export const buildInfoSchema = z.object({ id: z.string(), timestamp: z.string() });
