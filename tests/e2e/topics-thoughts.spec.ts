import { expect, type Page, test } from '@playwright/test';

async function continueAsGuest(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page.getByTestId('current-user')).toContainText('Signed in as');
}

test('a guest creates a topic with a cover, posts in it, and is asked to wait before a second post', async ({ page }) => {
  test.setTimeout(60_000);
  const title = `Night shifts and sleep ${Date.now().toString(36)}`;
  await page.goto('/topic');
  await continueAsGuest(page);
  await page.goto('/topic');
  await page.getByRole('button', { name: 'Create a topic' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a topic' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('What is this topic about?').fill('For everyone whose body clock is upside down.');
  await dialog.getByLabel('Category').selectOption({ label: 'Health and body' });
  await dialog.getByRole('img', { name: 'Cover 3' }).click();
  await dialog.getByRole('button', { name: 'Create topic' }).click();

  await expect(page).toHaveURL(/\/topic\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: /Share a problem/ }).click();
  await page.getByRole('textbox', { name: 'Your post' }).fill('Three night shifts in a row. How do you sleep during the day?');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('article').filter({ hasText: 'Three night shifts in a row' })).toBeVisible();

  // The composer asks before opening: a second post in this topic must wait 30 minutes.
  await page.getByRole('button', { name: /Share a problem/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please wait 30 minutes' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your post' })).toHaveCount(0);
});

test('a guest writes a thought and another person reacts to it', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const text = `Asking for help is a skill, not a weakness ${Date.now().toString(36)}`;
  await page.goto('/thought');
  await continueAsGuest(page);
  // Signing in goes to the home page (SPEC.md section 4); come back to the thoughts.
  await page.goto('/thought');
  await page.getByRole('textbox', { name: 'Share a thought' }).fill(text);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();

  const other = await browser.newContext();
  const them = await other.newPage();
  await them.goto('/thought');
  await continueAsGuest(them);
  await them.goto('/thought');
  const card = them.getByRole('article').filter({ hasText: text });
  // The reaction's name is its label and count: an author named "Hopeful …" has a button of their own on the card.
  const hope = /^Hope\s*\d+$/;
  await card.getByRole('button', { name: hope }).click();
  await expect(card.getByRole('button', { name: hope })).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('link').first().click();
  await expect(them).toHaveURL(/\/thought\/\d+$/);
  await expect(them.getByRole('article').first().getByRole('button', { name: hope })).toHaveAttribute('aria-pressed', 'true');
  await other.close();
});
