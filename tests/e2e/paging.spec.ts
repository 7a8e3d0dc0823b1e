/**
 * "Show more" on numbered pages while the list moves under them (decision 069): what the reader hid on the first
 * page moved later posts up on the server, and asking for page 2 alone skipped as many of them; posts written
 * meanwhile pushed others down, and they came twice; more than a page of posts deleted meanwhile skipped the surplus.
 * A tag page of its own, so other specs' posts stay out of it.
 */
import { expect, test } from '@playwright/test';
import { call, type Person, person } from './people.ts';

/** Over 150 characters, so each is a post; `n` makes each one different (no duplicate refusal) and findable. */
const text = (tag: string, n: number) =>
  `Number ${n}: some evenings the quiet in the flat is louder than any noise, and I keep the television on just to hear voices. Does anyone else do this? #${tag}`;

async function write(baseURL: string | undefined, who: Person, tag: string, n: number) {
  const res = await call(baseURL, who, 'POST', '/api/posts', { content: text(tag, n) });
  expect(res.status).toBe(201);
  return (res.body as { data: { tags: { id: number; name: string }[] } }).data.tags.find((t) => t.name === tag)?.id;
}

test('Show more after hiding posts on the first page shows every other post once, and posts written meanwhile do not come twice', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = `evenings${Date.now().toString(36)}`;
  // Five posts a day each (API.md): four writers for sixteen posts, 1 the oldest.
  const writers = [await person(browser), await person(browser), await person(browser), await person(browser)];
  let tagId: number | undefined;
  for (let n = 1; n <= 14; n++) tagId = await write(baseURL, writers[Math.floor((n - 1) / 5)], tag, n);
  const [hider, reader] = [await person(browser), await person(browser)];
  const cards = (p: Person) => p.page.getByRole('main').getByRole('article');
  const card = (p: Person, n: number) => cards(p).filter({ hasText: `Number ${n}:` });
  const showMore = (p: Person) => p.page.getByRole('button', { name: 'Show more' }).click();
  // Newest first: 14 to 5 on the first page, 4 to 1 on the second.
  for (const p of [hider, reader]) {
    await p.page.goto(`/tag/${tagId}`);
    await expect(cards(p)).toHaveCount(10);
    await p.page.waitForLoadState('networkidle');
  }

  // Two hidden on the first page: on the server 4 and 3 are now on it, and page 2 holds 2 and 1 alone.
  for (const n of [13, 9]) {
    await card(hider, n).getByRole('button', { name: 'Hide', exact: true }).click();
    await expect(card(hider, n)).toHaveCount(0);
  }
  await showMore(hider);
  const rest = [14, 12, 11, 10, 8, 7, 6, 5, 4, 3, 2, 1];
  await expect(cards(hider)).toHaveCount(rest.length);
  for (const n of rest) await expect(card(hider, n)).toHaveCount(1);

  // Two new posts at the top: on the server 6 and 5 are now on page 2, which the reader's first page holds.
  await write(baseURL, writers[2], tag, 15);
  await write(baseURL, writers[3], tag, 16);
  await showMore(reader);
  await expect(cards(reader)).toHaveCount(14);
  for (let n = 1; n <= 14; n++) await expect(card(reader, n)).toHaveCount(1);
  await expect(card(reader, 15)).toHaveCount(0);

  expect([hider.errors, reader.errors]).toEqual([[], []]);
  await Promise.all([...writers, hider, reader].map((p) => p.close()));
});

test('Show more after more than a page of posts left shows every post that remains, none skipped', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const tag = `letters${Date.now().toString(36)}`;
  // Five writers, five posts each (the daily limit): 25 posts, 1 the oldest.
  const writers = await Promise.all([0, 1, 2, 3, 4].map(() => person(browser)));
  const ids = new Map<number, number>();
  let tagId: number | undefined;
  for (let n = 1; n <= 25; n++) {
    const res = await call(baseURL, writers[Math.floor((n - 1) / 5)], 'POST', '/api/posts', { content: text(tag, n) });
    expect(res.status).toBe(201);
    const made = (res.body as { data: { id: number; tags: { id: number; name: string }[] } }).data;
    ids.set(n, made.id);
    tagId = made.tags.find((t) => t.name === tag)?.id;
  }
  const reader = await person(browser);
  const cards = reader.page.getByRole('main').getByRole('article');
  const card = (n: number) => cards.filter({ hasText: `Number ${n}:` });
  await reader.page.goto(`/tag/${tagId}`);
  await expect(cards).toHaveCount(10);
  await reader.page.waitForLoadState('networkidle');
  await reader.page.getByRole('button', { name: 'Show more' }).click();
  await expect(cards).toHaveCount(20);

  // Twelve of the twenty on screen deleted by their writers meanwhile: on the server 25 and 12 to 1 remain, and page
  // 2 holds 3, 2 and 1 alone; the last post the reader holds (6) is back on page 1, with 5 and 4 after it.
  for (let n = 24; n >= 13; n--) {
    expect((await call(baseURL, writers[Math.floor((n - 1) / 5)], 'DELETE', `/api/posts/${ids.get(n)}`)).status).toBe(200);
  }
  await reader.page.getByRole('button', { name: 'Show more' }).click();
  await expect(card(1)).toHaveCount(1);
  for (const n of [25, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]) await expect(card(n), `post ${n}`).toHaveCount(1);
  await expect(reader.page.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  expect(reader.errors).toEqual([]);
  await Promise.all([...writers, reader].map((p) => p.close()));
});
