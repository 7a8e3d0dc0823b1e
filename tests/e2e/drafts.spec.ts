/**
 * What people wrote is never lost (decision 063): a private message the server did not take comes back as not sent
 * after a reload and after leaving the conversation, and Retry sends it once; a session that expires while someone
 * writes (a call refused 401) leaves the words in the box, and whoever signs in next in the tab (a guest is a new
 * account) can send them; a poll and the chosen feeling are kept with the post's draft; an unsaved edit of a post or
 * thought comes back in edit mode (decision 080), and a report's reason and note outlive closing its dialog. On a
 * 1280 px desktop in English and a 390 px phone in Arabic. Every page fails the test on a console error other than
 * the failures the test causes on purpose, and on a page wider than the screen.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { translate } from '../../server/i18n.ts';
import { at, catalog } from './pages.ts';
import { acceptedConversation, call, longPost, overflow, person } from './people.ts';

const screens = [
  { label: '1280 px in English', code: 'en', viewport: { width: 1280, height: 800 }, touch: false },
  { label: '390 px in Arabic', code: 'ar', viewport: { width: 390, height: 844 }, touch: true },
] as const;

const named = (text: string, nickname: string) => text.replace('{nickname}', nickname);
/** What the console said about a request the test made fail, and nothing else. */
const failedLoad = (status: number) => expect.stringContaining(`Failed to load resource: the server responded with a status of ${status}`);
const problem = (tag: string) =>
  `Since the winter started I sleep badly and wake up tired, and at work I snap at people I like. I do not know where to begin changing it. #${tag}`;

/** The header's sign-in dialog, "Continue as guest": a new account. The page has hydrated. */
async function continueAsGuest(page: Page, t: Record<string, string>) {
  const dialog = page.getByRole('dialog');
  await page.getByRole('banner').getByRole('button', { name: t['auth.sign_in'] }).click();
  // Its code loads on the first click.
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: t['auth.continue_as_guest'] }).click();
  await expect(page.getByTestId('current-user')).toBeVisible();
}

/** Resolves once the page has hydrated (its buttons answer clicks), after each load of `page`. */
async function watchHydration(page: Page) {
  await page.addInitScript(() =>
    document.addEventListener('kindred:hydrated', () => document.documentElement.setAttribute('data-test-hydrated', ''), { once: true }),
  );
}
const hydrated = (page: Page) => page.waitForSelector('html[data-test-hydrated]', { state: 'attached' });

/** The session expires on the server's side: the next call is refused 401. */
const expire = (context: BrowserContext) => context.clearCookies();

for (const { label, code, viewport, touch } of screens) {
  const t = catalog(code);

  /** Someone on this screen (the page's hydration awaited by `hydrated`) with a post or thought of theirs: its id. */
  const author = async (browser: Browser, baseURL: string | undefined, url: string, content: string) => {
    const a = await person(browser, { viewport, touch });
    await watchHydration(a.page);
    const made = await call(baseURL, a, 'POST', url, { content });
    expect(made.status).toBe(201);
    return { a, page: a.page, id: (made.body as { data: { id: number } }).data.id };
  };

  /** Someone on their own post's page, its edit form opened with Edit: the post's card and the form's box. */
  const editingOwnPost = async (browser: Browser, baseURL: string | undefined, original: string) => {
    const { a, page, id } = await author(browser, baseURL, '/api/posts', original);
    await page.goto(at(code, `/problem/${id}`));
    await hydrated(page);
    const article = page.locator(`article[data-item="post-${id}"]`);
    const box = page.getByRole('textbox', { name: t['post.edit_title'] });
    await article.getByRole('button', { name: t['common.edit'], exact: true }).click();
    return { a, page, id, article, box };
  };

  test(`a private message that failed to send survives a reload and leaving the conversation, and Retry sends it once (${label})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const a = await person(browser, { viewport, touch });
    await watchHydration(a.page);
    const b = await person(browser);
    const id = await acceptedConversation(baseURL, b, a, 'Hello, are you around tonight?');
    await a.page.goto(at(code, `/chat?c=${id}`));
    const box = a.page.getByRole('textbox', { name: named(t['chat.composer_label'], b.nickname) });
    const thread = a.page.getByRole('list', { name: named(t['chat.thread_label'], b.nickname) });
    await expect(thread.getByTestId('message')).toHaveCount(1);

    const posts: string[] = [];
    a.page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/messages') posts.push(r.postData() ?? '');
    });
    await a.page.route('**/api/messages', (route) => route.fulfill({ status: 503, json: { message: 'Service Unavailable' } }), {
      times: 1,
    });
    const text = 'I could not sleep again, can we talk tomorrow morning?';
    await box.fill(text);
    await box.press('Enter');
    const mine = thread.getByTestId('message').filter({ hasText: text });
    await expect(mine).toContainText(t['chat.not_sent']);
    await expect(box).toHaveValue('');

    // Reloaded (to "fix" the connection), the words are still there, not sent, with the way to send them.
    await a.page.reload();
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(t['chat.not_sent']);
    await expect(mine.getByRole('button', { name: t['common.retry'] })).toBeVisible();
    expect(await overflow(a.page)).toBeNull();

    // Away to the list of conversations and back into this one, in the page.
    await a.page.goto(at(code, '/chat'));
    await hydrated(a.page);
    await a.page.getByRole('main').getByRole('link').filter({ hasText: b.nickname }).first().click();
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(t['chat.not_sent']);

    await mine.getByRole('button', { name: t['common.retry'] }).click();
    // Sent: neither "Sending…" nor "Not sent." any more.
    await expect(mine).toHaveCount(1);
    await expect(mine.getByRole('status')).toHaveCount(0);
    await expect(mine).not.toContainText(t['chat.not_sent']);
    // Sent once, and nothing left to come back after another reload.
    const stored = async () => {
      const res = await call(baseURL, a, 'GET', `/api/conversation-messages?conversation_id=${id}`);
      return (res.body as { data: { content: string }[] }).data.map((m) => m.content);
    };
    await expect.poll(stored).toEqual([text, 'Hello, are you around tonight?']);
    expect(posts).toEqual([JSON.stringify({ conversation_id: id, content: text }), JSON.stringify({ conversation_id: id, content: text })]);
    await a.page.reload();
    await expect(mine).toHaveCount(1);
    await expect(mine).not.toContainText(t['chat.not_sent']);

    expect(a.errors).toEqual([failedLoad(503)]);
    await a.close();
    await b.close();
  });

  test(`a session that expires while someone writes keeps the words on screen, and the guest who signs in again sends them (${label})`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const a = await person(browser, { viewport, touch });
    const { page } = a;
    await watchHydration(page);
    const tag = `expired${Date.now().toString(36)}`;
    const text = problem(tag);

    // The post composer.
    await page.goto(at(code, '/'));
    const prompt = page.getByRole('button', { name: t['composer.prompt_post'] });
    const postBox = page.getByRole('textbox', { name: t['composer.label_post'] });
    await hydrated(page);
    await prompt.click();
    await postBox.fill(text);
    await expire(page.context());
    await page.getByRole('button', { name: t['composer.share'] }).click();
    await expect(page.getByRole('alert').filter({ hasText: t['errors.unauthenticated'] })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: t['auth.sign_in'] })).toBeVisible();
    await expect(postBox).toHaveValue(text);

    // A guest cannot sign in to the same account again: a new one gets the words, and publishes them.
    await continueAsGuest(page, t);
    await expect(page.getByTestId('current-user')).not.toContainText(a.nickname);
    // Back at the feed (SPEC.md section 4), where the form is still open.
    await expect(postBox).toHaveValue(text);
    await page.getByRole('button', { name: t['composer.share'] }).click();
    await expect(page.getByRole('article').filter({ hasText: `#${tag}` })).toHaveCount(1);

    // A comment: the form stays, with the words, instead of "Sign in to comment".
    const href = await page
      .getByRole('article')
      .filter({ hasText: `#${tag}` })
      .locator('a[href*="/problem/"]')
      .first()
      .getAttribute('href');
    const postPath = `/problem/${href?.match(/problem\/(\d+)/)?.[1]}`;
    await page.goto(at(code, postPath));
    const comment = page.getByRole('textbox', { name: t['comments.label'] });
    const words = 'I know that feeling. A walk at lunch helped me more than I expected.';
    await comment.fill(words);
    await expire(page.context());
    const send = page.getByRole('button', { name: t['comments.send'], exact: true });
    await hydrated(page);
    await send.click();
    await expect(page.getByRole('alert').filter({ hasText: t['errors.unauthenticated'] })).toBeVisible();
    await expect(comment).toHaveValue(words);
    await expect(page.getByRole('button', { name: t['comments.sign_in'] })).toHaveCount(0);
    expect(await overflow(page)).toBeNull();

    await continueAsGuest(page, t);
    await page.goto(at(code, postPath));
    await expect(comment).toHaveValue(words);
    await hydrated(page);
    await send.click();
    await expect(comment).toHaveValue('');
    await expect(page.getByRole('main').getByText(words)).toHaveCount(1);

    // The publish and the comment refused, and whatever else the page asked meanwhile (the unread count), all 401.
    expect(a.errors).toEqual(a.errors.map(() => failedLoad(401)));
    expect(a.errors).toEqual(expect.arrayContaining([expect.stringContaining('/api/posts)'), expect.stringContaining('/api/comments)')]));
    await a.close();
  });

  test(`a poll and the chosen feeling are kept with the post's draft over a reload (${label})`, async ({ browser }) => {
    const a = await person(browser, { viewport, touch });
    const { page } = a;
    await watchHydration(page);
    await page.goto(at(code, '/'));
    const prompt = page.getByRole('button', { name: t['composer.prompt_post'] });
    const postBox = page.getByRole('textbox', { name: t['composer.label_post'] });
    await hydrated(page);
    await prompt.click();
    await postBox.fill(problem(`poll${Date.now().toString(36)}`));
    await page.getByRole('button', { name: t['composer.poll_add'] }).click();
    const question = page.getByRole('textbox', { name: t['composer.poll_question'] });
    const option = (n: number) => page.getByRole('textbox', { name: translate(code, 'composer.poll_option', { n }) });
    await question.fill('What helps you fall asleep?');
    await option(1).fill('Reading');
    await option(2).fill('A walk in the evening');
    const feelings = page.getByRole('radio');
    // The radio itself is hidden behind its label, which is what a person taps.
    await page.locator('fieldset label').nth(1).click();
    await expect(feelings.nth(1)).toBeChecked();

    await page.reload();
    await hydrated(page);
    await prompt.click();
    await expect(question).toHaveValue('What helps you fall asleep?');
    await expect(option(1)).toHaveValue('Reading');
    await expect(option(2)).toHaveValue('A walk in the evening');
    await expect(feelings.nth(1)).toBeChecked();
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
    expect(await overflow(page)).toBeNull();

    // Published, none of it comes back.
    await page.getByRole('button', { name: t['composer.share'] }).click();
    await expect(prompt).toBeVisible();
    await prompt.click();
    await expect(page.getByRole('textbox', { name: t['composer.poll_question'] })).toHaveCount(0);
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
    expect(a.errors).toEqual([]);
    await a.close();
  });

  test(`an edit of a post whose save failed comes back in edit mode after a reload, and is gone once saved (${label})`, async ({
    browser,
    baseURL,
  }) => {
    const original = longPost(`#edit${Date.now().toString(36)}`);
    const { a, page, id, article, box } = await editingOwnPost(browser, baseURL, original);
    const save = page.getByRole('button', { name: t['common.save'], exact: true });
    await expect(box).toBeFocused();
    const edited = `${original} Writing it down already helps a little.`;
    await box.fill(edited);
    await page.route(`**/api/posts/${id}`, (route) => route.fulfill({ status: 503, json: { message: 'Service Unavailable' } }), {
      times: 1,
    });
    await save.click();
    await expect(page.getByTestId('toast')).toBeVisible();
    await expect(box).toHaveValue(edited);

    // Reloaded (to "fix" the connection): still being edited, with the changes.
    await page.reload();
    await hydrated(page);
    await expect(box).toHaveValue(edited);
    await expect(article).toHaveCount(0);
    expect(await overflow(page)).toBeNull();
    await save.click();
    await expect(article).toContainText('Writing it down already helps a little.');
    await expect(box).toHaveCount(0);
    expect(((await call(baseURL, a, 'GET', `/api/posts/${id}`)).body as { data: { content: string } }).data.content).toBe(edited);

    // Saved, nothing comes back.
    await page.reload();
    await expect(article).toContainText('Writing it down already helps a little.');
    await expect(box).toHaveCount(0);

    // An edit left unsaved here while the post was saved from another device: not reopened with the older words,
    // where one Save would have put them back over the newer.
    await article.getByRole('button', { name: t['common.edit'], exact: true }).click();
    await box.fill(`${edited} An older thought.`);
    const elsewhere = `${original} Changed on my phone since.`;
    expect((await call(baseURL, a, 'PUT', `/api/posts/${id}`, { content: elsewhere })).status).toBe(200);
    await page.reload();
    await expect(article).toContainText('Changed on my phone since.');
    await expect(box).toHaveCount(0);
    expect(a.errors).toEqual([failedLoad(503)]);
    await a.close();
  });

  test(`an edit left open when the session lapsed is not handed to whoever signs in next in the tab (${label})`, async ({
    browser,
    baseURL,
  }) => {
    const original = longPost(`#lapse${Date.now().toString(36)}`);
    const { a, page, article, box } = await editingOwnPost(browser, baseURL, original);
    const edited = `${original} Words only its author may save.`;
    await box.fill(edited);
    await expire(page.context());
    await page.getByRole('button', { name: t['common.save'], exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: t['errors.unauthenticated'] })).toBeVisible();
    await expect(box).toHaveValue(edited);

    // A new guest in the tab: not their post to edit, and not their words to see (a code review feared the open form
    // would stay for them; the session's change closes it, and this holds it so).
    await continueAsGuest(page, t);
    await expect(page.getByTestId('current-user')).not.toContainText(a.nickname);
    await expect(box).toHaveCount(0);
    await expect(article).not.toContainText('Words only its author may save.');
    await a.close();
  });

  test(`an edit of a thought comes back after following a link away and Back, and Cancel forgets it (${label})`, async ({
    browser,
    baseURL,
  }) => {
    const original = `Small steps still count, even on grey days ${Date.now().toString(36)}`;
    const { a, page } = await author(browser, baseURL, '/api/thoughts', original);
    await page.goto(at(code, '/thought'));
    await hydrated(page);
    // By its heading: while edited, its text is in the box.
    const article = page.getByRole('article', { name: t['thoughts.page_heading'].replace('{name}', a.nickname) });
    const box = article.getByRole('textbox', { name: t['thoughts.label'] });
    await article.getByRole('button', { name: t['common.edit'], exact: true }).click();
    await expect(box).toBeFocused();
    const edited = `${original}, and so do the quiet ones.`;
    await box.fill(edited);

    await page.getByRole('banner').getByRole('link', { name: t['nav.feeds'], exact: true }).click();
    await expect(page.getByRole('button', { name: t['composer.prompt_post'] })).toBeVisible();
    await page.goBack();
    await expect(box).toHaveValue(edited);
    expect(await overflow(page)).toBeNull();

    // Cancelled on purpose: the thought as it was, and no edit after a reload.
    await article.getByRole('button', { name: t['common.cancel'], exact: true }).click();
    await expect(box).toHaveCount(0);
    await expect(article.getByRole('button', { name: t['common.edit'], exact: true })).toBeFocused();
    await page.reload();
    await hydrated(page);
    await expect(article.getByRole('button', { name: t['common.edit'], exact: true })).toBeVisible();
    await expect(box).toHaveCount(0);
    expect(a.errors).toEqual([]);
    await a.close();
  });

  test(`a report's reason and note are kept when its dialog is closed with Escape or Cancel, until it is sent (${label})`, async ({
    browser,
    baseURL,
  }) => {
    const author = await person(browser);
    const made = await call(baseURL, author, 'POST', '/api/posts', { content: longPost(`#report${Date.now().toString(36)}`) });
    expect(made.status).toBe(201);
    const id = (made.body as { data: { id: number } }).data.id;
    const a = await person(browser, { viewport, touch });
    const { page } = a;
    await watchHydration(page);
    await page.goto(at(code, `/problem/${id}`));
    await hydrated(page);
    const opener = page.locator(`article[data-item="post-${id}"]`).getByRole('button', { name: t['post.report'], exact: true });
    const dialog = page.getByRole('dialog', { name: t['report.title_post'] });
    const reasons = dialog.getByRole('radio');
    const note = dialog.getByRole('textbox', { name: t['report.note'] });
    const words = 'They keep writing cruel things under my posts.';
    await opener.click();
    await expect(reasons.first()).toBeFocused();
    await reasons.nth(1).click();
    const reason = Number(await reasons.nth(1).getAttribute('value'));
    await note.fill(words);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await opener.click();
    await expect(note).toHaveValue(words);
    await expect(reasons.nth(1)).toBeChecked();
    // The focus goes to the reason kept, as the arrow keys and Tab would reach it.
    await expect(reasons.nth(1)).toBeFocused();
    expect(await overflow(page)).toBeNull();

    await dialog.getByRole('button', { name: t['common.cancel'], exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await opener.click();
    await expect(note).toHaveValue(words);
    await expect(reasons.nth(1)).toBeChecked();

    // Sent: the next report starts empty.
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/reports') && r.method() === 'POST');
    await dialog.getByRole('button', { name: t['report.submit'], exact: true }).click();
    expect((await sent).postDataJSON()).toEqual({ post_id: id, report_type_id: reason, note: words });
    await expect(dialog).toHaveCount(0);
    await opener.click();
    await expect(reasons.first()).toBeFocused();
    await expect(note).toHaveValue('');
    await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(0);
    expect(a.errors).toEqual([]);
    await Promise.all([a.close(), author.close()]);
  });
}

test('while a session has lapsed, an open conversation still shows whose each message is (1280 px in English)', async ({
  browser,
  baseURL,
}) => {
  const a = await person(browser);
  await watchHydration(a.page);
  const b = await person(browser);
  const id = await acceptedConversation(baseURL, a, b, 'Mine: are you around tonight?');
  expect((await call(baseURL, b, 'POST', '/api/messages', { conversation_id: id, content: 'Theirs: yes, I am here.' })).status).toBe(201);
  await a.page.goto(`/chat?c=${id}`);
  await hydrated(a.page);
  const thread = a.page.getByRole('list', { name: `Messages with ${b.nickname}` });
  const message = (text: string) => thread.getByTestId('message').filter({ hasText: text });
  // Only the other person's messages can be reported; one's own are drawn on the other side.
  const report = (text: string) => message(text).getByRole('button', { name: 'Report' });
  await expect(report('Theirs:')).toHaveCount(1);
  await expect(report('Mine:')).toHaveCount(0);

  await expire(a.page.context());
  const box = a.page.getByRole('textbox', { name: `Message to ${b.nickname}` });
  await box.fill('Mine too: I will write later.');
  await box.press('Enter');
  await expect(a.page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  // On main every message then became the other person's, with a Report button under each of one's own.
  await expect(report('Theirs:')).toHaveCount(1);
  await expect(report('Mine:')).toHaveCount(0);
  await expect(report('Mine too:')).toHaveCount(0);
  expect(a.errors).toEqual(a.errors.map(() => failedLoad(401)));
  await Promise.all([a.close(), b.close()]);
});
