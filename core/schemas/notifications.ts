/** Notifications (API.md "Objects": Notification; contract15.md): the list, seen marks and the per-kind switches. */
import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../notifications.ts';
import { pageLinksSchema, pageMetaSchema } from './envelopes.ts';

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  data: z.object({
    url: z.string(),
    text: z.string(),
    actor_count: z.number().int(),
    item: z.object({ kind: z.string(), id: z.number().int() }).nullable(),
  }),
  seen: z.boolean(),
  created_at: z.string(),
});

export const notificationPageSchema = z.object({
  data: z.array(notificationSchema),
  meta: pageMetaSchema.extend({ unseen_count: z.number().int() }),
  links: pageLinksSchema,
});

export const unseenCountSchema = z.object({ unseen_count: z.number().int() });

const kindShape = Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, z.boolean()])) as Record<
  (typeof NOTIFICATION_TYPES)[number],
  z.ZodBoolean
>;
export const notificationKindsSchema = z.object({ kinds: z.object(kindShape) });
export const notificationKindsUpdateSchema = z.strictObject({ kinds: z.strictObject(kindShape).partial() });
