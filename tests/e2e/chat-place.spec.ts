/**
 * The chat screen keeps the reader's place (decision 061), on a 1280 px desktop in English and a 390 px touch phone
 * in Arabic: Back to a conversation brings the older messages they had loaded and the place they were reading, with
 * what arrived meanwhile after it and read out (more than a page of it: at the newest, as anew); a conversation
 * opened anew opens at its newest message. Opening a
 * conversation leaves the list of conversations as it was (its pages, its scroll), with the opened one current and
 * its unread badge gone; on a phone the way back to the list, and Back, find it so too. Every page fails the test
 * on a console error or a page wider than the screen.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { translate } from '../../server/i18n.ts';
import { at, catalog } from './pages.ts';
import { acceptedConversation, type Caller, call, caller, overflow, type Person, person } from './people.ts';

const VIEWS = [
  ['en', { width: 1280, height: 800 }, false],
  ['ar', { width: 390, height: 844 }, true],
] as const;

/** The element a list scrolls in: the nearest one above `inside` that scrolls. */
const scroller = (inside: Locator) =>
  inside.evaluateHandle((el) => {
    let box = el.parentElement;
    while (box && getComputedStyle(box).overflowY !== 'auto') box = box.parentElement;
    return box as HTMLElement;
  });
const scrollTopOf = async (inside: Locator) => (await scroller(inside)).evaluate((el) => Math.round(el.scrollTop));

/** The first message at the top of the list's view, and how far below the view's top it starts. */
const topInView = (list: Locator) =>
  list.evaluate((el) => {
    const view = el.getBoundingClientRect().top;
    const top = [...el.querySelectorAll('[data-testid="message"]')].find((m) => m.getBoundingClientRect().bottom > view);
    return { text: top?.querySelector('p')?.textContent, offset: Math.round((top?.getBoundingClientRect().top ?? 0) - view) };
  });

/** What has the focus: its accessible label, else its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return el.getAttribute('aria-label') || el.id || (el.textContent ?? '').trim();
  });

async function check(who: Person) {
  expect(await overflow(who.page)).toBeNull();
  expect(who.errors).toEqual([]);
}

for (const [code, viewport, touch] of VIEWS) {
  const strings = catalog(code);

  test(`Back to a conversation brings its older messages and the reader's place, with what came meanwhile after it (${code}, ${viewport.width} px)`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const writer = await caller(baseURL);
    const reader = await person(browser, { viewport, touch });
    const id = await acceptedConversation(baseURL, writer, reader, 'Message number 1');
    // 35 messages: four pages of ten.
    for (let n = 2; n <= 35; n++) {
      const from = n % 2 === 0 ? reader : writer;
      expect((await call(baseURL, from, 'POST', '/api/messages', { conversation_id: id, content: `Message number ${n}` })).status).toBe(
        201,
      );
    }
    const { page } = reader;
    await page.goto(at(code, '/chat'));
    const rows = page.getByTestId('conversation');
    await expect(rows).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    await rows.first().click();
    const list = page.getByRole('list', { name: translate(code, 'chat.thread_label', { nickname: writer.nickname }) });
    const bubbles = list.getByTestId('message');
    await expect(bubbles).toHaveCount(10);
    await expect(bubbles.last()).toBeInViewport();
    for (const shown of [20, 30]) {
      await list.evaluate((el) => {
        el.scrollTop = 0;
      });
      await expect(bubbles).toHaveCount(shown);
    }
    await expect(bubbles.first()).toContainText('Message number 6');
    // Reading a little further down, away from where older messages load.
    await list.evaluate((el) => {
      el.scrollTop += 150;
    });
    const left = await list.evaluate((el) => Math.round(el.scrollTop));
    expect(left).toBeGreaterThan(400);
    const reading = await topInView(list);

    // Away by the header's link (the click dispatched where the page is, as a reader's would be), two messages
    // meanwhile, and Back.
    await page.getByRole('banner').getByRole('link', { name: strings['nav.profile'] }).first().dispatchEvent('click');
    await expect(page).toHaveURL(new RegExp(`${at(code, '/profile')}$`));
    // Gone from the screen: a message that came before would have arrived on it.
    await expect(list).toHaveCount(0);
    const meanwhile = ['While you were away, one', 'While you were away, two'];
    for (const content of meanwhile) {
      expect((await call(baseURL, writer, 'POST', '/api/messages', { conversation_id: id, content })).status).toBe(201);
    }
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`\\?c=${id}$`));
    await expect(bubbles).toHaveCount(32);
    await expect(bubbles.first()).toContainText('Message number 6');
    await expect(bubbles.nth(29)).toContainText('Message number 35');
    await expect(bubbles.last()).toContainText(meanwhile[1]);
    await expect.poll(() => list.evaluate((el) => Math.round(el.scrollTop))).toBe(left);
    expect(await topInView(list)).toEqual(reading);
    // What came while the reader was away is read out, as a message arriving on screen is.
    await expect(page.getByTestId('arrived')).toHaveText(
      meanwhile.map((text) => translate(code, 'chat.arrived', { nickname: writer.nickname, text })).join(''),
    );
    // The keyboard goes on where the reader was: in the messages, which the arrow keys scroll.
    expect(await focused(page)).toBe(translate(code, 'chat.thread_label', { nickname: writer.nickname }));

    // Opened anew from the list, reached by the header's link (new history entries): at the newest message, nothing
    // read out.
    await page.getByRole('banner').getByRole('link', { name: strings['nav.chat'] }).first().click();
    await expect(page).toHaveURL(new RegExp(`${at(code, '/chat')}$`));
    await rows.first().click();
    await expect(bubbles).toHaveCount(10);
    await expect(bubbles.last()).toContainText(meanwhile[1]);
    await expect(bubbles.last()).toBeInViewport();
    await expect(page.getByTestId('arrived')).toHaveText('');
    await check(reader);
    await reader.close();
  });

  test(`opening a conversation keeps the list of conversations as it was: its pages, its scroll; the opened one current and read (${code}, ${viewport.width} px)`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const reader = await person(browser, { viewport, touch });
    // The oldest conversation, with two unread messages, and 24 newer ones: three pages, and it is the last row.
    const friend = await caller(baseURL);
    const id = await acceptedConversation(baseURL, friend, reader, 'Are you there?');
    expect((await call(baseURL, friend, 'POST', '/api/messages', { conversation_id: id, content: 'Still there?' })).status).toBe(201);
    const others: Caller[] = [];
    for (let n = 1; n <= 24; n++) others.push(await caller(baseURL));
    for (const other of others) {
      expect((await call(baseURL, reader, 'POST', '/api/messages', { user_id: other.id, content: 'Hello, how are you?' })).status).toBe(
        201,
      );
    }
    const { page } = reader;
    await page.goto(at(code, '/chat'));
    const rows = page.getByTestId('conversation');
    await expect(rows).toHaveCount(10);
    await page.waitForLoadState('networkidle');
    for (const shown of [20, 25]) {
      await page.getByRole('button', { name: strings['feed.load_more'] }).click();
      await expect(rows).toHaveCount(shown);
    }
    // By its conversation: among 26 guests two may share a nickname.
    const row = page.locator(`[data-conversation="${id}"]`).getByTestId('conversation');
    await expect(row).toContainText('Still there?');
    const badge = row.getByText(translate(code, 'chat.unread', { count: 2 }));
    await expect(badge).toHaveCount(1);
    await row.scrollIntoViewIfNeeded();
    const left = await scrollTopOf(row);
    expect(left).toBeGreaterThan(300);

    const thread = page.getByRole('list', { name: translate(code, 'chat.thread_label', { nickname: friend.nickname }) });
    const opened = async () => {
      await expect(page).toHaveURL(new RegExp(`\\?c=${id}$`));
      await expect(thread.getByTestId('message').last()).toContainText('Still there?');
      await page.waitForLoadState('networkidle');
    };
    const listAsLeft = async () => {
      await expect(rows).toHaveCount(25);
      await expect(row).toBeInViewport();
      // Within two pixels: the row is the last, so the list is scrolled to its end, which moved by one (sub-pixel
      // heights) once the row was read.
      expect(Math.abs((await scrollTopOf(row)) - left)).toBeLessThanOrEqual(2);
    };
    // By the keyboard, as a click would: Enter on the row.
    await row.focus();
    await page.keyboard.press('Enter');
    await opened();
    await expect(badge).toHaveCount(0);
    if (!touch) {
      await listAsLeft();
      await expect(row).toHaveAttribute('aria-current', 'page');
      // The focus stays on the row the reader chose, where the next one is a Tab away.
      expect(await focused(page)).toContain(friend.nickname);
    } else {
      // The list is hidden behind the conversation: the focus goes to the messages, not to the page's start.
      await expect(rows.first()).toBeHidden();
      await expect.poll(() => focused(page)).toBe(translate(code, 'chat.thread_label', { nickname: friend.nickname }));
      // The way back to the list finds it as it was, and the focus on the row the reader had opened.
      await page.getByRole('link', { name: strings['chat.back'] }).click();
      await expect(page).toHaveURL(new RegExp(`${at(code, '/chat')}$`));
      await listAsLeft();
      await expect.poll(() => focused(page)).toContain(friend.nickname);
      // And Back, from the conversation opened again, too.
      await row.click();
      await opened();
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${at(code, '/chat')}$`));
      await listAsLeft();
    }
    // Back from another page finds it so too.
    await page.getByRole('banner').getByRole('link', { name: strings['nav.profile'] }).first().dispatchEvent('click');
    await expect(page).toHaveURL(new RegExp(`${at(code, '/profile')}$`));
    await expect(rows).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(touch ? `${at(code, '/chat')}$` : `\\?c=${id}$`));
    await listAsLeft();
    await check(reader);
    await reader.close();
  });
}

test('Back to a conversation after more than a page came meanwhile opens it at the newest message, nothing read out (1280 px)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const writer = await caller(baseURL);
  const reader = await person(browser, { viewport: { width: 1280, height: 800 } });
  const id = await acceptedConversation(baseURL, writer, reader, 'Message number 1');
  for (let n = 2; n <= 25; n++) {
    expect((await call(baseURL, writer, 'POST', '/api/messages', { conversation_id: id, content: `Message number ${n}` })).status).toBe(
      201,
    );
  }
  const { page } = reader;
  await page.goto(`/chat?c=${id}`);
  const list = page.getByRole('list', { name: translate('en', 'chat.thread_label', { nickname: writer.nickname }) });
  const bubbles = list.getByTestId('message');
  await expect(bubbles).toHaveCount(10);
  await page.waitForLoadState('networkidle');
  await list.evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(bubbles).toHaveCount(20);

  await page
    .getByRole('banner')
    .getByRole('link', { name: catalog('en')['nav.profile'] })
    .first()
    .dispatchEvent('click');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(list).toHaveCount(0);
  // Eleven: the newest page no longer reaches the messages kept, and between them would be a gap.
  for (let n = 26; n <= 36; n++) {
    expect((await call(baseURL, writer, 'POST', '/api/messages', { conversation_id: id, content: `Message number ${n}` })).status).toBe(
      201,
    );
  }
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?c=${id}$`));
  await expect(bubbles).toHaveCount(10);
  await expect(bubbles.first()).toContainText('Message number 27');
  await expect(bubbles.last()).toContainText('Message number 36');
  await expect(bubbles.last()).toBeInViewport();
  await expect(page.getByTestId('arrived')).toHaveText('');
  await check(reader);
  await reader.close();
});

for (const [code, viewport, touch] of VIEWS) {
  test(`the list of conversations catches up with what came while the page was offline (${code}, ${viewport.width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const writer = await caller(baseURL);
    const reader = await person(browser, { viewport, touch });
    const id = await acceptedConversation(baseURL, writer, reader, 'Before the train left');
    const { page } = reader;
    // socket.io's connect packet: from then on the page hears messages as they come.
    let connects = 0;
    page.on('websocket', (ws) =>
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.startsWith('40')) connects++;
      }),
    );
    // Network idle: the chunks fetched while the browser is idle after hydration (the language list, the toast's
    // card) have come, or going offline below would fail them and the browser would log it.
    await page.goto(at(code, '/chat'), { waitUntil: 'networkidle' });
    const row = page.locator(`[data-conversation="${id}"]`);
    await expect(row).toContainText('Before the train left');
    await expect.poll(() => connects).toBe(1);

    // A phone on a tunnelled train: the socket goes with the network, and two messages come meanwhile.
    await page.context().setOffline(true);
    for (const content of ['Are you still there?', 'Whenever you are back, no rush']) {
      expect((await call(baseURL, writer, 'POST', '/api/messages', { conversation_id: id, content })).status).toBe(201);
    }
    await page.context().setOffline(false);
    await expect.poll(() => connects).toBe(2);
    await expect(row).toContainText('Whenever you are back, no rush');
    await expect(row.getByText(translate(code, 'chat.unread', { count: 3 }))).toHaveCount(1);
    await check(reader);
    await reader.close();
  });
}
