/**
 * A write that fails keeps the keyboard where the person was, and says what happened in their language: a comment
 * or a reply answered by a proxy's 503 page or a plain-text 429 leaves the focus on Send, with the error in the
 * page's language (not "Service Unavailable"); "Try again" on a chat message that was not sent hands the focus to
 * the message box, as it disappears; the advice dialog, whose text an ended session empties, hands it to its box
 * instead of the page behind. On a 390 px phone and a 1280 px desktop, in English and in Arabic.
 */
import { expect, test } from '@playwright/test';
import { at, catalog } from './pages.ts';
import { acceptedConversation, call, hydrated, hydratingPerson, longPost, overflow, person } from './people.ts';

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
] as const;

const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);

/** A proxy's error page: what reaches the browser when the server behind it is down. */
const proxyPage = (status: number, reason: string) => ({
  status,
  contentType: 'text/html',
  body: `<html><head><title>${status} ${reason}</title></head><body><h1>${reason}</h1></body></html>`,
});

const someone = hydratingPerson;

/** The page's console errors, less the failed answers the test itself sent. */
const unexpected = (errors: string[]) => errors.filter((e) => !/the server responded with a status of (429|503)/.test(e));

for (const lang of ['en', 'ar'] as const) {
  const t = catalog(lang);
  for (const shape of VIEWPORTS) {
    test(`${lang}, ${shape.name}: a failed comment and a failed reply keep the focus on Send and say what to do`, async ({
      browser,
      baseURL,
    }) => {
      const a = await someone(browser, shape);
      const made = await call(baseURL, a, 'POST', '/api/posts', { content: longPost(`#focus${Date.now().toString(36)}`) });
      expect(made.status).toBe(201);
      const postId = (made.body as { data: { id: number } }).data.id;
      const first = await call(baseURL, a, 'POST', '/api/comments', { post_id: postId, content: 'Me too, every night.' });
      expect(first.status).toBe(201);

      await a.page.goto(at(lang, `/problem/${postId}`));
      await hydrated(a.page);
      const box = a.page.getByRole('textbox', { name: t['comments.label'] });
      const form = a.page.locator('form', { has: box });
      const send = form.getByRole('button', { name: t['comments.send'], exact: true });
      await box.fill('You are not alone in this.');

      // The server behind a proxy is down: its 503 page is said as the service's short absence, in the page's
      // language; Send keeps the focus, so Enter tries again once it is back.
      await a.page.route('**/api/comments', (route) => route.fulfill(proxyPage(503, 'Service Unavailable')), { times: 1 });
      await send.press('Enter');
      await expect(form.getByRole('alert')).toHaveText(t['errors.unavailable']);
      await expect(send).toBeFocused();
      await expect(box).toHaveValue('You are not alone in this.');
      await a.page.keyboard.press('Enter');
      const sent = a.page.getByRole('main').getByText('You are not alone in this.', { exact: true });
      await expect(sent).toBeVisible();
      await expect(form.getByRole('alert')).toHaveCount(0);

      // A reply refused by a proxy's plain-text 429 that names a wait: the wait, in minutes, and Send keeps the focus.
      await a.page.getByRole('button', { name: t['comments.reply'], exact: true }).first().click();
      const replyBox = a.page.getByRole('textbox', { name: fill(t['comments.reply_label'], { name: a.nickname }) });
      const replyForm = a.page.locator('form', { has: replyBox });
      const replySend = replyForm.getByRole('button', { name: t['comments.send'], exact: true });
      await replyBox.fill('Thank you for saying so.');
      await a.page.route(
        '**/api/comment-reply',
        (route) => route.fulfill({ status: 429, contentType: 'text/plain', headers: { 'Retry-After': '90' }, body: 'Too Many Requests' }),
        { times: 1 },
      );
      await replySend.press('Enter');
      const wait = replyForm.getByRole('alert');
      await expect(wait).toHaveText(
        lang === 'en'
          ? 'Too many requests in a short time. Please wait 2 minutes, then try again.'
          : 'طلبات كثيرة جدًا في وقت قصير. يُرجى الانتظار دقيقتين ثم المحاولة مرة أخرى.',
      );
      await expect(replySend).toBeFocused();
      await expect(replyBox).toHaveValue('Thank you for saying so.');
      expect(await overflow(a.page)).toBe(null);
      expect(unexpected(a.errors)).toEqual([]);
      await a.close();
    });

    test(`${lang}, ${shape.name}: "Try again" on a chat message that was not sent hands the focus to the message box`, async ({
      browser,
      baseURL,
    }) => {
      const a = await someone(browser, shape);
      const b = await person(browser);
      const conversation = await acceptedConversation(baseURL, a, b, 'Hello, how was your day?');

      await a.page.goto(at(lang, `/chat?c=${conversation}`));
      await hydrated(a.page);
      const box = a.page.getByRole('textbox', { name: fill(t['chat.composer_label'], { nickname: b.nickname }) });
      const thread = a.page.getByRole('list', { name: fill(t['chat.thread_label'], { nickname: b.nickname }) });
      await box.fill('Mine was long, but better now.');
      let failing = true;
      await a.page.route('**/api/messages', (route) => (failing ? route.fulfill(proxyPage(503, 'Service Unavailable')) : route.fallback()));
      await box.press('Enter');
      const bubble = thread.getByTestId('message').filter({ hasText: 'Mine was long, but better now.' });
      const retry = bubble.getByRole('button', { name: t['common.retry'], exact: true });
      await expect(bubble).toContainText(t['chat.not_sent']);
      await expect(a.page.getByRole('alert').filter({ hasText: t['errors.unavailable'] })).toBeVisible();

      // Still down: the button goes while it is sent again, and the focus waits in the box, not at the page's start.
      await retry.press('Enter');
      await expect(box).toBeFocused();
      await expect(retry).toBeVisible();
      await expect(box).toBeFocused();

      // Back: sent, one copy, and the focus is still where the next message is written.
      failing = false;
      await retry.press('Enter');
      await expect(bubble).toHaveCount(1);
      await expect(thread.getByText(t['chat.not_sent'])).toHaveCount(0);
      await expect(retry).toHaveCount(0);
      await expect(box).toBeFocused();
      // The button goes as the send starts: the message is stored once its answer is in (polled, as CI once read first).
      const stored = async () =>
        (
          (await call(baseURL, a, 'GET', `/api/conversation-messages?conversation_id=${conversation}&page=1`)).body as {
            data: { content: string }[];
          }
        ).data.filter((m) => m.content === 'Mine was long, but better now.').length;
      await expect.poll(stored).toBe(1);
      expect(await overflow(a.page)).toBe(null);
      expect(unexpected(a.errors)).toEqual([]);
      await a.close();
      await b.close();
    });

    test(`${lang}, ${shape.name}: advice refused because the session ended keeps the focus in the dialog`, async ({ browser, baseURL }) => {
      const a = await someone(browser, shape);
      const b = await person(browser);
      const made = await call(baseURL, b, 'POST', '/api/posts', { content: longPost(`#advice${Date.now().toString(36)}`) });
      expect(made.status).toBe(201);
      await a.page.goto(at(lang, `/problem/${(made.body as { data: { id: number } }).data.id}`));
      await hydrated(a.page);
      await a.page.getByRole('main').getByRole('button', { name: t['advice.send'], exact: true }).click();
      const dialog = a.page.getByRole('dialog', { name: fill(t['advice.dialog_title'], { nickname: b.nickname }) });
      const box = dialog.getByRole('textbox');
      const send = dialog.getByRole('button', { name: t['advice.send'], exact: true });
      await box.fill('Writing the worries down before bed helped me.');

      // The session expired: the refusal is said in the dialog, and the page offers to sign in again.
      await a.page.context().clearCookies();
      await send.press('Enter');
      await expect(dialog.getByRole('alert')).toContainText(t['errors.unauthenticated']);
      await expect(a.page.getByRole('banner').getByRole('button', { name: t['auth.sign_in'], exact: true })).toBeVisible();
      // Send keeps the focus while it can be pressed; emptied with the draft (this branch: the session's drafts go with
      // it), it is disabled and the focus is in the box, not on the page behind the dialog.
      const kept = (await box.inputValue()) !== '';
      await expect(kept ? send : box).toBeFocused();
      expect(unexpected(a.errors)).toEqual([expect.stringContaining('the server responded with a status of 401')]);
      await a.close();
      await b.close();
    });
  }
}
