/**
 * The installable app: the web app manifest in each language, the service worker, and the offline page it shows
 * in the page's language (the worker itself: pwa/service-worker.js). Served without the built web app, so the API
 * tests reach them too.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, getLocale, isLocale, isPathLocale, LOCALES, localeFromHost, localizedPath } from '../../core/locales.ts';
import { translate } from '../i18n.ts';

/** Light and dark: app/app.css (brand-600 and stone-900 bars, stone-50 and stone-950 pages). */
export const APP_COLORS = {
  light: { theme: '#2f7a60', background: '#fafaf9' },
  dark: { theme: '#1c1917', background: '#0c0a09' },
} as const;

export const manifestPath = (locale: string) => localizedPath(locale, '/manifest.webmanifest');

const ICONS = [192, 512].flatMap((size) => [
  { src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' },
  { src: `/icons/maskable-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' },
]);

export function manifestOf(locale: string) {
  const { lang, dir } = getLocale(locale);
  const t = (key: string) => translate(locale, key);
  return {
    // One app whatever language it was installed in: the id is not the start URL.
    id: '/',
    name: t('pwa.name'),
    short_name: t('app.name'),
    description: t('app.tagline'),
    lang,
    dir,
    start_url: localizedPath(locale, '/'),
    scope: '/',
    display: 'standalone',
    theme_color: APP_COLORS.light.theme,
    background_color: APP_COLORS.light.background,
    // Chromium's proposal for a dark variant of the two colours; browsers without it keep the light ones.
    user_preferences: { color_scheme_dark: { theme_color: APP_COLORS.dark.theme, background_color: APP_COLORS.dark.background } },
    icons: ICONS,
    categories: ['health', 'social', 'lifestyle'],
  };
}

const favicon = readFileSync(new URL('../../public/favicon.svg', import.meta.url), 'utf8').replace(
  '<svg ',
  '<svg width="64" height="64" aria-hidden="true" ',
);

const OFFLINE_STYLE =
  'body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,-apple-system,"Segoe UI","Noto Sans",Roboto,sans-serif;background:#fafaf9;color:#1c1917}' +
  'main{max-width:28rem;padding:1.5rem;text-align:center;line-height:1.6}h1{font-size:1.4rem;margin:1rem 0 .5rem}' +
  'a{display:inline-block;margin-top:1rem;padding:.6rem 1.2rem;border-radius:.6rem;background:#2f7a60;color:#fff;text-decoration:none}' +
  'a:focus-visible{outline:2px solid #3f8f73;outline-offset:2px}.note{margin-top:1.5rem;font-size:.9rem;color:#57534e}' +
  '@media (prefers-color-scheme:dark){body{background:#0c0a09;color:#f5f5f4}.note{color:#a8a29e}}';
const OFFLINE_STYLE_HASH = createHash('sha256').update(OFFLINE_STYLE).digest('base64');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A page that needs nothing but itself: the service worker keeps it and answers with it when the network is gone. */
export function offlinePage(locale: string): string {
  const { lang, dir } = getLocale(locale);
  const t = (key: string) => escapeHtml(translate(locale, key));
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${APP_COLORS.light.theme}" media="(prefers-color-scheme: light)">
<meta name="theme-color" content="${APP_COLORS.dark.theme}" media="(prefers-color-scheme: dark)">
<title>${t('offline.title')} · ${t('app.name')}</title>
<style>${OFFLINE_STYLE}</style>
</head>
<body>
<main>
${favicon}
<h1>${t('offline.title')}</h1>
<p>${t('offline.body')}</p>
<a href="">${t('offline.retry')}</a>
<p class="note">${t('offline.emergency')}</p>
</main>
</body>
</html>
`;
}

const workerSource = readFileSync(new URL('./pwa/service-worker.js', import.meta.url), 'utf8');
const PREFIXED = LOCALES.map((l) => l.code).filter((code) => isPathLocale(code));

export interface PwaOptions {
  appHost?: string;
  /** The build the pages come from: a new build is a new worker, which drops the previous build's caches. */
  version(): string;
}

export async function pwaPlugin(app: FastifyInstance, opts: PwaOptions) {
  const hostLocale = (request: FastifyRequest) => localeFromHost(request.headers.host, opts.appHost) ?? DEFAULT_LOCALE;
  const hide = { schema: { hide: true }, config: { changesGuestView: false } } as const;

  const sendManifest = (reply: FastifyReply, locale: string) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(JSON.stringify(manifestOf(locale)));

  app.get('/manifest.webmanifest', hide, async (request, reply) => sendManifest(reply, hostLocale(request)));
  app.get<{ Params: { lang: string } }>('/:lang/manifest.webmanifest', hide, async (request, reply) => {
    // English has no prefix: /en/… is not a page, and neither is its manifest.
    if (!isPathLocale(request.params.lang)) return reply.callNotFound();
    return sendManifest(reply, request.params.lang);
  });

  app.get<{ Params: { locale: string } }>('/offline/:locale', hide, async (request, reply) => {
    if (!isLocale(request.params.locale)) return reply.callNotFound();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'sha256-${OFFLINE_STYLE_HASH}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      )
      .send(offlinePage(request.params.locale));
  });

  app.get('/sw.js', hide, async (request, reply) => {
    const constants =
      `const VERSION = ${JSON.stringify(opts.version())};\n` +
      `const LOCALES = ${JSON.stringify(PREFIXED)};\n` +
      `const HOST_LOCALE = ${JSON.stringify(hostLocale(request))};\n`;
    return (
      reply
        .type('text/javascript; charset=utf-8')
        // Browsers check for a new worker on navigations; no cache may hold an old one back.
        .header('cache-control', 'no-cache')
        // The worker's own policy governs what it fetches: this origin only.
        .header('content-security-policy', "default-src 'self'")
        .send(constants + workerSource)
    );
  });
}
