/**
 * What someone hid can be brought back (SPEC.md section 4, decision 066): the hide toast's Undo puts the post back
 * where it was, a hidden post opened by its address says it is hidden and offers Unhide, and content preferences
 * list the posts and moods one hid, a page at a time, each with Unhide. Each in English at 1280 px by keyboard and in
 * Arabic at 390 px by pointer; no console error, no hydration error, no page wider than the screen.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { at, catalog } from './pages.ts';
import { call, longPost, overflow, type Person, person } from './people.ts';

const WAYS = [
  { code: 'en', viewport: { width: 1280, height: 900 }, keyboard: true },
  { code: 'ar', viewport: { width: 390, height: 844 }, keyboard: false },
] as const;

async function post(baseURL: string | undefined, who: Person, content: string): Promise<number> {
  const res = await call(baseURL, who, 'POST', '/api/posts', { content });
  expect(res.status).toBe(201);
  return (res.body as { data: { id: number } }).data.id;
}

async function hidden(baseURL: string | undefined, who: Person, postId: number): Promise<boolean> {
  return ((await call(baseURL, who, 'GET', `/api/posts/${postId}`)).body as { data: { is_hidden: boolean } }).data.is_hidden;
}

/** Presses a control the way this run does: Enter on it, or a click. */
async function press(page: Page, control: Locator, keyboard: boolean) {
  if (!keyboard) return control.click();
  await control.focus();
  await page.keyboard.press('Enter');
}

/** The cards of the feed that holds `card`, in order, by their labels. */
const listOrder = (card: Locator) =>
  card.evaluate((el) => [...(el.closest('ol')?.children ?? [])].map((li) => li.querySelector('article')?.getAttribute('aria-labelledby')));

/** What happened, said in the page's polite status region (its toast). */
const said = (page: Page, text: string) => expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();

/**
 * Presses the toast's Undo: by keyboard, F6 first, which reaches the toast's action from wherever the focus is (the
 * item that took the hidden one's place); else a click.
 */
async function undo(page: Page, label: string, keyboard: boolean) {
  const button = page.getByRole('status').getByRole('button', { name: label });
  if (!keyboard) return button.click();
  await page.keyboard.press('F6');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
}

async function check(who: Person) {
  expect(await overflow(who.page)).toBeNull();
  expect(who.errors).toEqual([]);
}

for (const { code, viewport, keyboard } of WAYS) {
  const t = catalog(code);

  test(`Undo in the hide toast shows the post again where it was (${code}, ${viewport.width} px)`, async ({ browser, baseURL }) => {
    const run = Date.now().toString(36);
    const author = await person(browser);
    const reader = await person(browser, { viewport });
    await post(baseURL, author, longPost(`older-${run}`));
    const newer = await post(baseURL, author, longPost(`newer-${run}`));
    const { page } = reader;

    await page.goto(at(code, '/'));
    const card = page.locator(`main article[aria-labelledby="post-${newer}-heading"]`);
    await expect(card).toBeVisible();
    const before = await listOrder(card);
    await page.waitForLoadState('networkidle');
    await press(page, card.getByRole('button', { name: t['post.hide'], exact: true }), keyboard);

    await said(page, t['post.hidden']);
    await expect(card).toHaveCount(0);
    expect(await hidden(baseURL, reader, newer)).toBe(true);
    await undo(page, t['alert.undo'], keyboard);

    await said(page, t['post.unhidden']);
    await expect(card).toBeVisible();
    await expect(card).toBeFocused();
    expect(await listOrder(card)).toEqual(before);
    expect(await hidden(baseURL, reader, newer)).toBe(false);
    await check(reader);
    await Promise.all([author.close(), reader.close()]);
  });

  test(`a hidden post opened by its address says it is hidden and offers Unhide (${code}, ${viewport.width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const author = await person(browser);
    const reader = await person(browser, { viewport });
    const id = await post(baseURL, author, longPost(`direct-${Date.now().toString(36)}`));
    expect((await call(baseURL, reader, 'POST', '/api/hides', { post_id: id })).status).toBe(200);
    const { page } = reader;
    const path = at(code, `/problem/${id}`);

    await page.goto(path);
    const article = page.locator(`article[data-item="post-${id}"]`);
    const notice = article.getByTestId('hidden-notice');
    await expect(notice).toContainText(t['post.hidden_notice']);
    const footerButton = article.locator('footer').getByRole('button', { name: t['post.unhide'], exact: true });
    await expect(footerButton).toBeVisible();
    await page.waitForLoadState('networkidle');
    await check(reader);

    await press(page, notice.getByRole('button', { name: t['post.unhide'], exact: true }), keyboard);
    await said(page, t['post.unhidden']);
    await expect(notice).toHaveCount(0);
    await expect(article).toBeFocused();
    const hideButton = article.locator('footer').getByRole('button', { name: t['post.hide'], exact: true });
    await expect(hideButton).toBeVisible();
    expect(await hidden(baseURL, reader, id)).toBe(false);

    // Hiding it on its own page keeps the person there: the notice comes back, and the button they pressed (now
    // Unhide) keeps the focus.
    await press(page, hideButton, keyboard);
    await said(page, t['post.hidden']);
    await expect(notice).toContainText(t['post.hidden_notice']);
    await expect(footerButton).toBeVisible();
    if (keyboard) await expect(footerButton).toBeFocused();
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await hidden(baseURL, reader, id)).toBe(true);
    await check(reader);
    await Promise.all([author.close(), reader.close()]);
  });

  test(`content preferences list what one hid, a page at a time, each with Unhide (${code}, ${viewport.width} px)`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const run = Date.now().toString(36);
    // Eleven posts (five a day each at most), and a mood.
    const authors = await Promise.all([person(browser), person(browser), person(browser)]);
    const posts: number[] = [];
    for (const [i, count] of [5, 5, 1].entries())
      for (let n = 0; n < count; n++) posts.push(await post(baseURL, authors[i], longPost(`list-${run}-${i}-${n}`)));
    const feeling = ((await call(baseURL, authors[2], 'GET', '/api/feelings?type=mood')).body as { data: { id: number }[] }).data[0].id;
    const mood = await call(baseURL, authors[2], 'POST', '/api/user/store/moods', {
      content: `A quiet evening ${run}`,
      feeling_id: feeling,
    });
    expect(mood.status).toBe(201);
    const moodId = (mood.body as { data: { id: number } }).data.id;

    const reader = await person(browser, { viewport });
    for (const id of posts) expect((await call(baseURL, reader, 'POST', '/api/hides', { post_id: id })).status).toBe(200);
    expect((await call(baseURL, reader, 'POST', '/api/user/hide/mood', { mood_id: moodId })).status).toBe(200);
    const { page } = reader;

    await page.goto(at(code, '/contentPreferences'));
    await expect(page.getByRole('heading', { name: t['settings.hidden.heading'] })).toBeVisible();
    const rows = page.getByTestId('hidden-posts').locator(':scope > li');
    const lastFirst = [...posts].reverse().map((id) => `post-${id}`);
    await expect(rows).toHaveCount(10);
    expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-item')))).toEqual(lastFirst.slice(0, 10));
    await page.waitForLoadState('networkidle');
    await check(reader);
    const hiddenPosts = page.getByRole('region', { name: t['settings.hidden.posts_heading'] });
    await press(page, hiddenPosts.getByRole('button', { name: t['feed.load_more'] }), keyboard);
    await expect(rows).toHaveCount(11);

    // Unhide the last hidden: its row leaves, the focus goes to the row that took its place, and Undo brings it back.
    const first = page.locator(`[data-item="${lastFirst[0]}"]`);
    const author0 = authors[2].nickname;
    await press(page, first.getByRole('button', { name: t['settings.hidden.unhide_post'].replace('{nickname}', author0) }), keyboard);
    await said(page, t['post.unhidden']);
    await expect(first).toHaveCount(0);
    await expect(page.locator(`[data-item="${lastFirst[1]}"]`)).toBeFocused();
    expect(await hidden(baseURL, reader, posts.at(-1) as number)).toBe(false);
    await undo(page, t['alert.undo'], keyboard);
    await said(page, t['post.hidden']);
    await expect(first).toBeFocused();
    expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-item')))).toEqual(lastFirst);
    expect(await hidden(baseURL, reader, posts.at(-1) as number)).toBe(true);

    // The one hidden mood: shown again, the list is empty and says so, and the focus is there.
    const moodRow = page.getByTestId('hidden-moods').locator(`[data-item="mood-${moodId}"]`);
    await expect(moodRow).toContainText(`A quiet evening ${run}`);
    await press(page, moodRow.getByRole('button', { name: t['settings.hidden.unhide_mood'].replace('{nickname}', author0) }), keyboard);
    await said(page, t['mood.unhidden']);
    const empty = page.getByText(t['settings.hidden.moods_empty']);
    await expect(empty).toBeVisible();
    await expect(page.locator('[data-empty-state]').filter({ has: empty })).toBeFocused();
    const moods = (await call(baseURL, reader, 'GET', '/api/user/get/hidden-moods')).body as { meta: { total: number } };
    expect(moods.meta.total).toBe(0);
    await check(reader);
    await Promise.all([...authors.map((a) => a.close()), reader.close()]);
  });
}
