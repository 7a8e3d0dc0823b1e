import { expect, request, test } from '@playwright/test';

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
