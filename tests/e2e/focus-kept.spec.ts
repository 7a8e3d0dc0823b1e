/**
 * The keyboard's focus and the words typed are never thrown away (decision 073), with the keyboard alone: a setting
 * changed while the one before is still saving (the radio group "Who can message me", the switches of the general,
 * notification and content settings, also when the save fails); the post composer pressed and typed into at once
 * while the posting limits are asked (allowed, refused after 5 posts, or the check failing); Enter in the search
 * field; a sign-in dialog that opened with the page, closed with Escape; a QR code approved. Each at 1280 px in
 * English and at 390 px on a touch phone in Arabic or Japanese.
 */
import { expect, type Page, type Route, request, test } from '@playwright/test';
import { at, catalog } from './pages.ts';
import { call, hydrated, hydratingPerson, longPost, noteHydration, overflow } from './people.ts';

const SHAPES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
] as const;

/** English on the desktop; `phone` on the phone. */
const cases = (phone: 'ar' | 'ja') => SHAPES.map((shape) => ({ shape, lang: shape.touch ? phone : 'en' }));

const someone = hydratingPerson;

/** What has the focus, for the failure messages: tag, role, id and text. */
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()}#${el.id} role=${el.getAttribute('role')} "${(el.textContent ?? '').slice(0, 60)}"` : 'nothing';
  });

/**
 * Holds the matching requests until the test lets them go, one at a time, in order: the screen is looked at while a
 * save is under way. `arrived` counts the requests that reached the gate.
 */
function gate(page: Page, url: string | RegExp, method: string) {
  const held: Route[] = [];
  let arrived = 0;
  let onArrive: (() => void) | null = null;
  const ready = page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    arrived++;
    held.push(route);
    onArrive?.();
  });
  return {
    ready,
    get arrived() {
      return arrived;
    },
    /** Resolves once `n` requests have arrived in all. */
    async until(n: number) {
      while (arrived < n) await new Promise<void>((resolve) => (onArrive = resolve));
    },
    /** Lets the oldest held request through (or answers it with `fulfil`). */
    async release(fulfil?: Parameters<Route['fulfill']>[0]) {
      const route = held.shift();
      if (!route) throw new Error('no request held');
      await (fulfil ? route.fulfill(fulfil) : route.continue());
    },
  };
}

const unexpected = (errors: string[]) => errors.filter((e) => !/the server responded with a status of 503/.test(e));

for (const { shape, lang } of cases('ar')) {
  const t = catalog(lang);
  test(`${lang}, ${shape.name}: arrowing to "Nobody" and flipping the message switches keeps the focus while each saves`, async ({
    browser,
    baseURL,
  }) => {
    const a = await someone(browser, shape);
    const { page } = a;
    const saves = gate(page, '**/api/message-settings', 'PUT');
    await saves.ready;
    await page.goto(at(lang, '/settings/general'));
    await hydrated(page);

    const radio = (key: string) => page.getByRole('radio', { name: t[`settings.messages.who_${key}`], exact: true });
    await expect(radio('everyone')).toBeChecked();
    await radio('everyone').focus();
    await page.keyboard.press('ArrowDown');
    await saves.until(1);
    await expect(radio('talked'), await focusedElement(page)).toBeFocused();
    // The second arrow while the first change is saving: the focus moves on, and the change waits its turn.
    await page.keyboard.press('ArrowDown');
    await expect(radio('nobody'), await focusedElement(page)).toBeFocused();
    await expect(radio('nobody')).toBeChecked();
    expect(saves.arrived).toBe(1);
    await saves.release();
    await saves.until(2);
    await saves.release();
    await expect(page.getByText(t['settings.saved'], { exact: true })).toBeVisible();
    await expect(radio('nobody')).toBeFocused();

    const typing = page.getByRole('switch', { name: t['settings.messages.typing_indicators'] });
    const receipts = page.getByRole('switch', { name: t['settings.messages.read_receipts'] });
    await typing.focus();
    await page.keyboard.press('Space');
    await saves.until(3);
    await expect(typing, await focusedElement(page)).toBeFocused();
    await expect(typing).toHaveAttribute('aria-busy', 'true');
    await page.keyboard.press('Tab');
    await expect(receipts, await focusedElement(page)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(receipts, await focusedElement(page)).toBeFocused();
    await saves.release();
    await saves.until(4);
    await saves.release();
    await expect(receipts).not.toHaveAttribute('aria-busy', 'true');
    await expect(receipts).toBeFocused();

    // The server holds the last state picked.
    const held = await call(baseURL, a, 'GET', '/api/message-settings');
    expect((held.body as { data: unknown }).data).toMatchObject({
      who_can_message: 'nobody',
      typing_indicators: true,
      read_receipts: true,
    });
    expect(await overflow(page)).toBeNull();
    expect(a.errors).toEqual([]);
    await a.close();
  });
}

for (const { shape, lang } of cases('ja')) {
  const t = catalog(lang);
  test(`${lang}, ${shape.name}: a notification switch keeps the focus while saving and when the save fails; so does the content switch`, async ({
    browser,
  }) => {
    const a = await someone(browser, shape);
    const { page } = a;
    const saves = gate(page, '**/api/notification-settings', 'PUT');
    await saves.ready;
    await page.goto(at(lang, '/notificationSettings'));
    await hydrated(page);

    // The kind's switch (the device's push switch below also mentions support in its hint).
    const kind = (key: string) =>
      page.getByRole('switch', { name: t[`settings.notifications.${key}`] }).and(page.locator(`[data-kind="${key}"]`));
    const support = kind('support');
    await expect(support).toBeChecked();
    await support.focus();
    await page.keyboard.press('Space');
    await saves.until(1);
    await expect(support, await focusedElement(page)).toBeFocused();
    await expect(support).toBeChecked({ checked: false });
    await saves.release({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' });
    // Failed: the switch shows the server's state again, and the focus stays where it was.
    await expect(support).toBeChecked();
    await expect(support, await focusedElement(page)).toBeFocused();

    await page.keyboard.press('Tab');
    const comment = kind('comment');
    await expect(comment).toBeFocused();
    await page.keyboard.press('Space');
    await saves.until(2);
    await expect(comment, await focusedElement(page)).toBeFocused();
    await saves.release();
    await expect(page.getByText(t['settings.saved'], { exact: true })).toBeVisible();
    await expect(comment).toBeChecked({ checked: false });
    await expect(comment).toBeFocused();

    const detect = gate(page, '**/api/toggle/auto/detect/languages', 'POST');
    await detect.ready;
    await page.goto(at(lang, '/contentPreferences'));
    await hydrated(page);
    const auto = page.getByRole('switch', { name: t['settings.content.auto_detect'] });
    const was = await auto.isChecked();
    await auto.focus();
    await page.keyboard.press('Space');
    await detect.until(1);
    await expect(auto, await focusedElement(page)).toBeFocused();
    await detect.release();
    await expect(auto).toBeChecked({ checked: !was });
    await expect(auto).toBeFocused();

    expect(await overflow(page)).toBeNull();
    expect(unexpected(a.errors)).toEqual([]);
    await a.close();
  });
}

const WORDS = 'Tonight everything feels heavy';

for (const { shape, lang } of cases('ja')) {
  const t = catalog(lang);
  test(`${lang}, ${shape.name}: words typed while the composer's check runs are all in the composer`, async ({ browser }) => {
    const a = await someone(browser, shape);
    const { page } = a;
    const check = gate(page, '**/api/check-new-note**', 'GET');
    await check.ready;
    await page.goto(at(lang, '/'));
    await hydrated(page);

    const prompt = page.getByRole('button', { name: t['composer.prompt_post'] });
    await prompt.focus();
    await page.keyboard.press('Enter');
    const typing = page.keyboard.type(WORDS, { delay: 80 });
    await check.until(1);
    // The check answers halfway through the words: the form opens under the person's fingers.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLTextAreaElement).value?.length ?? 0)).toBeGreaterThan(10);
    await check.release();
    await typing;
    const box = page.getByRole('textbox', { name: t['composer.label_post'] });
    await expect(box, await focusedElement(page)).toBeFocused();
    await expect(box).toHaveValue(WORDS);
    await page.keyboard.type('.');
    await expect(box).toHaveValue(`${WORDS}.`);

    expect(await overflow(page)).toBeNull();
    expect(a.errors).toEqual([]);
    await a.close();
  });

  test(`${lang}, ${shape.name}: refused after 5 posts, or when the check fails, the words stay and the focus is on the prompt`, async ({
    browser,
    baseURL,
  }) => {
    const a = await someone(browser, shape);
    const { page } = a;
    for (let i = 0; i < 5; i++) {
      const made = await call(baseURL, a, 'POST', '/api/posts', { content: longPost(`#limit${i}${Date.now().toString(36)}`) });
      expect(made.status).toBe(201);
    }
    const check = gate(page, '**/api/check-new-note**', 'GET');
    await check.ready;
    await page.goto(at(lang, '/'));
    await hydrated(page);

    const prompt = page.getByRole('button', { name: t['composer.prompt_post'] });
    await prompt.focus();
    await page.keyboard.press('Enter');
    await check.until(1);
    await page.keyboard.type(WORDS, { delay: 80 });
    await check.release();
    await expect(page.getByRole('alert').filter({ hasText: t['composer.blocked_limit'].split('{')[0].trim().slice(0, 12) })).toBeVisible();
    await expect(prompt, await focusedElement(page)).toBeFocused();
    // Every character typed is kept: on the prompt now, in the form once posting is allowed again.
    await expect(prompt).toContainText(WORDS);

    // The check fails (a proxy's 503): the same.
    await page.keyboard.press('Enter');
    await check.until(2);
    await page.keyboard.type(' tonight', { delay: 80 });
    await check.release({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' });
    await expect(prompt, await focusedElement(page)).toBeFocused();
    await expect(prompt).toContainText(`${WORDS} tonight`);

    expect(await overflow(page)).toBeNull();
    expect(unexpected(a.errors)).toEqual([]);
    await a.close();
  });
}

for (const { shape, lang } of cases('ar')) {
  const t = catalog(lang);
  test(`${lang}, ${shape.name}: Enter in the search field keeps the focus and the caret in it`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: shape.viewport, ...(shape.touch ? { hasTouch: true, isMobile: true } : {}) });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await noteHydration(page);
    await page.goto(at(lang, '/search'));
    await hydrated(page);

    const field = page.getByRole('searchbox', { name: t['search.field_label'] });
    await field.focus();
    await page.keyboard.type('houseplants');
    const searched = page.waitForResponse((r) => r.url().includes('q=houseplants') && r.status() === 200);
    await page.keyboard.press('Enter');
    await searched;
    await expect(page).toHaveURL(/q=houseplants/);
    await expect(page.getByRole('button', { name: t['search.submit'] })).not.toHaveAttribute('aria-busy', 'true');
    await expect(field, await focusedElement(page)).toBeFocused();
    await expect(field).toHaveValue('houseplants');
    expect(await field.evaluate((el: HTMLInputElement) => el.selectionStart)).toBe('houseplants'.length);
    // A second query from there.
    await page.keyboard.type(' care');
    const again = page.waitForResponse((r) => r.url().includes('q=houseplants+care') && r.status() === 200);
    await page.keyboard.press('Enter');
    await again;
    await expect(page).toHaveURL(/q=houseplants\+care/);
    await expect(field, await focusedElement(page)).toBeFocused();
    await expect(field).toHaveValue('houseplants care');

    expect(await overflow(page)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
}

for (const { shape, lang } of cases('ja')) {
  const t = catalog(lang);
  test(`${lang}, ${shape.name}: the sign-in dialog that opened with the page hands the focus to the page's content on Escape`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: shape.viewport, ...(shape.touch ? { hasTouch: true, isMobile: true } : {}) });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await noteHydration(page);
    await page.goto(at(lang, '/chat'));
    await hydrated(page);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: t['auth.dialog.close'] })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator('main#main'), await focusedElement(page)).toBeFocused();

    expect(await overflow(page)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
}

for (const { shape, lang } of cases('ar')) {
  const t = catalog(lang);
  test(`${lang}, ${shape.name}: approving a QR code hands the focus to the answer`, async ({ browser, baseURL }) => {
    const a = await someone(browser, shape);
    const { page } = a;
    const visitor = await request.newContext({ baseURL });
    const created = await visitor.post('/api/create-qr', { data: {} });
    expect(created.ok()).toBe(true);
    const { qrToken } = (await created.json()) as { qrToken: string };
    await page.goto(at(lang, `/qr/${qrToken}`));
    await hydrated(page);
    const approve = page.getByRole('button', { name: t['qr.approve'], exact: true });
    await approve.focus();
    await page.keyboard.press('Enter');
    const answer = page.getByRole('status').filter({ hasText: /\S/ }).and(page.locator('[tabindex="-1"]'));
    await expect(answer).toBeVisible();
    await expect(answer, await focusedElement(page)).toBeFocused();

    expect(await overflow(page)).toBeNull();
    expect(a.errors).toEqual([]);
    await visitor.dispose();
    await a.close();
  });
}

for (const { shape, lang } of cases('ar')) {
  const t = catalog(lang);
  test(`${lang}, ${shape.name}: a thought published, a reply opened and cancelled, a topic refused: the focus goes where the person writes next`, async ({
    browser,
    baseURL,
  }) => {
    const a = await someone(browser, shape);
    const { page } = a;

    // A thought published with the keyboard: the button, disabled once the box is empty, hands the focus to the box.
    await page.goto(at(lang, '/thought'));
    await hydrated(page);
    const thought = page.getByRole('textbox', { name: t['thoughts.label'] });
    await thought.fill('Small steps today: I made tea and opened the window.');
    await page.getByRole('button', { name: t['composer.share'], exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: t['thoughts.created'] })).toBeVisible();
    await expect(thought).toHaveValue('');
    await expect(thought, await focusedElement(page)).toBeFocused();

    // Reply: its box takes the focus; Cancel gives it back to Reply.
    const made = await call(baseURL, a, 'POST', '/api/posts', { content: longPost(`#tea${Date.now().toString(36)}`) });
    expect(made.status).toBe(201);
    const postId = (made.body as { data: { id: number } }).data.id;
    expect((await call(baseURL, a, 'POST', '/api/comments', { post_id: postId, content: 'Tea helps me too.' })).status).toBe(201);
    await page.goto(at(lang, `/problem/${postId}`));
    await hydrated(page);
    const replyButton = page.locator('#comments').getByRole('button', { name: t['comments.reply'], exact: true });
    await replyButton.focus();
    await page.keyboard.press('Enter');
    const replyBox = page.getByRole('textbox', { name: t['comments.reply_label'].replace('{name}', a.nickname) });
    await expect(replyBox, await focusedElement(page)).toBeFocused();
    await page.locator('#comments').getByRole('button', { name: t['common.cancel'], exact: true }).press('Enter');
    await expect(replyBox).toHaveCount(0);
    await expect(replyButton, await focusedElement(page)).toBeFocused();

    // A topic sent empty: every empty field says so at once, and the first takes the focus.
    await page.goto(at(lang, '/topic'));
    await hydrated(page);
    await page.getByRole('button', { name: t['topics.create'] }).click();
    const dialog = page.getByRole('dialog', { name: t['topics.create'] });
    await expect(dialog.getByRole('radio').first()).toBeAttached();
    await dialog.getByRole('button', { name: t['topics.create_submit'] }).press('Enter');
    const title = dialog.getByRole('textbox', { name: t['topics.field_title'] });
    await expect(title, await focusedElement(page)).toBeFocused();
    for (const name of [t['topics.field_title'], t['topics.field_description'], t['topics.field_category']]) {
      await expect(dialog.getByLabel(name, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(dialog.getByText(t['validation.required'])).toHaveCount(3);

    expect(await overflow(page)).toBeNull();
    expect(a.errors).toEqual([]);
    await a.close();
  });
}
