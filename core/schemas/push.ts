/** Web Push (issue 15): the server's public key, a browser's subscription, and the person's quiet hours. */
import { z } from 'zod';

/** PostgreSQL text cannot hold U+0000 (server/lib/http.ts userString). */
const stored = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !v.includes('\u0000'), { message: 'NUL', params: { key: 'validation.invalid' } });

export const pushPublicKeySchema = z.object({
  public_key: z.string().describe("The server's VAPID public key (base64url): PushManager.subscribe's applicationServerKey"),
});

/**
 * What `PushSubscription.toJSON()` gives. Only the shape is checked here; what the values must be (an https
 * endpoint, a P-256 point, a 16-byte secret) is the service's rule, answered with 422 MALFORMED.
 */
export const pushSubscriptionBodySchema = z.object({
  endpoint: stored(2048).describe('The push service URL the browser gave: https'),
  keys: z.object({
    p256dh: stored(200).describe("The browser's P-256 public key, base64url (65 bytes uncompressed)"),
    auth: stored(100).describe('The 16-byte authentication secret, base64url'),
  }),
  expirationTime: z.number().nullable().optional().describe('Ignored: the push service answering 404/410 is what ends a subscription'),
});

export const pushEndpointBodySchema = z.object({ endpoint: stored(2048) });

/** "HH:MM", 24-hour clock. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

export const quietHoursSchema = z.object({
  from: clockTime.describe("Start, HH:MM in the person's local time"),
  to: clockTime.describe('End (excluded), HH:MM; earlier than `from` when the window crosses midnight'),
  time_zone: z.string().max(64).describe('IANA time zone, e.g. "Europe/Berlin"'),
});

export const pushSettingsSchema = z.object({
  quiet_hours: quietHoursSchema.nullable().describe('No pushes reach this person inside the window; null: none'),
});
