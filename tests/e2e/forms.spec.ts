/**
 * Forms that keep what was written and say what is true now (decision 074): a report that fails keeps its dialog open
 * with the reason and the note, and says why inside it; a toast raised before a dialog opened stays out of it, and
 * closing a toast leaves the focus where it was, not on the page's start; the password form says its own errors in
 * the page's language and drops one as soon as its field changes; a poll's repeated or empty option is refused at its
 * field before any request, with the focus there and no toast; the Requests tab's count is a badge, read as words.
 * In English at 1280 px by keyboard and in Arabic on a 390 px touch screen; no console error, no hydration error,
 * no page wider than the screen.
 */
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { createIntl } from 'react-intl';
import { loadIntlData } from '../../app/lib/intl-data.ts';
import { catalogChain, getLocale } from '../../core/locales.ts';
import { at, catalog } from './pages.ts';
import { call, caller, longPost, overflow, type Person, person } from './people.ts';

const WAYS = [
  { code: 'en', viewport: { width: 1280, height: 800 }, keyboard: true },
  { code: 'ar', viewport: { width: 390, height: 844 }, keyboard: false },
] as const;

/** The page's own formatting of a catalog message: the same catalogs, fallbacks and language tag. */
async function intlOf(code: string) {
  const chain = catalogChain(code).map((c) => catalog(c));
  await loadIntlData(getLocale(code).tag);
  return createIntl({ locale: getLocale(code).tag, messages: Object.assign({}, ...chain.reverse()) });
}

/** Someone signed in on this run's screen, whose page's hydration the test can wait for. */
async function someone(browser: Browser, way: (typeof WAYS)[number]): Promise<Person> {
  const who = await person(browser, { viewport: way.viewport, touch: !way.keyboard });
  await who.page.addInitScript(() => {
    const w = window as unknown as { hydrated: Promise<void> };
    w.hydrated = new Promise((resolve) => document.addEventListener('kindred:hydrated', () => resolve(), { once: true }));
  });
  return who;
}

const hydrated = (page: Page) => page.evaluate(() => (window as unknown as { hydrated: Promise<void> }).hydrated);

/** Presses a control the way this run does: Enter on it, or a tap. */
async function press(page: Page, control: Locator, keyboard: boolean) {
  if (!keyboard) return control.tap();
  await control.focus();
  await page.keyboard.press('Enter');
}

async function post(baseURL: string | undefined, content: string): Promise<number> {
  const res = await call(baseURL, await caller(baseURL), 'POST', '/api/posts', { content });
  expect(res.status).toBe(201);
  return (res.body as { data: { id: number } }).data.id;
}

/** The page's console errors, less the failed answers the test itself made. */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/the server responded with a status of 500|net::ERR_CONNECTION_RESET|net::ERR_FAILED/.test(e));

async function check(who: Person) {
  expect(await overflow(who.page)).toBeNull();
  expect(unexpected(who.errors)).toEqual([]);
}

/** Where the focus is: a description of the focused element, "body" when nothing has it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()}${el.closest('[data-testid="toast"]') ? ' in a toast' : ''}${el.closest('dialog') ? ' in a dialog' : ''}`;
  });

for (const way of WAYS) {
  const { code, viewport, keyboard } = way;
  const t = catalog(code);

  test(`a report that fails keeps its dialog, its reason and its note, and says why (${code}, ${viewport.width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const id = await post(baseURL, longPost(`report-${Date.now().toString(36)}`));
    const reporter = await someone(browser, way);
    const { page } = reporter;
    await page.goto(at(code, `/problem/${id}`));
    await hydrated(page);
    const article = page.locator(`article[data-item="post-${id}"]`);
    const opener = article.getByRole('button', { name: t['post.report'], exact: true });
    await press(page, opener, keyboard);

    const dialog = page.getByRole('dialog', { name: t['report.title_post'] });
    const reasons = dialog.getByRole('radio');
    await expect(reasons.first()).toBeFocused();
    // The second reason, as a person would choose it: the arrow key moves the choice within the group.
    if (keyboard) await page.keyboard.press('ArrowDown');
    else await reasons.nth(1).tap();
    await expect(reasons.nth(1)).toBeChecked();
    const reason = Number(await reasons.nth(1).getAttribute('value'));
    const note = dialog.getByRole('textbox', { name: t['report.note'] });
    const words = 'They keep writing cruel things under my posts.';
    await note.fill(words);
    const send = dialog.getByRole('button', { name: t['report.submit'], exact: true });

    // The server fails: the dialog stays, with what was chosen and written, the error inside it, the focus on Send.
    await page.route('**/api/reports', (route) => route.fulfill({ status: 500, body: '' }), { times: 1 });
    await press(page, send, keyboard);
    const alert = dialog.getByRole('alert');
    await expect(alert).toHaveText(`${t['alert.error']}: ${t['errors.server_fault']}`);
    await expect(dialog).toBeVisible();
    await expect(reasons.nth(1)).toBeChecked();
    await expect(note).toHaveValue(words);
    await expect(send).toBeFocused();
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await check(reporter);

    // The connection drops: the same, with the network's words.
    await page.route('**/api/reports', (route) => route.abort('connectionreset'), { times: 1 });
    await press(page, send, keyboard);
    await expect(alert).toHaveText(`${t['alert.error']}: ${t['errors.network']}`);
    await expect(reasons.nth(1)).toBeChecked();
    await expect(note).toHaveValue(words);
    await expect(send).toBeFocused();

    // Back: the report is sent as chosen, the dialog closes with the thanks, and the focus returns to Report.
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/reports') && r.method() === 'POST');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/reports') && r.request().method() === 'POST');
    await press(page, send, keyboard);
    expect((await sent).postDataJSON()).toEqual({ post_id: id, report_type_id: reason, note: words });
    expect((await answered).status()).toBe(201);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').getByTestId('toast')).toBeVisible();
    await expect(opener).toBeFocused();
    await check(reporter);
    await reporter.close();
  });

  test(`a toast from before a dialog stays out of it, and closing a toast keeps the focus (${code}, ${viewport.width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const run = Date.now().toString(36);
    await post(baseURL, longPost(`older-${run}`));
    const newer = await post(baseURL, longPost(`newer-${run}`));
    const reader = await someone(browser, way);
    const { page } = reader;
    await page.goto(at(code, '/'));
    await hydrated(page);
    const card = page.locator(`main article[aria-labelledby="post-${newer}-heading"]`);
    await press(page, card.getByRole('button', { name: t['post.hide'], exact: true }), keyboard);
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText(t['post.hidden']);
    const undo = toast.getByRole('button', { name: t['alert.undo'] });
    if (keyboard) {
      await page.keyboard.press('F6');
      await expect(undo).toBeFocused();
      await page.keyboard.press('Enter');
    } else await undo.tap();
    await expect(toast).toContainText(t['post.unhidden']);
    await expect(card).toBeVisible();

    // Report, while that toast is still up: the dialog holds its own controls and nothing of the toast.
    await press(page, card.getByRole('button', { name: t['post.report'], exact: true }), keyboard);
    const dialog = page.getByRole('dialog', { name: t['report.title_post'] });
    await expect(dialog.getByRole('radio').first()).toBeFocused();
    await expect(toast).toContainText(t['post.unhidden']);
    await expect(dialog.getByTestId('toast')).toHaveCount(0);
    await expect(dialog).not.toContainText(t['post.unhidden']);
    if (keyboard) {
      // Tab goes round the dialog's own controls (reasons, note, Cancel; Send is off until a reason is chosen).
      const stops: string[] = [];
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        stops.push(await focused(page));
      }
      expect(stops).toEqual(['textarea in a dialog', 'button in a dialog', 'input in a dialog', 'textarea in a dialog']);
      // F6 is no way out to a toast behind the dialog either.
      await page.keyboard.press('F6');
      expect(await focused(page)).toBe('textarea in a dialog');
      await page.keyboard.press('Escape');
    } else await dialog.getByRole('button', { name: t['common.cancel'], exact: true }).tap();
    await expect(dialog).toBeHidden();

    // Hide again, and close its toast by × from the toast: the focus goes back to where it was, not to the page.
    await press(page, card.getByRole('button', { name: t['post.hide'], exact: true }), keyboard);
    await expect(toast).toContainText(t['post.hidden']);
    await page.evaluate(() => document.activeElement?.setAttribute('data-focus-before', ''));
    const before = await focused(page);
    expect(before).not.toBe('body');
    const dismiss = toast.getByRole('button', { name: t['alert.dismiss'] });
    if (keyboard) {
      await page.keyboard.press('F6');
      await expect(undo).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(dismiss).toBeFocused();
      await page.keyboard.press('Enter');
    } else await dismiss.tap();
    await expect(toast).toHaveCount(0);
    await expect(page.locator('[data-focus-before]')).toBeFocused();
    await check(reader);
    await reader.close();
  });

  test(`the password form says what is wrong now, in the page's language (${code}, ${viewport.width} px)`, async ({ browser }) => {
    const intl = await intlOf(code);
    const who = await someone(browser, way);
    const { page } = who;
    await page.goto(at(code, '/settings/account'));
    await hydrated(page);
    const password = page.getByLabel(t['settings.account.new_password'], { exact: true });
    const again = page.getByLabel(t['settings.account.confirm_password'], { exact: true });
    const save = page.getByRole('button', { name: t['settings.account.password_save'], exact: true });
    const mismatch = t['validation.password_confirmation'];
    const tooShort = intl.formatMessage({ id: 'validation.too_short' }, { min: 8 });

    await password.fill('a long quiet password');
    await again.fill('a long quiet passwort');
    await press(page, save, keyboard);
    await expect(again).toHaveAccessibleDescription(mismatch);
    await expect(again).toHaveAttribute('aria-invalid', 'true');

    // Too short in both: the form says so, under the field, in the page's words; "do not match" is gone, and the
    // field to put right has the focus.
    await password.fill('short');
    await again.fill('short');
    await press(page, save, keyboard);
    await expect(password).toHaveAccessibleDescription(tooShort);
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toBeFocused();
    await expect(again).not.toHaveAttribute('aria-invalid');
    await expect(page.getByText(mismatch)).toHaveCount(0);
    // No browser bubble is waiting in the browser's own language: the fields carry none of its checks.
    expect(await password.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(true);

    // Typing takes the error away at once; a long enough pair is saved.
    await password.fill('short but now long enough');
    await expect(password).not.toHaveAttribute('aria-invalid');
    await expect(page.getByText(tooShort)).toHaveCount(0);
    await again.fill('short but now long enough');
    await press(page, save, keyboard);
    await expect(page.getByTestId('password-saved')).toHaveText(t['settings.account.password_saved']);
    await check(who);
    await who.close();
  });

  test(`a poll's repeated or empty option is refused at its field, with the focus there, without a request or a toast (${code}, ${viewport.width} px)`, async ({
    browser,
  }) => {
    const intl = await intlOf(code);
    const who = await someone(browser, way);
    const { page } = who;
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/user/store/moods') sent.push(r.url());
    });
    await page.goto(at(code, '/mood'));
    await hydrated(page);
    await press(page, page.getByRole('button', { name: t['composer.prompt_mood'] }), keyboard);
    const mood = `Что поможет этим вечером? ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: t['composer.label_mood'] }).fill(mood);
    // The radio itself is hidden behind its label, which is what a person taps.
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio') })
      .first()
      .click();
    const option = (n: number) =>
      page.getByRole('textbox', { name: intl.formatMessage({ id: 'composer.poll_option' }, { n }), exact: true });
    // The poll's buttons go with what they do: the focus goes where the person writes next, not to the page's start.
    await press(page, page.getByRole('button', { name: t['composer.poll_add'] }), keyboard);
    await expect(page.getByRole('textbox', { name: t['composer.poll_question'] })).toBeFocused();
    await press(page, page.getByRole('button', { name: t['composer.poll_add_option'] }), keyboard);
    await expect(option(3)).toBeFocused();
    await press(page, page.getByRole('button', { name: intl.formatMessage({ id: 'composer.poll_remove_option' }, { n: 3 }) }), keyboard);
    await expect(option(2)).toBeFocused();
    await press(page, page.getByRole('button', { name: t['composer.poll_add_option'] }), keyboard);
    await expect(option(3)).toBeFocused();
    const share = page.getByRole('button', { name: t['composer.share'], exact: true });
    /** Publishing was refused at `bad` with `message`, which took the focus; `fine` is not marked; no toast says it again. */
    const refusedAt = async (bad: Locator, message: string, fine: Locator, requests: number) => {
      await expect(bad).toHaveAccessibleDescription(message);
      await expect(bad).toHaveAttribute('aria-invalid', 'true');
      await expect(bad).toBeFocused();
      await expect(fine).not.toHaveAttribute('aria-invalid');
      await expect(page.getByTestId('toast')).toHaveCount(0);
      expect(sent).toHaveLength(requests);
    };

    // The same choice twice, in another case and with spaces: two buttons that would split its votes.
    await option(1).fill('Кофе');
    await option(2).fill('Прогулка');
    await option(3).fill(' КОФЕ ');
    await press(page, share, keyboard);
    await refusedAt(option(3), t['validation.poll_option_repeated'], option(1), 0);

    // An empty option: said at it, and it takes the focus; the other options are fine now.
    await option(2).fill('');
    await option(3).fill('Сон');
    await press(page, share, keyboard);
    await refusedAt(option(2), t['validation.required'], option(3), 0);

    // A refusal only the server can make (its rule may be newer than this page's) lands at the option the same way,
    // in the server's words, with no toast saying "The given data was invalid." beside it.
    await option(2).fill('Прогулка');
    const refusal = t['validation.poll_option_repeated'];
    await page.route(
      '**/api/user/store/moods',
      (route) =>
        route.fulfill({
          status: 422,
          json: { message: 'The given data was invalid.', code: 'VALIDATION', errors: { 'poll.options.1': [refusal] } },
        }),
      { times: 1 },
    );
    await press(page, share, keyboard);
    await refusedAt(option(2), refusal, option(1), 1);

    // Put right, the mood is published with its three options.
    const stored = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/store/moods');
    await press(page, share, keyboard);
    expect((await stored).status()).toBe(201);
    const card = page.getByRole('article').filter({ hasText: mood });
    for (const choice of ['Кофе', 'Прогулка', 'Сон']) await expect(card.getByRole('button', { name: choice })).toHaveCount(1);
    expect(sent).toHaveLength(2);
    expect(await overflow(page)).toBeNull();
    // The refusal the test made is the page's only console error: the form's own refusals asked nothing.
    expect(who.errors).toEqual([expect.stringMatching(/status of 422 .*\/api\/user\/store\/moods\)$/)]);
    await who.close();
  });

  test(`the Requests tab's count is a badge, read as words (${code}, ${viewport.width} px)`, async ({ browser, baseURL }) => {
    const intl = await intlOf(code);
    const who = await someone(browser, way);
    for (const from of [await caller(baseURL), await caller(baseURL)]) {
      expect((await call(baseURL, from, 'POST', '/api/messages', { user_id: who.id, content: 'Hello, can we talk?' })).status).toBe(201);
    }
    const { page } = who;
    await page.goto(at(code, '/chat'));
    await hydrated(page);
    const tab = page.getByRole('navigation', { name: t['chat.lists'] }).getByRole('link', { name: t['chat.tab_requests'] });
    const words = intl.formatMessage({ id: 'chat.requests_count' }, { count: 2 });
    await expect(tab).toHaveAccessibleName(`${t['chat.tab_requests']} ${words}`);
    const badge = tab.getByTestId('requests-count').locator('[aria-hidden="true"]');
    await expect(badge).toHaveText(intl.formatNumber(2));
    await expect(tab).not.toContainText('(');
    // The badge stands apart from the word: a gap between them, whichever way the script runs.
    const gap = await tab.evaluate((el) => {
      const word = el.firstChild as Text;
      const range = document.createRange();
      range.selectNodeContents(word);
      const w = range.getBoundingClientRect();
      const b = (el.querySelector('[aria-hidden="true"]') as HTMLElement).getBoundingClientRect();
      return getComputedStyle(el).direction === 'rtl' ? w.left - b.right : b.left - w.right;
    });
    expect(gap).toBeGreaterThanOrEqual(4);
    await check(who);
    await who.close();
  });
}
