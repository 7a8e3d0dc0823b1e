/**
 * Issue 12: relative times and numbers read the same on the server and in the browser in every language.
 * Debian's Chromium has no Intl data for nine of the 37 (app/lib/intl-data.ts); formatted natively, their
 * pages came out in English or as "-1 min" and React threw the server's markup away (error #418).
 */
import { readFileSync } from 'node:fs';
import { expect, request, test } from '@playwright/test';
import { createIntl } from 'react-intl';
import { loadIntlData } from '../../app/lib/intl-data.ts';
import { catalogChain, getLocale, LOCALES } from '../../core/locales.ts';

/** How the server formats a message: the same catalogs, fallbacks and Intl code as the page's render. */
async function serverIntl(code: string) {
  const chain = catalogChain(code).map((c) => JSON.parse(readFileSync(new URL(`../../locales/${c}.json`, import.meta.url), 'utf8')));
  await loadIntlData(getLocale(code).tag);
  return createIntl({ locale: getLocale(code).tag, messages: Object.assign({}, ...chain.reverse()) });
}

const textOf = (html: string) =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

let post: { id: number; created_at: string; content: string };
/** The comments heading's count, as the server counts them. */
let comments: number;

test.beforeAll(async ({ baseURL }) => {
  const api = await request.newContext({ baseURL });
  const guest = await api.post('/api/guest-login', { data: {} });
  expect(guest.status()).toBe(201);
  const headers = { Authorization: `Bearer ${(await guest.json()).token}` };
  const created = await api.post('/api/posts', {
    // Over 150 characters, so it is a post with its own page, not a mood (MOOD_THRESHOLD).
    data: {
      content: `Some weeks everything feels heavier than it should, and writing it down helps a little. Tonight I am trying to be patient with myself and rest. ${Date.now()}`,
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  post = (await created.json()).data;
  // Fewer comments than the item-state test's post has, so this post never pushes that one out of trending.
  for (let i = 1; i <= 3; i++) {
    const comment = await api.post('/api/comments', {
      data: { post_id: post.id, content: `Thank you for sharing this, reply ${i}.` },
      headers,
    });
    expect(comment.status(), await comment.text()).toBe(201);
  }
  comments = (await (await api.get(`/api/post-comments?post_id=${post.id}`)).json()).meta.total;
  expect(comments).toBe(3);
  await api.dispose();
});

for (const { code, lang, dir } of LOCALES) {
  test(`${code}: times and numbers hydrate as the server rendered them`, async ({ page, baseURL }) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    // Once hydrated, the browser measures against its own clock: two minutes after the post was written.
    await page.clock.setFixedTime(new Date(post.created_at).getTime() + 120_000);
    const path = code === 'en' ? `/problem/${post.id}` : `/${code}/problem/${post.id}`;
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const html = await response?.text();
    const heading = page.locator('#comments-heading');
    const own = page.locator('article', { has: page.getByText(post.content) }).first();
    const time = own.locator('time').first();
    const intl = await serverIntl(code);

    // A number: the server's markup, the hydrated page and the server's formatter say the same.
    const count = intl.formatMessage({ id: 'comments.heading' }, { count: comments });
    expect(textOf(html?.match(/<h2 id="comments-heading"[^>]*>(.*?)<\/h2>/)?.[1] ?? '')).toBe(count);
    await expect(heading).toHaveText(count);
    // A time: what the browser shows for two minutes ago is what the server writes for it.
    await expect(time).toHaveText(intl.formatRelativeTime(-2, 'minute', { numeric: 'auto' }));
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);

    // The page names its language with the one tag its hreflang uses (Sorani: ckb).
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute('href', `${baseURL}${path}`);
    // The post keeps the language it was written in, whatever the page's.
    await expect(page.getByText(post.content)).toHaveAttribute('lang', 'en');
    // The back link's arrow points to where the line starts: mirrored in right-to-left languages.
    const arrow = page.locator('[data-back-arrow]');
    expect(await arrow.evaluate((e) => getComputedStyle(e).scale)).toBe(dir === 'rtl' ? '-1 1' : 'none');
  });
}

test('fa: counts shown without words and numbers inside messages use the page’s digits', async ({ page, baseURL }) => {
  const intl = await serverIntl('fa');
  const zero = intl.formatNumber(0);
  expect(zero).toBe('۰');
  // A number given to a message is formatted as one ({n, number}): "Option 1" of a poll, as the composer labels it.
  expect(intl.formatMessage({ id: 'composer.poll_option' }, { n: 1 })).toBe('گزینهٔ ۱');
  expect(intl.formatMessage({ id: 'search.page_of' }, { page: 2, pages: 12 })).toBe('صفحهٔ ۲ از ۱۲');

  const api = await request.newContext({ baseURL });
  const guest = await api.post('/api/guest-login', { data: {} });
  const headers = { Authorization: `Bearer ${(await guest.json()).token}` };
  const content = `Tired but here ${Date.now()}`;
  const feeling = (await (await api.get('/api/feelings?type=mood')).json()).data[0].id;
  const created = await api.post('/api/user/store/moods', { data: { content, feeling_id: feeling }, headers });
  expect(created.status(), await created.text()).toBe(201);
  await api.dispose();

  // A comment's score beside its arrows, and a mood's reaction counts.
  await page.goto(`/fa/problem/${post.id}`);
  const up = page.getByRole('button', { name: intl.formatMessage({ id: 'comments.vote_up' }) }).first();
  await expect(up.locator('xpath=following-sibling::span[1]')).toHaveText(zero);
  await page.goto('/fa/mood');
  const mood = page.locator('article', { has: page.getByText(content) });
  const hug = mood.getByRole('button').filter({ hasText: intl.formatMessage({ id: 'mood.interaction_hug' }) });
  await expect(hug.locator('span').last()).toHaveText(zero);
});
