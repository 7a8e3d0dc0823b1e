/** API.md "QR sign-in": create-qr (the waiting device), qr-token (the phone approves), check-session (the waiting device collects). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { qrCodeSchema, qrSessionSchema } from '../../../core/schemas/qr.ts';
import type { Db } from '../../../db/client.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { type CookieSettings, setSessionCookies } from '../../lib/cookies.ts';
import { errorOf, errorSchema, messageSchema } from '../../lib/http.ts';
import { currentUser } from '../../plugins/auth.ts';
import { qrRoom } from '../../plugins/realtime.ts';
import { serializer, toUser } from '../users/service.ts';
import { approveQr, checkQr, createQr } from './service.ts';

export interface QrRouteOptions {
  db: Db;
  config: Pick<Config, 'PUBLIC_URL' | 'RATE_LIMIT_MAX'>;
  cookies: CookieSettings;
}

const qrTokenBody = z.object({ qr_token: z.string().trim().min(1).max(200) });
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

export default async function qrRoutes(fastify: FastifyInstance, opts: QrRouteOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const tags = ['auth'];

  /** The web origin the phone should open: PUBLIC_URL, or else the origin this request came to. */
  function webOrigin(request: FastifyRequest): string {
    if (opts.config.PUBLIC_URL) return opts.config.PUBLIC_URL;
    if (!HOST.test(request.host ?? '')) throw new AppError(400, 'BAD_REQUEST', { key: 'errors.invalid_input' });
    return `${request.protocol}://${request.host}`;
  }

  app.post(
    '/api/create-qr',
    {
      schema: {
        tags,
        summary: 'Make a QR code (valid 2 minutes) that a signed-in phone can approve to sign this device in',
        description:
          'The image encodes the web page `/qr/{qrToken}` of the same host (or of PUBLIC_URL). An anonymous socket may emit ' +
          '`qr:watch` with the qrToken to receive `qr:approved` when the code is approved.',
        body: z.looseObject({}).nullish(),
        response: {
          201: qrCodeSchema,
          400: errorOf('BAD_REQUEST: the Host header cannot make the approval URL (without PUBLIC_URL); MALFORMED_JSON'),
          429: errorSchema,
        },
      },
      // Each code is a row; a visitor needs one every 2 minutes. Scales with the global limit (default 30 a minute).
      config: {
        changesGuestView: false,
        rateLimit: { max: Math.max(10, Math.ceil(opts.config.RATE_LIMIT_MAX / 20)), timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      const qr = await createQr(db, webOrigin(request));
      return reply.code(201).send({ qrToken: qr.token, qrImage: qr.image, expires_at: qr.expiresAt.toISOString() });
    },
  );

  app.post(
    '/api/qr-token',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Approve a QR code: the device showing it is signed in as the current user',
        body: qrTokenBody,
        response: {
          200: messageSchema,
          401: errorSchema,
          404: errorOf('NOT_FOUND: unknown code'),
          410: errorOf('QR_EXPIRED: the code expired, or was already approved or used'),
          422: errorSchema,
        },
      },
    },
    async (request) => {
      const tokenHash = await approveQr(db, request.body.qr_token, currentUser(request).id);
      fastify.realtime.toRoom(qrRoom(tokenHash)).emit('qr:approved', { status: 'approved' });
      return { message: request.t('qr.approved') };
    },
  );

  app.post(
    '/api/check-session',
    {
      config: { changesGuestView: false },
      schema: {
        tags,
        summary: 'Poll a QR code: pending, expired, or approved with a session (handed out once; later calls say expired)',
        description: 'On approval the session cookies are set as by /api/login. Unknown codes read as expired.',
        body: qrTokenBody,
        response: {
          200: qrSessionSchema,
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await checkQr(db, request.body.qr_token);
      if (result.status !== 'approved') return { status: result.status };
      const data = toUser(result.user, await serializer(db, request.locale));
      setSessionCookies(request, reply, opts.cookies, result.token, data);
      return { status: 'approved' as const, token: result.token, data };
    },
  );
}
