import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInGuest, type TestApp } from '../../tests/helpers/app.ts';
import { GuestCache } from '../lib/guest-cache.ts';

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
    expect(missing.headers['x-guest-cache']).toBeUndefined();
    await guestGet('/api/feelings');
    expect((await guestGet('/api/feelings')).headers['x-guest-cache']).toBeUndefined();
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

  it('forgets entries after their time', async () => {
    const cache = new GuestCache({ ttlMs: 30, maxBytes: 1000 });
    cache.begin('a')(response('x'));
    expect(cache.get('a')?.body.toString()).toBe('x');
    await new Promise((r) => setTimeout(r, 40));
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep what was read before a write', () => {
    const cache = new GuestCache({ ttlMs: 1000, maxBytes: 1000 });
    const fill = cache.begin('a');
    cache.clear();
    fill(response('stale'));
    expect(cache.get('a')).toBeUndefined();
  });

  it('lets waiters share a fill, and drops the oldest entries past its size', async () => {
    const cache = new GuestCache({ ttlMs: 1000, maxBytes: 10 });
    const fill = cache.begin('a');
    const waiting = cache.pending('a');
    fill(response('12345'));
    expect((await waiting)?.body.toString()).toBe('12345');
    cache.begin('b')(response('67890'));
    cache.begin('c')(response('abc'));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.body.toString()).toBe('67890');
    expect(cache.get('c')?.body.toString()).toBe('abc');
  });
});

describe.runIf(process.env.REDIS_URL)('with Redis, across instances', () => {
  it('a write through one instance clears the guest cache of another', async () => {
    const { buildApp } = await import('../app.ts');
    const { parseConfig } = await import('../config.ts');
    const config = parseConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100000',
      GUEST_CACHE_SECONDS: '60',
      REDIS_URL: process.env.REDIS_URL,
    });
    const [a, b] = await Promise.all(
      [0, 1].map(() => buildApp({ config, database: t.database, logger: false, guestLoginsPerHour: 10_000 })),
    );
    try {
      await Promise.all([a.ready(), b.ready()]);
      await b.inject({ method: 'GET', url: '/api/posts?per_page=3' });
      expect((await b.inject({ method: 'GET', url: '/api/posts?per_page=3' })).headers['x-guest-cache']).toBe('hit');
      const author = await signInGuest(a);
      const post = await a.inject({ method: 'POST', url: '/api/posts', headers: author.auth, payload: { content: long('Across') } });
      expect(post.statusCode).toBe(201);
      let seen = false;
      for (let i = 0; i < 50 && !seen; i++) {
        const page = await b.inject({ method: 'GET', url: '/api/posts?per_page=3' });
        seen = page.json().data[0].id === post.json().data.id;
        if (!seen) await new Promise((r) => setTimeout(r, 20));
      }
      expect(seen).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
