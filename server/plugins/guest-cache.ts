/**
 * Serves routes marked `config: { guestCache: true }` to signed-out visitors from the guest cache (lib/guest-cache):
 * the first request of a key produces the response, the next ones within the TTL get it from memory, and
 * concurrent misses wait for that first one instead of all going to the database.
 *
 * Every write route declares `config: { changesGuestView }`: whether its success changes something a guest can see
 * (a post, a count, a nickname). Only those clear the cache, here and, through Redis, on every other instance; a
 * sign-in, a QR poll or a hide does not, so an open sign-in dialog polling every 2 s no longer empties it. A write
 * route without the declaration fails at start-up, so a new route cannot forget to decide.
 */
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { COOKIE } from '../../core/limits.ts';
import { browserLanguages, cookieLanguages, localeFromAcceptLanguage } from '../../core/locales.ts';
import { type CachedResponse, GuestCache } from '../lib/guest-cache.ts';
import { varyOn } from '../lib/http.ts';
import { SUBSCRIBER_OPTIONS } from '../lib/redis.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Signed-out visitors may be served this GET route's response from the guest cache. */
    guestCache?: boolean;
    /** Required on every write route: a success changes what signed-out visitors see, so the guest cache is cleared. */
    changesGuestView?: boolean;
  }
  interface FastifyRequest {
    /** Set while this request produces a response the guest cache will keep. */
    guestCacheFill: ((response: CachedResponse | null) => void) | null;
    /** This response must not be kept (a page whose data could not be read in full). */
    keepOutOfGuestCache(): void;
  }
  interface FastifyInstance {
    guestCache: GuestCache;
  }
}

const CHANNEL = 'guest-cache:clear';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Headers that belong to one response on the wire, not to the content. */
const PER_RESPONSE = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'date', 'vary']);
/** A Redis that answers subscribes in milliseconds; start-up does not wait longer for one that does not. */
const SUBSCRIBE_WAIT_MS = 2000;
/** How long a miss waits for the same key's fill under way before producing the response itself. */
const WAIT_MS = 2000;

/** The cache key of a guest's request to a marked route, or null when the request is not served from the cache. */
function keyOf(request: FastifyRequest): string | null {
  if (request.method !== 'GET') return null;
  const { cookies, headers } = request;
  if (headers.authorization || cookies[COOKIE.auth] || cookies[COOKIE.user]) return null;
  // Everything a guest's response depends on besides the data: language, theme, content languages, address.
  // A guest who has not answered the feed's language question gets it in the page, with the browser's languages
  // (app/routes/feeds.tsx): those, as the supported codes they read as, are part of what the page depends on.
  const read =
    cookies[COOKIE.contentLanguages] === undefined
      ? `ask:${browserLanguages(headers['accept-language']).map(localeFromAcceptLanguage).join(',')}`
      : (cookieLanguages(cookies[COOKIE.contentLanguages])?.join(',') ?? '');
  return [request.locale, cookies[COOKIE.theme] ?? '', read, headers.host ?? '', request.url].join('\n');
}

const compressors = {
  br: (body: Buffer) => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body: Buffer) => gzipSync(body),
};
type Encoding = keyof typeof compressors;

/** br, then gzip, when the client takes it (a q=0 refuses). */
function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

function replay(cache: GuestCache, key: string, request: FastifyRequest, reply: FastifyReply, cached: CachedResponse) {
  // The Vary the request's own hooks named (its language's inputs) stays; the encoding is chosen here.
  reply.code(cached.status).headers(cached.headers).header('x-guest-cache', 'hit');
  varyOn(reply, ['accept-encoding']);
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  const { body } = cached;
  if (!encoding || body.length < 1024) return reply.send(body);
  const encoded = cache.encoded(key, cached, encoding, compressors[encoding]);
  // @fastify/compress leaves a response that already has a content-encoding alone.
  return reply.header('content-encoding', encoding).send(encoded);
}

export default fp(
  async function guestCache(app: FastifyInstance, opts: { ttlSeconds: number; maxBytes?: number; redis?: Redis }) {
    const cache = new GuestCache({ ttlMs: opts.ttlSeconds * 1000, maxBytes: opts.maxBytes ?? 32 * 2 ** 20 });
    app.decorate('guestCache', cache);
    app.decorateRequest('guestCacheFill', null);
    app.decorateRequest('keepOutOfGuestCache', function (this: FastifyRequest) {
      this.guestCacheFill?.(null);
      this.guestCacheFill = null;
    });
    // Checked with the cache off too, so a route that forgot to decide fails wherever it is first started.
    app.addHook('onRoute', (route) => {
      const writes = [route.method].flat().some((method) => !SAFE_METHODS.has(method));
      if (writes && typeof route.config?.changesGuestView !== 'boolean') {
        throw new Error(`${route.method} ${route.url}: declare config.changesGuestView (does its success change what guests see?)`);
      }
    });
    if (opts.ttlSeconds <= 0) return;

    let publish = () => {};
    if (opts.redis) {
      // This instance's name on the channel, so it does not clear a second time on its own message.
      const instance = crypto.randomUUID();
      const pub = opts.redis;
      const sub = opts.redis.duplicate(SUBSCRIBER_OPTIONS);
      sub.on('error', (err) => app.log.error({ err: err.message }, 'redis guest-cache subscriber error'));
      sub.on('message', (_channel, from) => {
        if (from !== instance) cache.clear();
      });
      // Start-up waits for the subscription, so that no clear from another instance is missed once this one serves;
      // but not for a Redis that refuses or is silent: the subscription stays queued and is made when Redis answers.
      const subscribed = sub.subscribe(CHANNEL);
      subscribed.catch((err) => app.log.error({ err: err.message }, 'guest cache: no Redis subscription'));
      await Promise.race([subscribed, once(sub, 'error'), sleep(SUBSCRIBE_WAIT_MS, null, { ref: false })]).catch(() => {});
      // Not quit(): a subscriber's QUIT waits for Redis, without end while Redis is away.
      app.addHook('onClose', async () => sub.disconnect());
      publish = () =>
        void pub.publish(CHANNEL, instance).catch((err) => app.log.error({ err: err.message }, 'guest cache: publish failed'));
    }

    const lookup = async (request: FastifyRequest, reply: FastifyReply) => {
      const key = keyOf(request);
      if (key === null) return;
      const cached = cache.get(key);
      if (cached) return replay(cache, key, request, reply, cached);
      const pending = cache.pending(key);
      if (!pending) {
        // Claimed before any await, so the concurrent requests behind this one find the fill under way.
        request.guestCacheFill = cache.begin(key);
        return;
      }
      const filled = await Promise.race([pending, sleep(WAIT_MS, null, { ref: false })]);
      if (filled) return replay(cache, key, request, reply, filled);
    };
    // A route hook, added after the rate limiter's (registered earlier), so kept answers still count against it.
    app.addHook('onRoute', (route) => {
      if (!route.config?.guestCache) return;
      const own = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [...own, lookup];
    });

    app.addHook('onSend', async (request, reply, payload) => {
      // Before the response leaves: the writer's next read must not find what the write changed. A failed write
      // changed nothing.
      if (request.routeOptions.config.changesGuestView && reply.statusCode >= 200 && reply.statusCode < 300) {
        cache.clear();
        publish();
      }
      const fill = request.guestCacheFill;
      if (!fill) return payload;
      request.guestCacheFill = null;
      const keep = reply.statusCode === 200 && !reply.hasHeader('set-cookie') && (typeof payload === 'string' || Buffer.isBuffer(payload));
      if (!keep) {
        fill(null);
        return payload;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined && !PER_RESPONSE.has(name.toLowerCase())) headers[name] = String(value);
      }
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      fill({ status: 200, headers, body });
      return body;
    });

    // A request that ended without onSend (aborted, hijacked) must not leave waiters behind.
    app.addHook('onResponse', async (request) => {
      request.guestCacheFill?.(null);
    });
  },
  { name: 'guest-cache', dependencies: ['@fastify/cookie', 'locale'] },
);
