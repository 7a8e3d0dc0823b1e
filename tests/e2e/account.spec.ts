/**
 * Control over one's own account (issue 14): the warning before a guest without a password signs out, sign-in
 * details (a password and an email) that work in another browser, "Download my data", and deactivation, after
 * which the person is signed out and what they wrote is gone. At a 390 px phone and on a desktop, with no console
 * errors and nothing wider than the screen.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';

const PASSWORD = 'a long quiet password';

function watch(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  // The console names no request: a refused CSRF token (419) is listed with its request (decision 052).
  page.on('response', (r) => {
    if (r.status() === 419) errors.push(`419 for ${r.request().method()} ${r.url()}`);
  });
  return errors;
}

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Signs in as a new guest through the dialog, as a person would. */
async function continueAsGuest(page: Page) {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page.getByTestId('current-user')).toContainText('Signed in as');
}

async function setPassword(page: Page) {
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('New password again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByTestId('password-saved')).toHaveText('Your password is saved. Your other sessions were signed out.');
}

for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('a guest is warned before signing out, may stay, and after adding a password signs out directly', async ({ page }) => {
      const errors = watch(page);
      await continueAsGuest(page);
      await page.getByRole('button', { name: 'Sign out' }).click();
      const dialog = page.getByRole('dialog', { name: 'Before you sign out' });
      await expect(dialog).toContainText('This account has no password.');
      await expect(dialog).toContainText('Scan the QR code it shows with this device');
      expect(await overflow(page)).toBe(0);
      await dialog.getByRole('button', { name: 'Stay signed in' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('current-user')).toBeVisible();

      await page.getByRole('button', { name: 'Sign out' }).click();
      await dialog.getByRole('link', { name: 'Add a password' }).click();
      await expect(page).toHaveURL(/\/settings\/account$/);
      await expect(page.getByRole('heading', { name: 'Add a password' })).toBeVisible();
      await setPassword(page);
      await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
      expect(await overflow(page)).toBe(0);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(page.getByRole('dialog')).toBeHidden();
      expect(errors).toEqual([]);
    });

    test('an email and a password added in settings sign in to the same account in another browser', async ({ page, browser }) => {
      const errors = watch(page);
      await continueAsGuest(page);
      const nickname = ((await page.getByTestId('current-user').textContent()) ?? '').replace('Signed in as', '').trim();
      await page.goto('/settings/account');
      await page.waitForLoadState('networkidle');
      const email = `quiet-${Date.now()}-${name}@example.org`;
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      const saveEmail = page.getByRole('button', { name: 'Save email' });
      await saveEmail.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText('Your email is saved.')).toBeVisible();
      // Saved, there is nothing left to save: the button says so and keeps the focus (it dropped to the page's start).
      await expect(saveEmail).toHaveAttribute('aria-disabled', 'true');
      await expect(saveEmail).toBeFocused();
      await setPassword(page);
      await page.reload();
      await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);

      const other = await browser.newContext({ viewport });
      const there = await other.newPage();
      const otherErrors = watch(there);
      await there.goto('/');
      await there.waitForLoadState('networkidle');
      await there.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
      const signIn = there.getByRole('dialog');
      await signIn.getByLabel('Username or email').fill(email);
      await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(there.getByTestId('current-user')).toHaveText(`Signed in as ${nickname}`);
      await other.close();
      expect([...errors, ...otherErrors]).toEqual([]);
    });

    test('a wrong password when deactivating is said by the password field, which takes the focus; the right one erases', async ({
      page,
    }) => {
      const errors = watch(page);
      await continueAsGuest(page);
      await page.goto('/settings/account');
      await setPassword(page);
      await page.goto('/deactivateAccount');
      await page.waitForLoadState('networkidle');
      const password = page.getByLabel('Password', { exact: true });
      const submit = page.getByRole('button', { name: 'Deactivate my account' });
      await password.fill('not my password');
      await page.getByLabel('I understand that my account and everything in it will be erased.').check();
      // The first answer waits until the page has been looked at while it works.
      let answer: () => void = () => {};
      const held = new Promise<void>((resolve) => (answer = resolve));
      await page.route('**/api/deactivate', async (route) => {
        await held;
        await route.fallback();
      });
      await submit.click();
      const working = page.getByRole('button', { name: 'Deactivating…' });
      await expect(working).toHaveAttribute('aria-busy', 'true');
      await expect(working).toBeFocused();
      answer();
      await expect(password).toHaveAccessibleDescription('The current password is incorrect.');
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expect(password).toBeFocused();
      await expect(page.getByText('The given data was invalid.')).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect(await overflow(page)).toBe(0);

      await password.fill(PASSWORD);
      await submit.click();
      await expect(page.getByText('Your account has been erased. Take care.')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      // The refused attempt, as the browser logs it, and nothing else.
      expect(errors).toEqual([expect.stringMatching(/status of 422/)]);
    });

    test('a person downloads their data, deactivates, is signed out, and what they wrote is gone', async ({ page }) => {
      const errors = watch(page);
      await continueAsGuest(page);
      // Written through the composer's API with the page's own session (cookie and CSRF token).
      const content = `${'Writing this down so it stops going round in my head at night, one more time. '.repeat(2)}${name} ${Date.now()}`;
      const csrf = await page.locator('meta[name="csrf-token"]').getAttribute('content');
      const made = await page.request.post('/api/posts', { data: { content }, headers: { 'x-csrf-token': csrf ?? '' } });
      expect(made.status()).toBe(201);
      await page.goto('/');
      await expect(page.getByText(content)).toBeVisible();

      // Unsent words in a comment box, kept as a draft; a second tab of the same session shows them too.
      const unsent = `Something I have never told anyone, ${name}.`;
      const postPath = `/problem/${(await made.json()).data.id}`;
      await page.goto(postPath);
      await page.getByRole('textbox', { name: 'Write a kind comment' }).fill(unsent);
      const drafts = (p: Page) => p.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith('kindred:draft:')));
      await expect.poll(() => drafts(page)).toEqual([[expect.stringMatching(/^kindred:draft:\d+:comment:\d+$/), unsent]]);
      const other = await page.context().newPage();
      const otherErrors = watch(other);
      // The server's socket.io CONNECT answer: the tab's socket is in its session's room from then on.
      const connected = new Promise<void>((resolve) =>
        other.on('websocket', (ws) =>
          ws.on('framereceived', (f) => typeof f.payload === 'string' && f.payload.startsWith('40') && resolve()),
        ),
      );
      await other.goto(postPath);
      await expect(other.getByRole('textbox', { name: 'Write a kind comment' })).toHaveValue(unsent);
      await connected;

      await page.goto('/deactivateAccount');
      await page.waitForLoadState('networkidle');
      expect(await overflow(page)).toBe(0);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^kindred-data-\d{4}-\d{2}-\d{2}\.json$/);
      const file = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
      expect(file.posts.map((p: { content: string }) => p.content)).toEqual([content]);

      const submit = page.getByRole('button', { name: 'Deactivate my account' });
      await expect(submit).toBeDisabled();
      await page.getByLabel('I understand that my account and everything in it will be erased.').check();
      await submit.click();
      await expect(page.getByText('Your account has been erased. Take care.')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
      expect(await drafts(page)).toEqual([]);
      // The other tab heard from the server that the session ended: signed out there too, its box no longer kept,
      // and it says why (the words went on purpose); the tab that erased the account is not told it was elsewhere.
      await expect(other.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
      expect(await drafts(other)).toEqual([]);
      await expect(other.getByRole('status').filter({ hasText: 'You were signed out from another tab or device.' })).toBeVisible();
      await expect(page.getByText('You were signed out from another tab or device.')).toHaveCount(0);
      await other.close();
      await page.reload();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(page.getByText(content)).toHaveCount(0);
      expect([...errors, ...otherErrors]).toEqual([]);
    });
  });
}
