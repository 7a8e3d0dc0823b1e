import { expect, type Page, test } from '@playwright/test';

const openSignIn = async (page: Page) => {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to Kindred' });
  await expect(dialog).toBeVisible();
  return dialog;
};

test('a visitor signs in with a QR code that a second, signed-in browser approves', async ({ page, browser }) => {
  // The dialog also watches its code over socket.io, so the approval lands without waiting for the next poll.
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => frames.push(`sent ${f.payload}`));
    ws.on('framereceived', (f) => frames.push(`received ${f.payload}`));
  });
  await page.goto('/');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/create-qr') && r.request().method() === 'POST');
  const dialog = await openSignIn(page);
  const response = await created;
  expect(response.status()).toBe(201);
  const { qrToken } = (await response.json()) as { qrToken: string };
  const image = dialog.getByRole('img', { name: 'QR code for signing in with your phone' });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await expect(dialog.getByText('Waiting for approval…')).toBeVisible();

  const phoneContext = await browser.newContext();
  try {
    const phone = await phoneContext.newPage();
    // Signed out, the approval page asks to sign in first, and stays put afterwards.
    await phone.goto(`/qr/${qrToken}`);
    await expect(phone.getByRole('heading', { name: 'Sign in on the other device?' })).toBeVisible();
    await expect(phone.getByText('To approve, sign in on this phone first.')).toBeVisible();
    await phone.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await phone.getByRole('dialog', { name: 'Sign in to Kindred' }).getByRole('button', { name: 'Continue as guest' }).click();
    await expect(phone.getByRole('dialog')).toBeHidden();
    await expect(phone).toHaveURL(new RegExp(`/qr/${qrToken}$`));
    const explain = phone.getByText('The device showing this code will be signed in to your account');
    await expect(explain).toBeVisible();
    const nickname = ((await explain.textContent()) ?? '').match(/your account \((.+)\)\./)?.[1] ?? '';
    expect(nickname.length).toBeGreaterThan(2);

    await phone.getByRole('button', { name: 'Approve' }).click();
    await expect(phone.getByRole('status')).toHaveText('You are now signed in on your other device.');

    // The waiting browser is now signed in as the phone's user, at the root, with the dialog closed.
    await expect(page.getByTestId('current-user')).toContainText(nickname);
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    expect(frames).toContainEqual(expect.stringMatching(new RegExp(`^sent .*"qr:watch","${qrToken}"`)));
    expect(frames).toContainEqual(expect.stringMatching(/^received .*"qr:approved"/));
    await page.reload();
    await expect(page.getByTestId('current-user')).toContainText(nickname);

    // A used code cannot be approved again.
    await phone.reload();
    await phone.getByRole('button', { name: 'Approve' }).click();
    await expect(phone.getByRole('alert')).toContainText('This sign-in code has expired or was already used.');
  } finally {
    await phoneContext.close();
  }
});

test('an unknown code is reported on the approval page', async ({ page }) => {
  await page.goto('/');
  await (await openSignIn(page)).getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page.getByTestId('current-user')).toContainText('Signed in as');
  await page.goto('/qr/no-such-code');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('alert')).toContainText('This sign-in code is not valid.');
});

test('a wrong password shows the server message; the right one signs in', async ({ page, request }) => {
  // An account with a password, made through the API.
  const guest = await request.post('/api/guest-login', { data: {} });
  const { token, data: user } = (await guest.json()) as { token: string; data: { username: string; nickname: string } };
  const auth = { authorization: `Bearer ${token}` };
  const set = await request.put('/api/user/password', {
    headers: auth,
    data: { password: 'correct horse battery', password_confirmation: 'correct horse battery' },
  });
  expect(set.status()).toBe(204);

  await page.goto('/');
  const dialog = await openSignIn(page);
  await dialog.getByLabel('Username or email').fill(user.username);
  await dialog.getByLabel('Password', { exact: true }).fill('not the password');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('These credentials do not match our records.');
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('current-user')).toContainText(user.nickname);
});

test('the dialog is modal, closes on Escape and returns focus to the button that opened it', async ({ page }) => {
  await page.goto('/');
  const opener = page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true });
  const dialog = await openSignIn(page);
  await expect(dialog.getByRole('heading', { name: 'Sign in to Kindred' })).toBeVisible();
  expect(await dialog.evaluate((d: HTMLDialogElement) => d.open && d.matches(':modal'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // It opens again with a fresh code; the close button works too.
  await opener.click();
  await expect(dialog.getByRole('img', { name: 'QR code for signing in with your phone' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
