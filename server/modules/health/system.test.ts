import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../core/errors.ts';
import de from '../../../locales/de.json' with { type: 'json' };
import es from '../../../locales/es.json' with { type: 'json' };
import fr from '../../../locales/fr.json' with { type: 'json' };
import { createTestApp, type TestApp } from '../../../tests/helpers/app.ts';
import { redisUrl } from '../../../tests/helpers/redis.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system endpoints', () => {
  it('reports health with the database state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('returns the running build id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/builds/latest.json?t=123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: expect.any(String), timestamp: expect.any(String) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lists the 37 languages, five of them right-to-left', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/get/languages' });
    const data = res.json().data;
    expect(data).toHaveLength(37);
    expect(data.filter((l: { dir: string }) => l.dir === 'rtl').map((l: { code: string }) => l.code)).toEqual([
      'ar',
      'fa',
      'ps',
      'ur',
      'ku',
    ]);
    expect(data[0]).toEqual({ code: 'en', name: 'English', native_name: 'English', dir: 'ltr', tag: 'en-US', domain: 'en' });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/guest-login', '/api/login', '/api/users/{user_id}', '/api/get/languages', '/api/health']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(Object.keys(doc.paths['/api/users/{user_id}'].put.requestBody.content['application/json'].schema.properties)).toEqual([
      'avatar_id',
      'nickname_id',
      'nickname',
      'locale',
      'theme',
      'show_in_top_supporters',
    ]);
  });

  it('documents the error body with its stable codes, and the errors each route can answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.schemas.Error.properties.code.enum).toEqual([...ERROR_CODES]);
    expect(doc.components.schemas.Error.required).toEqual(['code', 'message']);
    // Each error response is the Error component, described by the codes it carries.
    const errors = (responses: Record<string, { description: string; content: { 'application/json': { schema: unknown } } }>) =>
      Object.entries(responses)
        .filter(([status]) => Number(status) >= 400)
        .map(([status, r]) => {
          expect(r.content['application/json'].schema, status).toEqual({
            description: r.description,
            allOf: [{ $ref: '#/components/schemas/Error' }],
          });
          return [status, r.description];
        });
    // A signed-in write: malformed JSON, sign-in, CSRF, validation and duplicates, posting limits and faults.
    expect(errors(doc.paths['/api/posts'].post.responses)).toEqual([
      ['400', 'MALFORMED_JSON: the body is not JSON'],
      ['401', 'UNAUTHENTICATED: not signed in'],
      ['419', 'CSRF: signed in by cookie, without the X-CSRF-Token header'],
      ['422', 'VALIDATION: `errors` names each bad field; DUPLICATE: the author already wrote the same text'],
      [
        '429',
        'POST_LIMIT: 5 posts in 24 hours, deleted ones included; TOPIC_INTERVAL: 30 minutes between two posts in one topic. Both carry retry_at, isAllowed: false and limit: true or time: true. WRITE_LIMIT: a text short enough to be placed as a mood, past 10 moods in 1 hour; retry_at',
      ],
      ['500', 'SERVER_ERROR: a fault, logged with the request id'],
      ['503', 'UNAVAILABLE: the database does not answer; Retry-After says when to try again'],
    ]);
    // A public read with an id: no sign-in, no CSRF, no body.
    expect(errors(doc.paths['/api/posts/{id}'].get.responses)).toEqual([
      ['404', 'NOT_FOUND: no item with this id'],
      ['422', 'VALIDATION: `errors` names each bad field'],
      ['429', 'RATE_LIMITED: too many requests from this address'],
      ['500', 'SERVER_ERROR: a fault, logged with the request id'],
      ['503', 'UNAVAILABLE: the database does not answer; Retry-After says when to try again'],
    ]);
    expect(Object.keys(doc.paths['/api/health'].get.responses)).toEqual(['200', '500', '503']);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'ROUTE_NOT_FOUND', message: 'Page Not Found: /api/no-such-thing' });
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('translates server messages into the language asked for', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/get/data/user', headers: { 'x-locale': 'fr' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(fr['errors.unauthenticated']);
    const cookie = await t.app.inject({ method: 'GET', url: '/api/get/data/user', headers: { cookie: 'locale=de' } });
    const accept = await t.app.inject({ method: 'GET', url: '/api/get/data/user', headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    expect(cookie.json().message).toBe(de['errors.unauthenticated']);
    expect(accept.json().message).toBe(es['errors.unauthenticated']);
  });

  it('reports 503 when the database is down', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', db: 'down', code: 'UNAVAILABLE' });
    // Every other request that needs it says the same, translated, with when to try again.
    const feed = await other.app.inject({ method: 'GET', url: '/api/posts', headers: { 'x-locale': 'fr' } });
    expect(feed.statusCode).toBe(503);
    expect(feed.headers['retry-after']).toBe('1');
    expect(feed.json()).toEqual({ code: 'UNAVAILABLE', message: fr['errors.unavailable'] });
    await other.app.close();
    // Its database is closed already; on PostgreSQL the throwaway one was left behind on every run.
    await other.drop();
  });

  it('reports 503 when the Redis it is configured with does not answer', async () => {
    // Nothing listens on port 1: the connection is refused, as with a Redis that is down.
    const other = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', db: 'ok', code: 'UNAVAILABLE' });
      // Only the health check says so: the API goes on without Redis.
      expect((await other.app.inject({ method: 'GET', url: '/api/posts' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it.skipIf(!redisUrl('the health check with Redis'))('reports ok when the Redis it is configured with answers', async () => {
    const other = await createTestApp({ REDIS_URL: process.env.REDIS_URL ?? '' });
    try {
      // ioredis connects in the background: the check answers once it is connected.
      await new Promise<void>((resolve) =>
        other.app.redis?.status === 'ready' ? resolve() : other.app.redis?.once('ready', () => resolve()),
      );
      const res = await other.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
    } finally {
      await other.close();
    }
  });
});
