/**
 * Moderation end to end: three long-standing members report a post (a new account's report does not count) and it
 * disappears for everyone else while its author sees it "under review"; a moderator removes it from the /moderation queue with a reason; the author finds it under
 * "Removed by moderation" with that reason and appeals once. /moderation is a plain 404 for everyone else.
 */
import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page, request, test } from '@playwright/test';
import { type MessageValues, translate } from '../../server/i18n.ts';
import { MODERATOR, REPORTERS } from './moderator.ts';
import { en } from './pages.ts';

/** Console errors and page errors of a page, for the checks at the end. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

async function overflow(page: Page): Promise<string | null> {
  const m = await page.evaluate(() => ({ wide: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
  return m.wide > m.view ? `${m.wide} px wide in a ${m.view} px viewport` : null;
}

/** What in a card reaches past its sides (a word or a line that does not wrap on a phone). */
function pastEdges(card: Locator): Promise<string[]> {
  return card.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [...el.querySelectorAll('*')]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1);
      })
      .map((e) => `${e.tagName}: ${e.textContent?.slice(0, 40)}`);
  });
}

/** A guest with a bearer token, in a request context of its own. */
async function guest(baseURL: string | undefined): Promise<{ api: APIRequestContext; auth: Record<string, string> }> {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/guest-login', { data: {} });
  expect(res.status()).toBe(201);
  return { api, auth: { Authorization: `Bearer ${(await res.json()).token}` } };
}

/** A member signed in with a password, with a bearer token, in a request context of its own. */
async function member(
  baseURL: string | undefined,
  login: { username: string; password: string },
): Promise<{ api: APIRequestContext; auth: Record<string, string> }> {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/login', { data: login });
  expect(res.status()).toBe(200);
  return { api, auth: { Authorization: `Bearer ${(await res.json()).token}` } };
}

/** A signed-in browser page (cookie session) in a new context of the given width. */
async function signedInPage(context: BrowserContext, login: 'guest' | 'moderator'): Promise<Page> {
  const page = await context.newPage();
  const res =
    login === 'guest'
      ? await page.request.post('/api/guest-login', { data: {} })
      : await page.request.post('/api/login', { data: { username: MODERATOR.username, password: MODERATOR.password } });
  expect(res.status(), await res.text()).toBe(login === 'guest' ? 201 : 200);
  return page;
}

test('three reports hide a post; a moderator removes it with a reason; its author sees why and appeals once', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const marker = `moderated-${Date.now().toString(36)}`;
  // Longer than 150 characters, so it is stored as a post rather than a mood.
  const content = `Some days I write things here that I regret later, and this is one of those long posts about my family, my work and the week we all had together. ${marker}`;

  // The author writes the post through the API as their signed-in page (its cookie and CSRF token).
  const authorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const author = await signedInPage(authorContext, 'guest');
  const authorErrors = watchErrors(author);
  await author.goto('/');
  const postId = await author.evaluate(async (text) => {
    const token = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
    const res = await fetch('/api/posts', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': token },
      body: JSON.stringify({ content: text }),
    });
    return ((await res.json()) as { data: { id: number }; placed_as?: string }).data.id;
  }, content);
  expect(content.length).toBeGreaterThan(150);

  // Someone whose account is a click old reports it, then two long-standing members: it stays up, as a new
  // account's report does not count toward the hide (decision 056). A third long-standing member's report hides it.
  const reasons = (await (await request.newContext({ baseURL })).get('/api/report-types')).json();
  const spam = ((await reasons).data as { id: number; name: string }[]).find((r) => r.name === en['report_type.spam']);
  expect(spam).toBeDefined();
  const reportAs = async (reporter: { api: APIRequestContext; auth: Record<string, string> }) =>
    (await reporter.api.post('/api/reports', { data: { post_id: postId, report_type_id: spam?.id }, headers: reporter.auth })).status();
  expect(await reportAs(await guest(baseURL))).toBe(201);
  for (const who of REPORTERS.slice(0, 2)) expect(await reportAs(await member(baseURL, who))).toBe(201);
  const outsider = await request.newContext({ baseURL });
  expect((await outsider.get(`/api/posts/${postId}`)).status()).toBe(200);
  expect(await reportAs(await member(baseURL, REPORTERS[2]))).toBe(201);
  expect((await outsider.get(`/api/posts/${postId}`)).status()).toBe(404);

  // Gone for a signed-out reader: its page is the not-found page, and the feed does not list it.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  const missing = await reader.goto(`/problem/${postId}`);
  expect(missing?.status()).toBe(404);
  await reader.goto('/');
  await expect(reader.getByRole('article').first()).toBeVisible();
  await expect(reader.getByText(marker)).toHaveCount(0);
  // /moderation does not reveal itself to a signed-out visitor either.
  expect((await reader.goto('/moderation'))?.status()).toBe(404);
  await expect(reader.getByText(en['notfound.text'])).toBeVisible();

  // Its author still sees it, marked as under review.
  await author.goto(`/problem/${postId}`);
  await expect(author.getByText(marker)).toBeVisible();
  await expect(author.getByText(en['moderation.under_review'])).toBeVisible();
  // A member gets the not-found page at /moderation.
  expect((await author.goto('/moderation'))?.status()).toBe(404);
  // While it is hidden, its author rewrites it; the moderator must still read what was reported.
  const edited = `${content} Edited while under review.`;
  const editStatus = await author.evaluate(
    async ([id, text]) => {
      const token = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
      const res = await fetch(`/api/posts/${id}`, {
        method: 'PUT',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': token },
        body: JSON.stringify({ content: text }),
      });
      return res.status;
    },
    [postId, edited] as const,
  );
  expect(editStatus).toBe(200);

  // The moderator's queue, on a phone-sized screen.
  const modContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const moderator = await signedInPage(modContext, 'moderator');
  const modErrors = watchErrors(moderator);
  await moderator.goto('/moderation');
  await expect(moderator.getByRole('heading', { level: 1, name: en['moderation.heading'] })).toBeVisible();
  const item = moderator.getByTestId('queue-item').filter({ hasText: marker });
  await expect(item).toBeVisible();
  await expect(item).toContainText(en['moderation.state.hidden']);
  await expect(item).toContainText('4 reports · 1 from a new account');
  // The new account's report (the first) is marked as such; the queue lists them oldest first.
  const reason = en['report_type.spam'];
  await expect(item.getByRole('listitem')).toHaveText([`${reason} · ${en['moderation.report_new_account']}`, reason, reason, reason]);
  await expect(item).toContainText(en['moderation.queued_text']);
  await expect(item).toContainText(en['moderation.edited_text']);
  await expect(item.locator('blockquote')).toHaveText([content, edited]);
  expect(await overflow(moderator)).toBeNull();
  expect(await pastEdges(item)).toEqual([]);
  // Right to left and in languages of long words, on the same phone: the counts and the mark in the page's
  // language, in their order, within the card.
  for (const code of ['ar', 'de', 'ta']) {
    await moderator.goto(`/${code}/moderation`);
    const card = moderator.getByTestId('queue-item').filter({ hasText: marker });
    const t = (key: string, values?: MessageValues) => translate(code, key, values);
    await expect(card.getByTestId('report-counts')).toHaveText(
      `${t('moderation.reports_count', { count: 4 })} · ${t('moderation.new_account_reports', { count: 1 })}`,
    );
    const inTheirs = t('report_type.spam');
    await expect(card.getByRole('listitem')).toHaveText([
      `${inTheirs} · ${t('moderation.report_new_account')}`,
      inTheirs,
      inTheirs,
      inTheirs,
    ]);
    expect(await overflow(moderator)).toBeNull();
    expect(await pastEdges(card), code).toEqual([]);
  }
  await moderator.goto('/moderation');

  // Remove, with a reason from the list, confirmed in the dialog.
  await moderator.waitForLoadState('networkidle');
  await item.getByRole('button', { name: en['moderation.action.remove'] }).click();
  const dialog = moderator.getByRole('dialog', { name: en['moderation.action.remove'] });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(en['moderation.reason_label']).selectOption({ label: en['moderation.reason.harassment'] });
  await dialog.getByRole('button', { name: en['moderation.action.remove'] }).click();
  await expect(moderator.getByRole('status').filter({ hasText: en['moderation.done.remove'] })).toBeVisible();
  await expect(moderator.getByTestId('queue-item').filter({ hasText: marker })).toHaveCount(0);

  // The author finds it on their profile with the reason, and appeals once.
  await author.goto('/profile?tab=removed');
  const removed = author.getByTestId('removed-item').filter({ hasText: marker });
  await expect(removed).toBeVisible();
  await expect(removed).toContainText(en['moderation.removed_reason'].replace('{reason}', en['moderation.reason.harassment']));
  expect(await overflow(author)).toBeNull();
  await author.waitForLoadState('networkidle');
  await removed.getByRole('button', { name: en['moderation.appeal'] }).click();
  const appeal = author.getByRole('dialog', { name: en['moderation.appeal_title'] });
  await appeal.getByLabel(en['moderation.appeal_note']).fill('It was about my own family, not about anyone here.');
  await appeal.getByRole('button', { name: en['moderation.appeal_send'] }).click();
  await expect(author.getByRole('status').filter({ hasText: en['moderation.appeal_sent'] })).toBeVisible();
  await expect(removed.getByTestId('appealed')).toHaveText(en['moderation.appealed']);
  await author.reload();
  await expect(author.getByTestId('removed-item').filter({ hasText: marker }).getByTestId('appealed')).toBeVisible();

  // The appeal is back in the moderator's queue (the page follows the queue live).
  const appealed = moderator.getByTestId('queue-item').filter({ hasText: marker });
  await expect(appealed).toBeVisible();
  await expect(appealed).toContainText('It was about my own family');

  expect(modErrors).toEqual([]);
  expect(authorErrors.filter((e) => !e.includes('404'))).toEqual([]);
  await Promise.all([authorContext.close(), readerContext.close(), modContext.close()]);
});

test('someone worried about a person sends them a calm, private notice they can dismiss; the reporter is not named', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const person = await signedInPage(context, 'guest');
  const errors = watchErrors(person);
  await person.goto('/thought');
  const thoughtId = await person.evaluate(async () => {
    const token = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
    const res = await fetch('/api/thoughts', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': token },
      body: JSON.stringify({ content: 'Everything feels heavy lately.' }),
    });
    return ((await res.json()) as { data: { id: number } }).data.id;
  });
  const reporter = await guest(baseURL);
  const types = (await (await reporter.api.get('/api/report-types')).json()).data as { id: number; name: string }[];
  const worried = types.find((t) => t.name === en['report_type.worried']);
  const res = await reporter.api.post('/api/report-thought', {
    data: { thought_id: thoughtId, report_type_id: worried?.id },
    headers: reporter.auth,
  });
  expect(res.status()).toBe(201);
  expect((await res.json()).message).toBe(en['reports.thanks_thought']);

  await person.goto('/');
  const notice = person.getByRole('region', { name: en['care.title'] });
  await expect(notice).toBeVisible();
  // All of it is fixed text: nothing names or describes the reporter.
  await expect(notice.getByRole('heading')).toHaveText(en['care.title']);
  await expect(notice.locator('p')).toHaveText(en['care.text']);
  await expect(notice.getByRole('link', { name: en['care.help'] })).toHaveAttribute('href', '/help-now');
  expect(await overflow(person)).toBeNull();
  await notice.getByRole('button', { name: en['care.dismiss'] }).click();
  await expect(notice).toHaveCount(0);
  await person.reload();
  await expect(person.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await person.waitForLoadState('networkidle');
  await expect(person.getByRole('region', { name: en['care.title'] })).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('a topic and a thought are reported from their own screens', async ({ browser, baseURL }) => {
  const writer = await guest(baseURL);
  const category = (await (await writer.api.get('/api/categories')).json()).data[0].id;
  const cover = (await (await writer.api.get('/api/topic-covers')).json()).data[0].id;
  const made = await writer.api.post('/api/topics', {
    data: { title: 'Evenings alone', description: 'For the long evenings', category_id: category, cover_id: cover },
    headers: writer.auth,
  });
  expect(made.status()).toBe(201);
  const topicId = (await made.json()).data.id;
  const thoughtText = `A thought to report ${Date.now()}`;
  const thought = await writer.api.post('/api/thoughts', { data: { content: thoughtText }, headers: writer.auth });
  const thoughtId = (await thought.json()).data.id;

  const context = await browser.newContext();
  const page = await signedInPage(context, 'guest');
  const errors = watchErrors(page);
  await page.goto(`/topic/${topicId}`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: en['post.report'] }).first().click();
  const dialog = page.getByRole('dialog', { name: en['report.title_topic'] });
  await dialog.getByRole('radio', { name: en['report_type.spam'] }).check();
  await dialog.getByRole('button', { name: en['report.submit'] }).click();
  await expect(page.getByRole('status').filter({ hasText: en['reports.thanks_topic'] })).toBeVisible();

  await page.goto(`/thought/${thoughtId}`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('article').filter({ hasText: thoughtText }).getByRole('button', { name: en['post.report'] }).click();
  const second = page.getByRole('dialog', { name: en['report.title_thought'] });
  await second.getByRole('radio', { name: en['report_type.worried'] }).check();
  await second.getByRole('button', { name: en['report.submit'] }).click();
  await expect(page.getByRole('status').filter({ hasText: en['reports.thanks_thought'] })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('reporting a thought its author deleted meanwhile says plainly it is no longer there, and its card goes', async ({
  browser,
  baseURL,
}) => {
  const writer = await guest(baseURL);
  const thoughtText = `A thought deleted before the report ${Date.now()}`;
  const thoughtId = (await (await writer.api.post('/api/thoughts', { data: { content: thoughtText }, headers: writer.auth })).json()).data
    .id;

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await signedInPage(context, 'guest');
  const errors = watchErrors(page);
  await page.goto(`/thought/${thoughtId}`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('article').filter({ hasText: thoughtText }).getByRole('button', { name: en['post.report'] }).click();
  const dialog = page.getByRole('dialog', { name: en['report.title_thought'] });
  await dialog.getByRole('radio', { name: en['report_type.spam'] }).check();
  expect((await writer.api.delete(`/api/thoughts/${thoughtId}`, { headers: writer.auth })).status()).toBe(204);
  await dialog.getByRole('button', { name: en['report.submit'] }).click();
  await expect(page.getByRole('alert').filter({ hasText: en['reports.gone'] })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // Its card goes as if it had been deleted in front of them: from its own page, back to the thoughts.
  await expect(page.getByRole('article').filter({ hasText: thoughtText })).toHaveCount(0);
  await expect(page).toHaveURL(/\/thought$/);
  expect(await overflow(page)).toBeNull();
  // The browser logs the report's 404 itself; nothing else went wrong.
  expect(errors).toEqual([expect.stringContaining('Failed to load resource: the server responded with a status of 404')]);
  await context.close();
});
