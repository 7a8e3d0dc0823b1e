/**
 * The address forms of a language and what caches must know about them: with APP_HOST set, a page has one address
 * (`{code}.{APP_HOST}/path`, links included) and the prefixed forms redirect to it; answers whose language came
 * from Accept-Language, the locale cookie or X-Locale name those in `Vary`; every page search engines may list says
 * what it holds in its description, and titles share one separator. Pages need the production build.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase, signInGuest } from '../../tests/helpers/app.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';

const APP_HOST = 'kindred.test';
let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', GUEST_CACHE_SECONDS: '60', APP_HOST });
  app = await buildApp({ config, database, logger: false, web: 'production' });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await drop();
});

const get = (url: string, host: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host, ...headers } });

const varyOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers.vary ?? '')
    .split(',')
    .map((f) => f.trim().toLowerCase())
    .filter((f) => f && f !== 'accept-encoding')
    .sort();

describe('language subdomains (APP_HOST)', () => {
  it('redirect a prefixed path to the subdomain of the language it names, without the prefix, keeping the query', async () => {
    const cases: [host: string, url: string, location: string][] = [
      [`ar.${APP_HOST}`, '/ar/mood', `http://ar.${APP_HOST}/mood`],
      [`ar.${APP_HOST}`, '/ja/mood', `http://ja.${APP_HOST}/mood`],
      [`ar.${APP_HOST}`, '/ar', `http://ar.${APP_HOST}/`],
      [`ar.${APP_HOST}`, '/de/tag/3?page=2', `http://de.${APP_HOST}/tag/3?page=2`],
      [APP_HOST, '/fr/topic', `http://fr.${APP_HOST}/topic`],
    ];
    for (const [host, url, location] of cases) {
      const res = await get(url, host);
      expect({ url, host, status: res.statusCode, location: res.headers.location }).toEqual({ url, host, status: 301, location });
    }
  });

  it('answer the canonical form in the host’s language, and leave hosts outside APP_HOST in the path form', async () => {
    const page = async (url: string, host: string) => {
      const res = await get(url, host);
      return { status: res.statusCode, lang: /<html lang="([^"]+)"/.exec(res.body)?.[1] };
    };
    expect(await page('/mood', `ar.${APP_HOST}`)).toEqual({ status: 200, lang: 'ar' });
    expect(await page('/ar/mood', 'localhost:3000')).toEqual({ status: 200, lang: 'ar' });
    // English never has a prefix: still the not-found page, not a redirect.
    expect((await get('/en/mood', `ar.${APP_HOST}`)).statusCode).toBe(404);
  });

  it('link to unprefixed paths on a language subdomain', async () => {
    const res = await get('/mood', `ar.${APP_HOST}`);
    const hrefs = [...res.body.matchAll(/<a [^>]*href="(\/[^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toContain('/mood');
    expect(hrefs).toContain('/topic');
    expect(hrefs.filter((h) => /^\/ar(\/|$)/.test(h))).toEqual([]);
  });

  it('send a signed-out visitor of a sign-in page to the subdomain’s root', async () => {
    const res = await get('/profile', `ar.${APP_HOST}`);
    expect({ status: res.statusCode, location: res.headers.location }).toEqual({ status: 302, location: '/?signin=1' });
  });
});

describe('Vary', () => {
  it('names what chose an API answer’s language', async () => {
    const res = await get('/api/no-such-path', 'localhost', { 'accept-language': 'de' });
    expect(res.json().code).toBe('ROUTE_NOT_FOUND');
    expect(varyOf(res)).toEqual(['accept-language', 'cookie', 'x-locale', 'x-subdomain']);
    // X-Locale decides: Accept-Language was not read (the cookies always are: the reader, a guest's content languages).
    const explicit = await get('/api/no-such-path', 'localhost', { 'x-locale': 'ar', 'accept-language': 'de' });
    expect(varyOf(explicit)).toEqual(['cookie', 'x-locale', 'x-subdomain']);
    const cookie = await get('/api/no-such-path', 'localhost', { cookie: 'locale=fr', 'accept-language': 'de' });
    expect(varyOf(cookie)).toEqual(['cookie', 'x-locale', 'x-subdomain']);
    // The subdomain decides: the host is part of every cache key.
    expect(varyOf(await get('/api/no-such-path', `ja.${APP_HOST}`, { 'accept-language': 'de' }))).toEqual(['cookie', 'x-subdomain']);
  });

  it('names Accept-Language on pages whose host and path name no language, and the cookies on every page, kept copies included', async () => {
    for (let i = 0; i < 2; i++) {
      const negotiated = await get('/mood', 'localhost', { 'accept-language': 'de' });
      expect({ vary: varyOf(negotiated), cached: negotiated.headers['x-guest-cache'] ?? null }).toEqual({
        vary: ['accept-language', 'cookie'],
        cached: i === 0 ? null : 'hit',
      });
      expect(varyOf(await get('/ar/mood', 'localhost', { 'accept-language': 'de' }))).toEqual(['cookie']);
      expect(varyOf(await get('/mood', `ar.${APP_HOST}`, { 'accept-language': 'de' }))).toEqual(['cookie']);
    }
  });

  it('names Accept-Language on every language’s feed while the visitor has not chosen content languages, kept copies included', async () => {
    const asks = { 'accept-language': 'de, fr;q=0.8' };
    const chose = { ...asks, cookie: 'content_languages=de' };
    for (let i = 0; i < 2; i++) {
      for (const [url, host] of [
        ['/ar', 'localhost'],
        ['/ar/', 'localhost'],
        ['/ar.data', 'localhost'],
        ['/', `ja.${APP_HOST}`],
        ['/_.data', `ja.${APP_HOST}`],
      ]) {
        const res = await get(url, host, asks);
        expect({ url, host, status: res.statusCode, vary: varyOf(res) }).toEqual({
          url,
          host,
          status: 200,
          vary: ['accept-language', 'cookie'],
        });
        expect({ url, host, vary: varyOf(await get(url, host, chose)) }).toEqual({ url, host, vary: ['cookie'] });
      }
      // The prompt is the page's: its boxes are the browser's languages.
      expect((await get('/ar', 'localhost', asks)).body).toContain('<span lang="de">Deutsch</span>');
      expect(varyOf(await get('/ar/mood', 'localhost', asks))).toEqual(['cookie']);
      // A data request is in the language of the page it is for, as that page is.
      expect(varyOf(await get('/ar/mood.data', 'localhost', asks))).toEqual(['cookie']);
      expect(varyOf(await get('/mood.data', 'localhost', chose))).toEqual(['accept-language', 'cookie']);
    }
  });
});

describe('page metadata', () => {
  const metaOf = async (url: string) => {
    const html = (await get(url, 'localhost')).body;
    return {
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
      description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
    };
  };

  it('describe a post, a tag, the search and the static pages, translated, from the content on its own page', async () => {
    const guest = await signInGuest(app);
    const content = `Night shifts again and I cannot sleep during the day, #NightShift ${'the house is loud and the light comes in through every curtain. '.repeat(3)}`;
    const res = await app.inject({ method: 'POST', url: '/api/posts', headers: guest.auth, payload: { content } });
    const post = res.json().data as { id: number; tags: { id: number }[] };
    const described = await metaOf(`/problem/${post.id}`);
    expect(described.title).toBe('Night shifts again and I cannot sleep during the day… – Kindred');
    expect(described.description).toBe(
      'Night shifts again and I cannot sleep during the day, #NightShift the house is loud and the light comes in through every curtain. the house is loud and the…',
    );
    expect(await metaOf(`/de/tag/${post.tags[0].id}`)).toEqual({
      title: '#NightShift – Kindred',
      description: 'Beiträge mit #NightShift auf Kindred: was Mitglieder dazu teilen und wie sie einander unterstützen.',
    });
    expect(await metaOf('/ar/search')).toEqual({
      title: 'بحث – Kindred',
      description: 'ابحث في منشورات Kindred وتعرّف إلى أشخاص مرّوا بتجربة مشابهة.',
    });
    // A static page's introduction, without its markup and with the address written out.
    expect(await metaOf('/FAQ')).toEqual({
      title: 'Frequently asked questions – Kindred',
      description: 'Short answers to the questions people ask most. If yours is not here, write to support@kindred.example.',
    });
    expect((await metaOf('/ja/terms-and-conditions')).description).not.toMatch(/<|\{/);
  });
});
