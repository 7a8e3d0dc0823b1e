/**
 * The focus keeps the person's place when an item they acted on leaves its list (app/lib/keep-place.ts): hiding a
 * post in the feed, deleting one's mood, a moderator's Remove in the queue, unblocking people in settings. The
 * focus goes to the item that took its place, the one before it when it was the last, the empty state when none is
 * left; never back to the start of the page. Each action is also said in the polite status region (its toast).
 */
import { expect, type Locator, type Page, request, test } from '@playwright/test';
import { translate } from '../../server/i18n.ts';
import { at, catalog, en } from './pages.ts';
import { call, longPost, overflow, type Person, person } from './people.ts';

const PHONE = { width: 390, height: 844 };

/** What has the focus: its id, else its aria-labelledby, else its accessible label, else its text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return el.id || el.getAttribute('aria-labelledby') || el.getAttribute('aria-label') || (el.textContent ?? '').trim();
  });
}

/** The card that follows `card` in its list as loaded (other specs write to the same feeds meanwhile): its label. */
function nextCard(card: Locator): Promise<string | null> {
  return card.evaluate((el) => el.closest('li')?.nextElementSibling?.querySelector('article')?.getAttribute('aria-labelledby') ?? null);
}

/** After the action: what happened said in the status region, the item gone, and the focus on `expected`. */
async function leftFor(page: Page, item: Locator, said: string, expected: string | null) {
  await expect(page.getByRole('status').filter({ hasText: said })).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect.poll(() => focused(page)).toBe(expected);
}

async function post(baseURL: string | undefined, who: Person, content: string): Promise<number> {
  const res = await call(baseURL, who, 'POST', '/api/posts', { content });
  expect(res.status).toBe(201);
  return (res.body as { data: { id: number } }).data.id;
}

async function check(who: Person) {
  expect(await overflow(who.page)).toBeNull();
  expect(who.errors).toEqual([]);
}

test('hiding a post in the feed moves the focus to the post after it', async ({ browser, baseURL }) => {
  const run = Date.now().toString(36);
  const author = await person(browser);
  const reader = await person(browser, { viewport: PHONE });
  await post(baseURL, author, longPost(`older-${run}`));
  const newer = await post(baseURL, author, longPost(`newer-${run}`));

  await reader.page.goto('/');
  const card = reader.page.getByRole('article').filter({ hasText: `newer-${run}` });
  await expect(card).toHaveAttribute('aria-labelledby', `post-${newer}-heading`);
  const after = await nextCard(card);
  // Without other specs writing at the same moment, the post after it is the author's older one.
  expect(after).toMatch(/^post-\d+-heading$/);
  await reader.page.waitForLoadState('networkidle');
  await card.getByRole('button', { name: en['post.hide'] }).focus();
  await reader.page.keyboard.press('Enter');
  await leftFor(reader.page, card, en['post.hidden'], after);
  await check(reader);
  await Promise.all([author.close(), reader.close()]);
});

test('blocking someone from their card (in Arabic, at 390 px) moves the focus to the post after theirs', async ({ browser, baseURL }) => {
  const run = Date.now().toString(36);
  const ar = catalog('ar');
  const author = await person(browser);
  const reader = await person(browser, { viewport: PHONE });
  const theirs = await post(baseURL, author, longPost(`blocked-${run}`));

  await reader.page.goto(at('ar', '/'));
  const card = reader.page.locator(`article[aria-labelledby="post-${theirs}-heading"]`);
  await expect(card).toBeVisible();
  const after = await nextCard(card);
  expect(after).toMatch(/^post-\d+-heading$/);
  await reader.page.waitForLoadState('networkidle');
  await card.getByRole('button', { name: author.nickname }).focus();
  await reader.page.keyboard.press('Enter');
  const dialog = reader.page.getByRole('dialog', { name: author.nickname });
  await dialog.getByRole('button', { name: ar['person.block'] }).focus();
  await reader.page.keyboard.press('Enter');
  await reader.page.getByRole('dialog').getByRole('button', { name: ar['person.block'] }).focus();
  await reader.page.keyboard.press('Enter');
  await leftFor(reader.page, card, ar['person.blocked'].replace('{nickname}', author.nickname), after);
  await check(reader);
  await Promise.all([author.close(), reader.close()]);
});

test('blocking a commenter takes their comments away and the post’s counts say what is left', async ({ browser, baseURL }) => {
  const [author, blocked, other] = [await person(browser), await person(browser), await person(browser)];
  const reader = await person(browser);
  const id = await post(baseURL, author, longPost(`counted-${Date.now().toString(36)}`));
  const comment = async (who: Person, content: string, parent_id?: number) => {
    const res = await call(baseURL, who, 'POST', '/api/comments', { post_id: id, content, ...(parent_id ? { parent_id } : {}) });
    expect(res.status).toBe(201);
    return (res.body as { data: { id: number } }).data.id;
  };
  const first = await comment(other, 'I know this feeling well.');
  await comment(blocked, 'You are not alone in this.');
  await comment(blocked, 'A reply from the same person.', first);

  await reader.page.goto(`/problem/${id}`);
  const heading = reader.page.locator('#comments-heading');
  await expect(heading).toHaveText('3 comments');
  await reader.page.waitForLoadState('networkidle');
  await reader.page.getByRole('button', { name: blocked.nickname }).first().click();
  await reader.page.getByRole('dialog', { name: blocked.nickname }).getByRole('button', { name: en['person.block'] }).click();
  await reader.page.getByRole('dialog').getByRole('button', { name: en['person.block'] }).click();
  await expect(reader.page.getByRole('status').filter({ hasText: `${blocked.nickname} is blocked.` })).toBeVisible();
  await expect(reader.page.getByText('You are not alone in this.')).toHaveCount(0);
  await expect(heading).toHaveText('1 comment');
  await expect(reader.page.locator(`article[aria-labelledby="post-${id}-by"] footer`)).toContainText('1 comment');
  await check(reader);
  await Promise.all([author, blocked, other, reader].map((p) => p.close()));
});

test('deleting one’s mood moves the focus to the next mood, or the one before it when it was the last', async ({ browser, baseURL }) => {
  const run = Date.now().toString(36);
  const me = await person(browser, { viewport: PHONE });
  const feelings = (await call(baseURL, me, 'GET', '/api/feelings?type=mood')).body as { data: { id: number }[] };
  const moods: number[] = [];
  for (const n of [1, 2, 3]) {
    const res = await call(baseURL, me, 'POST', '/api/user/store/moods', {
      content: `A quiet evening ${n} ${run}`,
      feeling_id: feelings.data[0].id,
    });
    expect(res.status).toBe(201);
    moods.push((res.body as { data: { id: number } }).data.id);
  }

  const remove = async (id: number) => {
    const card = me.page.locator(`article[aria-labelledby="mood-${id}-heading"]`);
    await card.getByRole('button', { name: en['common.delete'] }).focus();
    await me.page.keyboard.press('Enter');
    const dialog = me.page.getByRole('dialog', { name: en['mood.delete_title'] });
    await dialog.getByRole('button', { name: en['common.delete'] }).focus();
    await me.page.keyboard.press('Enter');
    await expect(card).toHaveCount(0);
  };

  // Newest first: 3, 2, 1 (or someone else's written meanwhile between them). Deleting 2 puts the focus on the next.
  await me.page.goto('/mood');
  await me.page.waitForLoadState('networkidle');
  const afterSecond = await nextCard(me.page.locator(`article[aria-labelledby="mood-${moods[1]}-heading"]`));
  expect(afterSecond).toMatch(/^mood-\d+-heading$/);
  await remove(moods[1]);
  await expect.poll(() => focused(me.page)).toBe(afterSecond);
  await check(me);

  // On the profile's Moods tab the list is only this person's: 3 and 1 are left, and 1 is the last.
  await me.page.goto('/profile?tab=moods');
  await expect(me.page.locator(`article[aria-labelledby="mood-${moods[0]}-heading"]`)).toBeVisible();
  await me.page.waitForLoadState('networkidle');
  await remove(moods[0]);
  await expect.poll(() => focused(me.page)).toBe(`mood-${moods[2]}-heading`);
  await check(me);
  await me.close();
});

test('unblocking people moves the focus to the next person, then to the empty list’s message', async ({ browser, baseURL }) => {
  const me = await person(browser, { viewport: PHONE });
  const [first, second] = [await person(browser), await person(browser)];
  for (const other of [first, second]) expect((await call(baseURL, me, 'POST', '/api/blocks', { user_id: other.id })).status).toBe(200);

  await me.page.goto('/settings/general');
  const list = me.page.getByTestId('blocked-people');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await me.page.waitForLoadState('networkidle');
  const names = await list.getByRole('listitem').allTextContents();
  // The last person first: the focus goes back to the one before.
  const [stays, goes] = names[0].includes(first.nickname) ? [first, second] : [second, first];
  await list.getByRole('button', { name: `Unblock ${goes.nickname}` }).focus();
  await me.page.keyboard.press('Enter');
  await expect(me.page.getByRole('status').filter({ hasText: `${goes.nickname} is unblocked.` })).toBeVisible();
  await expect.poll(() => focused(me.page)).toBe(`Unblock ${stays.nickname}`);

  await me.page.keyboard.press('Enter');
  await expect(list).toHaveCount(0);
  await expect.poll(() => focused(me.page)).toBe(en['settings.blocked.empty']);
  await check(me);
  await Promise.all([me.close(), first.close(), second.close()]);
});

test('a moderator’s Remove moves the focus to the queue item that took its place', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const run = Date.now().toString(36);
  const author = await person(browser);
  const ids = [await post(baseURL, author, longPost(`queued-a-${run}`)), await post(baseURL, author, longPost(`queued-b-${run}`))];
  const types = (await (await request.newContext({ baseURL })).get('/api/report-types')).json();
  const spam = ((await types).data as { id: number; name: string }[]).find((r) => r.name === en['report_type.spam']);
  for (let i = 0; i < 3; i++) {
    const reporter = await person(browser);
    for (const id of ids)
      expect((await call(baseURL, reporter, 'POST', '/api/reports', { post_id: id, report_type_id: spam?.id })).status).toBe(201);
    await reporter.close();
  }

  const moderator = await person(browser, { viewport: PHONE, login: 'moderator' });
  await moderator.page.goto('/moderation');
  const item = moderator.page.getByTestId('queue-item').filter({ hasText: `queued-a-${run}` });
  await expect(item).toBeVisible();
  await expect(moderator.page.getByTestId('queue-item').filter({ hasText: `queued-b-${run}` })).toBeVisible();
  // Its neighbour in the queue as it stands: the next item, or the one before when it is the last.
  const expected = await item.evaluate((card) => {
    const li = card.closest('li');
    const neighbour = li?.nextElementSibling ?? li?.previousElementSibling;
    return neighbour?.querySelector('article')?.getAttribute('aria-labelledby') ?? null;
  });
  expect(expected).toMatch(/^queue-\d+-heading$/);

  await moderator.page.waitForLoadState('networkidle');
  await item.getByRole('button', { name: en['moderation.action.remove'] }).focus();
  await moderator.page.keyboard.press('Enter');
  const dialog = moderator.page.getByRole('dialog', { name: en['moderation.action.remove'] });
  await dialog.getByLabel(en['moderation.reason_label']).selectOption({ label: en['moderation.reason.spam'] });
  await dialog.getByRole('button', { name: en['moderation.action.remove'] }).focus();
  await moderator.page.keyboard.press('Enter');
  await leftFor(moderator.page, item, en['moderation.done.remove'], expected);
  await check(moderator);
  await Promise.all([moderator.close(), author.close()]);
});

test('deleting one’s comments moves the focus to the next comment, then to “No comments yet”; a deleted thought to the next thought', async ({
  browser,
  baseURL,
}) => {
  const run = Date.now().toString(36);
  const me = await person(browser, { viewport: PHONE });
  const postId = await post(baseURL, me, longPost(`commented-${run}`));
  for (const n of ['first', 'second']) {
    expect((await call(baseURL, me, 'POST', '/api/comments', { post_id: postId, content: `A ${n} kind word ${run}` })).status).toBe(201);
  }
  const thoughts: number[] = [];
  for (const n of ['older', 'newer']) {
    const res = await call(baseURL, me, 'POST', '/api/thoughts', { content: `An ${n} thought for a slow morning ${run}` });
    expect(res.status).toBe(201);
    thoughts.push((res.body as { data: { id: number } }).data.id);
  }

  const confirmDelete = async (scope: Locator, title: string) => {
    await scope.getByRole('button', { name: en['common.delete'] }).first().focus();
    await me.page.keyboard.press('Enter');
    const dialog = me.page.getByRole('dialog', { name: title });
    await dialog.getByRole('button', { name: en['common.delete'] }).focus();
    await me.page.keyboard.press('Enter');
  };

  await me.page.goto(`/problem/${postId}`);
  const comments = me.page.locator('#comments > ul > li');
  await expect(comments).toHaveCount(2);
  await me.page.waitForLoadState('networkidle');
  const [first, second] = [comments.filter({ hasText: `first kind word ${run}` }), comments.filter({ hasText: `second kind word ${run}` })];
  const isFocused = (box: Locator) => box.evaluate((el) => el === document.activeElement);
  await confirmDelete(first, en['comments.delete_title']);
  await expect(me.page.getByRole('status').filter({ hasText: en['comments.deleted'] })).toBeVisible();
  await expect(first).toHaveCount(0);
  await expect.poll(() => isFocused(second.locator('> div').first())).toBe(true);
  await confirmDelete(second, en['comments.delete_title']);
  await expect(comments).toHaveCount(0);
  await expect.poll(() => focused(me.page)).toBe(en['comments.empty']);

  await me.page.goto('/thought');
  const newer = me.page.locator(`article[aria-labelledby="thought-${thoughts[1]}-heading"]`);
  await expect(newer).toBeVisible();
  const afterNewer = await nextCard(newer);
  expect(afterNewer).toMatch(/^thought-\d+-heading$/);
  await me.page.waitForLoadState('networkidle');
  await confirmDelete(newer, en['thoughts.delete_title']);
  await leftFor(me.page, newer, en['thoughts.deleted'], afterNewer);
  await check(me);
  await me.close();
});

/**
 * "Show more" twice, a post of the third page opened, Back: the three pages are there and the page is scrolled to
 * where it was, with what was done on the post's page since; the feed reached again by a link starts at page 1.
 * `code` is the page's language.
 */
async function backToFeed(page: Page, code: 'en' | 'ar') {
  const strings = catalog(code);
  const cards = page.locator('main ol > li > article');
  await page.goto(at(code, '/'));
  await expect(cards).toHaveCount(10);
  await page.waitForLoadState('networkidle');
  // Each press brings the next page less what it repeats of the ones shown: other specs' posts written meanwhile push
  // the shown pages' last posts onto it, and the list shows each post once (decision 069).
  let shown = 10;
  let before = shown;
  for (let press = 0; press < 2; press++) {
    before = shown;
    await page.getByRole('button', { name: strings['feed.load_more'] }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(before);
    await expect(page.getByRole('button', { name: strings['feed.load_more'] })).toBeVisible();
    shown = await cards.count();
  }
  // The first card the second press brought: a post of the third page.
  const opened = cards.nth(before);
  const label = await opened.getAttribute('aria-labelledby');
  await opened.scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(1000);
  await opened.locator('a[href*="/problem/"]').first().click();
  await expect(page).toHaveURL(/\/problem\/\d+$/);
  // Supported on its own page: the kept pages are older than that, and the card says so after Back.
  const support = page.locator('main article').first().getByRole('button', { name: strings['post.support'] });
  await expect(support).toHaveAttribute('aria-pressed', 'false');
  await page.waitForLoadState('networkidle');
  await support.click();
  await expect(support).toHaveAttribute('aria-pressed', 'true');
  await page.waitForLoadState('networkidle');

  await page.goBack();
  await expect(page.locator(`article[aria-labelledby="${label}"]`)).toBeVisible();
  await expect(page.locator(`article[aria-labelledby="${label}"]`).getByRole('button', { name: strings['post.support'] })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(cards).toHaveCount(shown);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
  await expect(page.locator(`article[aria-labelledby="${label}"]`)).toBeInViewport();

  // A new visit to the feed, by its link in the header, is a new history entry: page 1, at the top.
  await page.getByRole('banner').getByRole('link', { name: strings['nav.feeds'] }).first().click();
  await expect(cards).toHaveCount(10);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

test('Back to the feed shows the pages loaded with “Show more” and the place the person left, on a desktop in English and a phone in Arabic', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  for (const [code, viewport] of [
    ['en', { width: 1280, height: 800 }],
    ['ar', PHONE],
  ] as const) {
    const reader = await person(browser, { viewport });
    await backToFeed(reader.page, code);
    await check(reader);
    await reader.close();
  }
});

test('the last “Show more”, pressed from the keyboard, gives the focus to the first item it brought, on a phone in Arabic', async ({
  browser,
  baseURL,
}) => {
  const strings = catalog('ar');
  const reader = await person(browser, { viewport: PHONE });
  const feed = await call(baseURL, reader, 'GET', '/api/posts?page=1');
  const more = await call(baseURL, reader, 'GET', '/api/posts?page=2');
  const ids = [...(feed.body as { data: { id: number }[] }).data, ...(more.body as { data: { id: number }[] }).data].map((p) => p.id);
  // Eleven favorites: a first page of ten and a last page of one.
  for (const id of ids.slice(0, 11)) expect((await call(baseURL, reader, 'POST', '/api/favorites', { post_id: id })).status).toBe(200);
  const { page } = reader;
  await page.goto(at('ar', '/profile?tab=favorites'));
  const items = page.getByTestId('profile-list-favorites').locator(':scope > li');
  await expect(items).toHaveCount(10);
  await page.waitForLoadState('networkidle');
  const button = page.getByRole('button', { name: strings['feed.load_more'] });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(items).toHaveCount(11);
  await expect(button).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('li') !== null)).toBe(true);
  const eleventh = await items.nth(10).locator('article').getAttribute('aria-labelledby');
  expect(await focused(page)).toBe(eleventh);
  await check(reader);
  await reader.close();
});

test('Back to a post shows the comments loaded with “More comments”, the reader’s own comment and reply among them, at the place they left (390 px, Arabic)', async ({
  browser,
  baseURL,
}) => {
  const run = Date.now().toString(36);
  const writer = await person(browser);
  const postId = await post(baseURL, writer, longPost(`talked-about-${run}`));
  // Fifteen: a first page of ten, and five more.
  for (let n = 1; n <= 15; n++) {
    expect(
      (await call(baseURL, writer, 'POST', '/api/comments', { post_id: postId, content: `Kind word number ${n} ${run}` })).status,
    ).toBe(201);
  }
  const strings = catalog('ar');
  const reader = await person(browser, { viewport: PHONE });
  const { page } = reader;
  await page.goto(at('ar', `/problem/${postId}`));
  const comments = page.locator('#comments > ul > li');
  await expect(comments).toHaveCount(10);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: strings['comments.more'] }).click();
  await expect(comments).toHaveCount(15);
  const own = `Thank you all, this helped me today ${run}`;
  await page.getByLabel(strings['comments.label']).fill(own);
  await page.locator('#comments').getByRole('button', { name: strings['comments.send'], exact: true }).click();
  await expect(comments).toHaveCount(16);
  await expect(comments.last()).toContainText(own);
  const heading = page.getByRole('heading', { name: translate('ar', 'comments.heading', { count: 16 }) });
  await expect(heading).toBeVisible();
  // A reply to a comment that had none: it comes with the comment kept for Back, not behind "More replies".
  const answered = comments.nth(11);
  const reply = `Same here, you are not alone ${run}`;
  await answered.getByRole('button', { name: strings['comments.reply'], exact: true }).click();
  await answered.getByRole('textbox').fill(reply);
  await answered.getByRole('button', { name: strings['comments.send'], exact: true }).click();
  await expect(answered.getByRole('listitem').filter({ hasText: reply })).toHaveCount(1);
  // The heading counts every comment and reply, as the post does.
  const counted = page.getByRole('heading', { name: translate('ar', 'comments.heading', { count: 17 }) });
  await expect(counted).toBeVisible();
  await comments.nth(12).scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(1000);

  // Away by the header's link (a new history entry), and Back. The click is dispatched where the page is: Playwright's
  // own click would scroll the header into view first, and the place left would be the top.
  await page.getByRole('banner').getByRole('link', { name: strings['nav.feeds'] }).first().dispatchEvent('click');
  await expect(page).toHaveURL(/\/ar$/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/problem/${postId}$`));
  await expect(comments).toHaveCount(16);
  await expect(comments.nth(14)).toContainText(`Kind word number 15 ${run}`);
  await expect(comments.last()).toContainText(own);
  await expect(counted).toBeVisible();
  await expect(answered.getByRole('listitem').filter({ hasText: reply })).toHaveCount(1);
  await expect(answered.getByRole('button', { name: strings['comments.more_replies'] })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
  await check(reader);
  await reader.close();
  await writer.close();
});
