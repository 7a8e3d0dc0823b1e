/**
 * Issue 16: one's own content on the profile (tabs that are links, a keyboard tablist), an achievement that appears
 * after a first support, and the top supporters' month picker on a phone.
 */
import { expect, type Page, request, test } from '@playwright/test';
import { en, signInAsGuest, watchErrors } from './pages.ts';

const long = (words: string) => `${words} ${'and it keeps coming back every single evening when the house gets quiet. '.repeat(3)}`.trim();

/** A post by a throwaway guest of its own, made through the API. */
async function someoneElsesPost(baseURL: string | undefined, words: string): Promise<number> {
  const api = await request.newContext({ baseURL });
  const { token } = await (await api.post('/api/guest-login', { data: {} })).json();
  const made = await api.post('/api/posts', { data: { content: long(words) }, headers: { Authorization: `Bearer ${token}` } });
  expect(made.status(), await made.text()).toBe(201);
  const id = (await made.json()).data.id as number;
  await api.dispose();
  return id;
}

/** A write as the signed-in page (its cookie and the page's CSRF token), from a page of the app. */
async function postAsPage(page: Page, url: string, data: object) {
  if (!page.url().startsWith('http')) await page.goto('/FAQ');
  const csrf = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  return page.request.post(url, { data, headers: { 'x-csrf-token': csrf ?? '' } });
}

async function notWiderThanViewport(page: Page) {
  const m = await page.evaluate(() => ({ wide: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
  expect(m.wide, 'page width').toBeLessThanOrEqual(m.view);
}

test('a person finds their own post from the profile, and moves between tabs with the keyboard', async ({ page }) => {
  const errors: string[] = [];
  watchErrors(page, errors);
  await signInAsGuest(page);
  const marker = `Profile marker ${Date.now()}`;
  const made = await postAsPage(page, '/api/posts', { content: long(marker) });
  expect(made.status(), await made.text()).toBe(201);
  const post = (await made.json()).data as { id: number };

  await page.goto('/profile');
  const tabs = page.getByRole('tablist', { name: en['profile.tabs_label'] });
  const postsTab = tabs.getByRole('tab', { name: en['profile.tab.posts'] });
  await expect(postsTab).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: en['profile.tab.posts'] });
  const card = panel.getByRole('article').filter({ hasText: marker });
  await expect(card).toHaveCount(1);
  await card.getByRole('link').filter({ hasText: marker }).click();
  await expect(page).toHaveURL(new RegExp(`/problem/${post.id}$`));
  await expect(page.getByRole('article').getByText(marker)).toBeVisible();

  // Back on the profile: the tablist has one tab stop; arrows move, Enter opens, and the tab has its own address.
  await page.goto('/profile');
  await postsTab.focus();
  await page.keyboard.press('ArrowRight');
  const moodsTab = tabs.getByRole('tab', { name: en['profile.tab.moods'] });
  await expect(moodsTab).toBeFocused();
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: en['profile.tab.removed'] })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(postsTab).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.getByRole('tab', { name: en['profile.tab.removed'] })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(moodsTab).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile\?tab=moods$/);
  await expect(moodsTab).toHaveAttribute('aria-selected', 'true');
  const moods = page.getByRole('tabpanel', { name: en['profile.tab.moods'] });
  await expect(moods.getByText(en['profile.empty.moods'])).toBeVisible();
  await expect(moods.getByRole('link', { name: en['profile.empty.moods_action'] })).toHaveAttribute('href', '/mood');
  await notWiderThanViewport(page);

  // A deep link opens its tab, also without JavaScript running first (the server renders it).
  const html = await (await page.request.get('/profile?tab=favorites')).text();
  expect(html).toContain(en['profile.empty.favorites']);
  expect(errors).toEqual([]);
});

test('the cards of every tab are headings a level below the section’s own', async ({ page }) => {
  const errors: string[] = [];
  watchErrors(page, errors);
  await signInAsGuest(page);
  expect((await postAsPage(page, '/api/posts', { content: long(`Heading marker ${Date.now()}`) })).status()).toBe(201);
  const feeling = (await (await page.request.get('/api/feelings?type=mood')).json()).data[0].id;
  expect((await postAsPage(page, '/api/user/store/moods', { content: 'A short mood', feeling_id: feeling })).status()).toBe(201);
  for (const tab of ['posts', 'moods'] as const) {
    await page.goto(`/profile?tab=${tab}`);
    const panel = page.getByRole('tabpanel', { name: en[`profile.tab.${tab}`] });
    await expect(panel.getByRole('article')).toHaveCount(1);
    await expect(panel.getByRole('article').getByRole('heading', { level: 3 })).toHaveCount(1);
    await expect(panel.getByRole('heading', { level: 2 })).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

test('an achievement appears after giving a first support', async ({ page, baseURL }) => {
  const errors: string[] = [];
  watchErrors(page, errors);
  await signInAsGuest(page);
  const postId = await someoneElsesPost(baseURL, `Someone else's evening ${Date.now()}`);

  await page.goto('/profile');
  const firstSupport = page.locator('[data-testid="achievement"][data-key="first_support"]');
  await expect(firstSupport).toHaveAttribute('data-earned', 'false');
  await expect(page.getByTestId('achievements-count')).toHaveText('0 of 14 earned');

  await page.goto(`/problem/${postId}`);
  const support = page.getByRole('button', { name: en['post.support'] });
  await expect(support).toHaveAttribute('aria-pressed', 'false');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/supports') && r.request().method() === 'POST');
  // A click before hydration does nothing: repeat until the button shows the support.
  await expect(async () => {
    if ((await support.getAttribute('aria-pressed')) !== 'true') await support.click();
    await expect(support).toHaveAttribute('aria-pressed', 'true', { timeout: 1_000 });
  }).toPass();
  expect((await saved).status()).toBe(200);

  await page.goto('/profile');
  await expect(firstSupport).toHaveAttribute('data-earned', 'true');
  await expect(firstSupport.getByRole('heading', { name: en['achievement.first_support.name'] })).toBeVisible();
  await expect(firstSupport.getByText(en['profile.achievement_earned'])).toBeVisible();
  await expect(page.getByTestId('achievements-count')).toHaveText('1 of 14 earned');
  expect(errors).toEqual([]);
});

test("a person's card shows the achievements they earned, and no date", async ({ page, baseURL }) => {
  const errors: string[] = [];
  watchErrors(page, errors);
  await signInAsGuest(page);
  const postId = await someoneElsesPost(baseURL, `A card to open ${Date.now()}`);
  await page.goto(`/problem/${postId}`);
  const name = page.getByRole('article').locator('button[aria-haspopup="dialog"]').first();
  const card = page.getByTestId('person-achievements');
  await expect(async () => {
    await name.click();
    await expect(card).toBeVisible({ timeout: 1_000 });
  }).toPass();
  // The medal before the name is hidden from screen readers.
  await expect(card.getByRole('listitem')).toHaveText([`🏅 ${en['achievement.first_post.name']}`]);
  await expect(card.getByRole('listitem')).toHaveAttribute('title', en['achievement.first_post.description']);
  expect(errors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the top supporters month picker shows the chosen month and the reader in it', async ({ page, baseURL }) => {
    const errors: string[] = [];
    watchErrors(page, errors);
    const me = await signInAsGuest(page);
    const postId = await someoneElsesPost(baseURL, `Supported on a phone ${Date.now()}`);
    expect((await postAsPage(page, '/api/supports', { post_id: postId })).status()).toBe(200);
    const thisMonth = new Date().toISOString().slice(0, 7);

    await page.goto('/topSupporters?month=2020-01');
    await expect(page.getByText(en['top_supporters.empty'].replace('{month}', 'January 2020'))).toBeVisible();
    const picker = page.getByLabel(en['top_supporters.month_label']);
    await expect(picker).toHaveValue('2020-01');
    await notWiderThanViewport(page);

    await picker.selectOption(thisMonth);
    await page.getByRole('button', { name: en['top_supporters.show'] }).click();
    await expect(page).toHaveURL(new RegExp(`/topSupporters\\?month=${thisMonth}$`));
    // Nicknames are not unique (another test's guest may share the reader's), so the reader's row is the one row
    // marked as theirs, and it bears their nickname.
    const mine = page.locator('[data-testid="supporter"][aria-current="true"]');
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(me.nickname);
    await expect(mine.getByText(en['top_supporters.you'])).toBeVisible();
    await expect(page.getByTestId('own-position')).toBeVisible();
    await expect(picker).toHaveValue(thisMonth);
    await notWiderThanViewport(page);
    expect(errors).toEqual([]);
  });
});
