/**
 * The "Need help now?" page, server-rendered for readers without JavaScript: public, signed out, in every layout's
 * header, with the helplines of the interface language's main country and out of search results. Needs the
 * production build (`npm run build`), like server/plugins/web.test.ts.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/app.ts';
import { buildApp } from '../../app.ts';
import { parseConfig } from '../../config.ts';

let app: FastifyInstance;
let drop: () => Promise<void>;

beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', GUEST_CACHE_SECONDS: '0' });
  app = await buildApp({ config, database: opened.database, logger: false, web: 'production' });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await drop();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
const count = (html: string, needle: string) => html.split(needle).length - 1;

describe('/help-now', () => {
  it('renders the one-minute step and the US helplines in English, signed out, kept out of search results', async () => {
    const res = await get('/help-now');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<title>Need help now? – Kindred</title>');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(count(html, 'rel="canonical"')).toBe(0);
    expect(html).toContain('One minute for you');
    expect(html).toContain('988 Suicide &amp; Crisis Lifeline');
    expect(html).toContain('href="tel:988"');
    expect(html).toContain('href="sms:988"');
    expect(html).toContain('href="https://988lifeline.org/chat/"');
    expect(html).toContain('href="tel:911"');
    expect(html).toContain('href="https://findahelpline.com"');
  });

  it('serves each language the main country of that language', async () => {
    const ja = await get('/ja/help-now');
    expect(ja.statusCode).toBe(200);
    expect(ja.body).toContain('<html lang="ja"');
    expect(ja.body).toContain('あなたのための1分間');
    expect(ja.body).toContain('href="tel:0570783556"');
    expect(ja.body).toContain('href="tel:0120279338"');

    const ar = await get('/ar/help-now');
    expect(ar.statusCode).toBe(200);
    expect(ar.body).toContain('dir="rtl"');
    // Egypt has no national line named in the data: the directory and the emergency number.
    expect(ar.body).toContain('data-testid="crisis-directory"');
    expect(ar.body).toContain('href="tel:123"');

    const de = await get('/de/help-now');
    expect(de.body).toContain('href="tel:08001110111"');
    expect(de.body).toContain('TelefonSeelsorge');
  });

  it('is linked from the header of every layout', async () => {
    for (const url of ['/', '/FAQ', '/topic/999999', '/ar/mood']) {
      const res = await get(url);
      expect(count(res.body, 'data-testid="help-now-link"'), url).toBe(1);
    }
    const ar = await get('/ar/mood');
    expect(ar.body).toContain('href="/ar/help-now"');
  });

  it('is a 404 under an unknown language prefix', async () => {
    expect((await get('/xx/help-now')).statusCode).toBe(404);
    expect((await get('/en/help-now')).statusCode).toBe(404);
  });
});
