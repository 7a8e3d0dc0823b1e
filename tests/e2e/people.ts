/**
 * People for the specs where two or three of them talk to each other (messages, chat screens, private safety):
 * each signs in in a browser context of their own, calls the API with their own bearer token (no CSRF needed), and
 * collects their page's console errors.
 */
import { type Browser, expect, type Page, request } from '@playwright/test';
import { MODERATOR } from './moderator.ts';
import { watchErrors } from './pages.ts';

export interface Person {
  page: Page;
  id: number;
  nickname: string;
  /** Bearer header for API calls made as this person. */
  auth: { Authorization: string };
  errors: string[];
  close(): Promise<void>;
}

/** A guest (or the seeded moderator) signed in in a browser context of their own. */
export async function person(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; login?: 'guest' | 'moderator'; touch?: boolean } = {},
): Promise<Person> {
  const context = await browser.newContext({
    ...(options.viewport ? { viewport: options.viewport } : {}),
    // A phone's touch screen: taps, and no hover (CSS `(hover: none)`).
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  watchErrors(page, errors);
  const moderator = options.login === 'moderator';
  const res = moderator
    ? await page.request.post('/api/login', { data: { username: MODERATOR.username, password: MODERATOR.password } })
    : await page.request.post('/api/guest-login', { data: {} });
  expect(res.status()).toBe(moderator ? 200 : 201);
  const { token, data } = (await res.json()) as { token: string; data: { id: number; nickname: string } };
  return { page, id: data.id, nickname: data.nickname, auth: { Authorization: `Bearer ${token}` }, errors, close: () => context.close() };
}

/**
 * Someone on a phone or a desktop whose page's hydration the test can wait for (`hydrated`): the app dispatches
 * `kindred:hydrated` once it has hydrated, and a key pressed before that would go to the server's markup.
 */
export async function hydratingPerson(
  browser: Browser,
  shape: { viewport: { width: number; height: number }; touch?: boolean },
): Promise<Person> {
  const who = await person(browser, { viewport: shape.viewport, touch: shape.touch });
  await noteHydration(who.page);
  return who;
}

/** Lets `hydrated` wait for this page's hydration: the app dispatches `kindred:hydrated` once it has hydrated. */
export function noteHydration(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { hydrated: Promise<void> };
    w.hydrated = new Promise((resolve) => document.addEventListener('kindred:hydrated', () => resolve(), { once: true }));
  });
}

/** Resolves once the page `hydratingPerson` made has hydrated. */
export const hydrated = (page: Page) => page.evaluate(() => (window as unknown as { hydrated: Promise<void> }).hydrated);

/** Someone who only calls the API: a guest signed in without a browser, for a spec that needs many people. */
export type Caller = Pick<Person, 'id' | 'nickname' | 'auth'>;

/** A guest signed in through the API alone. */
export async function caller(baseURL: string | undefined): Promise<Caller> {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/guest-login', { data: {} });
  expect(res.status()).toBe(201);
  const { token, data } = (await res.json()) as { token: string; data: { id: number; nickname: string } };
  await api.dispose();
  return { id: data.id, nickname: data.nickname, auth: { Authorization: `Bearer ${token}` } };
}

/** Calls the API as someone; returns the status and the body. */
export async function call(
  baseURL: string | undefined,
  who: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
) {
  const api = await request.newContext({ baseURL });
  const res = await api.fetch(url, { method, headers: who.auth, ...(method === 'GET' ? {} : { data: data ?? {} }) });
  const body = await res.json().catch(() => null);
  await api.dispose();
  return { status: res.status(), body };
}

/** `from` writes `content` to `to`, who accepts the request: the id of their conversation. */
export async function acceptedConversation(baseURL: string | undefined, from: Caller, to: Caller, content: string): Promise<number> {
  const first = await call(baseURL, from, 'POST', '/api/messages', { user_id: to.id, content });
  expect(first.status).toBe(201);
  const conversationId = (first.body as { data: { conversation_id: number } }).data.conversation_id;
  expect((await call(baseURL, to, 'POST', `/api/message-requests/${conversationId}/accept`)).status).toBe(200);
  return conversationId;
}

/** What is wrong with the page's width, or null: how wide it is, and the first element that reaches past the edge. */
export async function overflow(page: Page): Promise<string | null> {
  const m = await page.evaluate(() => {
    const view = document.documentElement.clientWidth;
    const wide = document.documentElement.scrollWidth;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    const culprit = [...document.querySelectorAll('body *')].find((el) => el.getBoundingClientRect().right > view + 1 && !clipped(el));
    return {
      wide,
      view,
      culprit: culprit ? `${culprit.tagName.toLowerCase()}.${culprit.className}: ${culprit.textContent?.slice(0, 40)}` : '',
    };
  });
  return m.wide > m.view ? `${page.url()}: ${m.wide} px wide in ${m.view} px (${m.culprit})` : null;
}

/** Clicks until the click does what it should: a click that lands before hydration does nothing. */
export async function clickUntil(click: () => Promise<void>, then: () => Promise<void>) {
  await expect(async () => {
    await click();
    await then();
  }).toPass({ timeout: 15_000 });
}

/** Long enough for the feed (over 150 characters), not Moods. */
export const longPost = (n: string) =>
  `Lately I wake up at four in the morning and cannot fall asleep again, my head full of small worries about work and family. By noon I am exhausted. ${n}`;
