/**
 * Issue 13 in the browser: two people in two browser contexts write to each other through the person card and
 * the chat screen and see each other's messages without reloading; a message request accepted, another
 * declined; a block that stops messages; advice sent and read; the unread badge cleared in a second tab; the chat
 * screen on a 390 px phone and on a desktop. Every page fails the test on a console error (hydration included).
 */
import { expect, test } from '@playwright/test';
import { watchErrors } from './pages.ts';
import { acceptedConversation, call, clickUntil, overflow, person, longPost as post } from './people.ts';

test('two people chat in realtime: the person card opens a conversation, the request is accepted, and each sees the other’s messages live', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const a = await person(browser);
  const b = await person(browser);
  const made = await call(baseURL, b, 'POST', '/api/posts', { content: post(`#sleep${Date.now().toString(36)}`) });
  expect(made.status).toBe(201);
  const postId = (made.body as { data: { id: number } }).data.id;

  // A opens B's card from the post and chooses "Send a message".
  await a.page.goto(`/problem/${postId}`);
  const name = a.page.getByRole('main').getByRole('button', { name: b.nickname, exact: true });
  const card = a.page.getByRole('dialog', { name: b.nickname });
  await clickUntil(
    () => name.click(),
    () => expect(card).toBeVisible({ timeout: 1_000 }),
  );
  await expect(card.getByTestId('person-card')).toBeVisible();
  await card.getByRole('button', { name: 'Send a message' }).click();
  await expect(a.page).toHaveURL(/\/chat\?c=\d+$/);
  const box = a.page.getByRole('textbox', { name: `Message to ${b.nickname}` });
  await expect(a.page.getByText(`Write your first message to ${b.nickname}.`)).toBeVisible();
  await box.fill('Hello, I read your post. I wake up early too.');
  await box.press('Enter');
  const aThread = a.page.getByRole('list', { name: `Messages with ${b.nickname}` });
  await expect(aThread.getByTestId('message').filter({ hasText: 'I wake up early too.' })).toBeVisible();
  await expect(box).toHaveValue('');

  // B: the header counts the waiting request; the request is folded until B accepts it.
  await b.page.goto('/');
  // Read out as what it is: a request, not an unread message.
  await expect(b.page.getByTestId('unread-badge')).toHaveText(/^1\s*1 message request$/);
  await expect(b.page).toHaveTitle(/^\(1\) /);
  await b.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Chat/ }).click();
  await b.page.getByRole('link', { name: /Requests/ }).click();
  await expect(b.page).toHaveURL(/\/chat\?tab=requests$/);
  const request = b.page.getByTestId('conversation').filter({ hasText: a.nickname });
  await expect(request).toContainText('Wants to talk with you');
  await request.click();
  await expect(b.page.getByText(`${a.nickname} wants to talk with you.`)).toBeVisible();
  await expect(b.page.getByText('I wake up early too.')).toHaveCount(0);
  await b.page.getByRole('button', { name: 'Accept' }).click();
  const bThread = b.page.getByRole('list', { name: `Messages with ${a.nickname}` });
  await expect(bThread.getByTestId('message').filter({ hasText: 'I wake up early too.' })).toBeVisible();
  await expect(b.page.getByTestId('unread-badge')).toHaveCount(0);

  // Both write; each sees the other's message without reloading. Shift+Enter is a new line, not a send.
  const bBox = b.page.getByRole('textbox', { name: `Message to ${a.nickname}` });
  await bBox.fill('Thank you for writing.');
  await bBox.press('Shift+Enter');
  await bBox.pressSequentially('What helps you?');
  await expect(bBox).toHaveValue('Thank you for writing.\nWhat helps you?');
  await bBox.press('Enter');
  await expect(aThread.getByTestId('message').filter({ hasText: 'What helps you?' })).toBeVisible();
  await box.fill('A walk before breakfast.');
  await a.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(bThread.getByTestId('message').filter({ hasText: 'A walk before breakfast.' })).toBeVisible();
  // B's list moved the conversation to the top with the newest words.
  await b.page.getByRole('link', { name: 'Conversations', exact: true }).click();
  await expect(b.page.getByTestId('conversation').first()).toContainText('A walk before breakfast.');

  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.close();
  await b.close();
});

test('two messages sent one after the other: the conversation list shows the later one, even when the first is answered last', async ({
  browser,
  baseURL,
}) => {
  const a = await person(browser);
  const b = await person(browser);
  const conversationId = await acceptedConversation(baseURL, b, a, 'Are you awake too?');

  // The first message's answer is held back until the second one's has arrived.
  let releaseFirst: () => void = () => {};
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  let sent = 0;
  await a.page.route('**/api/messages', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const first = ++sent === 1;
    const response = await route.fetch();
    if (first) await firstHeld;
    await route.fulfill({ response });
    if (!first) releaseFirst();
  });
  await a.page.goto(`/chat?c=${conversationId}`);
  const firstAnswered = a.page.waitForResponse(
    (r) => r.url().endsWith('/api/messages') && r.request().postDataJSON()?.content === 'Yes, since four.',
  );
  const box = a.page.getByRole('textbox', { name: `Message to ${b.nickname}` });
  await box.fill('Yes, since four.');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await box.fill('I made some tea.');
  await box.press('Enter');
  const thread = a.page.getByRole('list', { name: `Messages with ${b.nickname}` });
  await expect(thread.getByTestId('message').filter({ hasText: 'Yes, since four.' })).toBeVisible();
  await expect(thread.getByTestId('message').filter({ hasText: 'I made some tea.' })).toBeVisible();
  await firstAnswered;
  expect(sent).toBe(2);
  // The page has handled the late answer (its promise, React's render) by the second frame after it.
  await a.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // The list beside the thread (desktop) keeps the newest words.
  await expect(a.page.getByTestId('conversation').filter({ hasText: b.nickname })).toContainText('I made some tea.');

  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.close();
  await b.close();
});

test('a request declined stops its sender; a block from the thread stops messages and the conversation leaves the list', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const b = await person(browser);
  const c = await person(browser);
  const d = await person(browser);

  // C's request, declined: C is told nothing beyond a neutral refusal from then on.
  expect((await call(baseURL, c, 'POST', '/api/messages', { user_id: b.id, content: 'Hi, can we talk?' })).status).toBe(201);
  await b.page.goto('/chat?tab=requests');
  await b.page.getByTestId('conversation').filter({ hasText: c.nickname }).click();
  await b.page.getByRole('button', { name: 'Decline' }).click();
  await expect(b.page.getByRole('status').filter({ hasText: 'Request declined.' })).toBeVisible();
  await expect(b.page).toHaveURL(/\/chat\?tab=requests$/);
  await expect(b.page.getByText('No message requests.', { exact: false })).toBeVisible();
  const refused = await call(baseURL, c, 'POST', '/api/messages', { user_id: b.id, content: 'Hello again?' });
  expect([refused.status, (refused.body as { code: string }).code]).toEqual([403, 'MESSAGE_NOT_ALLOWED']);

  // D and B talk; B blocks D from the thread.
  const conversationId = await acceptedConversation(baseURL, d, b, 'Thanks for your comment yesterday.');
  await d.page.goto(`/chat?c=${conversationId}`);
  await expect(d.page.getByTestId('message').filter({ hasText: 'Thanks for your comment yesterday.' })).toBeVisible();
  await b.page.goto(`/chat?c=${conversationId}`);
  await expect(b.page.getByTestId('message').filter({ hasText: 'Thanks for your comment yesterday.' })).toBeVisible();
  await clickUntil(
    () => b.page.getByRole('main').getByRole('button', { name: 'Block', exact: true }).click(),
    () => expect(b.page.getByRole('dialog', { name: `Block ${d.nickname}?` })).toBeVisible({ timeout: 1_000 }),
  );
  await b.page.getByRole('dialog').getByRole('button', { name: 'Block', exact: true }).click();
  await expect(b.page.getByRole('status').filter({ hasText: `${d.nickname} is blocked.` })).toBeVisible();
  await expect(b.page).toHaveURL(/\/chat$/);
  await expect(b.page.getByTestId('conversation').filter({ hasText: d.nickname })).toHaveCount(0);
  const blocked = await call(baseURL, d, 'POST', '/api/messages', { conversation_id: conversationId, content: 'Are you there?' });
  expect([blocked.status, (blocked.body as { code: string }).code]).toEqual([403, 'MESSAGE_NOT_ALLOWED']);
  // D, still on the thread, writes: not sent, with no retry that could never work, and no box to write more in.
  const dBox = d.page.getByRole('textbox', { name: `Message to ${b.nickname}` });
  await dBox.fill('Did I say something wrong?');
  await dBox.press('Enter');
  const unsent = d.page.getByTestId('message').filter({ hasText: 'Did I say something wrong?' });
  await expect(unsent).toContainText('Not sent.');
  await expect(unsent.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(d.page.getByText('You cannot send messages in this conversation.')).toBeVisible();
  await expect(dBox).toHaveCount(0);
  expect(d.errors.splice(0)).toEqual([expect.stringContaining('Failed to load resource: the server responded with a status of 403')]);

  // Settings list D among the blocked people; Unblock takes them off.
  await b.page.goto('/settings/general');
  const list = b.page.getByTestId('blocked-people');
  await expect(list).toContainText(d.nickname);
  await clickUntil(
    () => list.getByRole('button', { name: `Unblock ${d.nickname}` }).click(),
    () => expect(b.page.getByRole('status').filter({ hasText: `${d.nickname} is unblocked.` })).toBeVisible({ timeout: 2_000 }),
  );
  await expect(b.page.getByText('You have not blocked anyone.')).toBeVisible();

  expect([...b.errors, ...c.errors, ...d.errors]).toEqual([]);
  for (const p of [b, c, d]) await p.close();
});

test('advice sent from a problem page is read on /advice, with a link to the post', async ({ browser, baseURL }) => {
  const a = await person(browser);
  const b = await person(browser);
  const made = await call(baseURL, b, 'POST', '/api/posts', { content: post(`#advice${Date.now().toString(36)}`) });
  expect(made.status).toBe(201);
  const postId = (made.body as { data: { id: number } }).data.id;

  await a.page.goto(`/problem/${postId}`);
  const dialog = a.page.getByRole('dialog', { name: `Advice for ${b.nickname}` });
  await clickUntil(
    () => a.page.getByRole('main').getByRole('button', { name: 'Send advice' }).first().click(),
    () => expect(dialog).toBeVisible({ timeout: 1_000 }),
  );
  await dialog.getByRole('textbox').fill('Try writing the worries down before bed, so they wait on paper until morning.');
  await expect(dialog.getByText('77 / 2,000')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send advice' }).click();
  await expect(a.page.getByRole('status').filter({ hasText: `Your advice was sent to ${b.nickname}.` })).toBeVisible();

  await b.page.goto('/advice');
  const advice = b.page.getByTestId('advice');
  await expect(advice).toHaveCount(1);
  await expect(advice).toContainText('so they wait on paper until morning.');
  await expect(advice).toContainText(a.nickname);
  await advice.getByRole('link', { name: /Lately I wake up at four/ }).click();
  await expect(b.page).toHaveURL(new RegExp(`/problem/${postId}$`));
  // The author is offered no advice to themselves.
  await expect(b.page.getByRole('button', { name: 'Send advice' })).toHaveCount(0);

  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.close();
  await b.close();
});

test('reading a conversation in one tab clears the unread badge and the title count in another within a second', async ({
  browser,
  baseURL,
}) => {
  const a = await person(browser);
  const b = await person(browser);
  const conversationId = await acceptedConversation(baseURL, a, b, 'First words.');
  expect((await call(baseURL, b, 'POST', `/api/conversations/${conversationId}/read`)).status).toBe(200);

  await b.page.goto('/');
  await expect(b.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat', exact: true })).toBeVisible();
  // A new message reaches the open tab live.
  expect((await call(baseURL, a, 'POST', '/api/messages', { conversation_id: conversationId, content: 'Are you awake?' })).status).toBe(
    201,
  );
  await expect(b.page.getByTestId('unread-badge')).toHaveText(/^1\s*1 unread message$/);
  await expect(b.page).toHaveTitle(/^\(1\) /);

  const second = await b.page.context().newPage();
  watchErrors(second, b.errors);
  await second.goto(`/chat?c=${conversationId}`);
  await expect(second.getByTestId('message').filter({ hasText: 'Are you awake?' })).toBeVisible();
  await expect(b.page.getByTestId('unread-badge')).toHaveCount(0, { timeout: 1_000 });
  await expect(b.page).not.toHaveTitle(/^\(/);

  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.close();
  await b.close();
});

for (const [label, viewport] of [
  ['a 390 px phone', { width: 390, height: 844 }],
  ['a desktop', { width: 1280, height: 800 }],
] as const) {
  test(`the chat screen on ${label}: list and thread, no horizontal overflow, in English and Arabic`, async ({ browser, baseURL }) => {
    const a = await person(browser);
    const b = await person(browser, { viewport });
    const long = `${'A'.repeat(119)}H`;
    const conversationId = await acceptedConversation(baseURL, a, b, `Some nights are loud: ${long}`);
    const phone = viewport.width < 768;

    for (const prefix of ['', '/ar']) {
      await b.page.goto(`${prefix}/chat`);
      await expect(b.page.getByTestId('conversation')).toHaveCount(1);
      expect(await overflow(b.page)).toBeNull();
      await b.page.goto(`${prefix}/chat?c=${conversationId}`);
      await expect(b.page.getByTestId('message').filter({ hasText: long })).toBeVisible();
      // On a phone the conversation replaces the list and has a way back; on a desktop both are shown.
      if (phone) await expect(b.page.getByTestId('conversation')).toBeHidden();
      else await expect(b.page.getByTestId('conversation')).toBeVisible();
      if (prefix === '') await expect(b.page.getByRole('link', { name: 'Back to conversations' })).toBeVisible({ visible: phone });
      expect(await overflow(b.page)).toBeNull();
    }
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.close();
    await b.close();
  });
}

test('a message sent before the socket connects is shown once while its answer is on its way', async ({ browser, baseURL }) => {
  const a = await person(browser);
  const b = await person(browser);
  const conversationId = await acceptedConversation(baseURL, b, a, 'Still up?');

  // The socket connects only when let through, after the message was sent; the message's answer is held until then,
  // so the fetch the socket makes on connecting finds the message on the server while it is still sending here.
  let openSocket: () => void = () => {};
  const socketAllowed = new Promise<void>((resolve) => (openSocket = resolve));
  await a.page.routeWebSocket(/\/socket\.io\//, async (ws) => {
    await socketAllowed;
    ws.connectToServer();
  });
  let releaseAnswer: () => void = () => {};
  const answerHeld = new Promise<void>((resolve) => (releaseAnswer = resolve));
  const stored = new Promise<void>((resolve) =>
    a.page.route('**/api/messages', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const response = await route.fetch();
      resolve();
      await answerHeld;
      await route.fulfill({ response });
    }),
  );
  await a.page.goto(`/chat?c=${conversationId}`);
  const box = a.page.getByRole('textbox', { name: `Message to ${b.nickname}` });
  await box.fill('Yes, since four.');
  await box.press('Enter');
  await stored;
  const fetched = a.page.waitForResponse(
    (r) => r.url().includes(`/api/conversation-messages?conversation_id=${conversationId}&`) && r.ok(),
  );
  openSocket();
  await fetched;
  const thread = a.page.getByRole('list', { name: `Messages with ${b.nickname}` });
  const copies = thread.getByTestId('message').filter({ hasText: 'Yes, since four.' });
  // Once the fetched message is shown, its sending copy is gone: one message, not sending.
  await expect(copies).toHaveCount(1);
  expect(await copies.getAttribute('aria-busy')).toBe(null);
  releaseAnswer();
  await a.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(copies).toHaveCount(1);

  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.close();
  await b.close();
});

test('someone else’s conversation, opened by its address, is “not available” and shows nothing of it', async ({ browser, baseURL }) => {
  const [a, b, outsider] = [await person(browser), await person(browser), await person(browser)];
  const id = await acceptedConversation(baseURL, a, b, 'Only for the two of us: the night shift was hard.');
  for (const c of [String(id), '99999999']) {
    await outsider.page.goto(`/chat?c=${c}`);
    await expect(outsider.page.getByRole('heading', { name: 'This conversation is not available.' })).toBeVisible();
    await expect(outsider.page.getByText('the night shift was hard')).toHaveCount(0);
  }
  expect(outsider.errors).toEqual([]);
  await Promise.all([a.close(), b.close(), outsider.close()]);
});
