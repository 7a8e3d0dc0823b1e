import { expect, test } from '@playwright/test';

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
