/**
 * Issue 13 across processes: two app processes on one PostgreSQL database and one Redis, each person's browser
 * on a different process; a message written on one reaches the other person's open conversation on the other,
 * live, through the socket.io Redis adapter, and so does the reply. Needs TEST_DATABASE_URL and REDIS_URL (the
 * CI has both); without them the test is skipped, except on CI, where that is a failure.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, type Page, request, test } from '@playwright/test';
import pg from 'pg';
import { watchErrors } from './pages.ts';

const base = process.env.TEST_DATABASE_URL;
const redis = process.env.REDIS_URL;
if (process.env.CI && !(base && redis)) throw new Error('TEST_DATABASE_URL and REDIS_URL are required on CI for the cross-process test.');

const firstPort = Number(process.env.E2E_PORT ?? 3210) + 40;
const servers: ChildProcess[] = [];
let database: string | null = null;

async function start(port: number, url: string) {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      REDIS_URL: redis,
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      GUEST_LOGINS_PER_HOUR: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  servers.push(child);
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200);
}

test.describe('two app processes with Redis', () => {
  test.skip(!(base && redis), 'TEST_DATABASE_URL and REDIS_URL are not set');

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const name = `e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    database = name;
    const url = new URL(base as string);
    url.pathname = `/${name}`;
    // One after the other: the first migrates the empty database.
    await start(firstPort, url.toString());
    await start(firstPort + 1, url.toString());
  });

  test.afterAll(async () => {
    for (const child of servers) child.kill('SIGTERM');
    await Promise.all(servers.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    if (database) {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  });

  test('a message written on one process reaches the other person’s open conversation on the other, and the reply comes back', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const errors: string[] = [];
    const open = async (port: number) => {
      const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
      const page = await context.newPage();
      watchErrors(page, errors);
      const res = await page.request.post('/api/guest-login', { data: {} });
      expect(res.status()).toBe(201);
      const { token, data } = (await res.json()) as { token: string; data: { id: number; nickname: string } };
      return { page, context, id: data.id, nickname: data.nickname, auth: { Authorization: `Bearer ${token}` } };
    };
    const a = await open(firstPort);
    const b = await open(firstPort + 1);

    // The conversation exists and B accepted it (through the API of each one's own process).
    const api = await request.newContext();
    const sent = await api.post(`http://127.0.0.1:${firstPort}/api/messages`, {
      headers: a.auth,
      data: { user_id: b.id, content: 'Hello from the first process.' },
    });
    expect(sent.status()).toBe(201);
    const conversationId = ((await sent.json()) as { data: { conversation_id: number } }).data.conversation_id;
    const accepted = await api.post(`http://127.0.0.1:${firstPort + 1}/api/message-requests/${conversationId}/accept`, {
      headers: b.auth,
      data: {},
    });
    expect(accepted.status()).toBe(200);
    await api.dispose();

    const thread = (page: Page, other: string) => page.getByRole('list', { name: `Messages with ${other}` });
    // Both sockets are connected (socket.io's CONNECT answer, "40", arrived) before anything is written, so what
    // follows can only arrive live, not from the fetch a thread makes on connecting.
    const connected = (page: Page) =>
      page
        .waitForEvent('websocket', (ws) => new URL(ws.url()).pathname.startsWith('/socket.io/'))
        .then((ws) => ws.waitForEvent('framereceived', (f) => String(f.payload).startsWith('40')));
    const ready = [connected(a.page), connected(b.page)];
    await a.page.goto(`/chat?c=${conversationId}`);
    await b.page.goto(`/chat?c=${conversationId}`);
    await Promise.all(ready);
    await expect(thread(b.page, a.nickname).getByTestId('message')).toHaveCount(1);

    const box = a.page.getByRole('textbox', { name: `Message to ${b.nickname}` });
    await box.fill('This one crosses processes.');
    await box.press('Enter');
    await expect(thread(b.page, a.nickname).getByTestId('message').filter({ hasText: 'This one crosses processes.' })).toBeVisible();

    const reply = b.page.getByRole('textbox', { name: `Message to ${a.nickname}` });
    await reply.fill('And this one comes back.');
    await reply.press('Enter');
    await expect(thread(a.page, b.nickname).getByTestId('message').filter({ hasText: 'And this one comes back.' })).toBeVisible();

    expect(errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
