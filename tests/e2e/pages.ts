/**
 * What several browser specs share: the screens to visit (with the placeholders `fixtures()` fills in), the
 * path of a screen in a language, the catalogs, and signing in.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, request } from '@playwright/test';

export const catalog = (code: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../locales/${code}.json`, import.meta.url), 'utf8'));
export const en = catalog('en');

/** Public screens, with the placeholders filled in by `fixtures()`. */
export const PUBLIC = [
  '/',
  '/mood',
  '/topic',
  '/thought',
  '/search',
  '/search?q=sleep',
  '/problem/{post}',
  '/problem/{long}',
  '/tag/{tag}',
  '/topSupporters',
  '/languages',
  '/FAQ',
  '/About',
  '/contactUs',
  '/privacy-policy',
  '/community-guidelines',
  '/terms-and-conditions',
  '/qr/{qr}',
];
/** Items that do not exist, an id that cannot exist, and the not-found page itself: real 404s. */
export const MISSING = ['/topic/999999', '/thought/999999', '/notfound', '/problem/999999', '/problem/abc', '/tag/999999'];
export const SIGN_IN = [
  '/profile',
  '/chat',
  '/settings/help',
  '/settings/general',
  '/notificationSettings',
  '/contentPreferences',
  '/changeAvatar',
  '/changeNickname',
  '/deactivateAccount',
  '/settings/account',
  '/advice',
  '/notifications',
];

export const at = (code: string, path: string) => (code === 'en' ? path : path === '/' ? `/${code}` : `/${code}${path}`);

export interface Fixtures {
  post: number;
  /** The demo post that holds a 120-letter word (server/seed/content.ts). */
  long: number;
  tag: number;
  qr: string;
  /** Item pages of the seeded topics and thoughts, when the demo content has them. */
  more: string[];
}

let shared: Fixtures | null = null;

/**
 * A post with a hashtag (so a tag exists) written by a throwaway guest, and a QR code to approve. Made in a
 * context of its own, so the browser under test stays signed out.
 */
export async function fixtures(baseURL: string | undefined): Promise<Fixtures> {
  if (shared) return shared;
  const api = await request.newContext({ baseURL });
  const made = await api.post('/api/create-qr', { data: {} });
  expect(made.status(), await made.text()).toBe(201);
  const qr = (await made.json()).qrToken as string;
  const guest = await api.post('/api/guest-login', { data: {} });
  expect(guest.status()).toBe(201);
  const { token } = await guest.json();
  const auth = { Authorization: `Bearer ${token}` };
  const word = `frame${Date.now()}`;
  const content = `${'Writing this down helps me think about what happened this week and how I want to handle it. '.repeat(2)}#${word}`;
  const created = await api.post('/api/posts', { data: { content }, headers: auth });
  expect(created.status(), await created.text()).toBe(201);
  const post = (await created.json()).data;
  expect(post.tags.map((t: { name: string }) => t.name)).toEqual([word]);
  const tag = post.tags[0];
  const more: string[] = [];
  for (const [list, page] of [
    ['/api/topics', '/topic/'],
    ['/api/thoughts', '/thought/'],
  ]) {
    const res = await api.get(list);
    expect(res.status(), list).toBe(200);
    const first = (await res.json()).data[0];
    if (first) more.push(`${page}${first.id}`);
  }
  // Other tests' posts may have pushed it past the first pages of the feed.
  let long: { id: number } | undefined;
  for (let n = 1; !long; n++) {
    const feed = await api.get(`/api/posts?per_page=50&page=${n}`);
    expect(feed.status()).toBe(200);
    const { data, meta } = (await feed.json()) as { data: { id: number; content: string }[]; meta: { last_page: number } };
    long = data.find((p) => /A{119}H/.test(p.content));
    if (n >= meta.last_page) break;
  }
  expect(long, 'the demo post with a 120-letter word').toBeTruthy();
  await api.dispose();
  shared = { post: post.id, long: long?.id ?? 0, tag: tag.id, qr, more };
  return shared;
}

export const fill = (path: string, f: Fixtures) =>
  path.replace('{post}', String(f.post)).replace('{long}', String(f.long)).replace('{tag}', String(f.tag)).replace('{qr}', f.qr);

/** Clicks the language button until its menu is open: a click that lands before hydration does nothing. */
export async function openLanguageMenu(page: Page) {
  const button = page.getByTestId('language-switcher');
  await expect(async () => {
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass();
}

export async function signInAsGuest(page: Page) {
  // The browser context and page.request share cookies, so the page is signed in from here on.
  const res = await page.request.post('/api/guest-login', { data: {} });
  expect(res.status()).toBe(201);
  return (await res.json()).data as { id: number; nickname: string; avatar: { id: number } | null };
}

/** Collects the page's console errors (hydration errors among them) and uncaught exceptions into `errors`. */
export function watchErrors(page: Page, errors: string[]) {
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // "Failed to load resource: … 404" names no address in its text; the message's location is the resource's.
    const source = m.location().url;
    errors.push(`${page.url()}: ${m.text()}${source && source !== page.url() ? ` (${source})` : ''}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
}

/**
 * Resolves when the server has put the page's socket in `room`: the page asks with socket.io's event frame
 * `42<id>["subscribe","room"]` and the server answers `43<id>[]` once it joined (the request frame alone may reach the
 * server after something the test does next).
 */
export function joined(page: Page, room: string): Promise<void> {
  const request = JSON.stringify(['subscribe', room]);
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      const asked = new Set<string>();
      ws.on('framesent', (event) => {
        if (typeof event.payload !== 'string' || !event.payload.startsWith('42') || !event.payload.endsWith(request)) return;
        asked.add(event.payload.slice(2, -request.length));
      });
      ws.on('framereceived', (event) => {
        if (typeof event.payload === 'string' && event.payload.startsWith('43') && asked.has(event.payload.slice(2, -2))) resolve();
      });
    });
  });
}

/** The number a feed's "new posts" pill shows, 0 while it is not shown. */
export async function pillCount(page: Page): Promise<number> {
  const pill = page.getByRole('button', { name: /^\d+ new posts? – show$/ });
  if ((await pill.count()) === 0) return 0;
  return Number((await pill.textContent())?.match(/\d+/)?.[0]);
}

/** Counts layout shifts from the start of each document (buffered), as bench/phone.ts measures them. */
export function countShifts() {
  type Shift = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  const w = window as unknown as { __shift: number; __moved: string[]; __footerShift: number };
  w.__shift = 0;
  w.__moved = [];
  // The part of the shift that moved the site's footer (a <footer> outside any card) and nothing else (a source
  // reported at the same place, its box a pixel wider, did not move), kept apart for the one check that may leave
  // it out (phone.spec, after an in-page navigation).
  w.__footerShift = 0;
  const siteFooter = (node: Node | undefined) => node instanceof Element && node.localName === 'footer' && !node.closest('article');
  const still = (s: Shift['sources'][number]) =>
    Math.round(s.previousRect.x) === Math.round(s.currentRect.x) && Math.round(s.previousRect.y) === Math.round(s.currentRect.y);
  // What moved, so that a failure names it: the element, its start and its text, and its box before and after.
  const named = (node: Node | undefined) => {
    if (!(node instanceof Element)) return node?.nodeName ?? 'gone';
    return `<${node.localName}${node.id ? `#${node.id}` : ''} class="${node.getAttribute('class') ?? ''}"> ${(node.textContent ?? '').slice(0, 40)}`;
  };
  const box = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Shift[]) {
      if (e.hadRecentInput) continue;
      w.__shift += e.value;
      if (e.sources.some((s) => siteFooter(s.node)) && e.sources.every((s) => siteFooter(s.node) || still(s))) w.__footerShift += e.value;
      for (const s of e.sources)
        w.__moved.push(`${Math.round(e.startTime)} ms ${named(s.node)}: ${box(s.previousRect)} → ${box(s.currentRect)}`);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}
