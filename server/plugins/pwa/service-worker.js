/*
 * Kindred's service worker, served at /sw.js (scope /) by server/plugins/pwa.ts, which puts three constants before
 * this text: VERSION (the build: a new build is a new worker, whose activation drops the old caches), LOCALES (the
 * codes whose pages live under /{code}) and HOST_LOCALE (the language of unprefixed paths on this host).
 *
 * - Pushes (server/modules/push/deliver.ts) are shown as they come, already in the person's language; a click
 *   focuses a tab already on that page, or opens one.
 * - Built assets (/assets/, hashed names that never change) are answered from the cache once seen, so the next
 *   visit loads them without the network; the page hands over the ones it fetched before this worker controlled
 *   it, those still on their way then as they arrive (app/lib/service-worker.ts).
 * - A page that cannot be loaded for want of a network gets the offline page in its language, kept the first
 *   time a page in that language loads.
 */
/* global VERSION, LOCALES, HOST_LOCALE */
const CACHE = `kindred-${VERSION}`;

const offlinePath = (locale) => `/offline/${locale}`;

/** The language of a page path: its first segment when that is a prefixed locale, else the host's. */
function localeOf(url) {
  const first = url.pathname.split('/')[1];
  return LOCALES.includes(first) ? first : HOST_LOCALE;
}

async function keep(urls) {
  const cache = await caches.open(CACHE);
  await Promise.all(
    urls.map(async (url) => {
      if (await cache.match(url)) return;
      const res = await fetch(url, { credentials: 'omit' }).catch(() => null);
      if (res?.ok) await cache.put(url, res);
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(keep([offlinePath(HOST_LOCALE)]).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('kindred-') && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** `{ type: 'keep', urls }` from the page: its assets and offline page, loaded before this worker controlled it. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'keep' || !Array.isArray(data.urls)) return;
  const urls = data.urls
    .filter((u) => typeof u === 'string')
    .map((u) => new URL(u, self.location.origin))
    .filter((u) => u.origin === self.location.origin && (u.pathname.startsWith('/assets/') || u.pathname.startsWith('/offline/')))
    .map((u) => u.pathname)
    .slice(0, 500);
  event.waitUntil(keep(urls).then(() => event.source?.postMessage({ type: 'kept', count: urls.length })));
});

async function asset(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request.url);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await cache.put(request.url, res.clone());
  return res;
}

async function page(event) {
  const locale = localeOf(new URL(event.request.url));
  try {
    const res = await fetch(event.request);
    event.waitUntil(keep([offlinePath(locale)]));
    return res;
  } catch (err) {
    const cache = await caches.open(CACHE);
    const offline = (await cache.match(offlinePath(locale))) ?? (await cache.match(offlinePath(HOST_LOCALE)));
    if (offline) return offline;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(page(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
});

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data?.json();
  } catch {
    return;
  }
  if (!data || typeof data.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: data.body,
      tag: data.tag,
      lang: data.lang,
      dir: data.dir,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: data.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => {
        const u = new URL(w.url);
        return u.pathname === target.pathname && u.search === target.search;
      });
      if (open) return open.focus();
      return self.clients.openWindow(target.href);
    })(),
  );
});
