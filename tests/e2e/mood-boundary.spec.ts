/**
 * Where a text will land, as the composer says it while it is written, agrees with where the server puts it
 * (core/limits.ts moodMax): in the mood composer 149 characters stay a mood and 150 go to the feed; in the feed's
 * composer 150 stay in Moods and 151 go to the feed. Characters are counted as the server counts them (graphemes):
 * an emoji, a family emoji and a CJK character are one each. The hint names the number that applies.
 */
import { expect, type Page, test } from '@playwright/test';
import { en } from './pages.ts';
import { overflow, person } from './people.ts';

const moodsHint = (max: number) => `Short texts (${max} characters or fewer) are shared in Moods.`;

async function open(page: Page, path: string, prompt: string, label: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: prompt }).click();
  const box = page.getByRole('textbox', { name: label });
  await expect(box).toBeFocused();
  return box;
}

test('the composers’ hint and where the text lands agree with the server at 149, 150 and 151 characters', async ({ browser }) => {
  const me = await person(browser, { viewport: { width: 390, height: 844 } });
  const form = me.page.getByRole('main');

  const mood = await open(me.page, '/mood', en['composer.prompt_mood'], en['composer.label_mood']);
  for (const unit of ['a', '😌', '👨‍👩‍👧', '静']) {
    await mood.fill(unit.repeat(149));
    await expect(form.getByText(moodsHint(149), { exact: true })).toBeVisible();
    await expect(form.getByText('149 / 5,000', { exact: true })).toBeVisible();
    await mood.fill(unit.repeat(150));
    await expect(form.getByText(en['composer.lands_feed'], { exact: true })).toBeVisible();
    await expect(form.getByText('150 / 5,000', { exact: true })).toBeVisible();
  }

  const post = await open(me.page, '/', en['composer.prompt_post'], en['composer.label_post']);
  for (const unit of ['a', '😌', '👨‍👩‍👧', '静']) {
    await post.fill(unit.repeat(150));
    await expect(form.getByText(moodsHint(150), { exact: true })).toBeVisible();
    await post.fill(unit.repeat(151));
    await expect(form.getByText(en['composer.lands_feed'], { exact: true })).toBeVisible();
    await expect(form.getByText('151 / 5,000', { exact: true })).toBeVisible();
  }
  expect(await overflow(me.page)).toBeNull();
  expect(me.errors).toEqual([]);
  await me.close();
});
