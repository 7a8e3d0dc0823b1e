/** The installable app's files: the manifest per language, the offline page, and the service worker's headers. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { translate } from '../i18n.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the web app manifest', () => {
  it('is English at the root, with the icons, colours, scope and start URL browsers need to install the app', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.json()).toEqual({
      id: '/',
      name: 'Kindred: peer support',
      short_name: 'Kindred',
      description: translate('en', 'app.tagline'),
      lang: 'en',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#2f7a60',
      background_color: '#fafaf9',
      user_preferences: { color_scheme_dark: { theme_color: '#1c1917', background_color: '#0c0a09' } },
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      categories: ['health', 'social', 'lifestyle'],
    });
    // public/ is served by the web plugin; the PNG's own width and height (IHDR) are the size the manifest names.
    for (const icon of res.json().icons) {
      const png = readFileSync(new URL(`../../public${icon.src}`, import.meta.url));
      const size = Number(icon.sizes.split('x')[0]);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
  });

  it('is in the language of its prefix, right to left where the language is', async () => {
    const ar = (await get('/ar/manifest.webmanifest')).json();
    expect([ar.name, ar.lang, ar.dir, ar.start_url, ar.scope, ar.id]).toEqual(['Kindred: دعم الأقران', 'ar', 'rtl', '/ar', '/', '/']);
    const fr = (await get('/fr/manifest.webmanifest')).json();
    expect([fr.name, fr.description, fr.lang, fr.dir, fr.start_url]).toEqual([
      'Kindred : soutien entre pairs',
      translate('fr', 'app.tagline'),
      'fr',
      'ltr',
      '/fr',
    ]);
    expect((await get('/en/manifest.webmanifest')).statusCode).toBe(404);
    expect((await get('/xx/manifest.webmanifest')).statusCode).toBe(404);
  });

  it('follows a language subdomain at the root', async () => {
    const sub = await createTestApp({ APP_HOST: 'kindred.example' });
    try {
      const res = await sub.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host: 'de.kindred.example' } });
      expect([res.json().lang, res.json().name]).toEqual(['de', 'Kindred: Unterstützung unter Gleichen']);
      const sw = await sub.app.inject({ method: 'GET', url: '/sw.js', headers: { host: 'de.kindred.example' } });
      expect(sw.body).toContain('const HOST_LOCALE = "de";');
    } finally {
      await sub.close();
    }
  });
});

describe('the offline page', () => {
  it('is in the language asked for, needs nothing from the network, and its one style is allowed by hash', async () => {
    const res = await get('/offline/ar');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toContain(`<h1>${translate('ar', 'offline.title')}</h1>`);
    expect(res.body).toContain(translate('ar', 'offline.emergency'));
    const style = /<style>(.*)<\/style>/.exec(res.body)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(res.headers['content-security-policy']).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(res.body).not.toMatch(/<script|src="http|href="http/);
    expect((await get('/offline/en')).body).toContain('<h1>You are offline</h1>');
    expect((await get('/offline/zz')).statusCode).toBe(404);
  });
});

describe('the service worker', () => {
  it('is served at /sw.js, never cached, with its own policy and the languages it tells apart', async () => {
    const res = await get('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toBe("default-src 'self'");
    expect(res.body.startsWith('const VERSION = "api";\nconst LOCALES = ["ar",')).toBe(true);
    expect(res.body).toContain('const HOST_LOCALE = "en";');
    expect(res.body).not.toContain('"en",');
    expect(res.body).toContain("self.addEventListener('push'");
  });
});
