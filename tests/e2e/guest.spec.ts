import { expect, request, test } from '@playwright/test';
import { signInAsGuest, watchErrors } from './pages.ts';

test('a visitor opens the home page, continues as a guest and sees their nickname', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Kindred/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue as guest' }).click();
  const who = page.getByTestId('current-user');
  await expect(who).toContainText('Signed in as');
  const nickname = (await who.textContent())?.replace('Signed in as', '').trim();
  expect(nickname?.length).toBeGreaterThan(2);

  // The session survives a reload: the server renders the signed-in header.
  await page.reload();
  await expect(page.getByTestId('current-user')).toContainText(nickname as string);

  await page.getByRole('button', { name: 'Sign out' }).click();
  // A guest without a password is warned first (account.spec.ts).
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out anyway' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('the root document carries the language and direction', async ({ page }) => {
  await page.goto('/ar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('an unknown path shows the not-found screen with status 404', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Whoops! You got lost' })).toBeVisible();
  await page.getByRole('link', { name: "Let's go home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the theme choice persists across a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('a feed page kept by the guest cache hydrates onto its markup although its relative times have aged', async ({ page, baseURL }) => {
  // A post written a moment ago, by someone else: the feed then says "now" or "N seconds ago".
  const api = await request.newContext({ baseURL });
  const { token } = await (await api.post('/api/guest-login', { data: {} })).json();
  const content = `${'Today I finally told my sister how tired I have been, and she listened without judging me at all. '.repeat(2)}${Date.now()}`;
  const created = await api.post('/api/posts', { data: { content }, headers: { Authorization: `Bearer ${token}` } });
  expect(created.status()).toBe(201);
  await api.dispose();

  await page.goto('/');
  await expect(page.getByText(content)).toBeVisible();
  // The second load is the kept page, rendered a moment ago; the browser's clock is set a minute on from it
  // (and runs from there) instead of waiting for real time to pass.
  await page.clock.install({ time: Date.now() + 60_000 });
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.reload();
  await expect(page.getByText(content)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('the guest cache keeps a page for the next guest, but never a page that failed', async ({ baseURL }) => {
  const guest = await request.newContext({ baseURL });
  const twice = async (path: string) => {
    const answers = [await guest.get(path), await guest.get(path)];
    return answers.map((r) => [r.status(), r.headers()['x-guest-cache'] ?? null]);
  };
  // A query string of its own, so that no other test's visit has kept it already.
  expect(await twice(`/faq?visit=${Date.now()}`)).toEqual([
    [200, null],
    [200, 'hit'],
  ]);
  expect(await twice('/problem/999999999')).toEqual([
    [404, null],
    [404, null],
  ]);
  await guest.dispose();
});

test('a call the server refuses for want of a session ends it on the page too, which offers to sign in again', async ({ page }) => {
  const errors: string[] = [];
  watchErrors(page, errors);
  const me = await signInAsGuest(page);
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner.getByText(me.nickname)).toBeVisible();
  // The session ended elsewhere (a password changed on another device signs the others out).
  await page.route('**/api/supports', (route) =>
    route.fulfill({ status: 401, json: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' } }),
  );
  const support = page
    .getByRole('article')
    .first()
    .getByRole('button', { name: /Support/ });
  await expect(async () => {
    await support.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please sign in to continue.' })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(banner.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(banner.getByText(me.nickname)).toHaveCount(0);
  expect(errors).toEqual([expect.stringContaining('the server responded with a status of 401')]);
});
