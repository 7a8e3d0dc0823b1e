/** API.md "QR sign-in": create-qr (the waiting device), qr-token (the phone approves), check-session (the waiting device collects). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeFromHost } from '../../../core/locales.ts';
import { qrCodeSchema, qrSessionSchema, qrStateSchema } from '../../../core/schemas/qr.ts';
import type { Db } from '../../../db/client.ts';
import type { Config } from '../../config.ts';
import { type CookieSettings, setSessionCookies } from '../../lib/cookies.ts';
import { errorOf, errorSchema, messageSchema, userString } from '../../lib/http.ts';
import { currentUser } from '../../plugins/auth.ts';
import { qrRoom } from '../../plugins/realtime.ts';
import { serializer, toUser } from '../users/service.ts';
import { approveQr, assertQrPending, checkQr, createQr } from './service.ts';

export interface QrRouteOptions {
  db: Db;
  config: Pick<Config, 'APP_HOST' | 'RATE_LIMIT_MAX'>;
  cookies: CookieSettings;
}

const qrTokenBody = z.object({ qr_token: userString().trim().min(1).max(200) });

export default async function qrRoutes(fastify: FastifyInstance, opts: QrRouteOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const tags = ['auth'];

  /**
   * The web origin the phone should open: the language subdomain of APP_HOST this request came to, or else the
   * configured origin. A host the request names that is neither never reaches the image.
   */
  function webOrigin(request: FastifyRequest): string {
    const appHost = opts.config.APP_HOST?.toLowerCase();
    const host = request.host?.toLowerCase();
    const code = localeFromHost(host, appHost);
    if (code && host === `${code}.${appHost}`) return `${new URL(fastify.publicOrigin).protocol}//${host}`;
    return fastify.publicOrigin;
  }

  app.post(
    '/api/create-qr',
    {
      schema: {
        tags,
        summary: 'Make a QR code (valid 2 minutes) that a signed-in phone can approve to sign this device in',
        description:
          'The image encodes the web page `/qr/{qrToken}` of the configured origin (PUBLIC_URL, APP_HOST or the listening address; a language subdomain of APP_HOST keeps its own). An anonymous socket may emit ' +
          '`qr:watch` with the qrToken to receive `qr:approved` when the code is approved.',
        body: z.looseObject({}).nullish(),
        response: {
          201: qrCodeSchema,
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
    '/api/qr-state',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Whether a QR code can still be approved (the approving page asks before offering Approve); changes nothing',
        description: 'The token travels in the body, as for approving, so it stays out of addresses and logs.',
        body: qrTokenBody,
        response: {
          200: qrStateSchema,
          401: errorSchema,
          404: errorOf('NOT_FOUND: unknown code'),
          410: errorOf('QR_EXPIRED: the code expired, or was already approved or used'),
          422: errorSchema,
        },
      },
    },
    async (request) => {
      await assertQrPending(db, request.body.qr_token);
      return { status: 'pending' as const };
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
