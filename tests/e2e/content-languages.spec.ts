/**
 * The first visit to the feed asks which languages to read (the interface's and the browser's, ticked; every
 * language one click away), and the answer filters the feed and is not asked again.
 */
import { expect, test } from '@playwright/test';
import { catalog } from './pages.ts';

const ja = catalog('ja');
test.use({ locale: 'fr-FR' });

test('a guest chooses the languages of the feed the first time, and the choice holds', async ({ page, context }) => {
  await page.goto('/ja');
  const prompt = page.getByTestId('content-language-prompt');
  await expect(prompt.getByRole('heading', { name: ja['feed.languages.heading'] })).toBeVisible();
  // The interface language and the browser's, each ticked; "all" is a button beside them.
  await expect(prompt.getByRole('checkbox')).toHaveCount(2);
  await expect(prompt.getByRole('checkbox', { name: '日本語' })).toBeChecked();
  await expect(prompt.getByRole('checkbox', { name: 'Français' })).toBeChecked();
  await expect(prompt.getByRole('button', { name: ja['settings.content.show_all'] })).toBeEnabled();

  await prompt.getByRole('button', { name: ja['feed.languages.save'] }).click();
  await expect(prompt).toHaveCount(0);
  const cookie = (await context.cookies()).find((c) => c.name === 'content_languages');
  expect(cookie?.value).toBe('ja,fr');

  // The feed now holds only Japanese and French posts (the demo seed has both, and a dozen other languages).
  const languages = async () =>
    [...new Set(await page.locator('main ol > li div[lang]').evaluateAll((els) => els.map((e) => e.getAttribute('lang'))))].sort();
  await expect.poll(languages).toEqual(['fr', 'ja']);
  await page.reload();
  expect(await languages()).toEqual(['fr', 'ja']);
  await expect(page.getByTestId('content-language-prompt')).toHaveCount(0);
});

test('"all languages" keeps every language and is remembered', async ({ page, context }) => {
  // No prefix: the interface is in the browser's French.
  await page.goto('/');
  const prompt = page.getByTestId('content-language-prompt');
  await prompt.getByRole('button', { name: catalog('fr')['settings.content.show_all'] }).click();
  await expect(prompt).toHaveCount(0);
  expect((await context.cookies()).find((c) => c.name === 'content_languages')?.value).toBe('all');
  await page.reload();
  await expect(page.locator('main ol > li').first()).toBeVisible();
  await expect(page.getByTestId('content-language-prompt')).toHaveCount(0);
});
