/**
 * The chat screens in the browser, beyond the first conversation (messages.spec.ts): older messages load as one
 * scrolls up without moving what one reads; a message that fails to send shows it and "Retry" sends it once; the
 * typing indicator and "Seen" reach the other person live; on a touch phone in Arabic, a request accepted (the
 * focus in the message box, the way back to the conversations), each message's Report in sight and a reply read out
 * to screen readers; a request blocked and reported; the focus on the conversation that takes the place of one
 * declined or blocked; "Who can message me:
 * nobody" stops a new conversation with the neutral message; a request blocked and reported, opened again by its
 * address, offers Unblock only. Every page fails the test on a console error other
 * than the one failed request a test causes on purpose.
 */
import { expect, type Page, test } from '@playwright/test';
import { at, catalog, en } from './pages.ts';
import { acceptedConversation, call, clickUntil, overflow, type Person, person } from './people.ts';

/** A conversation both have accepted, with one message from `a`; its id. */
async function talking(baseURL: string | undefined, a: Person, b: Person): Promise<number> {
  const first = await call(baseURL, a, 'POST', '/api/messages', { user_id: b.id, content: 'Hello, are you around tonight?' });
  expect(first.status).toBe(201);
  const id = (first.body as { data: { conversation_id: number } }).data.conversation_id;
  expect((await call(baseURL, b, 'POST', `/api/message-requests/${id}/accept`)).status).toBe(200);
  return id;
}

const thread = (p: Page, other: Person) => p.getByRole('list', { name: `Messages with ${other.nickname}` });
const box = (p: Page, other: Person) => p.getByRole('textbox', { name: `Message to ${other.nickname}` });
/** What the console said about a request the test made fail, and nothing else. */
const failedLoad = (status: string) => expect.stringContaining(`Failed to load resource: ${status}`);

test('scrolling up loads older messages and keeps the message one was reading where it was', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const a = await person(browser);
  const b = await person(browser);
  const id = await talking(baseURL, a, b);
  // 1 + 34 messages: four pages of ten.
  for (let n = 2; n <= 35; n++) {
    const from = n % 2 === 0 ? b : a;
    const sent = await call(baseURL, from, 'POST', '/api/messages', { conversation_id: id, content: `Message number ${n}` });
    expect(sent.status).toBe(201);
  }

  await b.page.goto(`/chat?c=${id}`);
  const list = thread(b.page, a);
  const bubbles = list.getByTestId('message');
  await expect(bubbles).toHaveCount(10);
  await expect(bubbles.last()).toContainText('Message number 35');
  // Opened at the end: the newest message is in view.
  await expect(bubbles.last()).toBeInViewport();

  /** Where the top message of the list is inside the list's content, and so on screen once scrolled to the top. */
  const topOffset = () =>
    list.evaluate((el) => {
      const top = el.querySelector('[data-testid="message"]') as HTMLElement;
      return {
        text: top.querySelector('p')?.textContent ?? '',
        offset: top.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop,
      };
    });
  for (const [shown, oldest] of [
    [20, 'Message number 16'],
    [30, 'Message number 6'],
  ] as const) {
    const before = await topOffset();
    await list.evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect(bubbles).toHaveCount(shown);
    await expect(bubbles.first()).toContainText(oldest);
    // The message that was on top, at the top of the view, stays where it was: the older ones went above it.
    const after = await list.evaluate((el, text) => {
      const same = [...el.querySelectorAll('[data-testid="message"]')].find((m) => m.querySelector('p')?.textContent === text);
      return (same?.getBoundingClientRect().top ?? 0) - el.getBoundingClientRect().top;
    }, before.text);
    expect(Math.abs(after - before.offset)).toBeLessThanOrEqual(2);
  }
  await list.evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(bubbles).toHaveCount(35);
  await expect(bubbles.first()).toContainText('Hello, are you around tonight?');
  await list.evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(list.getByText(en['chat.start'])).toBeVisible();

  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.close();
  await b.close();
});

test('on a 390 px phone a conversation opens at its newest message, with the composer in view', async ({ browser, baseURL }) => {
  const a = await person(browser);
  const b = await person(browser, { viewport: { width: 390, height: 844 } });
  const id = await talking(baseURL, a, b);
  for (let n = 2; n <= 12; n++) {
    const sent = await call(baseURL, n % 2 === 0 ? b : a, 'POST', '/api/messages', { conversation_id: id, content: `Message number ${n}` });
    expect(sent.status).toBe(201);
  }
  await b.page.goto(`/chat?c=${id}`);
  const bubbles = thread(b.page, a).getByTestId('message');
  await expect(bubbles).toHaveCount(10);
  // The list scrolls inside the screen's height: the page itself is no taller than the screen.
  await expect(bubbles.last()).toContainText('Message number 12');
  await expect(bubbles.last()).toBeInViewport();
  await expect(box(b.page, a)).toBeInViewport();
  expect(await b.page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBe(0);

  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.close();
  await b.close();
});

test('a message that fails to send shows "Not sent." and Retry sends it once', async ({ browser, baseURL }) => {
  const a = await person(browser);
  const b = await person(browser);
  const id = await talking(baseURL, a, b);
  await a.page.goto(`/chat?c=${id}`);
  await b.page.goto(`/chat?c=${id}`);
  await expect(thread(b.page, a).getByTestId('message')).toHaveCount(1);

  const posts: string[] = [];
  a.page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/messages') posts.push(r.postData() ?? '');
  });
  // The connection drops for the first send only.
  await a.page.route('**/api/messages', (route) => route.abort('failed'), { times: 1 });
  await box(a.page, b).fill('Are you still there?');
  await box(a.page, b).press('Enter');
  const mine = thread(a.page, b).getByTestId('message').filter({ hasText: 'Are you still there?' });
  await expect(mine).toContainText(en['chat.not_sent']);
  await expect(a.page.getByRole('alert').filter({ hasText: en['errors.network'] })).toBeVisible();
  // The draft went into the failed message, not back into the box.
  await expect(box(a.page, b)).toHaveValue('');
  await expect(thread(b.page, a).getByTestId('message')).toHaveCount(1);

  await mine.getByRole('button', { name: en['common.retry'] }).click();
  await expect(mine).toHaveCount(1);
  await expect(mine).not.toContainText(en['chat.not_sent']);
  await expect(mine.getByRole('button', { name: en['common.retry'] })).toHaveCount(0);
  // Sent once: one more message on the other side and on the server, and two attempts in all.
  await expect(thread(b.page, a).getByTestId('message').filter({ hasText: 'Are you still there?' })).toHaveCount(1);
  const stored = await call(baseURL, a, 'GET', `/api/conversation-messages?conversation_id=${id}`);
  const contents = (stored.body as { data: { content: string }[] }).data.map((m) => m.content);
  expect(contents).toEqual(['Are you still there?', 'Hello, are you around tonight?']);
  expect(posts).toEqual([
    JSON.stringify({ conversation_id: id, content: 'Are you still there?' }),
    JSON.stringify({ conversation_id: id, content: 'Are you still there?' }),
  ]);

  expect(a.errors).toEqual([failedLoad('net::ERR_FAILED')]);
  expect(b.errors).toEqual([]);
  await a.close();
  await b.close();
});

test('the typing indicator reaches the other side, and "Seen" appears when the other person opens the conversation', async ({
  browser,
  baseURL,
}) => {
  const a = await person(browser);
  const b = await person(browser);
  for (const p of [a, b]) {
    const set = await call(baseURL, p, 'PUT', '/api/message-settings', { typing_indicators: true, read_receipts: true });
    expect(set.status).toBe(200);
  }
  const id = await talking(baseURL, a, b);
  await a.page.goto(`/chat?c=${id}`);
  await b.page.goto(`/chat?c=${id}`);
  await expect(thread(b.page, a).getByTestId('message')).toHaveCount(1);

  const typing = b.page.getByText(`${a.nickname} is typing…`);
  await expect(typing).toHaveCount(0);
  // Keystrokes until the other side shows it: the socket may still be connecting when the first ones are typed.
  await expect(async () => {
    await box(a.page, b).press('a');
    await expect(typing).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await box(a.page, b).fill('');

  // B leaves the conversation; A writes; "Seen" comes when B opens it again, not before.
  await b.page.getByRole('link', { name: en['chat.tab_conversations'], exact: true }).click();
  await expect(b.page).toHaveURL(/\/chat$/);
  await box(a.page, b).fill('Did you sleep at all?');
  await box(a.page, b).press('Enter');
  const sent = thread(a.page, b).getByTestId('message').filter({ hasText: 'Did you sleep at all?' });
  await expect(sent).toBeVisible();
  await expect(sent).not.toContainText(en['chat.sending']);
  await expect(b.page.getByTestId('conversation').filter({ hasText: a.nickname })).toContainText('Did you sleep at all?');
  // The time and "Seen" share one line under the message.
  await expect(sent).not.toContainText(en['chat.seen']);
  await b.page.getByTestId('conversation').filter({ hasText: a.nickname }).click();
  await expect(thread(b.page, a).getByTestId('message').filter({ hasText: 'Did you sleep at all?' })).toBeVisible();
  await expect(sent).toContainText(en['chat.seen']);

  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.close();
  await b.close();
});

test('on a touch phone in Arabic: Accept leads to the conversations, Report is in sight, and a reply is read out once', async ({
  browser,
  baseURL,
}) => {
  const ar = catalog('ar');
  const say = (key: string, values: Record<string, string>) =>
    Object.entries(values).reduce((text, [name, value]) => text.replace(`{${name}}`, value), ar[key]);
  const a = await person(browser);
  const b = await person(browser, { viewport: { width: 390, height: 844 }, touch: true });
  const first = await call(baseURL, a, 'POST', '/api/messages', { user_id: b.id, content: 'Are you awake? I cannot sleep.' });
  expect(first.status).toBe(201);
  const id = (first.body as { data: { conversation_id: number } }).data.conversation_id;

  // A frame of the socket of b's page: its connection (socket.io CONNECT), or a message with these words.
  const frame = (match: (payload: string) => boolean) =>
    new Promise<void>((resolve) =>
      b.page.on('websocket', (ws) => ws.on('framereceived', (f) => typeof f.payload === 'string' && match(f.payload) && resolve())),
    );
  const connected = frame((payload) => payload.startsWith('40'));
  const folded = frame((payload) => payload.startsWith('42["message"') && payload.includes('Sorry, it is late.'));
  await b.page.goto(`/ar/chat?tab=requests&c=${id}`);
  await connected;
  // A message that comes while the request is folded stays unread out, after the accept too.
  expect((await call(baseURL, a, 'POST', '/api/messages', { conversation_id: id, content: 'Sorry, it is late.' })).status).toBe(201);
  await folded;
  const bBox = b.page.getByRole('textbox', { name: say('chat.composer_label', { nickname: a.nickname }) });
  // Accepted, the conversation is among the conversations, and the focus is where the reply is written.
  await clickUntil(
    () => b.page.getByRole('button', { name: ar['chat.accept'] }).tap(),
    () => expect(b.page).toHaveURL(new RegExp(`/ar/chat\\?c=${id}$`), { timeout: 1_000 }),
  );
  await expect(bBox).toBeFocused();

  // No hover on a touch screen: the Report of the other person's message is in sight, and a tap opens it.
  const bThread = b.page.getByRole('list', { name: say('chat.thread_label', { nickname: a.nickname }) });
  const report = bThread.getByTestId('message').filter({ hasText: 'Are you awake?' }).getByRole('button', { name: ar['chat.report'] });
  await expect(report).toHaveCSS('opacity', '1');
  // Big enough for a finger: WCAG 2.5.8's 24 px.
  expect((await report.boundingBox())?.height).toBeGreaterThanOrEqual(24);
  await report.tap();
  const dialog = b.page.getByRole('dialog', { name: ar['report.title_message'] });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: ar['common.cancel'] }).tap();
  await expect(dialog).toHaveCount(0);

  // Nothing is read out for the messages already there; a reply is, once, with who wrote it; one's own is not.
  const bHeard = b.page.getByTestId('arrived');
  await expect(bThread.getByTestId('message').filter({ hasText: 'Sorry, it is late.' })).toBeVisible();
  await expect(bHeard).toHaveText('');
  await a.page.goto(`/chat?c=${id}`);
  const aBox = a.page.getByRole('textbox', { name: `Message to ${b.nickname}` });
  await aBox.fill('Thank you for answering.');
  await aBox.press('Enter');
  await expect(bHeard.locator('p')).toHaveText([say('chat.arrived', { nickname: a.nickname, text: 'Thank you for answering.' })]);
  await bBox.fill('I am here.');
  await bBox.press('Enter');
  const aThread = thread(a.page, b);
  await expect(aThread.getByTestId('message').filter({ hasText: 'I am here.' })).toBeVisible();
  await expect(a.page.getByTestId('arrived').locator('p')).toHaveText([`Message from ${b.nickname}: I am here.`]);
  await expect(bThread.getByTestId('message').filter({ hasText: 'I am here.' })).not.toContainText(ar['chat.sending']);
  await expect(bHeard.locator('p')).toHaveCount(1);

  // With a mouse, Report shows on hover (and on focus), as before.
  const aReport = aThread.getByTestId('message').filter({ hasText: 'I am here.' }).getByRole('button', { name: en['chat.report'] });
  await expect(aReport).toHaveCSS('opacity', '0');
  await aThread.getByText('I am here.').hover();
  await expect(aReport).toHaveCSS('opacity', '1');

  // Reported once, a message offers no second Report: the words say so and take the focus, after a reload too.
  await aReport.click();
  const aDialog = a.page.getByRole('dialog', { name: en['report.title_message'] });
  await aDialog.getByRole('radio').first().check();
  await aDialog.getByRole('button', { name: en['report.submit'] }).click();
  const aMessage = aThread.getByTestId('message').filter({ hasText: 'I am here.' });
  await expect(aMessage.getByText(en['chat.reported'])).toBeFocused();
  await expect(aMessage.getByRole('button')).toHaveCount(0);
  await a.page.reload();
  await expect(thread(a.page, b).getByTestId('message').filter({ hasText: 'I am here.' })).toContainText(en['chat.reported']);
  await expect(thread(a.page, b).getByTestId('message').filter({ hasText: 'I am here.' }).getByRole('button')).toHaveCount(0);

  // The way back leads to the conversations, where this one now is.
  await b.page.getByRole('link', { name: ar['chat.back'] }).tap();
  await expect(b.page).toHaveURL(/\/ar\/chat$/);
  await expect(b.page.getByTestId('conversation').filter({ hasText: a.nickname })).toContainText('I am here.');
  expect(await overflow(b.page)).toBeNull();

  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.close();
  await b.close();
});

test('a message request blocked and reported: the message reported once, the person blocked, the request gone, the focus on the request after it', async ({
  browser,
  baseURL,
}) => {
  const b = await person(browser);
  const d = await person(browser);
  const c = await person(browser);
  // Two requests, newest first: c's, then d's, which takes its place.
  expect((await call(baseURL, d, 'POST', '/api/messages', { user_id: b.id, content: 'Hello, are you around?' })).status).toBe(201);
  const sent = await call(baseURL, c, 'POST', '/api/messages', { user_id: b.id, content: 'Send me your phone number.' });
  expect(sent.status).toBe(201);
  const messageId = (sent.body as { data: { id: number } }).data.id;

  const left = await openLeaving(b.page, '/chat?tab=requests', 2, c.nickname, d.nickname);
  // The Requests tab with its count stays inside the lists' rounded border (it ran 2 px past it).
  const past = await b.page.getByRole('navigation', { name: en['chat.lists'] }).evaluate((nav) => {
    const box = nav.querySelector('ul')?.getBoundingClientRect();
    return [...nav.querySelectorAll('a')].map((a) => {
      const r = a.getBoundingClientRect();
      return Math.max(0, (box?.left ?? 0) - r.left, r.right - (box?.right ?? 0));
    });
  });
  expect(past).toEqual([0, 0]);
  await expect(b.page.getByText(`${c.nickname} wants to talk with you.`, { exact: false })).toBeVisible();
  await b.page.getByRole('main').getByRole('button', { name: en['chat.block_report'] }).click();
  const confirm = b.page.getByRole('dialog', { name: `Block ${c.nickname}?` });
  await confirm.getByRole('button', { name: en['chat.block_report'] }).click();
  const report = b.page.getByRole('dialog', { name: en['report.title_message'] });
  await report.getByRole('radio').first().check();
  await report.getByRole('button', { name: en['report.submit'] }).click();
  // One toast says both (they come one at a time): the report's thanks and what follows, and the block.
  const told = b.page.getByRole('status').filter({ hasText: en['reports.thanks_message'] });
  await expect(told).toContainText(`${c.nickname} is blocked.`);
  await expect(told).toContainText(en['reports.description_message']);
  await left(`${c.nickname} is blocked.`);
  await expect(b.page).toHaveURL(/\/chat\?tab=requests$/);

  // Stored: a second report of the message is refused, and the blocked person cannot write any more.
  const types = (await call(baseURL, b, 'GET', '/api/report-types')).body as { data: { id: number }[] };
  const again = await call(baseURL, b, 'POST', '/api/report-message', { message_id: messageId, report_type_id: types.data[0].id });
  expect([again.status, (again.body as { code: string }).code]).toEqual([422, 'ALREADY_REPORTED']);
  const refused = await call(baseURL, c, 'POST', '/api/messages', { user_id: b.id, content: 'Hello?' });
  expect([refused.status, (refused.body as { code: string }).code]).toEqual([403, 'MESSAGE_NOT_ALLOWED']);
  const blocks = (await call(baseURL, b, 'GET', '/api/blocks')).body as { data: { id: number }[] };
  expect(blocks.data.map((p) => p.id)).toEqual([c.id]);

  /** Opens someone's request, confirms Block and report, and leaves its report open. */
  const reportOpen = async (from: Person) => {
    await b.page.getByTestId('conversation').filter({ hasText: from.nickname }).click();
    await b.page.getByRole('main').getByRole('button', { name: en['chat.block_report'] }).click();
    await b.page
      .getByRole('dialog', { name: `Block ${from.nickname}?` })
      .getByRole('button', { name: en['chat.block_report'] })
      .click();
    await expect(report).toBeVisible();
  };
  const blocked = async () =>
    ((await call(baseURL, b, 'GET', '/api/blocks')).body as { data: { id: number }[] }).data.map((p) => p.id).sort();

  // d's request, the report left open and the page left with Back: the block the person confirmed still happens.
  await reportOpen(d);
  await b.page.goBack();
  await expect(report).toHaveCount(0);
  await expect.poll(blocked).toEqual([c.id, d.id].sort());

  // e's request, the report left open and the tab closed: the block still reaches the server.
  const e = await person(browser);
  expect((await call(baseURL, e, 'POST', '/api/messages', { user_id: b.id, content: 'Answer me.' })).status).toBe(201);
  await b.page.goto('/chat?tab=requests');
  await reportOpen(e);
  const errors = [...b.errors];
  await b.page.close({ runBeforeUnload: true });
  await expect.poll(blocked).toEqual([c.id, d.id, e.id].sort());

  expect([...errors, ...c.errors, ...d.errors, ...e.errors]).toEqual([]);
  await Promise.all([b, c, d, e].map((p) => p.close()));
});

for (const { label, code, viewport, touch } of [
  { label: '390 px, Arabic', code: 'ar', viewport: { width: 390, height: 844 }, touch: true },
  { label: '1280 px, English', code: 'en', viewport: { width: 1280, height: 800 }, touch: false },
] as const) {
  test(`a long word or link wraps inside its bubble, and Send keeps the focus in the box (${label})`, async ({ browser, baseURL }) => {
    const t = catalog(code);
    const a = await person(browser, { viewport, touch });
    const b = await person(browser);
    const id = await acceptedConversation(baseURL, b, a, 'Hello, are you there?');
    const link = `https://example.com/${'a'.repeat(150)}`;
    expect((await call(baseURL, b, 'POST', '/api/messages', { conversation_id: id, content: link })).status).toBe(201);
    await a.page.goto(at(code, `/chat?c=${id}`));
    const list = a.page.getByRole('list', { name: t['chat.thread_label'].replace('{nickname}', b.nickname) });
    /** The bubble's text lies inside the conversation, not past its edge (where the panel clips it). */
    const inside = async (text: string) => {
      const bubble = list.getByTestId('message').filter({ hasText: text }).locator('p');
      await expect(bubble).toBeVisible();
      const [pane, box] = [await list.boundingBox(), await bubble.boundingBox()];
      if (!pane || !box) throw new Error('not laid out');
      expect([box.x >= pane.x, box.x + box.width <= pane.x + pane.width]).toEqual([true, true]);
    };
    await inside(link);

    const box = a.page.getByRole('textbox', { name: t['chat.composer_label'].replace('{nickname}', b.nickname) });
    const word = 'ا'.repeat(120);
    await box.fill(word);
    await a.page.getByRole('button', { name: t['chat.send'], exact: true }).click();
    await inside(word);
    await expect(list.getByTestId('message').filter({ hasText: word })).not.toContainText(t['chat.sending']);
    // The button is disabled once the box is empty: the focus is back in the box, not at the page's start.
    await expect(box).toBeFocused();
    expect(await overflow(a.page)).toBeNull();
    expect([...a.errors, ...b.errors]).toEqual([]);
    await Promise.all([a, b].map((p) => p.close()));
  });
}

/**
 * Opens the list at `path` (`count` conversations) and in it `leaving`'s conversation, after checking that `after`'s
 * follows it in the list as loaded; once `leaving`'s has left, the focus must be on `after`'s.
 */
async function openLeaving(p: Page, path: string, count: number, leaving: string, after: string) {
  await p.goto(path);
  const links = p.getByTestId('conversation');
  await expect(links).toHaveCount(count);
  const next = await links
    .filter({ hasText: leaving })
    .evaluate((a) => a.closest('li')?.nextElementSibling?.querySelector('[data-testid="conversation"] span span')?.textContent);
  expect(next).toBe(after);
  await p.waitForLoadState('networkidle');
  await links.filter({ hasText: leaving }).click();
  return async (said: string) => {
    await expect(p.getByRole('status').filter({ hasText: said })).toBeVisible();
    await expect(links.filter({ hasText: leaving })).toHaveCount(0);
    await expect(links.filter({ hasText: after })).toBeFocused();
  };
}

test('declining a request (desktop) or blocking someone from their conversation (390 px, Arabic) puts the focus on the conversation that took its place', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // Three requests, newest first: the middle one is declined, and the one written first takes its place.
  const b = await person(browser, { viewport: { width: 1280, height: 800 } });
  const writers = [await person(browser), await person(browser), await person(browser)];
  for (const w of writers)
    expect((await call(baseURL, w, 'POST', '/api/messages', { user_id: b.id, content: 'Are you there?' })).status).toBe(201);
  const declined = await openLeaving(b.page, '/chat?tab=requests', 3, writers[1].nickname, writers[0].nickname);
  await b.page.getByRole('main').getByRole('button', { name: en['chat.decline'] }).focus();
  await b.page.keyboard.press('Enter');
  await declined(en['chat.declined']);
  expect(b.errors).toEqual([]);

  // On a phone the conversation fills the screen; blocking its person goes back to the list, where the focus is on
  // the conversation after it.
  const ar = catalog('ar');
  const c = await person(browser, { viewport: { width: 390, height: 844 } });
  const friends = [await person(browser), await person(browser)];
  for (const f of friends) await talking(baseURL, f, c);
  const blocked = await openLeaving(c.page, at('ar', '/chat'), 2, friends[1].nickname, friends[0].nickname);
  await c.page.getByRole('main').getByRole('button', { name: ar['person.block'] }).focus();
  await c.page.keyboard.press('Enter');
  await c.page.getByRole('dialog').getByRole('button', { name: ar['person.block'] }).focus();
  await c.page.keyboard.press('Enter');
  await blocked(ar['person.blocked'].replace('{nickname}', friends[1].nickname));
  expect(await overflow(c.page)).toBeNull();
  expect(c.errors).toEqual([]);
  for (const p of [b, c, ...writers, ...friends]) await p.close();
});

test('"Who can message me: nobody" stops a new conversation with the neutral message', async ({ browser, baseURL }) => {
  const a = await person(browser);
  const b = await person(browser);
  const made = await call(baseURL, b, 'POST', '/api/posts', {
    content: `Some evenings I do not want to talk to anyone, and that is fine too. I read, I walk, I rest and let the day go by slowly, without my phone, until I feel like myself again. #quiet${Date.now().toString(36)}`,
  });
  expect(made.status).toBe(201);
  const postId = (made.body as { data: { id: number } }).data.id;

  await b.page.goto('/settings/general');
  const nobody = b.page.getByRole('radio', { name: en['settings.messages.who_nobody'] });
  await expect(async () => {
    await nobody.check();
    await expect(b.page.getByRole('status').filter({ hasText: en['settings.saved'] })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const settings = await call(baseURL, b, 'GET', '/api/message-settings');
  expect((settings.body as { data: { who_can_message: string } }).data.who_can_message).toBe('nobody');

  await a.page.goto(`/problem/${postId}`);
  const card = a.page.getByRole('dialog', { name: b.nickname });
  await expect(async () => {
    await a.page.getByRole('main').getByRole('button', { name: b.nickname, exact: true }).click();
    await expect(card).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await card.getByRole('button', { name: en['person.message'] }).click();
  await expect(a.page.getByRole('alert').filter({ hasText: en['errors.message_not_allowed'] })).toBeVisible();
  await expect(a.page).toHaveURL(new RegExp(`/problem/${postId}$`));
  // Nothing was opened: neither has a conversation, and a first message gets the same answer.
  expect(((await call(baseURL, a, 'GET', '/api/conversations')).body as { meta: { total: number } }).meta.total).toBe(0);
  const direct = await call(baseURL, a, 'POST', '/api/messages', { user_id: b.id, content: 'Hello?' });
  expect([direct.status, (direct.body as { code: string }).code]).toEqual([403, 'MESSAGE_NOT_ALLOWED']);
  expect(((await call(baseURL, b, 'GET', '/api/message-requests')).body as { meta: { total: number } }).meta.total).toBe(0);

  expect(a.errors).toEqual([failedLoad('the server responded with a status of 403')]);
  expect(b.errors).toEqual([]);
  await a.close();
  await b.close();
});

test('a conversation opened again after blocking its person offers Unblock, not a second Block, and unblocking lets them talk again', async ({
  browser,
  baseURL,
}) => {
  const a = await person(browser);
  const b = await person(browser);
  const id = await acceptedConversation(baseURL, b, a, 'Hello, are you there?');
  expect((await call(baseURL, a, 'POST', '/api/blocks', { user_id: b.id })).status).toBe(200);

  // From an old notification or the address: the conversation is out of the lists, but it opens.
  await a.page.goto(`/chat?c=${id}`);
  const unblock = a.page.getByRole('button', { name: en['settings.blocked.unblock_label'].replace('{nickname}', b.nickname) });
  await expect(unblock).toBeVisible();
  await expect(a.page.getByRole('main').getByRole('button', { name: en['person.block'], exact: true })).toHaveCount(0);
  await expect(a.page.getByText(en['chat.cannot_reply'])).toBeVisible();
  await a.page.waitForLoadState('networkidle');
  await unblock.focus();
  await a.page.keyboard.press('Enter');
  await expect(
    a.page.getByRole('status').filter({ hasText: en['settings.blocked.unblocked'].replace('{nickname}', b.nickname) }),
  ).toBeVisible();
  const block = a.page.getByRole('main').getByRole('button', { name: en['person.block'], exact: true });
  await expect(block).toBeVisible();
  await expect(block).toBeFocused();
  await expect(a.page.getByRole('textbox', { name: `Message to ${b.nickname}` })).toBeVisible();
  const blocks = (await call(baseURL, a, 'GET', '/api/blocks')).body as { data: { id: number }[] };
  expect(blocks.data).toEqual([]);

  expect([...a.errors, ...b.errors]).toEqual([]);
  await Promise.all([a, b].map((p) => p.close()));
});

for (const { label, code, viewport, touch } of [
  { label: 'desktop, English', code: 'en', viewport: undefined, touch: false },
  { label: '390 px, Arabic', code: 'ar', viewport: { width: 390, height: 844 }, touch: true },
]) {
  test(`a request blocked and reported, opened again by its address, offers Unblock only; unblocked, Accept again (${label})`, async ({
    browser,
    baseURL,
  }) => {
    const words = catalog(code);
    const say = (key: string, nickname: string) => words[key].replace('{nickname}', nickname);
    const a = await person(browser, viewport ? { viewport, touch } : {});
    const b = await person(browser);
    const sent = await call(baseURL, b, 'POST', '/api/messages', { user_id: a.id, content: 'Send me your phone number.' });
    expect(sent.status).toBe(201);
    const id = (sent.body as { data: { conversation_id: number } }).data.conversation_id;
    const main = a.page.getByRole('main');
    const accept = main.getByRole('button', { name: words['chat.accept'], exact: true });
    const decline = main.getByRole('button', { name: words['chat.decline'], exact: true });
    const blockReport = main.getByRole('button', { name: words['chat.block_report'], exact: true });

    await a.page.goto(at(code, `/chat?tab=requests&c=${id}`));
    await a.page.waitForLoadState('networkidle');
    await blockReport.click();
    await a.page
      .getByRole('dialog', { name: say('person.block_title', b.nickname) })
      .getByRole('button', { name: words['chat.block_report'] })
      .click();
    const report = a.page.getByRole('dialog', { name: words['report.title_message'] });
    await report.getByRole('radio').first().check();
    await report.getByRole('button', { name: words['report.submit'] }).click();
    await expect(a.page.getByRole('status').filter({ hasText: words['reports.thanks_message'] })).toContainText(
      say('person.blocked', b.nickname),
    );

    // Again from its address (the notification that was there): my block, and the way back from it, nothing else.
    await a.page.goto(at(code, `/chat?c=${id}`));
    await a.page.waitForLoadState('networkidle');
    const unblock = main.getByRole('button', { name: say('settings.blocked.unblock_label', b.nickname) });
    await expect(unblock).toBeVisible();
    await expect(main.getByText(say('person.blocked', b.nickname))).toBeVisible();
    await expect(accept).toHaveCount(0);
    await expect(decline).toHaveCount(0);
    await expect(blockReport).toHaveCount(0);
    await expect(main.getByRole('button', { name: words['person.block'], exact: true })).toHaveCount(0);

    // Unblocked, it is the request it was; the focus stays on the header's button, Block now.
    await unblock.click();
    await expect(a.page.getByRole('status').filter({ hasText: say('settings.blocked.unblocked', b.nickname) })).toBeVisible();
    await expect(main.getByRole('button', { name: words['person.block'], exact: true })).toBeFocused();
    await expect(decline).toBeVisible();
    await expect(blockReport).toBeVisible();
    await accept.click();
    await expect(a.page.getByRole('textbox', { name: say('chat.composer_label', b.nickname) })).toBeVisible();

    expect([...a.errors, ...b.errors]).toEqual([]);
    await Promise.all([a, b].map((p) => p.close()));
  });
}
