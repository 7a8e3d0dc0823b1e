import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrLogins } from '../../../db/schema.ts';
import { createTestApp, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';
import { hashToken } from '../../lib/tokens.ts';
import { QR_COLLECT_MS, QR_TTL_MS } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function createQr(headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/create-qr', headers: { host: 'kindred.test', ...headers } });
  expect(res.statusCode).toBe(201);
  return res.json() as { qrToken: string; qrImage: string; expires_at: string };
}

const approve = (qrToken: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/qr-token', headers, payload: { qr_token: qrToken } });
const check = (qrToken: unknown) => t.app.inject({ method: 'POST', url: '/api/check-session', payload: { qr_token: qrToken } });

async function setExpiry(qrToken: string, expiresAt: Date) {
  await t.database.db
    .update(qrLogins)
    .set({ expiresAt })
    .where(eq(qrLogins.tokenHash, hashToken(qrToken)));
}

async function row(qrToken: string) {
  const [r] = await t.database.db
    .select()
    .from(qrLogins)
    .where(eq(qrLogins.tokenHash, hashToken(qrToken)));
  return r;
}

function cookies(res: { headers: Record<string, unknown> }): string[] {
  const h = res.headers['set-cookie'];
  return Array.isArray(h) ? h : h ? [String(h)] : [];
}

describe('POST /api/create-qr', () => {
  it('answers a token, an SVG QR image of the /qr/{token} page on the same host, and a 2-minute expiry', async () => {
    const before = Date.now();
    const qr = await createQr();
    expect(qr.qrToken).toMatch(/^[\w-]{40,}$/);
    expect(qr.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(qr.qrImage.split(',')[1], 'base64').toString('utf8');
    expect(svg).toContain('<svg');
    // The same encoder with the same settings gives the same picture: the image encodes exactly this URL.
    const expected = await QRCode.toString(`http://kindred.test/qr/${qr.qrToken}`, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    expect(svg).toBe(expected);
    const ttl = new Date(qr.expires_at).getTime() - before;
    expect(ttl).toBeGreaterThanOrEqual(QR_TTL_MS - 1000);
    expect(ttl).toBeLessThanOrEqual(QR_TTL_MS + 5000);
  });

  it('stores only the digest of the token', async () => {
    const qr = await createQr();
    expect(await row(qr.qrToken)).toMatchObject({ approvedUserId: null, approvedAt: null, consumedAt: null });
    const [plain] = await t.database.db.select().from(qrLogins).where(eq(qrLogins.tokenHash, qr.qrToken));
    expect(plain).toBeUndefined();
  });

  it('accepts an empty JSON object as body, and gives each call a new token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/create-qr', payload: {} });
    expect(res.statusCode).toBe(201);
    const other = await createQr();
    expect(other.qrToken).not.toBe(res.json().qrToken);
  });

  it('refuses a malformed Host header with 400, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/create-qr', headers: { host: 'evil.test/<script>' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

describe('POST /api/qr-token', () => {
  it('needs sign-in (401 for anonymous callers)', async () => {
    const qr = await createQr();
    const res = await approve(qr.qrToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await row(qr.qrToken)).approvedUserId).toBeNull();
  });

  it('answers 422 naming qr_token for a missing, empty, or non-string code', async () => {
    const g = await signInGuest(t.app);
    for (const payload of [{}, { qr_token: '' }, { qr_token: 42 }, { qr_token: 'x'.repeat(500) }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/qr-token', headers: g.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors.qr_token).toBeDefined();
    }
  });

  it('answers 404 to an unknown code', async () => {
    const g = await signInGuest(t.app);
    const res = await approve('no-such-code', g.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This sign-in code is not valid.' });
  });

  it('approves a live code once, in the request language; a second approval is 410', async () => {
    const g = await signInGuest(t.app);
    const qr = await createQr();
    const res = await approve(qr.qrToken, g.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You are now signed in on your other device.' });
    expect(await row(qr.qrToken)).toMatchObject({ approvedUserId: g.id });

    const again = await approve(qr.qrToken, (await signInGuest(t.app)).auth);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ message: 'This sign-in code has expired or was already used.' });
    expect((await row(qr.qrToken)).approvedUserId).toBe(g.id);
  });

  it('answers 410 to an expired code', async () => {
    const g = await signInGuest(t.app);
    const qr = await createQr();
    await setExpiry(qr.qrToken, new Date(Date.now() - 1000));
    const res = await approve(qr.qrToken, g.auth);
    expect(res.statusCode).toBe(410);
    expect((await row(qr.qrToken)).approvedUserId).toBeNull();
  });

  it('gives the waiting device time to collect when the code is approved just before it expires', async () => {
    const g = await signInGuest(t.app);
    const qr = await createQr();
    await setExpiry(qr.qrToken, new Date(Date.now() + 2000));
    expect((await approve(qr.qrToken, g.auth)).statusCode).toBe(200);
    expect((await row(qr.qrToken)).expiresAt.getTime()).toBeGreaterThan(Date.now() + QR_COLLECT_MS - 5000);
  });
});

describe('POST /api/check-session', () => {
  it('says pending until the code is approved', async () => {
    const qr = await createQr();
    const res = await check(qr.qrToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'pending' });
    expect(cookies(res)).toEqual([]);
  });

  it('after approval hands out a new session of the approving user once, with the login cookies; then says expired', async () => {
    const g = await signInGuest(t.app);
    const qr = await createQr();
    expect((await approve(qr.qrToken, g.auth)).statusCode).toBe(200);

    const res = await check(qr.qrToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('approved');
    expect(body.data).toMatchObject({ id: g.id, nickname: g.nickname, has_password: false });
    expect(body.data.username).toMatch(/^guest_/);
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    expect(body.token).not.toBe(g.token);

    const [auth, user] = ['authToken', 'currentUser'].map((n) => cookies(res).find((c) => c.startsWith(`${n}=`)) ?? '');
    expect(auth).toContain(`authToken=${body.token}`);
    expect(auth).toMatch(/HttpOnly/);
    expect(auth).toMatch(/Max-Age=604800/);
    expect(user).toMatch(/Max-Age=604800/);

    const me = await t.app.inject({ method: 'GET', url: '/api/get/data/user', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(g.id);
    // The approving phone keeps its own session.
    expect((await t.app.inject({ method: 'GET', url: '/api/get/data/user', headers: g.auth })).statusCode).toBe(200);

    const later = await check(qr.qrToken);
    expect(later.json()).toEqual({ status: 'expired' });
    expect(cookies(later)).toEqual([]);
    expect((await approve(qr.qrToken, g.auth)).statusCode).toBe(410);
  });

  it('says expired for an expired code, approved or not', async () => {
    const g = await signInGuest(t.app);
    const pending = await createQr();
    await setExpiry(pending.qrToken, new Date(Date.now() - 1000));
    expect((await check(pending.qrToken)).json()).toEqual({ status: 'expired' });

    const approved = await createQr();
    expect((await approve(approved.qrToken, g.auth)).statusCode).toBe(200);
    await setExpiry(approved.qrToken, new Date(Date.now() - 1000));
    expect((await check(approved.qrToken)).json()).toEqual({ status: 'expired' });
    expect((await row(approved.qrToken)).consumedAt).toBeNull();
  });

  it('says expired for an unknown code', async () => {
    const res = await check('never-issued');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'expired' });
  });

  it('hands the session to exactly one of many parallel calls', async () => {
    const g = await signInGuest(t.app);
    const qr = await createQr();
    expect((await approve(qr.qrToken, g.auth)).statusCode).toBe(200);
    const results = await Promise.all(Array.from({ length: 12 }, () => check(qr.qrToken)));
    const statuses = results.map((r) => r.json().status);
    expect(statuses.filter((s) => s === 'approved')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'expired')).toHaveLength(11);
  });

  it('answers 422 to bad input', async () => {
    for (const payload of [{}, { qr_token: '' }, { qr_token: ['a'] }, { qr_token: null }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/check-session', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors.qr_token).toBeDefined();
    }
    const noBody = await t.app.inject({ method: 'POST', url: '/api/check-session' });
    expect(noBody.statusCode).toBe(422);
  });
});

describe('QR sign-in over realtime', () => {
  it('tells the socket watching a code, and no other, when it is approved', async () => {
    const live = await createTestApp();
    const sockets: Socket[] = [];
    try {
      await live.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(live.app.server.address() as AddressInfo).port}`;
      const open = () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(url, { transports: ['websocket'], reconnection: false });
          sockets.push(socket);
          socket.on('connect', () => resolve(socket));
          socket.on('connect_error', reject);
        });
      const make = async () =>
        (await live.app.inject({ method: 'POST', url: '/api/create-qr' })).json() as { qrToken: string; qrImage: string };
      const [mine, other] = [await make(), await make()];
      const [watcher, bystander] = [await open(), await open()];
      watcher.emit('qr:watch', mine.qrToken);
      bystander.emit('qr:watch', other.qrToken);
      bystander.emit('qr:watch', 42);
      await new Promise((r) => setTimeout(r, 100));
      const rooms = [...(live.app.realtime.io.sockets.sockets.get(watcher.id as string)?.rooms ?? [])];
      expect(rooms).toContain(`qr:${hashToken(mine.qrToken)}`);
      expect(rooms).not.toContain(`qr:${mine.qrToken}`);

      let strayEvent = false;
      bystander.on('qr:approved', () => {
        strayEvent = true;
      });
      const got = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no qr:approved within 5 s')), 5000);
        watcher.once('qr:approved', (payload: unknown) => {
          clearTimeout(timer);
          resolve(payload);
        });
      });
      const g = await signInGuest(live.app);
      const res = await live.app.inject({ method: 'POST', url: '/api/qr-token', headers: g.auth, payload: { qr_token: mine.qrToken } });
      expect(res.statusCode).toBe(200);
      expect(await got).toEqual({ status: 'approved' });
      await new Promise((r) => setTimeout(r, 100));
      expect(strayEvent).toBe(false);
    } finally {
      for (const s of sockets) s.close();
      await live.close();
    }
  });
});

describe('create-qr with PUBLIC_URL and its own rate limit', () => {
  it('encodes the PUBLIC_URL origin and limits codes per address', async () => {
    const other = await createTestApp({ PUBLIC_URL: 'https://kindred.example/', RATE_LIMIT_MAX: '200' });
    try {
      const res = await other.app.inject({ method: 'POST', url: '/api/create-qr', remoteAddress: '10.9.0.1' });
      expect(res.statusCode).toBe(201);
      const { qrToken, qrImage } = res.json();
      const svg = Buffer.from(qrImage.split(',')[1], 'base64').toString('utf8');
      const expected = await QRCode.toString(`https://kindred.example/qr/${qrToken}`, {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 2,
      });
      expect(svg).toBe(expected);

      // 200 a minute overall gives 10 codes a minute per address.
      const codes = [];
      for (let i = 0; i < 10; i++) {
        codes.push(await other.app.inject({ method: 'POST', url: '/api/create-qr', remoteAddress: '10.9.0.2' }));
      }
      expect(codes.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
      const limited = await other.app.inject({ method: 'POST', url: '/api/create-qr', remoteAddress: '10.9.0.2' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe('Too many requests. Please try again later.');
      const elsewhere = await other.app.inject({ method: 'POST', url: '/api/create-qr', remoteAddress: '10.9.0.3' });
      expect(elsewhere.statusCode).toBe(201);
    } finally {
      await other.close();
    }
  });
});
