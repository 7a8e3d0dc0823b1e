/**
 * The Content-Security-Policy holds while the app runs: pages hydrate, navigate, open the lazily loaded sign-in
 * dialog with its QR image, draw a voted poll and connect their socket without one violation, the API docs UI
 * works under its own policy, and a script the page did not write is refused.
 */
import { expect, type Page, type Response, test } from '@playwright/test';

/** Console errors, page errors and every CSP violation of the page (reported through the console too). */
async function watch(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (m) => {
    // The browser's own line for a page answered 404 is the not-found page working, not a fault.
    if (m.type() === 'error' && !m.text().includes('the server responded with a status of 404')) problems.push(m.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

/** The page's scripts ran: React Router's inline context, then the hydrated router the module script makes. */
async function hydrated(page: Page, res: Response | null) {
  expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[\w+/=]+'; .*frame-ancestors 'none'/);
  await page.waitForFunction(() => '__reactRouterDataRouter' in window);
  await page.waitForLoadState('networkidle');
}

async function guestToken(page: Page) {
  const res = await page.request.post('/api/guest-login', { data: {} });
  expect(res.status()).toBe(201);
  return (await res.json()).token as string;
}

test('guest pages and the 404 hydrate without a CSP violation', async ({ page }) => {
  const problems = await watch(page);
  for (const path of ['/', '/mood', '/topic', '/thought', '/ar/FAQ', '/search?q=sleep', '/no-such-page']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
    await hydrated(page, res);
  }
  // A client navigation loads no document, only the next screen's data and route chunk, under the first page's policy.
  await hydrated(page, await page.goto('/terms-and-conditions'));
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/FAQ$/);
  expect(documents).toEqual([]);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('the sign-in dialog, its QR image and a signed-in poll page run under the policy', async ({ page }) => {
  const problems = await watch(page);
  // The dialog loads on first use and shows its QR code as a data: image.
  const res = await page.goto('/?signin=1');
  await hydrated(page, res);
  const qr = page.getByRole('dialog').locator('img[src^="data:image/svg+xml"]');
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // A voted poll: its bars are drawn server-side, where an inline style would be refused.
  const token = await guestToken(page);
  const auth = { Authorization: `Bearer ${token}` };
  const content = `${'Some nights the worry about work keeps me awake until the birds start singing outside. '.repeat(2)}${Date.now()}`;
  const created = await page.request.post('/api/posts', { data: { content, poll: { options: ['Reading', 'Music'] } }, headers: auth });
  expect(created.status(), await created.text()).toBe(201);
  const post = (await created.json()).data;
  const voted = await page.request.post('/api/user/update/vote', { data: { poll_option_id: post.poll.options[0].id }, headers: auth });
  expect(voted.status()).toBe(200);
  const reply = await page.goto(`/problem/${post.id}`);
  await hydrated(page, reply);
  expect(problems).toEqual([]);
  // The one vote is the first option's: its bar is full.
  await expect(page.locator('fieldset svg rect').first()).toHaveAttribute('width', '100%');
  for (const path of ['/profile', '/settings/general']) await hydrated(page, await page.goto(path));
  expect(problems).toEqual([]);
});

test('the API docs UI runs under its own policy', async ({ page }) => {
  const problems = await watch(page);
  const res = await page.goto('/api/docs');
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Kindred API');
  await expect(page.locator('.opblock').first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('a script the page did not write is refused and reported', async ({ page }) => {
  const problems = await watch(page);
  await hydrated(page, await page.goto('/FAQ'));
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
    return 'injected' in window;
  });
  expect(ran).toBe(false);
  await expect.poll(() => problems.filter((p) => p.startsWith('CSP violation: script-src-elem inline'))).toHaveLength(1);
});
