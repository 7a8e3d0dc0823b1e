/**
 * Builds the one Fastify application: API, server-rendered web and realtime. Plugins load in one order:
 * external (cookies, rate limits, security headers, docs) → app (locale, errors, auth) → routes → web.
 */
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { APP_VERSION } from '../core/limits.ts';
import type { BuildInfo } from '../core/types.ts';
import type { Database } from '../db/client.ts';
import { type Config, publicOrigin } from './config.ts';
import jobsPlugin from './jobs/plugin.ts';
import { type Counter, memoryCounter, redisCounter } from './lib/counter.ts';
import { openRedis, rateLimitStore, sharedOrLocal } from './lib/redis.ts';
import accountRoutes from './modules/account/routes.ts';
import profileRoutes from './modules/achievements/routes.ts';
import adviceRoutes from './modules/advices/routes.ts';
import authRoutes from './modules/auth/routes.ts';
import blockRoutes from './modules/blocks/routes.ts';
import commentRoutes from './modules/comments/routes.ts';
import healthRoutes from './modules/health/routes.ts';
import languageRoutes from './modules/languages/routes.ts';
import messageRoutes from './modules/messages/routes.ts';
import moderationAnnounce from './modules/moderation/announce.ts';
import moderationRoutes from './modules/moderation/routes.ts';
import suspensionPlugin from './modules/moderation/suspension.ts';
import moodRoutes from './modules/moods/routes.ts';
import notificationRoutes from './modules/notifications/routes.ts';
import postRoutes from './modules/posts/routes.ts';
import pushRoutes from './modules/push/routes.ts';
import qrRoutes from './modules/qr/routes.ts';
import reportRoutes from './modules/reports/routes.ts';
import searchRoutes from './modules/search/routes.ts';
import tagRoutes from './modules/tags/routes.ts';
import thoughtRoutes from './modules/thoughts/routes.ts';
import topicRoutes from './modules/topics/routes.ts';
import userRoutes from './modules/users/routes.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import guestCachePlugin from './plugins/guest-cache.ts';
import localePlugin from './plugins/locale.ts';
import { pwaPlugin } from './plugins/pwa.ts';
import realtimePlugin from './plugins/realtime.ts';
import securityHeaders from './plugins/security-headers.ts';
import { type WebMode, webPlugin } from './plugins/web.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Serve the web app too (omitted in API tests). */
  web?: WebMode;
  /** Per-hour guest account creations per address, instead of `GUEST_LOGINS_PER_HOUR`. */
  guestLoginsPerHour?: number;
  logger?: boolean;
  /** Where log lines go instead of stdout (the tests read them). */
  logStream?: { write(line: string): void };
  /** Longest wait for one push service (server/modules/push/deliver.ts); the tests shorten it. */
  pushTimeoutMs?: number;
}

/**
 * A request's log lines name what was asked for without the visitor: no query string (search words, slugs) and no
 * address.
 */
const requestForLog = (req: { method: string; url: string; host: string }) => ({
  method: req.method,
  url: req.url.split('?')[0],
  host: req.host,
});

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    counter: Counter;
    redis: Redis | null;
    /** The origin of the absolute URLs the app writes (config.ts `publicOrigin`). */
    publicOrigin: string;
  }
}

const NOTHING_RUNS = { defaultSrc: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"], frameAncestors: ["'none'"] };

/** Swagger UI loads its own files only; its React components set inline styles, its tag list is drawn in SVG. */
const DOCS_UI_POLICY =
  "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/**
 * Every route validates and serialises with zod. Given to Fastify as its compiler factories rather than set after
 * creation, so that it never loads its default ones (ajv, ajv-formats, fast-json-stringify: ~110 modules, ~1.4 MB
 * of heap; decision 042). Fastify types the factories after those compilers; zod's take the same calls.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            serializers: { req: requestForLog },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    schemaController: { compilersFactory: zodCompilers },
  });

  const shared = config.REDIS_URL ? openRedis(config.REDIS_URL, app.log) : null;
  const redis = shared?.redis ?? null;
  const counter = shared
    ? sharedOrLocal(redisCounter(shared.redis, `${config.REDIS_KEY_PREFIX}counter:`), memoryCounter(), shared.link)
    : memoryCounter();
  app.decorate('database', database);
  app.decorate('redis', redis);
  app.decorate('counter', counter);
  app.decorate('publicOrigin', publicOrigin(config));
  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => {});
  });

  const cookieDomain = config.APP_HOST?.replace(/:\d+$/, '');
  let build: BuildInfo = { id: 'api', timestamp: new Date().toISOString() };

  // External
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    // The default reads the client's address, which a connection closed while the request waited (on its session
    // lookup) no longer has: such a request is counted under one key instead of failing with a TypeError.
    keyGenerator: (request) => normalizeIP(request.ip ?? 'gone'),
    // Counted in Redis, and in this process while Redis is away (lib/redis.ts).
    ...(shared && { store: rateLimitStore(shared.redis, shared.link, `${config.REDIS_KEY_PREFIX}rl:`) }),
  });
  // What is not a page (JSON, files, plain errors) runs and loads nothing and is framed by nothing; pages
  // (app/entry.server.tsx, with a nonce) and the API docs UI set their own policy over this one.
  // helmet's headers (plugins/security-headers.ts).
  await app.register(securityHeaders, {
    contentSecurityPolicy: { useDefaults: false, directives: NOTHING_RUNS },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Kindred API', description: 'The HTTP contract of the peer-support community (API.md).', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_UI_POLICY });

  // App
  await app.register(localePlugin, { appHost: config.APP_HOST });
  await app.register(errorsPlugin);
  await app.register(authPlugin, { db: database.db });
  await app.register(suspensionPlugin);
  await app.register(guestCachePlugin, { ttlSeconds: config.GUEST_CACHE_SECONDS, redis: redis ?? undefined });
  await app.register(realtimePlugin, { db: database.db, redis: redis ?? undefined });
  await app.register(moderationAnnounce);
  await app.register(jobsPlugin, { database });

  // Routes
  await app.register(healthRoutes, { database, build: () => build });
  await app.register(languageRoutes, { appHost: config.APP_HOST, db: database.db });
  await app.register(authRoutes, {
    db: database.db,
    counter,
    cookies: { domain: cookieDomain },
    guestLoginsPerHour: options.guestLoginsPerHour ?? config.GUEST_LOGINS_PER_HOUR,
  });
  await app.register(userRoutes, { db: database.db, cookies: { domain: cookieDomain } });
  await app.register(accountRoutes, { db: database.db, cookies: { domain: cookieDomain } });
  await app.register(qrRoutes, { db: database.db, config, cookies: { domain: cookieDomain } });
  await app.register(postRoutes, { db: database.db });
  await app.register(moodRoutes, { db: database.db });
  await app.register(commentRoutes, { db: database.db });
  await app.register(reportRoutes, { db: database.db });
  await app.register(tagRoutes, { db: database.db });
  await app.register(topicRoutes, { db: database.db });
  await app.register(thoughtRoutes, { db: database.db });
  await app.register(messageRoutes, { db: database.db });
  await app.register(blockRoutes, { db: database.db });
  await app.register(adviceRoutes, { db: database.db });
  await app.register(moderationRoutes, { db: database.db });
  await app.register(notificationRoutes, { db: database.db });
  await app.register(profileRoutes, { db: database.db });
  await app.register(pushRoutes, { db: database.db, config, timeoutMs: options.pushTimeoutMs });
  await app.register(searchRoutes, { db: database.db });
  // Unknown API paths answer in JSON, never with the web app's page.
  app.all('/api/*', { schema: { hide: true }, config: { changesGuestView: false } }, (_request, reply) => reply.callNotFound());

  await app.register(pwaPlugin, { appHost: config.APP_HOST, version: () => build.id });

  if (options.web) {
    await app.register(webPlugin, {
      mode: options.web,
      appHost: config.APP_HOST,
      onBuild: (id) => {
        build = { id, timestamp: new Date().toISOString() };
      },
    });
  }
  return app;
}
