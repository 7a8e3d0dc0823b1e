/**
 * Issue 15, the installable app and web push in Chromium:
 * - the browser's own installability check finds nothing missing (the manifest, its icons, the service worker);
 * - after one visit the network can go: a page then opens as the offline page in the page's language, and the
 *   assets of the first visit come from the service worker's cache;
 * - a subscription made on /notificationSettings reaches a push service on 127.0.0.1 when deliverPush runs, is
 *   decrypted there with the subscription's keys, and shows as a notification through the real service worker.
 *
 * The push test runs its own app in this process (an in-memory database, the same build), so the spec can call
 * deliverPush and read the subscription rows; headless Chromium's own push service (Google's) cannot be reached
 * here and its registration crashes the browser, so PushManager.subscribe hands the page a subscription to the
 * local service, whose keys the test holds, as the browser would to its vendor's service.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type Response as PlaywrightResponse, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../db/client.ts';
import { ensureReferenceData } from '../../db/reference.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { buildApp } from '../../server/app.ts';
import { parseConfig } from '../../server/config.ts';
import { startPushService, subscriber } from '../helpers/push-service.ts';
import { at, catalog, signInAsGuest, watchErrors } from './pages.ts';

// playwright.config.ts blocks service workers for the specs that route the network; these tests are about one.
test.use({ serviceWorkers: 'allow' });

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'];

test('the app is installable: Chromium’s installability check finds nothing missing, in English and in Arabic', async ({ baseURL }) => {
  // The check answers "in-incognito" in Playwright's usual throwaway contexts, so this one keeps a profile.
  const profile = mkdtempSync(join(tmpdir(), 'kindred-install-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', args: ARGS, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    watchErrors(page, errors);
    const cdp = await context.newCDPSession(page);
    for (const [code, manifest] of [
      ['en', '/manifest.webmanifest'],
      ['ar', '/ar/manifest.webmanifest'],
    ] as const) {
      await page.goto(at(code, '/'));
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const app = await cdp.send('Page.getAppManifest');
      expect(app.url).toBe(`${baseURL}${manifest}`);
      expect(app.errors).toEqual([]);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('offline after one visit: the offline page in the page’s language, and the first visit’s assets from the service worker', async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  watchErrors(page, errors);
  const fr = catalog('fr');
  // Every asset the first visit loads, including what it fetches once idle after hydration (app/lib/idle.ts: the API
  // client, the toast card, the language list), which may come after the page hands its list to the worker.
  const firstVisit = new Set<string>();
  const onFirstVisit = (res: PlaywrightResponse) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/assets/')) firstVisit.add(url.pathname);
  };
  page.on('response', onFirstVisit);
  await page.goto('/fr');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const assets = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name))
      .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
      .map((u) => u.pathname),
  );
  expect(assets.length).toBeGreaterThan(0);
  // The page hands its assets and offline page to the worker once it runs (app/lib/service-worker.ts).
  await page.waitForFunction(
    async (urls) => {
      const names = await caches.keys();
      const cache = names.find((n) => n.startsWith('kindred-'));
      if (!cache) return false;
      const c = await caches.open(cache);
      const kept = await Promise.all([...urls, '/offline/fr'].map((u) => c.match(u)));
      return kept.every(Boolean);
    },
    assets,
    { polling: 100 },
  );

  // The page's own idle callbacks were queued at hydration, before the worker was registered: one queued now runs
  // after them, and the network then settles once the chunks they import have arrived.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.waitForLoadState('networkidle');
  page.off('response', onFirstVisit);

  // The second visit: every built asset is answered by the worker, which answers them from its cache first.
  const second: { path: string; fromWorker: boolean }[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/assets/')) second.push({ path: url.pathname, fromWorker: res.fromServiceWorker() });
  });
  await page.goto('/fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(second.length).toBeGreaterThan(0);
  expect(second.filter((r) => !r.fromWorker)).toEqual([]);
  expect(second.filter((r) => !firstVisit.has(r.path))).toEqual([]);

  await context.setOffline(true);
  await page.goto('/fr/mood');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr['offline.title']);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByText(fr['offline.emergency'])).toBeVisible();
  await context.setOffline(false);
  // Chromium reports the failed navigation of the offline page's load as a console error of its own; only
  // errors of the app's pages count.
  expect(errors.filter((e) => !e.includes('/fr/mood'))).toEqual([]);
});

test('an asset the first visit fetches while the worker takes over the page is kept too', async ({ page }) => {
  const errors: string[] = [];
  watchErrors(page, errors);
  // The window: a request the page starts before the worker controls it (so the worker never sees it) that ends after
  // the page took the list it hands over. It lasts a few milliseconds on its own; here the routes hold it open. The
  // API client's chunk is fetched once idle after hydration (app/lib/browser-api.ts); registering the worker waits
  // for its own chunk (root.tsx), which is held until the API client's request has started, and that request is held
  // until the worker has kept the page's list (its 'kept' answer).
  await page.addInitScript(() => {
    const w = window as unknown as { kept: number };
    w.kept = 0;
    navigator.serviceWorker.addEventListener('message', (e) => {
      if (e.data?.type === 'kept') w.kept += 1;
    });
  });
  let apiStarted: () => void = () => {};
  const apiRequested = new Promise<void>((resolve) => {
    apiStarted = resolve;
  });
  const held: string[] = [];
  await page.route(/\/assets\/create-[\w-]+\.js$/, async (route) => {
    held.push(new URL(route.request().url()).pathname);
    apiStarted();
    await page.waitForFunction(() => (window as unknown as { kept: number }).kept > 0, undefined, { timeout: 15_000 });
    await route.continue();
  });
  await page.route(/\/assets\/service-worker-[\w-]+\.js$/, async (route) => {
    await apiRequested;
    await route.continue();
  });
  const firstVisit = new Set<string>();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/assets/')) firstVisit.add(url.pathname);
  });
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => (window as unknown as { kept: number }).kept > 0, undefined, { timeout: 15_000 });
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.waitForLoadState('networkidle');
  // The API client's request went to the network from the page, not through the worker.
  expect(held).toHaveLength(1);
  expect(firstVisit.has(held[0])).toBe(true);

  const missing = (urls: string[]) =>
    page.evaluate(async (list) => {
      const name = (await caches.keys()).find((n) => n.startsWith('kindred-'));
      if (!name) return list;
      const cache = await caches.open(name);
      const kept = await Promise.all(list.map((u) => cache.match(u)));
      return list.filter((_, i) => !kept[i]);
    }, urls);
  await expect.poll(() => missing([...firstVisit]), { timeout: 5_000 }).toEqual([]);
  expect(errors).toEqual([]);
});

test('a subscription made on /notificationSettings gets a push through the local push service, shown by the service worker', async () => {
  test.setTimeout(90_000);
  const service = await startPushService();
  const device = subscriber(`${service.origin}/push/e2e`);
  const database = await openDatabase({});
  await database.migrate();
  await ensureReferenceData(database.db);
  // NODE_ENV test: the one setting under which a subscription may name a plain-http push service on 127.0.0.1.
  const config = parseConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    GUEST_LOGINS_PER_HOUR: '1000',
  });
  const app = await buildApp({ config, database, web: 'production', logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    const context = await browser.newContext({ baseURL: origin });
    await context.grantPermissions(['notifications'], { origin });
    // What the browser's push service would give: an endpoint and the keys of a subscription (their private
    // halves stay with the test, as they stay in the browser).
    await context.addInitScript((sub) => {
      let current: unknown = null;
      const made = () => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      });
      PushManager.prototype.subscribe = async () => {
        current = made();
        return current as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    }, device.subscription);
    const page = await context.newPage();
    const errors: string[] = [];
    watchErrors(page, errors);
    const me = await signInAsGuest(page);
    await page.goto('/notificationSettings');
    const onThisDevice = page.getByRole('switch', { name: catalog('en')['push.device'] });
    await expect(onThisDevice).toBeEnabled();
    await expect(onThisDevice).not.toBeChecked();
    await onThisDevice.click();
    await expect(page.getByText(catalog('en')['push.on'])).toBeVisible();
    await expect(onThisDevice).toBeChecked();
    const rows = await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id));
    expect(rows.map((r) => [r.endpoint, r.p256dh, r.auth])).toEqual([
      [device.subscription.endpoint, device.subscription.keys.p256dh, device.subscription.keys.auth],
    ]);

    const payload = {
      type: 'support' as const,
      title: 'Kindred',
      body: 'Amani and 4 others supported your post',
      url: '/problem/12',
      tag: 'support:post:12',
      lang: 'en',
      dir: 'ltr' as const,
    };
    // The page is open (its socket in the person's room): no push.
    await expect.poll(async () => (await app.realtime.io.in(`user:${me.id}`).fetchSockets()).length).toBeGreaterThan(0);
    expect(await app.push.deliver(me.id, payload)).toBe('skipped');
    await page.close();
    await expect.poll(async () => (await app.realtime.io.in(`user:${me.id}`).fetchSockets()).length).toBe(0);
    const arrived = service.next();
    expect(await app.push.deliver(me.id, payload)).toBe('sent');
    const request = await arrived;
    expect(request.path).toBe('/push/e2e');
    expect(request.headers.ttl).toBe('86400');
    expect(request.headers.urgency).toBe('normal');
    const plaintext = device.decrypt(request.body);
    expect(JSON.parse(plaintext)).toEqual(payload);

    // The same message through the real service worker: it shows the notification as it came.
    const shown = await context.newPage();
    watchErrors(shown, errors);
    await shown.goto('/');
    await shown.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(shown);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registration, data: plaintext });
    const notifications = async () =>
      shown.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          lang: n.lang,
          dir: n.dir,
          data: n.data,
        })),
      );
    await expect
      .poll(notifications)
      .toEqual([{ title: 'Kindred', body: payload.body, tag: payload.tag, lang: 'en', dir: 'ltr', data: { url: '/problem/12' } }]);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    await service.close();
  }
});

test('on a phone in Arabic: quiet hours saved in the browser’s zone and kept; a refused permission explained', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Tehran' });
  const page = await context.newPage();
  const errors: string[] = [];
  watchErrors(page, errors);
  const ar = catalog('ar');
  await signInAsGuest(page);
  await page.goto('/ar/notificationSettings');

  // Permission is asked only on the click; refused (headless Chromium refuses what the context did not grant), the
  // switch explains how to allow it.
  const device = page.getByRole('switch', { name: ar['push.device'] });
  await expect(device).toBeEnabled();
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  // How often the browser is asked: once, however often the switch is pressed.
  await page.evaluate(() => {
    const w = window as unknown as { asked: number };
    const ask = Notification.requestPermission.bind(Notification);
    w.asked = 0;
    Notification.requestPermission = () => {
      w.asked++;
      return ask();
    };
  });
  await device.click();
  await expect(page.getByRole('alert').filter({ hasText: ar['push.denied'] })).toBeVisible();
  await expect(device).toBeDisabled();
  await expect(device).not.toBeChecked();
  // The switch just pressed keeps the focus (aria-disabled, not disabled) and says why; pressing again does nothing.
  await expect(device).toBeFocused();
  await expect(device).toHaveAttribute('aria-disabled', 'true');
  await expect(device).toHaveAccessibleDescription(`${ar['push.device_hint']} ${ar['push.denied']}`);
  await page.keyboard.press('Space');
  await expect(device).not.toBeChecked();
  await expect(device).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(1);

  const hint = ar['push.quiet_hint'].replace('{zone}', 'Asia/Tehran');
  await expect(page.getByText(hint)).toBeVisible();
  await page.getByRole('switch', { name: ar['push.quiet_enable'] }).check();
  const from = page.getByLabel(ar['push.quiet_from'], { exact: true });
  const to = page.getByLabel(ar['push.quiet_to'], { exact: true });
  await from.fill('23:15');
  await to.fill('23:15');
  await expect(page.getByText(ar['push.quiet_same'])).toBeVisible();
  await expect(page.getByRole('button', { name: ar['push.quiet_save'] })).toBeDisabled();
  await to.fill('06:45');
  await page.getByRole('button', { name: ar['push.quiet_save'] }).click();
  await expect(page.getByText(ar['settings.saved'])).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

  const saved = await page.request.get('/api/push-settings');
  expect(await saved.json()).toEqual({ quiet_hours: { from: '23:15', to: '06:45', time_zone: 'Asia/Tehran' } });
  await page.reload();
  await expect(page.getByLabel(ar['push.quiet_from'], { exact: true })).toHaveValue('23:15');
  await expect(page.getByLabel(ar['push.quiet_to'], { exact: true })).toHaveValue('06:45');
  await page.getByRole('switch', { name: ar['push.quiet_enable'] }).uncheck();
  await page.getByRole('button', { name: ar['push.quiet_save'] }).click();
  await expect.poll(async () => (await page.request.get('/api/push-settings')).json()).toEqual({ quiet_hours: null });
  expect(errors).toEqual([]);
  await context.close();
});
