/**
 * Search (issue 16): a person searches in Japanese and finds a post by a two-character word, its word marked;
 * the type tabs, recent searches with remove and clear; and the plain GET form without JavaScript, on a phone.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { watchErrors } from './pages.ts';

/** A post by a new guest, through the API; its id. */
async function writePost(request: APIRequestContext, content: string, locale = 'en'): Promise<number> {
  const login = await request.post('/api/guest-login', { data: {}, headers: { 'x-locale': locale } });
  expect(login.status()).toBe(201);
  const { token } = await login.json();
  const res = await request.post('/api/posts', { data: { content }, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(201);
  return (await res.json()).data.id;
}

async function noWiderThanViewport(page: Page) {
  const m = await page.evaluate(() => ({ wide: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
  expect(m.wide).toBeLessThanOrEqual(m.view);
}

const japanese = (tag: string) =>
  `新しい職場に${tag}まだ友達がいなくて、昼休みはいつも一人で過ごしています。話しかけるきっかけが分からず、毎日少し寂しい気持ちになります。同じような経験をした人はいますか。どうやって仲良くなりましたか。職場の人とどんな話をすればいいのか、少しでもヒントがあれば教えてほしいです。読んでくれてありがとうございます。`;

test('a signed-in person searches in Japanese, finds a post by a two-character word, and manages recent searches', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  watchErrors(page, errors);
  const marker = `${Date.now().toString(36)}`;
  const id = await writePost(request, japanese(marker), 'ja');

  await page.goto('/search');
  const login = await page.request.post('/api/guest-login', { data: {} });
  expect(login.status()).toBe(201);
  await page.goto('/search');
  await page.getByRole('searchbox', { name: 'Search posts, moods, topics, thoughts and tags' }).fill('友達');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=%E5%8F%8B%E9%81%94$/);

  const card = page.getByRole('article').filter({ hasText: marker });
  await expect(card).toBeVisible();
  await expect(card.locator('mark').first()).toHaveText('友達');
  await expect(card.getByRole('link', { name: new RegExp(marker) })).toHaveAttribute('href', `/problem/${id}`);
  await expect(page.getByRole('navigation', { name: 'Kinds of results' }).getByRole('link', { name: /^All/ })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // The moods tab has none of it: the help names the kinds that do.
  await page
    .getByRole('navigation', { name: 'Kinds of results' })
    .getByRole('link', { name: /^Moods/ })
    .click();
  await expect(page).toHaveURL(/type=moods/);
  await expect(page.getByText('Try fewer words, another spelling, or a word that means the same.')).toBeVisible();
  await page.getByRole('link', { name: /^Posts \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/type=posts/);
  await expect(page.getByRole('article').filter({ hasText: marker })).toBeVisible();

  // A one-character query finds it too.
  await page.goto(`/search?q=${encodeURIComponent('寂')}&type=posts`);
  await expect(page.getByRole('article').filter({ hasText: marker }).locator('mark').first()).toHaveText('寂');

  // Recent searches, the latest first; one removed, then all cleared.
  await page.goto('/search');
  const recent = page.getByRole('region', { name: 'Recent searches' });
  await expect(recent.getByRole('listitem')).toHaveCount(2);
  await expect(recent.getByRole('listitem').first()).toContainText('寂');
  // The pressed button leaves with what it removed; the focus goes to the entry in its place, then to the heading.
  await recent.getByRole('button', { name: 'Remove “寂” from recent searches' }).click();
  await expect(recent.getByRole('listitem')).toHaveCount(1);
  await expect(recent.getByRole('listitem').first()).toContainText('友達');
  await expect(recent.getByRole('link', { name: '友達' })).toBeFocused();
  await recent.getByRole('button', { name: 'Clear all' }).click();
  await expect(page.getByRole('region', { name: 'Recent searches' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeFocused();
  const left = await page.request.get('/api/recent-search');
  expect((await left.json()).data).toEqual([]);

  await noWiderThanViewport(page);
  expect(errors).toEqual([]);
});

async function withoutJavaScript(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport });
  return { context, page: await context.newPage() };
}

test('the search form works without JavaScript on a phone, in English and in Arabic (RTL)', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const marker = `nojs${Date.now().toString(36)}`;
  const id = await writePost(
    request,
    `Walking helps me when the worry gets loud, ${marker}. I go around the block twice and count the trees until my breathing slows down again. It is a small thing, but it helps.`,
  );
  const { context, page } = await withoutJavaScript(browser, { width: 390, height: 844 });
  await page.goto('/search');
  await page.getByRole('searchbox').fill(marker);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${marker}$`));
  const card = page.getByRole('article').filter({ hasText: marker });
  await expect(card.locator('mark')).toHaveText(marker);
  await expect(card.getByRole('link', { name: new RegExp(marker) })).toHaveAttribute('href', `/problem/${id}`);
  await expect(page.getByRole('heading', { level: 2, name: `1 result for “${marker}”` })).toBeVisible();
  await noWiderThanViewport(page);

  // Tabs are links: the posts tab, then a search with no results and its help.
  await page
    .getByRole('navigation', { name: 'Kinds of results' })
    .getByRole('link', { name: /^Posts/ })
    .click();
  await expect(page).toHaveURL(/type=posts/);
  await expect(page.getByRole('article').filter({ hasText: marker })).toBeVisible();
  await page.getByRole('searchbox').fill('xqzvwkj');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Try fewer words, another spelling, or a word that means the same.')).toBeVisible();

  // Arabic: the same form, right to left.
  await page.goto(`/ar/search?q=${marker}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('article').filter({ hasText: marker }).locator('mark')).toHaveText(marker);
  await noWiderThanViewport(page);
  await context.close();
});
