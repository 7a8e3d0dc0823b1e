/** API.md "Sign-in and the user": guest-login, login, logout. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authResponseSchema } from '../../../core/schemas/users.ts';
import type { Db } from '../../../db/client.ts';
import { type CookieSettings, clearSessionCookies, setSessionCookies } from '../../lib/cookies.ts';
import type { Counter } from '../../lib/counter.ts';
import { errorOf, userString } from '../../lib/http.ts';
import { hashToken } from '../../lib/tokens.ts';
import { passwordSchema } from '../users/schemas.ts';
import { serializer, toUser } from '../users/service.ts';
import { createGuest, login, revokeToken } from './service.ts';

export interface AuthRouteOptions {
  db: Db;
  counter: Counter;
  cookies: CookieSettings;
  guestLoginsPerHour: number;
}

export default async function authRoutes(fastify: FastifyInstance, opts: AuthRouteOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.post(
    '/api/guest-login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an anonymous account and sign in',
        body: z.looseObject({}).nullish(),
        response: { 201: authResponseSchema },
      },
      config: { changesGuestView: false, rateLimit: { max: opts.guestLoginsPerHour, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const { token, user } = await createGuest(db, request.locale);
      const data = toUser(user, await serializer(db, request.locale));
      setSessionCookies(request, reply, opts.cookies, token, data);
      return reply.code(201).send({ token, data });
    },
  );

  app.post(
    '/api/login',
    {
      config: { changesGuestView: false },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username or email and password',
        body: z
          .object({
            username: userString().trim().max(254).optional(),
            email: userString().trim().max(254).optional(),
            login: userString().trim().max(254).optional(),
            password: z
              .string()
              .min(1)
              .max(passwordSchema.maxLength ?? 200),
          })
          .refine((b) => Boolean(b.username || b.email || b.login), {
            path: ['username'],
            params: { key: 'validation.required' },
          }),
        response: {
          200: authResponseSchema,
          422: errorOf('INVALID_CREDENTIALS: wrong username, email or password, the same for an unknown user; VALIDATION'),
          429: errorOf(
            'LOGIN_THROTTLED: too many failed sign-ins for this account (any of its names) or address, with retry_at; RATE_LIMITED',
          ),
        },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const { token, user } = await login(db, opts.counter, {
        identifier: (b.username || b.email || b.login) as string,
        password: b.password,
        ip: request.ip,
      });
      const data = toUser(user, await serializer(db, request.locale));
      setSessionCookies(request, reply, opts.cookies, token, data);
      return { token, data };
    },
  );

  app.post(
    '/api/logout',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: { tags: ['auth'], summary: 'Revoke the current token and disconnect its sockets', response: { 204: z.null() } },
    },
    async (request, reply) => {
      const token = request.authToken as string;
      await revokeToken(db, token);
      app.realtime.endSessions([hashToken(token)]);
      clearSessionCookies(reply, opts.cookies);
      return reply.code(204).send(null);
    },
  );
}
