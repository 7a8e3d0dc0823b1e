/**
 * Keyboard behaviour of the shared UI primitives (app/components/ui): the Dialog takes focus when it opens,
 * closes on Escape, its × and its Cancel, and gives focus back to what opened it, also when it is one that is
 * unmounted on close and loaded on first use (the report dialog); the Menu opens from the keyboard, moves with
 * the arrow keys, Home and End, and Escape closes it with focus back on its button.
 */
import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { watchErrors } from './pages.ts';

const en: Record<string, string> = JSON.parse(readFileSync(new URL('../../locales/en.json', import.meta.url), 'utf8'));

/** The id `button`'s aria-controls names, and whether the page has an element with it. */
const controls = (button: Locator) =>
  button.evaluate((el) => {
    const id = el.getAttribute('aria-controls');
    return { id, there: id !== null && document.getElementById(id) !== null };
  });

/** Presses Enter on `button` until `opened` holds: a key press that lands before hydration does nothing. */
async function pressUntil(button: Locator, opened: () => Promise<void>) {
  await expect(async () => {
    await button.focus();
    await button.press('Enter');
    await opened();
  }).toPass();
}

test('the sign-in dialog takes focus, closes on Escape and on ×, and gives focus back to its opener', async ({ page }) => {
  await page.goto('/');
  const opener = page.getByRole('banner').getByRole('button', { name: en['auth.sign_in'] });
  const dialog = page.getByRole('dialog', { name: en['auth.dialog.title'] });
  const close = dialog.getByRole('button', { name: en['auth.dialog.close'] });

  await pressUntil(opener, () => expect(dialog).toBeVisible({ timeout: 1_000 }));
  // The first control of the dialog has focus; it is a modal <dialog>, so the page behind is inert.
  await expect(close).toBeFocused();
  await expect(page.locator('dialog:modal')).toHaveCount(1);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.press('Enter');
  await expect(close).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

/** Where the focus is, as the dialog's Tab stops are named: its accessible name or text, or where it is when outside. */
const where = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    if (el.tagName === 'DIALOG') return 'the dialog itself';
    if (!el.closest('dialog')) return `outside: ${el.tagName}`;
    return (
      el.getAttribute('aria-label') || (el as HTMLInputElement).labels?.[0]?.textContent?.trim() || el.textContent?.trim() || el.tagName
    );
  });

for (const [name, viewport] of [
  ['a desktop', { width: 1280, height: 800 }],
  ['a 390 px phone', { width: 390, height: 844 }],
] as const) {
  test(`Tab and Shift+Tab go round the sign-in dialog's controls and never leave it, on ${name}; closing gives the focus back`, async ({
    page,
  }) => {
    const errors: string[] = [];
    watchErrors(page, errors);
    await page.setViewportSize(viewport);
    await page.goto('/');
    const opener = page.getByRole('banner').getByRole('button', { name: en['auth.sign_in'] });
    const dialog = page.getByRole('dialog', { name: en['auth.dialog.title'] });
    await pressUntil(opener, () => expect(dialog).toBeVisible({ timeout: 1_000 }));
    const first = en['auth.dialog.close'];
    await expect.poll(() => where(page)).toBe(first);

    // Forward: every stop once, then the first again; never the page behind, the browser's controls or the dialog box.
    const forward: string[] = [];
    for (let i = 0; i < 8 && (forward.length === 0 || forward.at(-1) !== first); i++) {
      await page.keyboard.press('Tab');
      forward.push(await where(page));
    }
    expect(forward).toEqual([en['auth.continue_as_guest'], en['auth.identifier'], en['auth.password'], en['auth.sign_in'], first]);
    // Backward from the first control: the last one, then the same stops the other way round.
    const backward: string[] = [];
    for (const _ of forward) {
      await page.keyboard.press('Shift+Tab');
      backward.push(await where(page));
    }
    expect(backward).toEqual([...forward.slice(0, -1)].reverse().concat(first));

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    expect(errors).toEqual([]);
  });
}

test('the report dialog, loaded on first use, takes focus and gives it back on Cancel and on Escape', async ({ page }) => {
  // The browser context and page.request share cookies, so the page is signed in from here on.
  expect((await page.request.post('/api/guest-login', { data: {} })).status()).toBe(201);
  await page.goto('/');
  // One post's card by its label: other specs' new posts come in at the top of the feed meanwhile, and "the first
  // card" could change between two steps (CI-2 of stop 30: the second Enter went to a card being replaced).
  const label = await page.getByRole('article').first().getAttribute('aria-labelledby');
  const report = page.locator(`article[aria-labelledby="${label}"]`).getByRole('button', { name: en['post.report'] });
  const dialog = page.getByRole('dialog', { name: en['report.title_post'] });

  await pressUntil(report, () => expect(dialog).toBeVisible({ timeout: 1_000 }));
  // The required reason comes first, not the optional note (issue 12).
  await expect(dialog.getByRole('radio').first()).toBeFocused();
  await dialog.getByRole('button', { name: en['common.cancel'] }).click();
  await expect(dialog).toBeHidden();
  await expect(report).toBeFocused();

  await report.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(report).toBeFocused();
});

test('the language menu opens from the keyboard, moves with arrows, Home and End, and Escape returns to its button', async ({ page }) => {
  await page.goto('/');
  const button = page.getByTestId('language-switcher');
  const menu = page.getByRole('list', { name: en['language.label'] });
  const links = menu.getByRole('link');

  // Closed, the button names no list; open, it names the list there is.
  expect(await controls(button)).toEqual({ id: null, there: false });
  // Enter opens it on the current language.
  await pressUntil(button, () => expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 }));
  expect(await controls(button)).toEqual({ id: await menu.getAttribute('id'), there: true });
  await expect(menu.getByRole('link', { name: 'English' })).toBeFocused();
  await expect(menu.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');

  await page.keyboard.press('ArrowDown');
  await expect(links.nth(1)).toBeFocused();
  await expect(links.nth(1)).toHaveText('العربية');
  await page.keyboard.press('End');
  await expect(links.last()).toBeFocused();
  await expect(links.last()).toHaveText('Yorùbá');
  // Past the end it wraps round to the first.
  await page.keyboard.press('ArrowDown');
  await expect(links.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(links.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(links.first()).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
  expect(await controls(button)).toEqual({ id: null, there: false });

  // ArrowUp on the button opens it at the last choice, ArrowDown at the first.
  await button.press('ArrowUp');
  await expect(links.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await button.press('ArrowDown');
  await expect(links.first()).toBeFocused();

  // A click elsewhere closes it.
  await page.locator('h1').first().click();
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
});

test('a toast shown while a dialog is open is in the dialog, where it is announced and can be dismissed; the text stays', async ({
  page,
}) => {
  const errors: string[] = [];
  watchErrors(page, errors);
  expect((await page.request.post('/api/guest-login', { data: {} })).status()).toBe(201);
  await page.goto('/topic');
  const open = page.getByRole('button', { name: en['topics.create'] });
  const dialog = page.getByRole('dialog', { name: en['topics.create'] });
  await pressUntil(open, () => expect(dialog).toBeVisible({ timeout: 1_000 }));
  await dialog.getByLabel(en['topics.field_title']).fill('Nights without sleep');
  await dialog.getByLabel(en['topics.field_description']).fill('For everyone awake at three.');
  await dialog.getByLabel(en['topics.field_category']).selectOption({ index: 1 });
  await dialog.getByRole('img', { name: 'Cover 1', exact: true }).click();
  // The page behind a modal dialog is inert: a toast there could be neither heard nor closed.
  await page.route('**/api/topics', (route) => route.fulfill({ status: 503, json: { code: 'UNAVAILABLE', message: 'Kindred is busy.' } }), {
    times: 1,
  });
  await dialog.getByRole('button', { name: en['topics.create_submit'] }).click();
  const alert = dialog.getByRole('alert').filter({ hasText: 'Kindred is busy.' });
  await expect(alert.getByTestId('toast')).toBeVisible();
  await alert.getByRole('button', { name: en['alert.dismiss'] }).click();
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  // The focus goes back to where it was before the toast took it, not to the page behind (decision 074).
  await expect(dialog.getByRole('button', { name: en['topics.create_submit'] })).toBeFocused();
  // Closed with Escape and opened again, the topic written so far is still there.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await open.click();
  await expect(dialog.getByLabel(en['topics.field_title'])).toHaveValue('Nights without sleep');
  await expect(dialog.getByLabel(en['topics.field_description'])).toHaveValue('For everyone awake at three.');
  expect(errors).toEqual([expect.stringContaining('the server responded with a status of 503')]);
});

test('a busy button keeps the keyboard focus: "Show more" while the next page of the feed loads, and after', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/posts\?page=2(&|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const cards = page.getByRole('main').getByRole('article');
  const before = await cards.count();
  const more = page.getByRole('button', { name: en['feed.load_more'] });
  const loading = page.getByRole('button', { name: en['common.loading'] });
  await pressUntil(more, () => expect(loading).toBeVisible({ timeout: 1_000 }));
  // A disabled button would have dropped the focus to the page's start.
  await expect(loading).toBeFocused();
  await expect(loading).toHaveAttribute('aria-disabled', 'true');
  release();
  await expect(more).toBeFocused();
  // The next page, less what it repeats of the first: other specs' posts written meanwhile push the first page's
  // last posts onto it, and the list shows each post once (decision 069).
  expect(await cards.count()).toBeGreaterThan(before);
});
