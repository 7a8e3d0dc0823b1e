/**
 * Who is asking: a Bearer token, or the authToken cookie the web app holds. Cookie-authenticated calls that
 * change something must also carry the CSRF token (419 otherwise).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COOKIE } from '../../core/limits.ts';
import type { Db } from '../../db/client.ts';
import { AppError, Unauthenticated } from '../errors.ts';
import { documentErrors } from '../lib/http.ts';
import { pageUserFor } from '../lib/page-session.ts';
import { csrfTokenFor } from '../lib/tokens.ts';
import { userForToken } from '../modules/auth/service.ts';
import type { UserRow } from '../modules/users/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    /** The raw token the request was authenticated with. */
    authToken: string | null;
    authVia: 'bearer' | 'cookie' | null;
  }
  interface FastifyInstance {
    /** preHandler for routes marked "auth" in API.md. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Unauthenticated();
  return request.user;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export default fp(
  async function auth(app: FastifyInstance, opts: { db: Db }) {
    app.decorateRequest('user', null);
    app.decorateRequest('authToken', null);
    app.decorateRequest('authVia', null);

    const authenticate = async (request: FastifyRequest, header: string | undefined, cookie: string | undefined) => {
      if (header !== undefined) {
        const token = header.slice(7).trim();
        const user = token ? await userForToken(opts.db, token) : null;
        // A client that presents a token it should not have must learn so, even on public calls.
        if (!user) throw new Unauthenticated();
        request.user = user;
        request.authToken = token;
        request.authVia = 'bearer';
        return;
      }
      if (cookie) {
        const user = pageUserFor(cookie) ?? (await userForToken(opts.db, cookie));
        // A stale cookie reads as signed out: the page still works and offers sign-in again.
        if (!user) return;
        if (!SAFE_METHODS.has(request.method)) {
          const sent = request.headers['x-csrf-token'];
          if (typeof sent !== 'string' || !sameToken(sent, csrfTokenFor(cookie))) {
            throw new AppError(419, 'CSRF', { key: 'errors.csrf' });
          }
        }
        request.user = user;
        request.authToken = cookie;
        request.authVia = 'cookie';
      }
    };
    // Callback style: a request with neither token nor cookie (every guest's API call) goes on at once, without
    // the promise and the turn of the microtask queue an async hook costs on each request.
    app.addHook('onRequest', (request, _reply, done) => {
      const authorization = request.headers.authorization;
      const header = authorization?.toLowerCase().startsWith('bearer ') ? authorization : undefined;
      const cookie = request.cookies[COOKIE.auth];
      if (header === undefined && !cookie) return done();
      authenticate(request, header, cookie).then(() => done(), done);
    });

    // What a signed-in person is shown (their pages, their flags on every item) is theirs alone: no shared cache
    // or browser history may keep it. Static files keep their own caching.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.user && !reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
      done(null, payload);
    });

    const requireUser = async (request: FastifyRequest) => {
      if (!request.user) throw new Unauthenticated();
    };
    app.decorate('requireUser', requireUser);
    // Every route guarded by requireUser says so in the OpenAPI document, without each route repeating it.
    app.addHook('onRoute', (route) => {
      const hooks = [route.onRequest].flat();
      if (hooks.includes(requireUser)) route.schema = { ...route.schema, security: [{ bearer: [] }] };
      if (!route.url.startsWith('/api/') || !route.schema) return;
      const methods = [route.method].flat();
      documentErrors(route, {
        ...(hooks.includes(requireUser) ? { 401: 'UNAUTHENTICATED: not signed in' } : {}),
        ...(methods.some((m) => !SAFE_METHODS.has(m)) ? { 419: 'CSRF: signed in by cookie, without the X-CSRF-Token header' } : {}),
      });
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie', 'locale'] },
);
