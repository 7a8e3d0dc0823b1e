import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInGuest, type TestApp } from '../../tests/helpers/app.ts';
import { redisUrl, testKeyPrefix } from '../../tests/helpers/redis.ts';
import { GuestCache } from '../lib/guest-cache.ts';
import guestCachePlugin from './guest-cache.ts';
import localePlugin from './locale.ts';

const long = (words: string) => `${words} ${'and it keeps coming back every single evening when the house gets quiet. '.repeat(3)}`.trim();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ GUEST_CACHE_SECONDS: '60' });
});
afterAll(() => t.close());

const guestGet = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the guest cache', () => {
  it('serves a guest the same feed from memory, and a write shows at once', async () => {
    const author = await signInGuest(t.app);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: author.auth,
      payload: { content: long('First #cache') },
    });
    expect(first.statusCode).toBe(201);

    const miss = await guestGet('/api/posts');
    expect(miss.statusCode).toBe(200);
    expect(miss.headers['x-guest-cache']).toBeUndefined();
    const hit = await guestGet('/api/posts');
    expect(hit.headers['x-guest-cache']).toBe('hit');
    expect(hit.headers['content-type']).toMatch(/^application\/json/);
    expect(hit.body).toBe(miss.body);

    // A support changes a count a guest sees: the next guest read is produced again and shows it.
    const supporter = await signInGuest(t.app);
    const postId = first.json().data.id;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/supports', headers: supporter.auth, payload: { post_id: postId } })).statusCode,
    ).toBe(200);
    const after = await guestGet('/api/posts');
    expect(after.headers['x-guest-cache']).toBeUndefined();
    expect(after.json().data.find((p: { id: number }) => p.id === postId).supports_count).toBe(1);

    const second = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: author.auth,
      payload: { content: long('Second #cache') },
    });
    expect(second.statusCode).toBe(201);
    const fresh = await guestGet('/api/posts');
    expect(fresh.json().data[0].id).toBe(second.json().data.id);
    expect(fresh.json().meta.total).toBe(after.json().meta.total + 1);
  });

  it('never serves a signed-in reader from it: their flags are their own', async () => {
    const reader = await signInGuest(t.app);
    const author = await signInGuest(t.app);
    const post = await t.app.inject({ method: 'POST', url: '/api/posts', headers: author.auth, payload: { content: long('Flags') } });
    const id = post.json().data.id;
    await t.app.inject({ method: 'POST', url: '/api/supports', headers: reader.auth, payload: { post_id: id } });
    await guestGet(`/api/posts/${id}`);
    expect((await guestGet(`/api/posts/${id}`)).headers['x-guest-cache']).toBe('hit');
    for (let i = 0; i < 2; i++) {
      const mine = await t.app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: reader.auth });
      expect(mine.headers['x-guest-cache']).toBeUndefined();
      expect(mine.json().data.is_supported).toBe(true);
    }
    // A web session's cookie counts as signed in too.
    const withCookie = await t.app.inject({ method: 'GET', url: `/api/posts/${id}`, cookies: { authToken: reader.token } });
    expect(withCookie.headers['x-guest-cache']).toBeUndefined();
    expect(withCookie.json().data.is_supported).toBe(true);
  });

  it('keeps one response per language', async () => {
    const feelings = await guestGet('/api/user/get/moods', { 'x-locale': 'en' });
    expect(feelings.statusCode).toBe(200);
    const de = await guestGet('/api/user/get/moods', { 'x-locale': 'de' });
    expect(de.headers['x-guest-cache']).toBeUndefined();
    expect((await guestGet('/api/user/get/moods', { 'x-locale': 'de' })).headers['x-guest-cache']).toBe('hit');
  });

  it("keeps one response per browser's languages while the feed's language question is unanswered", async () => {
    // The feed page offers the browser's languages (app/routes/feeds.tsx), until the content_languages cookie says
    // the question was answered: then they no longer matter.
    const fr = { 'x-locale': 'en', 'accept-language': 'fr-FR,fr;q=0.9' };
    expect((await guestGet('/api/user/get/moods', fr)).headers['x-guest-cache']).toBeUndefined();
    expect((await guestGet('/api/user/get/moods', fr)).headers['x-guest-cache']).toBe('hit');
    const ja = { 'x-locale': 'en', 'accept-language': 'ja' };
    expect((await guestGet('/api/user/get/moods', ja)).headers['x-guest-cache']).toBeUndefined();
    const answered = (lang: string) => ({ 'x-locale': 'en', 'accept-language': lang, cookie: 'content_languages=all' });
    expect((await guestGet('/api/user/get/moods', answered('fr'))).headers['x-guest-cache']).toBeUndefined();
    expect((await guestGet('/api/user/get/moods', answered('ja'))).headers['x-guest-cache']).toBe('hit');
  });

  it('produces a response once for concurrent guests', async () => {
    const author = await signInGuest(t.app);
    await t.app.inject({ method: 'POST', url: '/api/posts', headers: author.auth, payload: { content: long('Concurrent') } });
    const replies = await Promise.all(Array.from({ length: 10 }, () => guestGet('/api/posts?per_page=7')));
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(replies.filter((r) => r.headers['x-guest-cache'] === 'hit').length).toBe(9);
  });

  it('serves a kept response compressed as the client accepts, compressing it once', async () => {
    await guestGet('/api/posts?per_page=20');
    const plain = await guestGet('/api/posts?per_page=20');
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip;q=1, br;q=0', 'gzip', gunzipSync],
    ] as const) {
      const hit = await guestGet('/api/posts?per_page=20', { 'accept-encoding': accept });
      expect(hit.headers['x-guest-cache']).toBe('hit');
      expect(hit.headers['content-encoding']).toBe(encoding);
      expect(decode(hit.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('does not keep errors or routes that are not marked', async () => {
    await guestGet('/api/posts/999999');
    const missing = await guestGet('/api/posts/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect(missing.headers['x-guest-cache']).toBeUndefined();
    await guestGet('/api/feelings');
    expect((await guestGet('/api/feelings')).headers['x-guest-cache']).toBeUndefined();
  });
});

/** A Fastify app with only the guest cache and the plugins it needs, for routes of a test's own. */
async function guestCacheAlone(ttlSeconds: number): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(fastifyCookie);
  await app.register(localePlugin, {});
  await app.register(guestCachePlugin, { ttlSeconds });
  return app;
}

describe('what clears the guest cache', () => {
  const url = '/api/posts?per_page=4';
  /** Reads the page twice, so that it is kept; the answer of the second read. */
  async function keep() {
    await guestGet(url);
    expect((await guestGet(url)).headers['x-guest-cache']).toBe('hit');
  }
  const stillKept = async () => (await guestGet(url)).headers['x-guest-cache'] === 'hit';

  it('not signing in, QR codes and their polling, nor what only the writer sees', async () => {
    const phone = await signInGuest(t.app);
    const author = await signInGuest(t.app);
    const post = await t.call(author, 'POST', '/api/posts', { content: long('Quiet writes') });
    expect(post.status).toBe(201);
    await keep();

    const qr = await t.call(null, 'POST', '/api/create-qr', {});
    expect(qr.status).toBe(201);
    expect((await t.call(null, 'POST', '/api/check-session', { qr_token: qr.body.qrToken })).body).toEqual({ status: 'pending' });
    expect((await t.call(phone, 'POST', '/api/qr-token', { qr_token: qr.body.qrToken })).status).toBe(200);
    const approved = await t.call(null, 'POST', '/api/check-session', { qr_token: qr.body.qrToken });
    expect(approved.body.status).toBe('approved');
    expect((await t.call(null, 'POST', '/api/guest-login', {})).status).toBe(201);
    expect((await t.call(phone, 'POST', '/api/favorites', { post_id: post.body.data.id })).body).toEqual({ is_favorited: true });
    expect((await t.call(phone, 'POST', '/api/hides', { post_id: post.body.data.id })).body).toEqual({ is_hidden: true });
    expect((await t.call(phone, 'POST', '/api/toggle/auto/detect/languages')).status).toBe(200);
    expect((await t.call(phone, 'POST', '/api/logout')).status).toBe(204);

    expect(await stillKept()).toBe(true);
  });

  it('nor a write that failed', async () => {
    const author = await signInGuest(t.app);
    await keep();
    expect(await t.call(author, 'POST', '/api/comments', { post_id: 999_999, content: 'Nobody will read this.' })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect(await t.call(author, 'POST', '/api/posts', { content: '' })).toMatchObject({ status: 422, body: { code: 'VALIDATION' } });
    expect(await t.call(null, 'POST', '/api/posts', { content: long('Signed out') })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
    expect(await stillKept()).toBe(true);
  });

  it('but every write a guest can see the result of', async () => {
    const author = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const post = (await t.call(author, 'POST', '/api/posts', { content: long('Seen by guests') })).body.data;
    const feeling = (await t.call(null, 'GET', '/api/feelings?type=mood')).body.data[0];
    const thought = (await t.call(author, 'POST', '/api/thoughts', { content: 'A thought a guest can read.' })).body.data;
    const writes: [string, () => ReturnType<typeof t.call>, number][] = [
      ['a post', () => t.call(author, 'POST', '/api/posts', { content: long('Another one') }), 201],
      ['an edit', () => t.call(author, 'PUT', `/api/posts/${post.id}`, { content: long('Seen by guests, edited') }), 200],
      ['a support', () => t.call(reader, 'POST', '/api/supports', { post_id: post.id }), 200],
      ['a comment', () => t.call(reader, 'POST', '/api/comments', { post_id: post.id, content: 'You are not alone.' }), 201],
      ['a mood', () => t.call(author, 'POST', '/api/user/store/moods', { content: 'Tired today.', feeling_id: feeling.id }), 201],
      ['a reaction', () => t.call(reader, 'POST', '/api/thoughts-reaction', { thought_id: thought.id, type: 'relate' }), 200],
      ['a new nickname', () => t.call(author, 'PUT', `/api/users/${author.id}`, { nickname: 'Quiet River' }), 200],
      ['turning sharing off', () => t.call(author, 'POST', '/api/disable-share', { post_id: post.id }), 200],
    ];
    for (const [what, write, status] of writes) {
      await keep();
      expect([what, (await write()).status]).toEqual([what, status]);
      expect([what, await stillKept()]).toEqual([what, false]);
    }
  });

  it('is declared by every write route, or the app does not start', async () => {
    const bare = await guestCacheAlone(0);
    // Registered as the feature modules are, inside a plugin.
    bare.register(async (scope) => {
      scope.post('/api/undecided', async () => ({}));
    });
    await expect(bare.ready()).rejects.toThrow('POST /api/undecided: declare config.changesGuestView');
  });
});

describe('what the guest cache never keeps', () => {
  /** The guest cache in front of routes that fail in the ways a page can. */
  async function appWith(routes: (app: FastifyInstance) => void) {
    const app = await guestCacheAlone(60);
    routes(app);
    await app.ready();
    return app;
  }

  it('an answer other than 200, nor a page whose data could not all be read', async () => {
    let rendered = 0;
    const app = await appWith((app) => {
      const config = { guestCache: true };
      app.get('/missing', { config }, async (_request, reply) => {
        rendered++;
        return reply.code(404).type('text/html').send('<h1>Page Not Found</h1>');
      });
      app.get('/down', { config }, async (_request, reply) => {
        rendered++;
        return reply.code(503).type('text/html').send('<h1>Try again soon</h1>');
      });
      app.get('/partial', { config }, async (request, reply) => {
        rendered++;
        // What the web plugin does when one of the page's API reads failed.
        request.keepOutOfGuestCache();
        return reply.type('text/html').send('<h1>Half a page</h1>');
      });
      app.get('/whole', { config }, async (_request, reply) => {
        rendered++;
        return reply.type('text/html').send('<h1>All of it</h1>');
      });
    });
    try {
      for (const [url, status] of [
        ['/missing', 404],
        ['/down', 503],
        ['/partial', 200],
      ] as const) {
        const replies = [await app.inject({ url }), await app.inject({ url })];
        expect(replies.map((r) => [r.statusCode, r.headers['x-guest-cache']])).toEqual([
          [status, undefined],
          [status, undefined],
        ]);
      }
      expect(rendered).toBe(6);
      await app.inject({ url: '/whole' });
      expect((await app.inject({ url: '/whole' })).headers['x-guest-cache']).toBe('hit');
      expect(rendered).toBe(7);
    } finally {
      await app.close();
    }
  });
});

describe('the guest cache and the rate limit', () => {
  it('counts kept answers against the limit like any other', async () => {
    const limited = await createTestApp({ GUEST_CACHE_SECONDS: '60', RATE_LIMIT_MAX: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await limited.app.inject({ method: 'GET', url: '/api/posts' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('GuestCache', () => {
  const response = (body: string) => ({ status: 200, headers: {}, body: Buffer.from(body) });
  /** Fills `key` with `body` while a second request waits on the fill; what the waiter got. */
  async function filledForWaiter(cache: GuestCache, key: string, body: string) {
    const fill = cache.begin(key);
    const waiting = cache.pending(key);
    fill(response(body));
    return (await waiting)?.body.toString();
  }

  it('forgets entries past their time', () => {
    let now = 1_000;
    const cache = new GuestCache({ ttlMs: 30, maxBytes: 1000, now: () => now });
    cache.begin('a')(response('x'));
    now += 30;
    expect(cache.get('a')?.body.toString()).toBe('x');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep what was read before a write', () => {
    const cache = new GuestCache({ ttlMs: 1000, maxBytes: 1000 });
    const fill = cache.begin('a');
    cache.clear();
    fill(response('stale'));
    expect(cache.get('a')).toBeUndefined();
  });

  it('lets waiters share a fill, and drops the least recently used entries past its size', async () => {
    const cache = new GuestCache({ ttlMs: 1000, maxBytes: 10 });
    expect(await filledForWaiter(cache, 'a', '12345')).toBe('12345');
    expect(cache.pending('a')).toBeUndefined();
    cache.begin('b')(response('67890'));
    // Reading `a` makes `b` the least recently used, so `b` goes when `c` needs room.
    expect(cache.get('a')?.body.toString()).toBe('12345');
    cache.begin('c')(response('abc'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.body.toString()).toBe('12345');
    expect(cache.get('c')?.body.toString()).toBe('abc');
    expect(cache.size).toBe(2);
  });

  it('counts the compressed copies it keeps toward its size, without renewing the entry', () => {
    let now = 1_000;
    const cache = new GuestCache({ ttlMs: 30, maxBytes: 10, now: () => now });
    cache.begin('a')(response('1234'));
    cache.begin('b')(response('5678'));
    const b = cache.get('b');
    if (!b) throw new Error('b was not kept');
    const compressed: string[] = [];
    const compress = (body: Buffer) => {
      compressed.push(body.toString());
      return Buffer.from('zzz');
    };
    now += 20;
    expect(cache.encoded('b', b, 'gzip', compress).toString()).toBe('zzz');
    // 4 + 4 + 3 bytes pass the bound of 10: `a`, the least recently used, goes.
    expect(cache.get('a')).toBeUndefined();
    const kept = cache.get('b');
    expect(kept?.body.toString()).toBe('5678');
    expect(kept?.encoded?.get('gzip')?.toString()).toBe('zzz');
    expect(cache.encoded('b', kept ?? b, 'gzip', compress).toString()).toBe('zzz');
    expect(compressed).toEqual(['5678']);
    // The copy did not restart the entry's time to live.
    now += 11;
    expect(cache.get('b')).toBeUndefined();
  });

  it('hands out a compressed copy of an entry cleared meanwhile without keeping it', () => {
    const cache = new GuestCache({ ttlMs: 1000, maxBytes: 1000 });
    cache.begin('a')(response('1234'));
    const a = cache.get('a');
    if (!a) throw new Error('a was not kept');
    cache.clear();
    expect(cache.encoded('a', a, 'br', () => Buffer.from('z')).toString()).toBe('z');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops an entry whose compressed copies make it larger than the whole cache', () => {
    const cache = new GuestCache({ ttlMs: 1000, maxBytes: 6 });
    cache.begin('a')(response('1234'));
    const a = cache.get('a');
    if (!a) throw new Error('a was not kept');
    expect(cache.encoded('a', a, 'br', () => Buffer.from('xyz')).toString()).toBe('xyz');
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep a body larger than the whole cache, but hands it to the waiters', async () => {
    const cache = new GuestCache({ ttlMs: 1000, maxBytes: 4 });
    expect(await filledForWaiter(cache, 'big', '12345')).toBe('12345');
    expect(cache.get('big')).toBeUndefined();
  });
});

const redis = redisUrl('the cross-instance guest-cache test');

describe.runIf(redis)('with Redis, across instances', () => {
  it('a write through one instance clears the guest cache of another', async () => {
    const { buildApp } = await import('../app.ts');
    const { parseConfig } = await import('../config.ts');
    const config = parseConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100000',
      GUEST_CACHE_SECONDS: '60',
      REDIS_URL: redis,
      REDIS_KEY_PREFIX: testKeyPrefix(),
    });
    const [a, b] = await Promise.all(
      [0, 1].map(() => buildApp({ config, database: t.database, logger: false, guestLoginsPerHour: 10_000 })),
    );
    try {
      await Promise.all([a.ready(), b.ready()]);
      await b.inject({ method: 'GET', url: '/api/posts?per_page=3' });
      expect((await b.inject({ method: 'GET', url: '/api/posts?per_page=3' })).headers['x-guest-cache']).toBe('hit');
      const author = await signInGuest(a);
      // b clears when a's message arrives over Redis: wait for that, not for time to pass.
      const clearedOnB = new Promise<void>((resolve) => {
        const clear = b.guestCache.clear.bind(b.guestCache);
        b.guestCache.clear = () => {
          clear();
          resolve();
        };
      });
      const post = await a.inject({ method: 'POST', url: '/api/posts', headers: author.auth, payload: { content: long('Across') } });
      expect(post.statusCode).toBe(201);
      await clearedOnB;
      const page = await b.inject({ method: 'GET', url: '/api/posts?per_page=3' });
      expect(page.headers['x-guest-cache']).toBeUndefined();
      expect(page.json().data[0].id).toBe(post.json().data.id);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
