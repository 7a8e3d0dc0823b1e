import { expect, type Page, test } from '@playwright/test';

async function continueAsGuest(page: Page) {
  // The dialog opens once the page is interactive.
  await page.waitForLoadState('networkidle');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page.getByTestId('current-user')).toContainText('Signed in as');
}

const problem = (tag: string) =>
  `Since I moved to a new city for work I have not made a single friend, and the weekends feel endless. I keep telling myself it will get better but it has been months now. #${tag}`;

test('a guest writes a problem with a poll, supports it, votes, comments, replies and reports a comment', async ({ page, browser }) => {
  // Two people, a dozen steps: longer than the default budget.
  test.setTimeout(90_000);
  const tag = `lonely${Date.now().toString(36)}`;
  await page.goto('/');
  await continueAsGuest(page);

  await page.getByRole('button', { name: /Share a problem/ }).click();
  const box = page.getByRole('textbox', { name: 'Your post' });
  await box.fill('Too short for the feed');
  await expect(page.getByText('Short texts (150 characters or fewer) are shared in Moods.')).toBeVisible();
  await box.fill(problem(tag));
  await expect(page.getByText('This will be shared in the feed as a post.')).toBeVisible();
  await page.locator('label').filter({ hasText: 'Lonely' }).click();
  await expect(page.getByRole('radio', { name: /Lonely/ })).toBeChecked();
  await page.getByRole('button', { name: 'Add a poll' }).click();
  // An option of spaces only is refused under that option, and the post is not published.
  const first = page.getByRole('textbox', { name: 'Option 1' });
  await first.fill('   ');
  await page.getByRole('textbox', { name: 'Option 2' }).fill('Try an app');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  await expect(first).toHaveAccessibleDescription('This field is required.');
  await first.fill('Join a club');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Post Created' })).toBeVisible();

  // The list starts again from page 1 with the new post on top.
  // Other tests post the same words; the tag makes the card this test's own.
  const card = page.getByRole('article').filter({ hasText: `#${tag}` });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /Support/ }).click();
  await expect(card.getByRole('button', { name: /Support/ })).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('button', { name: 'Join a club' }).click();
  await expect(card.getByRole('button', { name: /Join a club/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText('1 vote')).toBeVisible();

  // The tag links to its page.
  await card.getByRole('link', { name: `#${tag}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `#${tag}` })).toBeVisible();
  await page
    .getByRole('article')
    .filter({ hasText: `#${tag}` })
    .getByRole('link', { name: /comment/i })
    .click();
  await expect(page).toHaveURL(/\/problem\/\d+#comments$/);
  const postUrl = page.url().replace(/#.*/, '');

  await page.getByRole('textbox', { name: 'Write a kind comment' }).fill('Thank you for reading.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you for reading.')).toBeVisible();

  // Someone else replies, votes, and reports the comment.
  const other = await browser.newContext();
  const them = await other.newPage();
  await them.goto(postUrl);
  await continueAsGuest(them);
  await them.goto(postUrl);
  const comment = them.getByRole('listitem').filter({ hasText: 'Thank you for reading.' }).first();
  await comment.getByRole('button', { name: 'Helpful' }).first().click();
  await expect(comment.getByRole('button', { name: 'Helpful' }).first()).toHaveAttribute('aria-pressed', 'true');
  await comment.getByRole('button', { name: 'Reply' }).first().click();
  await them.getByRole('textbox', { name: /Reply to/ }).fill('You are not alone in this.');
  await them.getByRole('button', { name: 'Send' }).last().click();
  await expect(them.getByText('You are not alone in this.')).toBeVisible();
  await comment.getByRole('button', { name: 'Report' }).first().click();
  const dialog = them.getByRole('dialog', { name: 'Report this comment' });
  await dialog.getByRole('radio').first().check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(them.getByText('Thanks for reporting this comment')).toBeVisible();
  // Reported once, the comment offers no second Report: the words say so and take the focus, after a reload too.
  await expect(comment.getByText('You reported this comment').first()).toBeFocused();
  await them.reload();
  const reported = them.getByRole('listitem').filter({ hasText: 'Thank you for reading.' }).first();
  await expect(reported.getByText('You reported this comment').first()).toBeVisible();
  await expect(reported.getByRole('button', { name: 'Report' })).toHaveCount(0);
  await other.close();

  // The author sees the reply after a reload, with the vote counted.
  await page.reload();
  await expect(page.getByText('You are not alone in this.')).toBeVisible();
});

test('a short text written in the feed lands in Moods with a notice, and a mood gets a reaction', async ({ page }) => {
  await page.goto('/');
  await continueAsGuest(page);
  const text = `Tired but hopeful today ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: /Share a problem/ }).click();
  await page.getByRole('textbox', { name: 'Your post' }).fill(text);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Your text is short, so it was shared in Moods.')).toBeVisible();

  await page.goto('/mood');
  const card = page.getByRole('article').filter({ hasText: text });
  await expect(card).toBeVisible();
  // The server's markup shows the button before the page is interactive; a click then does nothing (seen on CI).
  await page.waitForLoadState('networkidle');
  // Shown pressed at once; reloaded only once the server has it (a reload first lost it once on CI).
  const stored = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/interactions' && r.request().method() === 'POST');
  await card.getByRole('button', { name: /Hug/ }).click();
  await expect(card.getByRole('button', { name: /Hug/ })).toHaveAttribute('aria-pressed', 'true');
  expect((await stored).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('article').filter({ hasText: text }).getByRole('button', { name: /Hug/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('the author edits a post, deletes it after confirming, and its page is then a 404', async ({ page }) => {
  await page.goto('/');
  await continueAsGuest(page);
  await page.getByRole('button', { name: /Share a problem/ }).click();
  const tag = `bye${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Your post' }).fill(problem(tag));
  await page.getByRole('button', { name: 'Publish' }).click();
  await page
    .getByRole('article')
    .filter({ hasText: `#${tag}` })
    .getByRole('link', { name: /comment/i })
    .click();
  await expect(page).toHaveURL(/\/problem\/\d+/);
  const url = page.url().replace(/#.*/, '');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Edit your post' }).fill(`${problem(tag)} Edited: a neighbour invited me for coffee.`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Post Updated')).toBeVisible();
  await expect(page.getByText('Edited: a neighbour invited me for coffee.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Post has been successfully deleted.')).toBeVisible();
  const res = await page.goto(url);
  expect(res?.status()).toBe(404);
});

test('what someone writes survives a reload and a cancel, is forgotten at sign-out, and a sent comment leaves no draft', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await page.goto('/');
  await continueAsGuest(page);
  const text = problem(`draft${Date.now().toString(36)}`);
  await page.getByRole('button', { name: /Share a problem/ }).click();
  await page.getByRole('textbox', { name: 'Your post' }).fill(text);

  // A reload (or a new build's full page load) keeps it; the closed composer shows it.
  await page.reload();
  const prompt = page.getByRole('button', { name: /Share a problem/ });
  await expect(prompt).toContainText(text.slice(0, 40));
  await prompt.click();
  await expect(page.getByRole('textbox', { name: 'Your post' })).toHaveValue(text);
  // Cancel closes without throwing the text away.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: /Share a problem/ }).click();
  await expect(page.getByRole('textbox', { name: 'Your post' })).toHaveValue(text);

  // Signing out forgets it, so the next person on a shared browser finds nothing.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out anyway' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kindred:draft:')))).toEqual([]);
  await continueAsGuest(page);
  await expect(page.getByRole('button', { name: /Share a problem/ })).not.toContainText(text.slice(0, 40));

  // A comment draft too: written, reloaded, still there.
  const other = await browser.newPage();
  await other.goto('/');
  await continueAsGuest(other);
  await other.getByRole('article').first().getByRole('link').first().click();
  await expect(other).toHaveURL(/\/problem\/\d+$/);
  const comment = other.getByRole('textbox', { name: 'Write a kind comment' });
  await comment.fill('I went through the same thing last year.');
  await other.reload();
  await expect(other.getByRole('textbox', { name: 'Write a kind comment' })).toHaveValue('I went through the same thing last year.');
  await other.getByRole('button', { name: 'Send', exact: true }).first().click();
  await expect(other.getByRole('textbox', { name: 'Write a kind comment' })).toHaveValue('');
  await other.reload();
  await expect(other.getByRole('textbox', { name: 'Write a kind comment' })).toHaveValue('');
  await other.close();
});

test('words typed before the page hydrates are kept (a slow phone), and kept as the draft', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const guest = await page.request.post('/api/guest-login', { data: {} });
  expect(guest.status()).toBe(201);
  // The page's scripts wait until the person has typed into the box the server rendered.
  let typed: () => void = () => {};
  const typedFirst = new Promise<void>((resolve) => {
    typed = resolve;
  });
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await typedFirst;
    await route.continue();
  });
  await page.goto('/thought', { waitUntil: 'domcontentloaded' });
  const box = page.getByRole('textbox', { name: 'Share a thought' });
  const words = 'Tonight I managed to call my sister';
  await box.fill(words);
  // Listening before the scripts are let go (the event is sent once): an evaluate still on its way when they ran
  // would wait forever.
  await page.evaluate(() => {
    const w = window as unknown as { hydrated: Promise<void> };
    w.hydrated = new Promise<void>((resolve) => document.addEventListener('kindred:hydrated', () => resolve(), { once: true }));
  });
  typed();
  await page.evaluate(() => (window as unknown as { hydrated: Promise<void> }).hydrated);
  await expect(box).toHaveValue(words);
  await box.press('End');
  await box.pressSequentially(', and it helped.');
  await expect(box).toHaveValue(`${words}, and it helped.`);
  await page.reload();
  await expect(box).toHaveValue(`${words}, and it helped.`);
});
