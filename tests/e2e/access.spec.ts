/**
 * Issue 12, access: a keyboard-only walk through the core loop with the focus checked after every step, the
 * "new posts" pill (announced politely, the reader's own post left out, focus on the list after it), and headings
 * to navigate by.
 */
import { expect, type Locator, type Page, request, test } from '@playwright/test';
import { at, catalog, en, fill, fixtures, joined, PUBLIC, pillCount, signInAsGuest } from './pages.ts';
import { call, overflow, person } from './people.ts';

const de = catalog('de');

/** Presses Tab until `target` has the focus: it must be reachable by keyboard, in a sensible number of steps. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

const problem = (marker: string) =>
  `Three weeks of bad sleep and I snap at everyone at work, then feel awful about it all evening. I do not want to be this person. What helped you get your sleep back? ${marker}`;

test('a keyboard-only walk: sign in as guest, post, comment, report, switch language and theme', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const f = await fixtures(baseURL);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/');
  // Keys pressed before hydration do nothing; the dialog's code loads on first use.
  await page.waitForLoadState('networkidle');

  // Sign in as a guest: the dialog takes the focus, and once signed in (the header's button gone) the page's
  // content has it, not the top of the document.
  const signIn = page.getByRole('banner').getByRole('button', { name: en['auth.sign_in'], exact: true });
  await tabTo(page, signIn);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: en['auth.dialog.title'] });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await tabTo(page, dialog.getByRole('button', { name: en['auth.continue_as_guest'] }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator('#main')).toBeFocused();

  // Post: the composer's text box takes the focus; the counter is not a live region (it would speak on every
  // key); after publishing the focus is back on the composer's prompt.
  const prompt = page.getByRole('button', { name: /Share a problem/ });
  await tabTo(page, prompt);
  await page.keyboard.press('Enter');
  const box = page.getByRole('textbox', { name: en['composer.label_post'] });
  await expect(box).toBeFocused();
  const marker = `walk${Date.now().toString(36)}`;
  await page.keyboard.insertText(problem(marker));
  const counter = page.getByText(/^\d[\d,]* \/ 5,000$/);
  await expect(counter).toBeVisible();
  expect(await counter.evaluate((el) => el.closest('[aria-live]') === null)).toBe(true);
  await tabTo(page, page.getByRole('button', { name: en['composer.share'] }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: en['posts.created'] })).toBeVisible();
  await expect(prompt).toBeFocused();

  // Comment: from the new card to its page, where sending puts the focus on the new comment.
  const card = page.getByRole('article').filter({ hasText: marker });
  await tabTo(page, card.getByRole('link').first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/problem\/\d+$/);
  await expect(page.locator('#main')).toBeFocused();
  await tabTo(page, page.getByRole('textbox', { name: en['comments.label'] }));
  await page.keyboard.insertText('Writing it down already helps me.');
  await tabTo(page, page.getByRole('button', { name: en['comments.send'] }));
  await page.keyboard.press('Enter');
  const comment = page.locator('#comments li > div').filter({ hasText: 'Writing it down already helps me.' });
  await expect(comment).toBeFocused();

  // Report someone else's post: the required reason has the focus first, and the focus is back on Report after.
  await page.goto(at('en', fill('/problem/{long}', f)));
  await page.waitForLoadState('networkidle');
  const report = page.getByRole('main').getByRole('article').first().getByRole('button', { name: en['post.report'], exact: true });
  await tabTo(page, report);
  await page.keyboard.press('Enter');
  const reportDialog = page.getByRole('dialog', { name: en['report.title_post'] });
  await expect(reportDialog.getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(reportDialog.getByRole('radio').nth(1)).toBeChecked();
  await tabTo(page, reportDialog.getByRole('button', { name: en['report.submit'] }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: en['reports.thanks_post'] })).toBeVisible();
  await expect(report).toBeFocused();

  // Language: moving through the list changes nothing (WCAG 3.2.2); saving switches, with the focus on the content.
  await page.goto('/settings/general');
  await page.waitForLoadState('networkidle');
  const language = page.getByRole('combobox', { name: en['language.label'] });
  await tabTo(page, language);
  await page.keyboard.press('ArrowDown');
  // The choice moved (Save is there to press) and the page stayed in English.
  const save = page.getByRole('button', { name: en['common.save'] });
  await expect(save).toBeEnabled();
  await expect(language).toBeFocused();
  expect(new URL(page.url()).pathname).toBe('/settings/general');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.keyboard.type('Deutsch');
  await expect(language).toHaveValue('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/de\/settings\/general$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('#main')).toBeFocused();

  // Theme: the radio group answers the arrow keys, and the focus stays on it.
  await tabTo(page, page.getByRole('radio', { name: de['settings.general.theme_light'] }));
  await page.keyboard.press('ArrowDown');
  const dark = page.getByRole('radio', { name: de['settings.general.theme_dark'] });
  await expect(dark).toBeChecked();
  await expect(dark).toBeFocused();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(errors).toEqual([]);
});

test('the new-posts pill is announced politely, leaves out the reader’s own post and hands the focus to the list', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const watcher = await browser.newPage();
  const watching = joined(watcher, 'feed:posts');
  await watcher.goto('/');
  await signInAsGuest(page);
  const reading = joined(page, 'feed:posts');
  await page.goto('/');
  // The pages listen once their sockets joined the feed's room (after hydration); a post before that is not news to them.
  await Promise.all([watching, reading]);
  // Other tests run beside this one on the same server, and their posts are news to both pages alike: what the
  // pages must disagree on is the reader's own post, so the counts are compared with each other, not with 1 and 2.
  const before = (await pillCount(watcher)) - (await pillCount(page));

  // The reader publishes; the watcher's pill proves the announcement went out to the feed's room.
  const mine = `mine${Date.now().toString(36)}`;
  await page.getByRole('button', { name: /Share a problem/ }).click();
  await page.getByRole('textbox', { name: en['composer.label_post'] }).fill(problem(mine));
  await page.getByRole('button', { name: en['composer.share'] }).click();
  await expect(page.getByRole('article').filter({ hasText: mine })).toBeVisible();
  await expect.poll(() => pillCount(watcher)).toBeGreaterThan(0);

  // Someone else posts: both pages count it, and the watcher stays one ahead, since one socket's events arrive in order.
  const api = await request.newContext({ baseURL });
  const { token } = await (await api.post('/api/guest-login', { data: {} })).json();
  const theirs = `theirs${Date.now().toString(36)}`;
  const res = await api.post('/api/posts', { data: { content: problem(theirs) }, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(201);
  await api.dispose();
  await expect.poll(() => pillCount(page)).toBeGreaterThan(0);
  await expect.poll(async () => (await pillCount(watcher)) - (await pillCount(page))).toBe(before + 1);
  const pill = page.getByRole('button', { name: /^\d+ new posts? – show$/ });
  expect(await pill.evaluate((el) => el.closest('[aria-live]')?.getAttribute('aria-live'))).toBe('polite');

  await pill.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('article').first()).toBeFocused();
  await expect(page.getByRole('main').getByRole('article').filter({ hasText: theirs })).toBeVisible();
  await watcher.close();
});

test('headings do not skip a level, and every card in a list has one', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const f = await fixtures(baseURL);
  const skips: string[] = [];
  for (const path of [...PUBLIC.map((p) => fill(p, f)), ...f.more]) {
    await page.goto(path);
    const levels = await page.locator('main :is(h1, h2, h3, h4, h5, h6)').evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
    levels.forEach((level, i) => {
      if (level > (levels[i - 1] ?? 0) + 1) skips.push(`${path}: h${levels[i - 1] ?? 0} then h${level}`);
    });
  }
  expect(skips).toEqual([]);

  for (const path of ['/', '/mood', '/thought', '/topic']) {
    await page.goto(path);
    const cards = page.getByRole('main').locator('ol > li > article, ul > li > article');
    expect(await cards.count(), path).toBeGreaterThan(0);
    const without = await cards.evaluateAll((as) => as.filter((a) => !a.querySelector('h2, h3')).length);
    expect(without, path).toBe(0);
  }
});

test('Edit puts the focus in the box, and Save or Cancel brings it back to the Edit button: post, comment, thought, mood', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const run = Date.now().toString(36);
  const me = await person(browser, { viewport: { width: 390, height: 844 } });
  const made = async (url: string, data: unknown) => {
    const res = await call(baseURL, me, 'POST', url, data);
    expect(res.status, url).toBe(201);
    return (res.body as { data: { id: number } }).data.id;
  };
  const postId = await made('/api/posts', { content: problem(`edited-${run}`) });
  await made('/api/comments', { post_id: postId, content: `A kind word ${run}` });
  const thoughtId = await made('/api/thoughts', { content: `A thought for a slow morning ${run}` });
  const feelings = (await call(baseURL, me, 'GET', '/api/feelings?type=mood')).body as { data: { id: number }[] };
  const moodId = await made('/api/user/store/moods', { content: `A quiet evening ${run}`, feeling_id: feelings.data[0].id });

  /** Edit from the keyboard: the box has the focus; then the form's `end` button by keyboard, and the Edit button has it. */
  const edit = async (item: Locator, box: Locator, end: 'save' | 'cancel', added = '') => {
    await item.getByRole('button', { name: en['common.edit'], exact: true }).focus();
    await me.page.keyboard.press('Enter');
    await expect(box).toBeFocused();
    if (added) await me.page.keyboard.insertText(added);
    const form = box.locator('xpath=ancestor::form');
    await (end === 'save' ? form.locator('button[type=submit]') : form.getByRole('button', { name: en['common.cancel'] })).focus();
    await me.page.keyboard.press('Enter');
    await expect(box).toHaveCount(0);
    await expect(item.getByRole('button', { name: en['common.edit'], exact: true })).toBeFocused();
  };

  // On the post's page the form takes the card's place: the focus goes to the new card's Edit button.
  await me.page.goto(`/problem/${postId}`);
  await me.page.waitForLoadState('networkidle');
  const post = me.page.locator('main article').first();
  const postBox = me.page.getByRole('textbox', { name: en['post.edit_title'] });
  await edit(post, postBox, 'cancel');
  await edit(post, postBox, 'save', ' Still here.');
  await expect(post).toContainText('Still here.');
  // The post's one comment (its text leaves the item while it is edited).
  const comment = me.page.locator('#comments > ul > li');
  await edit(comment, comment.getByRole('textbox', { name: en['comments.edit_label'] }), 'save', ' Thank you.');
  await expect(comment).toContainText('Thank you.');

  await me.page.goto('/thought');
  await me.page.waitForLoadState('networkidle');
  const thought = me.page.locator(`article[aria-labelledby="thought-${thoughtId}-heading"]`);
  await edit(thought, thought.getByRole('textbox'), 'save', ' And tea.');
  await expect(thought).toContainText('And tea.');

  await me.page.goto('/mood');
  await me.page.waitForLoadState('networkidle');
  const mood = me.page.locator(`article[aria-labelledby="mood-${moodId}-heading"]`);
  await edit(mood, mood.getByRole('textbox'), 'cancel');
  expect(await overflow(me.page)).toBeNull();
  expect(me.errors).toEqual([]);
  await me.close();
});
