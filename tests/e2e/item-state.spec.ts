/**
 * One state per item across views (app/lib/items.ts): a post supported on its own page shows supported in the
 * lists beside it and in the feed after a client navigation, the trending column follows the feed card on the
 * same page without a reload, and rapid clicks end in the last click's state, which the server keeps.
 */
import { expect, type Page, test } from '@playwright/test';

async function continueAsGuest(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page.getByTestId('current-user')).toContainText('Signed in as');
}

/** A write through the API as the signed-in page (its cookie and CSRF token); the screens under test only read. */
async function send(page: Page, path: string, body: object): Promise<{ status: number; id: number }> {
  return page.evaluate(
    async ({ path, body }) => {
      const token = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
      const res = await fetch(path, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': token },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { data: { id: number } };
      return { status: res.status, id: json.data.id };
    },
    { path, body },
  );
}

const story = (marker: string, tag: string) =>
  `My sister stopped answering my calls after an argument about our parents, and every week that passes makes it harder to reach out first. I miss her. ${marker} #${tag}`;

test('a post has one state on its page, in related posts, in the feed and in trending; rapid clicks end in the last one', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const tag = `family${run}`;
  const [markX, markY] = [`first-${run}`, `second-${run}`];
  await page.goto('/');
  await continueAsGuest(page);

  // Y, then X, share a tag, so each is a related post of the other.
  expect((await send(page, '/api/posts', { content: story(markY, tag) })).status).toBe(201);
  const x = await send(page, '/api/posts', { content: story(markX, tag) });
  expect(x.status).toBe(201);
  // Four comments make X the most active post of the week (the demo posts have at most four supports and
  // comments together), so it is in the trending column.
  for (const n of [1, 2, 3, 4]) {
    expect((await send(page, '/api/comments', { post_id: x.id, content: `Comment ${n}: I hope you two talk soon.` })).status).toBe(201);
  }

  await page.goto('/');
  const trending = page.getByRole('region', { name: 'Trending' });
  const trendingX = trending.getByRole('listitem').filter({ hasText: markX });
  await expect(trendingX).toContainText('0 supports · 4 comments');
  const feedX = page.getByRole('article').filter({ hasText: markX });
  await feedX.getByRole('link', { name: /4 comments/ }).click();

  // The post's page, reached by a client navigation.
  await expect(page).toHaveURL(new RegExp(`/problem/${x.id}#comments$`));
  const main = page.getByRole('article').filter({ hasText: markX });
  const related = page.getByRole('region', { name: 'Related posts' });
  const relatedY = related.getByRole('article').filter({ hasText: markY });
  await main.getByRole('button', { name: /Support/ }).click();
  await relatedY.getByRole('button', { name: /Support/ }).click();
  await expect(main.getByRole('button', { name: /Support/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(main.getByRole('button', { name: /Support/ })).toHaveText(/Support\s*1/);
  await expect(relatedY.getByRole('button', { name: /Support/ })).toHaveAttribute('aria-pressed', 'true');

  // Back to the feed by a client navigation: both cards and the trending column show the supports.
  await page.getByRole('link', { name: 'Back to the feed' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(feedX.getByRole('button', { name: /Support/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page
      .getByRole('article')
      .filter({ hasText: markY })
      .getByRole('button', { name: /Support/ }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(trendingX).toContainText('1 support · 4 comments');

  // On one page, the trending column follows the feed card at once.
  await feedX.getByRole('button', { name: /Support/ }).click();
  await expect(feedX.getByRole('button', { name: /Support/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(trendingX).toContainText('0 supports · 4 comments');

  // Five quick clicks from "not supported": the fifth click's state, and nothing flips back once the requests end.
  const supportX = feedX.getByRole('button', { name: /Support/ });
  for (let click = 0; click < 5; click++) await supportX.click();
  await expect(supportX).toHaveAttribute('aria-pressed', 'true');
  // aria-busy stays on until the server has confirmed the last click.
  await expect(supportX).toHaveAttribute('aria-busy', 'false');
  await expect(supportX).toHaveAttribute('aria-pressed', 'true');
  await expect(trendingX).toContainText('1 support · 4 comments');
  await page.reload();
  await expect(supportX).toHaveAttribute('aria-pressed', 'true');
  await expect(trendingX).toContainText('1 support · 4 comments');

  // Four quick clicks: back where it started, and the server agrees.
  for (let click = 0; click < 4; click++) await supportX.click();
  await expect(supportX).toHaveAttribute('aria-pressed', 'true');
  await expect(supportX).toHaveAttribute('aria-busy', 'false');
  await page.reload();
  await expect(supportX).toHaveAttribute('aria-pressed', 'true');
  await expect(trendingX).toContainText('1 support · 4 comments');
});
