/**
 * Where a text will land, as the composer says it while it is written, agrees with where the server puts it
 * (core/limits.ts moodMax): in the mood composer 149 characters stay a mood and 150 go to the feed; in the feed's
 * composer 150 stay in Moods and 151 go to the feed. Characters are counted as the server counts them (graphemes):
 * an emoji, a family emoji and a CJK character are one each. The hint names the number that applies.
 */
import { expect, type Page, test } from '@playwright/test';
import { en } from './pages.ts';
import { call, overflow, person } from './people.ts';

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

test('editing a mood past its 149 characters: Save waits and the counter says why; at 149 it saves', async ({ browser, baseURL }) => {
  const me = await person(browser, { viewport: { width: 390, height: 844 } });
  const feelings = await call(baseURL, me, 'GET', '/api/feelings?type=mood');
  const feeling = (feelings.body as { data: { id: number }[] }).data[0].id;
  const made = await call(baseURL, me, 'POST', '/api/user/store/moods', { content: `Quiet evening ${Date.now()}`, feeling_id: feeling });
  expect(made.status).toBe(201);
  const id = (made.body as { data: { id: number } }).data.id;
  await me.page.goto('/mood');
  await me.page.waitForLoadState('networkidle');
  const card = me.page.locator(`[data-item="mood-${id}"]`);
  await card.getByRole('button', { name: en['common.edit'] }).click();
  const box = card.getByRole('textbox');
  await expect(box).toBeFocused();
  const save = card.getByRole('button', { name: en['common.save'] });
  await box.fill('静'.repeat(150));
  await expect(card.getByText('150 / 149', { exact: true })).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await box.fill('静'.repeat(149));
  await expect(save).toBeEnabled();
  await save.click();
  await expect(me.page.getByRole('status').filter({ hasText: en['moods.updated'] })).toBeVisible();
  await expect(card).toContainText('静'.repeat(149));
  expect(me.errors).toEqual([]);
  await me.close();
});
