/**
 * The frame of issue 3: every route in several languages, layouts, the not-found screen, the auth guard,
 * theme and language persistence, prefetching, the new-build reload and accessibility (axe-core).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, request, test } from '@playwright/test';
import { LOCALES } from '../../core/locales.ts';
import { at, catalog, en, fill, fixtures, MISSING, openLanguageMenu, PUBLIC, SIGN_IN, signInAsGuest } from './pages.ts';

// Its tests share nothing but the server (each has its own page, guest and fixtures). Run in order they kept one of
// CI's two workers busy for 6.3 of the suite's 8.0 minutes; in parallel they spread over both.
test.describe.configure({ mode: 'parallel' });

for (const code of ['en', 'ar', 'ja', 'de']) {
  test(`every route renders in ${code}`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const f = await fixtures(baseURL);
    for (const path of [...PUBLIC.map((p) => fill(p, f)), ...f.more]) {
      const res = await page.goto(at(code, path));
      // Exactly 200, and no error screen: a loader that cannot have its data fails the page (issue 10).
      expect(res?.status(), path).toBe(200);
      await expect(page.getByTestId('route-error'), path).toHaveCount(0);
      await expect(page.getByTestId('not-found'), path).toHaveCount(0);
      await expect(page.locator('html'), path).toHaveAttribute('lang', code);
      await expect(page.locator('h1').first(), path).toBeVisible();
      // The QR page holds a one-time secret and stays out of search engines, so it names no canonical address.
      await expect(page.locator('link[rel="canonical"]'), path).toHaveCount(path.startsWith('/qr/') ? 0 : 1);
    }
    for (const path of MISSING) {
      const res = await page.goto(at(code, path));
      expect(res?.status(), path).toBe(404);
      await expect(page.getByTestId('not-found'), path).toBeVisible();
    }
    // Signed out, every sign-in page sends the visitor to the root of the language.
    for (const path of SIGN_IN) {
      await page.goto(at(code, path));
      expect(new URL(page.url()).pathname, path).toBe(at(code, '/'));
    }
    await signInAsGuest(page);
    for (const path of SIGN_IN) {
      const res = await page.goto(at(code, path));
      expect(res?.status(), path).toBe(200);
      await expect(page.getByTestId('route-error'), path).toHaveCount(0);
      await expect(page, path).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
      await expect(page.locator('h1').first(), path).toBeVisible();
    }
  });
}

test('an unknown path is a 404 with the not-found texts and a way home in the same language', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Whoops! You got lost' })).toBeVisible();
  await expect(page.getByText(en['notfound.text'])).toBeVisible();
  await expect(page.getByText('Page Not Found: /no-such-page')).toBeVisible();
  await expect(page).toHaveTitle(en['meta.notfound.title']);
  await page.getByRole('link', { name: "Let's go home" }).click();
  await expect(page).toHaveURL(/\/$/);

  const ar = catalog('ar');
  expect((await page.goto('/ar/no/such/page'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: ar['notfound.heading'] })).toBeVisible();
  await page.getByRole('link', { name: ar['notfound.home'] }).click();
  await expect(page).toHaveURL(/\/ar$/);

  // The language segment takes only the codes served under a prefix: not an unknown one, and not English.
  for (const path of ['/xx/mood', '/en/mood', '/en']) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.getByText(`Page Not Found: ${path}`), path).toBeVisible();
  }
});

test('Arabic is laid out right to left', async ({ page }, info) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // Mirrored: the brand sits at the right edge, the controls at the left; the side column is on the left.
  const box = async (locator: Locator) => {
    await expect(locator).toBeVisible();
    const b = await locator.boundingBox();
    if (!b) throw new Error(`no box for ${locator}`);
    return b;
  };
  const brand = await box(page.getByRole('banner').getByRole('link', { name: 'Kindred' }));
  const language = await box(page.getByTestId('language-switcher'));
  const main = await box(page.locator('main'));
  const aside = await box(page.getByRole('complementary', { name: catalog('ar')['home.aside.label'] ?? en['home.aside.label'] }));
  expect(brand.x).toBeGreaterThan(language.x);
  expect(main.x).toBeGreaterThan(aside.x);
  await page.screenshot({ path: info.outputPath('ar-home.png'), fullPage: true });
  await page.goto('/ar/FAQ');
  await page.screenshot({ path: info.outputPath('ar-faq.png') });
});

test('the auth guard opens the sign-in dialog at the root of the language', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);
  const dialog = page.getByRole('dialog', { name: en['auth.dialog.title'] });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Continue as guest' })).toBeVisible();
  // Closing it leaves the visitor on the feed, and a reload does not ask again.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(dialog).toBeHidden();

  await page.goto('/de/settings/general');
  await expect(page).toHaveURL(/\/de$/);
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('signing out on a sign-in page goes to the root without asking to sign in again', async ({ page }) => {
  await signInAsGuest(page);
  await page.goto('/profile');
  await page.getByRole('button', { name: en['auth.sign_out'] }).click();
  await page.getByRole('dialog').getByRole('button', { name: en['auth.signout_guard.sign_out_anyway'] }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: en['auth.sign_in'] })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('a catalog that fails to load is logged and English is shown instead', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.route(/\/assets\/de-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/About');
  await openLanguageMenu(page);
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/de\/About$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('button', { name: en['theme.to_dark'] })).toBeVisible();
  expect(errors.some((e) => e.includes('Failed locale loading'))).toBe(true);
});

test('a signed-in header is one row on a desktop in every language, the theme button an icon named in words', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsGuest(page);
  const twoRows: string[] = [];
  for (const { code } of LOCALES) {
    const t = catalog(code);
    await page.goto(at(code, '/chat'));
    await expect(page.getByRole('button', { name: t['theme.to_dark'] })).toHaveAttribute('title', t['theme.to_dark']);
    // The brand and "Sign out", the row's first and last, on one line: the German words once pushed it onto two.
    const middle = async (l: Locator) => {
      const b = await l.boundingBox();
      return (b?.y ?? 0) + (b?.height ?? 0) / 2;
    };
    const banner = page.getByRole('banner');
    const brand = await middle(banner.getByRole('link', { name: t['app.name'], exact: true }));
    const signOut = await middle(banner.getByRole('button', { name: t['auth.sign_out'] }));
    if (Math.abs(brand - signOut) > 12) twoRows.push(code);
  }
  expect(twoRows).toEqual([]);
});

test('the theme persists across a reload', async ({ page }) => {
  await page.goto('/FAQ');
  await page.getByRole('button', { name: en['theme.to_dark'] }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: en['theme.to_light'] }).click();
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('switching language loads its catalog, keeps the screen and persists', async ({ page, context }) => {
  const de = catalog('de');
  await page.goto('/FAQ');
  await openLanguageMenu(page);
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/de\/FAQ$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The German catalog arrived without a full load: the header speaks German.
  await expect(page.getByRole('button', { name: de['theme.to_dark'] })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'locale');
  expect(cookie?.value).toBe('de');
  expect(cookie?.sameSite).toBe('Lax');
  expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The unprefixed address follows the remembered choice.
  await page.goto('/mood');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // Arabic turns the page around without a reload.
  await openLanguageMenu(page);
  await page.getByRole('link', { name: 'العربية' }).click();
  await expect(page).toHaveURL(/\/ar\/mood$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await openLanguageMenu(page);
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/mood$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the languages page switches language and saves it to the account', async ({ page }) => {
  await signInAsGuest(page);
  await page.goto('/languages');
  await expect(page.locator('main li')).toHaveCount(37);
  await page.getByRole('link', { name: /日本語/ }).click();
  await expect(page).toHaveURL(/\/ja\/languages$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect.poll(async () => (await (await page.request.get('/api/get/data/user')).json()).data.locale).toBe('ja');
});

test('every page carries its canonical URL and hreflang alternates for all languages', async ({ page, baseURL }) => {
  await page.goto('/ar/FAQ');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/ar/FAQ`);
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(38);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${baseURL}/FAQ`);
  await expect(page.locator('link[rel="alternate"][hreflang="ja"]')).toHaveAttribute('href', `${baseURL}/ja/FAQ`);
  await page.goto('/mood');
  await expect(page).toHaveTitle(en['meta.moods.title']);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', en['meta.moods.description']);
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', en['meta.moods.keywords']);
});

test("the title follows client navigations, and keeps the unread count in front of each page's", async ({ page, baseURL }) => {
  const nav = page.getByRole('navigation', { name: en['nav.main'] });
  await page.goto('/mood');
  await expect(page).toHaveTitle(en['meta.moods.title']);
  await nav.getByRole('link', { name: en['nav.feeds'], exact: true }).click();
  await expect(page).toHaveTitle(en['meta.feeds.title']);
  await nav.getByRole('link', { name: en['nav.topics'], exact: true }).click();
  await expect(page).toHaveTitle(en['meta.topics.title']);

  // Signed in with a message request waiting: "(1) " goes before each page's own title.
  const me = await signInAsGuest(page);
  const other = await request.newContext({ baseURL });
  const { token } = await (await other.post('/api/guest-login', { data: {} })).json();
  const sent = await other.post('/api/messages', {
    data: { user_id: me.id, content: 'Hello, I read your post and wanted to say you are not alone.' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(sent.status()).toBe(201);
  await other.dispose();
  await page.goto('/mood');
  await expect(page).toHaveTitle(`(1) ${en['meta.moods.title']}`);
  await nav.getByRole('link', { name: en['nav.thoughts'], exact: true }).click();
  await expect(page).toHaveTitle(`(1) ${en['meta.thoughts.title']}`);
  await nav.getByRole('link', { name: en['nav.feeds'], exact: true }).click();
  await expect(page).toHaveTitle(`(1) ${en['meta.feeds.title']}`);
});

test('static pages have their full text, and a hash target is scrolled to', async ({ page }) => {
  await page.goto('/FAQ');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByText('If you are in danger, call your local emergency number now.')).toBeVisible();
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'How do I delete my account?' }).click();
  await expect(page).toHaveURL(/#delete$/);
  await expect(page.locator('#delete')).toBeInViewport();
  await page.goto('/privacy-policy#cookies');
  await expect(page.locator('#cookies')).toBeInViewport();
  await expect(page.getByRole('link', { name: 'support@kindred.example' }).first()).toHaveAttribute(
    'href',
    'mailto:support@kindred.example',
  );
});

test('a navigation scrolls back to the top', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 500 });
  await page.goto('/terms-and-conditions');
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/FAQ$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('avatar and nickname change against the API, with a toast', async ({ page }) => {
  const me = await signInAsGuest(page);
  await page.goto('/changeAvatar');
  const options = page.getByRole('radio');
  const avatars = (await (await page.request.get('/api/get-avatars')).json()).data as { id: number }[];
  await expect(options).toHaveCount(avatars.length);
  const current = avatars.findIndex((a) => a.id === me.avatar?.id);
  await expect(options.nth(current)).toBeChecked();
  const pick = current === 0 ? 2 : 1;
  await page.getByRole('img', { name: `Avatar ${pick}`, exact: true }).click();
  await expect(options.nth(pick - 1)).toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: en['settings.avatar.saved'] })).toBeVisible();
  const after = (await (await page.request.get('/api/get/data/user')).json()).data;
  expect(after.avatar.id).toBe(avatars[pick - 1].id);

  await page.goto('/changeNickname');
  await page.getByRole('radio', { name: en['settings.nickname.own'] }).check();
  const mine = `Quiet Reader ${Date.now() % 10000}`;
  await page.getByLabel(en['settings.nickname.own_label'], { exact: true }).fill(mine);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: en['settings.nickname.saved'] })).toBeVisible();
  await expect(page.getByTestId('current-user')).toContainText(mine);
});

test('profile shows the rank ladder of the signed-in user', async ({ page }) => {
  const me = await signInAsGuest(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: me.nickname })).toBeVisible();
  await expect(page.getByTestId('rank-name')).toHaveText(en['rank.newcomer']);
});

test('links prefetch on intent, but not on a data-saving connection', async ({ page, browser }) => {
  await page.goto('/FAQ');
  await page.getByRole('navigation', { name: en['nav.main'] }).getByRole('link', { name: en['nav.moods'] }).hover();
  await expect(page.locator('link[rel="prefetch"][href*="mood.data"]')).toHaveCount(1);

  const saving = await browser.newPage();
  await saving.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
  await saving.clock.install();
  await saving.goto(page.url());
  await saving.getByRole('navigation', { name: en['nav.main'] }).getByRole('link', { name: en['nav.moods'] }).hover();
  // Past the hover-intent delay on the page's clock: the prefetch was decided, and refused, by now.
  await saving.clock.runFor(1_000);
  await expect(saving.locator('link[rel="prefetch"][href*="mood.data"]')).toHaveCount(0);
  await saving.close();
});

test('a newer build makes the next navigation a full page load', async ({ page }) => {
  await page.goto('/FAQ');
  await page.route('**/builds/latest.json*', (route) =>
    route.fulfill({ json: { id: 'a-newer-build', timestamp: new Date().toISOString() } }),
  );
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
  let polled = false;
  page.on('request', (r) => {
    if (r.url().includes('/builds/latest.json')) polled = true;
  });
  // Regaining focus asks for the latest build (again until the page has hydrated and listens).
  await expect
    .poll(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      return polled;
    })
    .toBe(true);
  await page.getByRole('navigation', { name: en['nav.main'] }).getByRole('link', { name: en['nav.moods'] }).click();
  await expect(page).toHaveURL(/\/mood$/);
  await expect.poll(() => page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
});

for (const [code, theme] of [
  ['en', 'light'],
  ['ar', 'light'],
  ['en', 'dark'],
  ['ar', 'dark'],
] as const) {
  test(`no serious or critical accessibility violations in ${code}, ${theme} theme`, async ({ page, context, baseURL }) => {
    test.setTimeout(180_000);
    const f = await fixtures(baseURL);
    // The theme cookie outranks the account's theme, so the pages stay in this theme after signing in too.
    await context.addCookies([{ name: 'theme', value: theme, url: baseURL ?? '' }]);
    // Every page is checked before failing, so one run lists all the problems.
    const problems: string[] = [];
    const audit = async (label: string) => {
      const { violations } = await new AxeBuilder({ page }).analyze();
      for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
        problems.push(`${label} ${v.id} (${v.impact}): ${v.help} [${v.nodes.map((n) => n.target.join(' ')).join(', ')}]`);
      }
    };
    const visit = async (path: string) => {
      await page.goto(at(code, path));
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await audit(path);
    };
    for (const path of [...PUBLIC.map((p) => fill(p, f)), ...f.more, '/no-such-page']) await visit(path);
    // The open language menu and the sign-in dialog are part of the page too.
    await page.goto(at(code, '/'));
    await openLanguageMenu(page);
    await audit('language menu');
    await page.keyboard.press('Escape');
    await page
      .getByRole('banner')
      .getByRole('button', { name: catalog(code)['auth.sign_in'] ?? en['auth.sign_in'] })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit('sign-in dialog');
    await signInAsGuest(page);
    for (const path of SIGN_IN) await visit(path);
    expect(problems).toEqual([]);
  });
}
