/**
 * Serves the React Router app from the same process: static assets, then every non-API path rendered on the
 * server. In development Vite runs in middleware mode with HMR on this server; in production the built app
 * in build/ is used.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createRequest, sendResponse } from '@remix-run/node-fetch-server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouterContextProvider, ServerBuild } from 'react-router';
import * as reactRouter from 'react-router';
import { COOKIE } from '../../core/limits.ts';
import { localeFromHost, localeFromPath, pickLocale } from '../../core/locales.ts';
import type { User } from '../../core/types.ts';
import { varyOn } from '../lib/http.ts';
import { pageSession } from '../lib/page-session.ts';
import { csrfTokenFor } from '../lib/tokens.ts';
import { userAnswer } from '../modules/users/service.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const buildDir = `${root}build`;

export type WebMode = 'production' | 'development';

/** app/lib/context.ts's ServerContext, which the server may not import (app/ is the browser's side). */
interface ServerContextValue {
  api: (path: string, init?: RequestInit) => Promise<Pick<Response, 'status' | 'ok' | 'json'> & { headers: Pick<Headers, 'get'> }>;
  pageUser(locale: string): Promise<User | null>;
  hostLocale: string | null;
  preferredLocale: string;
  csrfToken: string | null;
  buildId: string;
  appHost: string | null;
  origin: string;
  nonce: string;
}

type EntryModule = {
  createLoadContext(value: ServerContextValue): RouterContextProvider;
  /** The bytes of a page app/entry.server.tsx rendered, which its Response's body does not carry. */
  renderedBody(response: Response): Buffer | undefined;
};

export interface WebOptions {
  mode: WebMode;
  appHost?: string;
  onBuild(id: string): void;
}

export async function webPlugin(app: FastifyInstance, opts: WebOptions) {
  await app.register(fastifyStatic, { root: `${root}public`, prefix: '/', wildcard: false, index: false, maxAge: '1d' });

  let getBuild: () => Promise<ServerBuild>;
  // The request handler must come from the same react-router instance as the build, which in development
  // is the one Vite's module runner loaded.
  let getRouter: () => Promise<typeof reactRouter> = async () => reactRouter;
  let handleAssets: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | null = null;

  if (opts.mode === 'development') {
    const { createServer } = await import('vite');
    type Runnable = import('vite').RunnableDevEnvironment;
    const vite = await createServer({ root, server: { middlewareMode: true, hmr: { server: app.server } }, appType: 'custom' });
    app.addHook('onClose', () => vite.close());
    handleAssets = vite.middlewares;
    const runner = (vite.environments.ssr as Runnable).runner;
    getBuild = async () => (await runner.import('virtual:react-router/server-build')) as ServerBuild;
    getRouter = async () => (await runner.import('react-router')) as typeof reactRouter;
    opts.onBuild('development');
  } else {
    if (!existsSync(`${buildDir}/server/index.js`)) throw new Error('The web app is not built: run `npm run build` first.');
    await app.register(fastifyStatic, {
      root: `${buildDir}/client/assets`,
      prefix: '/assets/',
      decorateReply: false,
      immutable: true,
      maxAge: '1y',
      preCompressed: true,
    });
    const build = (await import(`${buildDir}/server/index.js`)) as ServerBuild;
    opts.onBuild(build.assets.version);
    getBuild = async () => build;
  }

  /** `visitor` is Fastify's view of the page request: its proxy-aware address limits the in-process API calls per visitor. */
  async function loadContext(request: Request, build: ServerBuild, visitor: FastifyRequest) {
    const entry = build.entry.module as unknown as EntryModule;
    const cookieHeader = request.headers.get('cookie');
    const cookies = app.parseCookie(cookieHeader ?? '');
    const authToken = cookies[COOKIE.auth];
    // The path's language is the router's to read (app/layouts/language.tsx); the server gives what lies outside it.
    return entry.createLoadContext({
      hostLocale: localeFromHost(request.headers.get('host'), opts.appHost),
      preferredLocale: pickLocale({ cookie: cookies[COOKIE.locale], acceptLanguage: request.headers.get('accept-language') }),
      csrfToken: authToken ? csrfTokenFor(authToken) : null,
      buildId: build.assets.version,
      appHost: opts.appHost ?? null,
      origin: app.publicOrigin,
      // A fresh secret per page: only the scripts React Router and React write carry it (the CSP in entry.server.tsx).
      nonce: randomBytes(16).toString('base64'),
      // The user the page request was authenticated as is the one GET /api/get/data/user would be given
      // (lib/page-session.ts), so the root loader is answered without the call. After a write through the page, or
      // when building the answer fails, only the call can tell: it reads the token again and answers any failure.
      pageUser: async (locale) => {
        const kept = pageSession.getStore()?.kept;
        if (!kept || kept.token !== authToken) return null;
        return userAnswer(app.database.db, kept.user, locale).catch(() => null);
      },
      // Loaders reach the API in-process, as the visitor: same cookies; the API client names the page's language.
      api: async (path, init = {}) => {
        const method = init.method ?? 'GET';
        // A write may change the user or end the session: the calls after it read the token again.
        if (method !== 'GET' && method !== 'HEAD') {
          const page = pageSession.getStore();
          if (page) page.kept = null;
        }
        const headers: Record<string, string> = {};
        const given = init.headers;
        // The API client gives a plain object; Fastify reads header names in lower case.
        if (given instanceof Headers || Array.isArray(given))
          new Headers(given).forEach((v, k) => {
            headers[k] = v;
          });
        else if (given) for (const name in given) headers[name.toLowerCase()] = given[name];
        if (cookieHeader) headers.cookie = cookieHeader;
        const res = await app.inject({
          method: method as 'GET',
          url: path,
          headers,
          payload: typeof init.body === 'string' ? init.body : undefined,
          remoteAddress: visitor.ip,
        });
        // A page built on a failed read is not kept for other guests, whatever status its loader gave it.
        if (res.statusCode >= 400) visitor.keepOutOfGuestCache();
        // What the API client reads of a Response, as `new Response(body, { status })` would answer it.
        return {
          status: res.statusCode,
          ok: res.statusCode >= 200 && res.statusCode < 300,
          headers: {
            get: (name: string) => {
              const value = res.headers[name.toLowerCase()];
              return value === undefined ? null : String(value);
            },
          },
          json: async () => JSON.parse(res.body),
        };
      },
    });
  }

  // One handler per build (in development the build changes with every edit).
  let current: { build: ServerBuild; handle: ReturnType<typeof reactRouter.createRequestHandler> } | null = null;
  async function render(visitor: FastifyRequest, res: ServerResponse): Promise<{ response: Response; body?: Buffer }> {
    try {
      const [build, router] = await Promise.all([getBuild(), getRouter()]);
      if (current?.build !== build) current = { build, handle: router.createRequestHandler(build, opts.mode) };
      const request = createRequest(visitor.raw, res, { protocol: `${visitor.protocol}:` });
      const { handle } = current;
      const context = await loadContext(request, build, visitor);
      // The in-process API calls of this page take the user its own request was authenticated as (lib/page-session.ts).
      const kept =
        visitor.authVia === 'cookie' && visitor.user && visitor.authToken ? { token: visitor.authToken, user: visitor.user } : null;
      const response = await pageSession.run({ kept }, () => handle(request, context));
      return { response, body: (build.entry.module as unknown as EntryModule).renderedBody(response) };
    } catch (err) {
      app.log.error({ err }, 'page rendering failed');
      return { response: new Response('Server Error', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } }) };
    }
  }

  // Pages take the raw request: no body parsing, no JSON error handling, React Router answers. In production the
  // answer goes out through Fastify, so it is compressed and a guest's page can come from the guest cache.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    // A page's own writes (form actions) reach the API in-process, whose routes clear the guest cache themselves.
    const config = { rateLimit: false, guestCache: opts.mode === 'production', changesGuestView: false } as const;
    // Before the guest cache's lookup, so a kept copy goes out with it too. Every page reads the visitor's cookies
    // (session, theme, language); a page whose host and path name no language is in the one Accept-Language asks for,
    // and every language's feed offers a visitor who has not chosen their content languages the browser's ones.
    const vary = async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = pagePath(request.url.split('?')[0]);
      const negotiated = !localeFromHost(request.headers.host, opts.appHost) && !localeFromPath(pathname);
      const asks = request.cookies[COOKIE.contentLanguages] === undefined && isFeedPath(pathname);
      varyOn(reply, negotiated || asks ? ['Cookie', 'Accept-Language'] : ['Cookie']);
    };
    scope.all('/*', { schema: { hide: true }, config, onRequest: vary }, async (request, reply) => {
      const { raw: req } = request;
      const { raw: res } = reply;
      if (handleAssets) {
        // Vite's middleware answers on the raw response.
        const assets = handleAssets;
        reply.hijack();
        // A hijacked reply skips the onSend hooks, among them auth's private, no-store for a signed-in page.
        if (request.user) res.setHeader('cache-control', 'private, no-store');
        assets(
          req,
          res,
          () =>
            void render(request, res).then(({ response, body }) =>
              sendResponse(res, body ? new Response(new Uint8Array(body), response) : response),
            ),
        );
        return;
      }
      const { response, body } = await render(request, res);
      // The guest cache keeps whole bodies.
      if (!body && !request.guestCacheFill) return reply.send(response);
      reply.code(response.status);
      for (const [name, value] of response.headers) reply.header(name, value);
      return reply.send(body ?? Buffer.from(await response.arrayBuffer()));
    });
  });
}

/** The page a path asks for: a data request's (`/ar.data`, `/_.data`) read as React Router reads it. */
export function pagePath(pathname: string): string {
  return pathname.endsWith('/_.data') ? pathname.slice(0, -'_.data'.length) : pathname.replace(/\.data$/, '');
}

/**
 * The feed of a language (app/routes.ts: the index route under the optional language segment): the page whose
 * language prompt offers the languages of Accept-Language (app/routes/feeds.tsx).
 */
export function isFeedPath(path: string): boolean {
  const prefix = localeFromPath(path);
  const rest = prefix ? path.slice(prefix.length + 1) : path;
  return rest === '' || rest === '/';
}
