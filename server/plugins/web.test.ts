/**
 * Pages through the web handler, as a browser asks for them: one route per screen under the language segment,
 * and a loader that cannot have its data answers with the real status and the layout's error screen instead of
 * a 200 page around an error. Needs the production build (`npm run build`), as `npm test` makes it before these.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../tests/helpers/app.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', GUEST_CACHE_SECONDS: '0' });
  app = await buildApp({ config, database, logger: false, web: 'production' });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await drop();
});

async function page(url: string) {
  const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'de' } });
  const html = res.body;
  return {
    status: res.statusCode,
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    screen: /data-testid="(not-found|route-error)"/.exec(html)?.[1] ?? null,
  };
}

describe('personal pages', () => {
  it('tell every cache not to keep a signed-in page, and leave a signed-out one alone', async () => {
    const signIn = await app.inject({ method: 'POST', url: '/api/guest-login', payload: {} });
    const cookie = `authToken=${signIn.json().token}`;
    const mine = await app.inject({ method: 'GET', url: '/mood', headers: { cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const anyone = await app.inject({ method: 'GET', url: '/mood' });
    expect(anyone.statusCode).toBe(200);
    expect(anyone.headers['cache-control']).toBeUndefined();
  });

  it("carry the reader's account as the API answers it in the page's language", async () => {
    const signIn = await app.inject({ method: 'POST', url: '/api/guest-login', payload: {} });
    const cookie = `authToken=${signIn.json().token}`;
    const me = (await app.inject({ method: 'GET', url: '/api/get/data/user', headers: { cookie, 'x-locale': 'ar' } })).json().data;
    const res = await app.inject({ method: 'GET', url: '/ar/mood', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const data = [...res.body.matchAll(/<script[^>]*>(window\.__reactRouterContext[\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
    for (const value of [me.nickname, me.rank.name, me.created_at]) expect(data).toContain(JSON.stringify(value).slice(1, -1));
  });

  it('say so in development too, where Vite answers on the raw response', async () => {
    const dev = await openTestDatabase();
    const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', GUEST_CACHE_SECONDS: '0' });
    const devApp = await buildApp({ config, database: dev.database, logger: false, web: 'development' });
    try {
      await devApp.ready();
      const signIn = await devApp.inject({ method: 'POST', url: '/api/guest-login', payload: {} });
      const mine = await devApp.inject({ method: 'GET', url: '/mood', headers: { cookie: `authToken=${signIn.json().token}` } });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['cache-control']).toBe('private, no-store');
    } finally {
      await devApp.close();
      await dev.database.close();
      await dev.drop();
    }
  }, 120_000);
});

describe('pages', () => {
  it('render a screen with and without the language prefix', async () => {
    expect(await page('/ar/mood')).toEqual({ status: 200, lang: 'ar', screen: null });
    expect(await page('/ar')).toEqual({ status: 200, lang: 'ar', screen: null });
    // No prefix: the visitor's Accept-Language.
    expect(await page('/mood')).toEqual({ status: 200, lang: 'de', screen: null });
    expect(await page('/FAQ')).toEqual({ status: 200, lang: 'de', screen: null });
  });

  it('announce their catalog as an immutable asset and carry none of it in their data', async () => {
    const ar = JSON.parse(readFileSync(new URL('../../locales/ar.json', import.meta.url), 'utf8')) as Record<string, string>;
    const res = await app.inject({ method: 'GET', url: '/ar' });
    const href = /<link rel="modulepreload" href="(\/assets\/ar-[0-9a-f]{10}\.js)" data-catalog="ar"\/>/.exec(res.body)?.[1];
    expect(href).toBeDefined();
    // The page is rendered in Arabic, but the React Router data scripts hold no catalog message.
    expect(res.body).toContain(ar['auth.sign_in']);
    const data = [...res.body.matchAll(/<script[^>]*>(window\.__reactRouterContext[\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
    expect(data).toContain('loaderData');
    expect(data).not.toContain('auth.sign_in');
    expect(data).not.toContain(JSON.stringify(ar['errors.server']).slice(1, -1));

    const asset = await app.inject({ method: 'GET', url: href as string });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toContain('immutable');
    const catalog = (await import(`data:text/javascript,${encodeURIComponent(asset.body)}`)) as { default: Record<string, unknown> };
    expect(catalog.default['auth.sign_in']).toEqual([{ type: 0, value: ar['auth.sign_in'] }]);
  });

  it('answer 404 with the not-found screen for an unknown language code, /en/…, and unknown paths', async () => {
    expect(await page('/xx/mood')).toEqual({ status: 404, lang: 'de', screen: 'not-found' });
    expect(await page('/en/mood')).toEqual({ status: 404, lang: 'de', screen: 'not-found' });
    expect(await page('/en')).toEqual({ status: 404, lang: 'de', screen: 'not-found' });
    expect(await page('/ar/no/such/page')).toEqual({ status: 404, lang: 'ar', screen: 'not-found' });
    expect(await page('/no-such-page')).toEqual({ status: 404, lang: 'de', screen: 'not-found' });
    expect(await page('/problem/999999')).toEqual({ status: 404, lang: 'de', screen: 'not-found' });
  });

  it('keep a signed-out visitor under an unknown prefix on the 404, not the sign-in redirect', async () => {
    expect(await page('/profile')).toMatchObject({ status: 302 });
    expect(await page('/xx/profile')).toEqual({ status: 404, lang: 'de', screen: 'not-found' });
  });

  it('fail with the API status and the error screen when the database is gone', async () => {
    await database.close();
    // The feed, the moods and a topic list cannot be shown without their lists, a problem page without its post.
    for (const url of ['/', '/ar/mood', '/topic', '/thought', '/problem/1']) {
      expect(await page(url), url).toEqual({ status: 503, lang: url.startsWith('/ar') ? 'ar' : 'de', screen: 'route-error' });
    }
    // A page without data of its own still renders.
    expect(await page('/FAQ')).toEqual({ status: 200, lang: 'de', screen: null });
  });
});
