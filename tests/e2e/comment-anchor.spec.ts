/**
 * A notification about a comment or a reply opens the post at it (decision 075): from /notifications, the comment is
 * in view and has the focus (a screen reader starts there), also when it is past the first page of comments, and a
 * reply past the first ones of its thread; a comment gone since opens the page as usual with a note saying so.
 */
import { expect, type Page, test } from '@playwright/test';
import { at, catalog, countShifts } from './pages.ts';
import { type Caller, call, caller, longPost, overflow, type Person, person } from './people.ts';

const shifts = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __shift: number; __moved: string[] };
    return { shift: w.__shift, moved: w.__moved };
  });

async function comment(baseURL: string | undefined, who: Caller, postId: number, content: string): Promise<number> {
  const res = await call(baseURL, who, 'POST', '/api/comments', { post_id: postId, content });
  expect(res.status).toBe(201);
  return (res.body as { data: { id: number } }).data.id;
}
async function reply(baseURL: string | undefined, who: Caller, commentId: number, content: string): Promise<number> {
  const res = await call(baseURL, who, 'POST', '/api/comment-reply', { comment_id: commentId, content });
  expect(res.status).toBe(201);
  return (res.body as { data: { id: number } }).data.id;
}

/**
 * The reader's comment or reply box: in the viewport, focused, marked for a moment, and the page no wider than the
 * screen. No layout shift: on a page loaded at the address, none from the document's start; after a move within the
 * app, none once the page is shown (the move itself pushes the short list's footer down, as any move from it does).
 */
async function openedAt(reader: Person, id: number, from: 'document' | 'shown') {
  const box = reader.page.locator(`#comment-${id}`);
  await expect(box).toBeFocused();
  if (from === 'shown')
    await reader.page.evaluate(() => {
      const w = window as unknown as { __shift: number; __moved: string[] };
      w.__shift = 0;
      w.__moved = [];
    });
  await expect(box).toBeInViewport({ ratio: 1 });
  await expect(box).toHaveAttribute('data-marked', 'true');
  // A moment, then the mark goes; it is a ring (a shadow), so neither its coming nor its going moves anything.
  await expect(box).not.toHaveAttribute('data-marked', { timeout: 10_000 });
  await expect(box).toBeFocused();
  expect(await overflow(reader.page)).toBeNull();
  const { shift, moved } = await shifts(reader.page);
  expect(moved).toEqual([]);
  expect(shift).toBe(0);
}

for (const { code, viewport, touch } of [
  { code: 'en', viewport: { width: 1280, height: 800 }, touch: false },
  { code: 'ar', viewport: { width: 390, height: 844 }, touch: true },
]) {
  test(`a comment notification opens the post at the 16th comment, a reply notification at the 5th reply of a comment on page 2 (${code}, ${viewport.width} px${touch ? ' touch' : ''})`, async ({
    browser,
    baseURL,
  }) => {
    // Two posts, 16 comments and 5 replies written through the API, and three openings of the post.
    test.setTimeout(120_000);
    const run = Date.now().toString(36);
    const reader = await person(browser, { viewport, touch });
    const { page } = reader;
    await page.addInitScript(countShifts);
    const quiet = await call(baseURL, reader, 'PUT', '/api/notification-settings', { kinds: { achievement: false } });
    expect(quiet.status).toBe(200);
    const made = await call(baseURL, reader, 'POST', '/api/posts', { content: longPost(`anchor-${run}`) });
    expect(made.status).toBe(201);
    const postId = (made.body as { data: { id: number } }).data.id;
    const [friend, b] = [await caller(baseURL), await caller(baseURL)];
    // Eleven comments, the reader's own twelfth (on the second page), three more, and B's: the sixteenth.
    for (let n = 1; n <= 11; n++) await comment(baseURL, friend, postId, `Kind word number ${n} ${run}`);
    const own = await comment(baseURL, reader, postId, `Thank you, all of you ${run}`);
    for (let n = 13; n <= 15; n++) await comment(baseURL, friend, postId, `Kind word number ${n} ${run}`);
    const sixteenth = await comment(baseURL, b, postId, `I have been there too, it gets lighter ${run}`);
    // Four replies to the reader's comment, then B's: the fifth, past the three that come with the comment.
    for (let n = 1; n <= 4; n++) await reply(baseURL, friend, own, `Reply number ${n} ${run}`);
    const fifth = await reply(baseURL, b, own, `You are not alone in this ${run}`);

    const strings = catalog(code);
    const list = at(code, '/notifications');
    await page.goto(list);
    const rows = page.getByTestId('notification');
    // The jobs that write them run after the calls answered.
    await expect(async () => {
      await page.reload();
      await expect(rows).toHaveCount(2, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const open = (href: string) =>
      touch ? rows.and(page.locator(`[href="${href}"]`)).tap() : rows.and(page.locator(`[href="${href}"]`)).click();
    const toComment = at(code, `/problem/${postId}?comment=${sixteenth}`);
    const toReply = at(code, `/problem/${postId}?comment=${own}&reply=${fifth}`);
    await expect(rows.and(page.locator(`[href="${toComment}"]`))).toHaveCount(1);
    await expect(rows.and(page.locator(`[href="${toReply}"]`))).toHaveCount(1);

    await open(toComment);
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === toComment);
    const comments = page.locator('#comments > ul > li');
    await expect(comments).toHaveCount(16);
    await expect(page.locator(`#comment-${sixteenth}`)).toContainText(`I have been there too, it gets lighter ${run}`);
    await openedAt(reader, sixteenth, 'shown');
    // The second page was read to reach it: nothing is left behind "More comments".
    await expect(page.getByRole('button', { name: strings['comments.more'] })).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === list);
    await open(toReply);
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === toReply);
    await expect(page.locator(`#comment-${fifth}`)).toContainText(`You are not alone in this ${run}`);
    await openedAt(reader, fifth, 'shown');
    const thread = page.locator(`#comment-${own}`).locator('xpath=..').getByRole('listitem');
    await expect(thread).toHaveCount(5);
    await expect(page.getByRole('button', { name: strings['comments.more_replies'] })).toHaveCount(0);

    // Opened directly (a push notification, a new tab): the server renders the pages up to it, and the page opens there.
    await page.goto(toReply);
    await openedAt(reader, fifth, 'document');
    expect(reader.errors).toEqual([]);
    await reader.close();
  });
}

test('a notification about a comment deleted since opens the post as usual, with a note that it is no longer there (ar, 390 px touch)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const run = Date.now().toString(36);
  const reader = await person(browser, { viewport: { width: 390, height: 844 }, touch: true });
  const { page } = reader;
  await call(baseURL, reader, 'PUT', '/api/notification-settings', { kinds: { achievement: false } });
  const made = await call(baseURL, reader, 'POST', '/api/posts', { content: longPost(`gone-${run}`) });
  const postId = (made.body as { data: { id: number } }).data.id;
  const b = await caller(baseURL);
  const kept = await comment(baseURL, b, postId, `This one stays ${run}`);
  const gone = await comment(baseURL, b, postId, `I wrote this too quickly ${run}`);
  const strings = catalog('ar');
  await page.goto(at('ar', '/notifications'));
  const rows = page.getByTestId('notification');
  await expect(async () => {
    await page.reload();
    await expect(rows).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(rows).toHaveAttribute('href', at('ar', `/problem/${postId}?comment=${gone}`));
  const deleted = await call(baseURL, b, 'DELETE', `/api/comments/${gone}`);
  expect(deleted.status).toBe(204);
  await page.waitForLoadState('networkidle');
  await rows.tap();
  await expect(page).toHaveURL(new RegExp(`/problem/${postId}\\?comment=${gone}$`));
  await expect(page.getByTestId('comment-gone')).toHaveText(strings['comments.anchor_gone']);
  // The page opened as any page does: reading starts at its content, and no comment was marked.
  await expect(page.locator('#main')).toBeFocused();
  await expect(page.locator('#comments > ul > li')).toHaveCount(1);
  await expect(page.locator(`#comment-${kept}`)).not.toHaveAttribute('data-marked');
  // The plain address of notifications stored before (no comment named) opens the page without the note.
  await page.goto(at('ar', `/problem/${postId}`));
  await expect(page.locator(`#comment-${kept}`)).toBeVisible();
  await expect(page.getByTestId('comment-gone')).toHaveCount(0);
  expect(await overflow(page)).toBeNull();
  expect(reader.errors).toEqual([]);
  await reader.close();
});
