/**
 * What a page tells the browser to allow, and whose address it carries: every page, the 404 and the API docs UI
 * send a Content-Security-Policy whose scripts are this origin's or carry the page's nonce, and no header a
 * visitor sends (Host, X-Forwarded-Host behind a trusted proxy) reaches a page or an answer the guest cache keeps
 * for everyone. Needs the production build (`npm run build`), as `npm test` makes it before these.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase, signInGuest } from '../../tests/helpers/app.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let post: number;
let topic: number;
let thought: number;

const ORIGIN = 'https://kindred.example';

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', GUEST_CACHE_SECONDS: '60', TRUST_PROXY: 'true', PUBLIC_URL: ORIGIN });
  app = await buildApp({ config, database, logger: false, web: 'production' });
  await app.ready();
  const author = await signInGuest(app);
  const write = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url, headers: author.auth, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  post = await write('/api/posts', {
    content: 'Some nights the worry about work keeps me awake until the birds start singing outside my window. '.repeat(2).trim(),
    poll: { question: 'What helps you sleep?', options: ['Reading', 'Music'] },
  });
  const [category] = (await app.inject({ method: 'GET', url: '/api/categories' })).json().data;
  const [cover] = (await app.inject({ method: 'GET', url: '/api/topic-covers' })).json().data;
  topic = await write('/api/topics', {
    title: 'Sleepless nights',
    description: 'What keeps us awake, and what helps.',
    category_id: category.id,
    cover_id: cover.id,
  });
  thought = await write('/api/thoughts', { content: 'Rest is not a reward for finishing everything.' });
});

afterAll(async () => {
  await app?.close();
  await drop();
});

/** What pages and the docs UI allow alike: images from here or data: URLs (QR codes), requests to here only, no framing. */
const SHARED = {
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const directives = (policy: string | undefined) =>
  new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
      .map(([name, ...values]) => [name, values]),
  );

describe('Content-Security-Policy', () => {
  const pages = () => ['/', '/mood', '/ar/topic', `/problem/${post}`, `/topic/${topic}`, `/thought/${thought}`, '/FAQ', '/no-such-page'];

  it('on every page and the 404: scripts only from this origin or with the nonce every script of the page carries', async () => {
    for (const url of pages()) {
      // A cookie that keeps the guest cache out of it, so each answer is rendered for this request.
      const res = await app.inject({ method: 'GET', url, headers: { cookie: 'currentUser=x' } });
      expect(res.statusCode, url).toBe(url === '/no-such-page' ? 404 : 200);
      const policy = directives(res.headers['content-security-policy'] as string);
      const nonce = /^'nonce-([\w+/=]{24})'$/.exec(policy.get('script-src')?.[1] ?? '')?.[1];
      expect(nonce, url).toBeDefined();
      expect(Object.fromEntries(policy), url).toEqual({
        'default-src': ["'self'"],
        'script-src': ["'self'", `'nonce-${nonce}'`],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'"],
        ...SHARED,
      });
      // Every script the page runs carries the nonce; JSON-LD is data, which no policy runs.
      const scripts = [...res.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('application/ld+json'));
      expect(scripts.length, url).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, url).toContain(`nonce="${nonce}"`);
      // The policy refuses inline styles: the page has none.
      expect(res.body, url).not.toMatch(/\sstyle="/);
    }
  });

  it('gives each rendered page a nonce of its own', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({ method: 'GET', url: '/FAQ', headers: { cookie: 'currentUser=x' } });
      nonces.add(String(res.headers['content-security-policy']));
    }
    expect(nonces.size).toBe(5);
  });

  it('on the API docs UI: its own files only, unframed', async () => {
    for (const url of ['/api/docs', '/api/docs/static/index.html', '/api/docs/static/swagger-initializer.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(Object.fromEntries(directives(res.headers['content-security-policy'] as string)), url).toEqual({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        ...SHARED,
      });
    }
  });

  it('on API answers and files: nothing runs, nothing frames them', async () => {
    for (const url of ['/api/health', '/api/posts', '/api/no-such-route', '/favicon.svg']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'",
      );
    }
  });
});

describe('absolute URLs', () => {
  const forged = [
    { host: 'evil.example' },
    { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    // The host the pages' in-process API calls carry: a forged answer kept under it would reach every page.
    { host: 'localhost:80', 'x-forwarded-host': 'evil.example' },
  ];

  it("never take a guest's Host or X-Forwarded-Host, in pages or in the answers the guest cache keeps", async () => {
    const apis = [`/api/schema/post/${post}`, `/api/schema/topic/${topic}`, `/api/schema/thought/${thought}`];
    const pageUrls = ['/', `/problem/${post}`, `/topic/${topic}`, `/thought/${thought}`, '/FAQ', '/ar/mood'];
    for (const headers of forged) {
      for (const url of [...apis, ...pageUrls]) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, `${url} ${JSON.stringify(headers)}`).not.toContain('evil.example');
      }
    }
    // Then every guest: served what the forged requests left in the cache, or freshly rendered.
    for (const url of [...apis, ...pageUrls]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('evil.example');
    }
    const ld = await app.inject({ method: 'GET', url: `/api/schema/post/${post}`, headers: forged[2] });
    expect(ld.json().url).toBe(`${ORIGIN}/problem/${post}`);
    const page = await app.inject({ method: 'GET', url: `/problem/${post}`, headers: forged[1] });
    expect(page.headers['x-guest-cache']).toBe('hit');
    expect(page.body).toContain(`<link rel="canonical" href="${ORIGIN}/problem/${post}"/>`);
    expect(page.body).toContain(`"url":"${ORIGIN}/problem/${post}"`);
  });
});
