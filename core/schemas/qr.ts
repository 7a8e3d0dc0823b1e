/** QR sign-in (API.md "QR sign-in"): the code a signed-out device shows, and what polling it answers. */
import { z } from 'zod';
import { userSchema } from './users.ts';

/** POST /api/create-qr: valid 2 minutes. */
export const qrCodeSchema = z.object({
  qrToken: z.string(),
  qrImage: z.string().describe('data: URL of an SVG image'),
  expires_at: z.string().describe('ISO 8601'),
});

/** POST /api/check-session: the approved session is handed out once. */
export const qrSessionSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('expired') }),
  z.object({ status: z.literal('approved'), token: z.string(), data: userSchema }),
]);

/** POST /api/qr-state: a code the signed-in phone may still approve (404 unknown, 410 expired or used otherwise). */
export const qrStateSchema = z.object({ status: z.literal('pending') });
