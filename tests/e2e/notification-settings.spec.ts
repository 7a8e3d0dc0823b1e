/** The notification switches reach their API routes and keep what the person chose. */
import { expect, test } from '@playwright/test';
import { signInAsGuest } from './pages.ts';

test('a notification switch turned off stays off after a reload', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await signInAsGuest(page);
  await page.goto('/notificationSettings');
  await page.waitForLoadState('networkidle');
  const support = page.getByRole('switch', { name: /Supports/ });
  await expect(support).toBeChecked();
  await support.click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(support).toBeChecked({ checked: false });
  await page.reload();
  await expect(page.getByRole('switch', { name: /Supports/ })).toBeChecked({ checked: false });
  await expect(page.getByRole('switch', { name: /Advice/ })).toBeChecked();
  expect(errors).toEqual([]);
});
