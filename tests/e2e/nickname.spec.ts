/**
 * Change nickname (/changeNickname): the suggestions are nicknames no member uses, and when someone takes the chosen
 * one between its offer and Save, the person is told so and offered fresh suggestions, none of them that one. In
 * English again: a language composes 2,304 nicknames (decision 070), and the whole e2e run signs in a few hundred
 * English guests at most (with 144 they took them all: CI-3 of stop 31).
 */
import { expect, test } from '@playwright/test';
import { catalog } from './pages.ts';
import { call, overflow, person } from './people.ts';

const en = catalog('en');

test('a suggestion taken by someone else before Save is explained, and fresh suggestions replace it', async ({ browser, baseURL }) => {
  const me = await person(browser, { viewport: { width: 390, height: 844 } });
  const other = await person(browser);
  await me.page.goto('/changeNickname');
  const suggestions = me.page.getByRole('group', { name: en['settings.nickname.suggestions'] }).getByRole('radio');
  await expect(suggestions).toHaveCount(6);
  await me.page.waitForLoadState('networkidle');

  const names = () =>
    me.page.evaluate(() =>
      [...document.querySelectorAll('input[type="radio"][name="nickname"]')].map((r) => r.parentElement?.textContent?.trim() ?? ''),
    );
  const before = await names();
  expect(before).not.toContain(me.nickname);
  const chosen = before[0];
  await suggestions.first().check();

  // Someone else takes it first (typed, which needs no id).
  expect((await call(baseURL, other, 'PUT', `/api/users/${other.id}`, { nickname: chosen })).status).toBe(200);

  await me.page.getByRole('button', { name: en['common.save'] }).click();
  await expect(me.page.getByRole('alert').filter({ hasText: en['validation.nickname_taken'] })).toHaveText(en['validation.nickname_taken']);
  await expect.poll(names).not.toEqual(before);
  const fresh = await names();
  expect(fresh).toHaveLength(6);
  expect(fresh).not.toContain(chosen);
  await expect(suggestions.first()).not.toBeChecked();
  expect(await overflow(me.page)).toBeNull();
  // The refused Save is the only failed request the browser reports.
  expect(me.errors).toEqual([expect.stringContaining('the server responded with a status of 422')]);
  await Promise.all([me.close(), other.close()]);
});
