import { expect, request, test } from '@playwright/test';
import { joined, pillCount } from './pages.ts';

test('the app holds one socket.io connection: the feed and the QR sign-in share it, and signing in reconnects it', async ({
  page,
  baseURL,
}) => {
  let open = 0;
  let opened = 0;
  page.on('websocket', (ws) => {
    if (!new URL(ws.url()).pathname.startsWith('/socket.io/')) return;
    opened++;
    open++;
    ws.on('close', () => {
      open--;
    });
  });
  await page.goto('/');
  await expect.poll(() => open).toBe(1);

  // The feed's room is joined over it: another person's post brings the pill.
  const api = await request.newContext({ baseURL });
  const { token } = await (await api.post('/api/guest-login', { data: {} })).json();
  const auth = { Authorization: `Bearer ${token}` };
  const content = `${'Some evenings the quiet in the flat is louder than any noise, and I do not know what to do with it. '.repeat(2)}${Date.now()}`;
  expect((await api.post('/api/posts', { data: { content }, headers: auth })).status()).toBe(201);
  // Other tests post beside this one, so the pill may count theirs too.
  await expect(page.getByRole('button', { name: /^\d+ new posts? – show$/ })).toBeVisible();

  // The sign-in dialog watches its QR code over the same socket.
  const created = page.waitForResponse((r) => r.url().endsWith('/api/create-qr') && r.request().method() === 'POST');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true }).click();
  const { qrToken } = (await (await created).json()) as { qrToken: string };
  await expect(page.getByRole('dialog').getByText('Waiting for approval…')).toBeVisible();
  expect([opened, open]).toEqual([1, 1]);

  // Approved, the page is signed in, and the socket connects again so that its handshake carries the session.
  expect((await api.post('/api/qr-token', { data: { qr_token: qrToken }, headers: auth })).status()).toBe(200);
  await expect(page.getByTestId('current-user')).toBeVisible();
  await expect.poll(() => [opened, open]).toEqual([2, 1]);
  await api.dispose();
});

test('the new-posts pill counts only posts in the languages the reader chose to read', async ({ page, context, baseURL }) => {
  // A guest who reads Japanese and French only; the interface stays English.
  await context.addCookies([{ name: 'content_languages', value: 'ja,fr', url: baseURL as string }]);
  // What the server announced to this page, as socket.io frames `42["feed:new",{…}]`: other tests post beside
  // this one, so the pill is checked against what actually arrived, not against a fixed number.
  const announced: { id: number; language: string }[] = [];
  page.on('websocket', (ws) => {
    ws.on('framereceived', (event) => {
      if (typeof event.payload !== 'string' || !event.payload.startsWith('42')) return;
      const [name, item] = JSON.parse(event.payload.slice(2)) as [string, { type: string; id: number; language: string }];
      if (name === 'feed:new' && item.type === 'post') announced.push(item);
    });
  });
  const listening = joined(page, 'feed:posts');
  await page.goto('/');
  await listening;

  const api = await request.newContext({ baseURL });
  const { token } = await (await api.post('/api/guest-login', { data: {} })).json();
  const post = async (content: string) => {
    const res = await api.post('/api/posts', { data: { content }, headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { data: { id: number; language: string } }).data;
  };
  const english = await post(
    `${'Some evenings the quiet in the flat is louder than any noise, and I do not know what to do with it. '.repeat(2)}${Date.now()}`,
  );
  const japanese = await post(
    `${'夜になると部屋の静けさがどんな音よりも大きく感じられて、どうしたらいいのか分からなくなります。'.repeat(3)}${Date.now()}`,
  );
  await api.dispose();
  expect([english.language, japanese.language]).toEqual(['en', 'ja']);

  // Both were announced to the page (one socket hears them in order); the pill counts the Japanese one and every
  // other Japanese or French post announced meanwhile, and no English one.
  await expect.poll(() => announced.some((item) => item.id === japanese.id)).toBe(true);
  expect(announced.some((item) => item.id === english.id)).toBe(true);
  await expect.poll(() => pillCount(page)).toBe(announced.filter((item) => item.language === 'ja' || item.language === 'fr').length);
});
