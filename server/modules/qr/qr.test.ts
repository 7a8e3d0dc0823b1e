import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrLogins } from '../../../db/schema.ts';
import { createTestApp, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';
import { frozenClock } from '../../../tests/helpers/clock.ts';
import { joined } from '../../../tests/helpers/realtime.ts';
import { hashToken } from '../../lib/tokens.ts';
import { QR_COLLECT_MS, QR_TTL_MS } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function createQr(headers: Record<string, string> = {}, app = t.app) {
  const res = await app.inject({ method: 'POST', url: '/api/create-qr', headers: { host: 'kindred.test', ...headers } });
  expect(res.statusCode).toBe(201);
  return res.json() as { qrToken: string; qrImage: string; expires_at: string };
}

/** The URL a QR image encodes, checked by drawing it again: the same encoder and settings give the same picture. */
async function expectEncodes(qr: { qrImage: string }, url: string) {
  const svg = Buffer.from(qr.qrImage.split(',')[1], 'base64').toString('utf8');
  expect(svg).toBe(await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
}

const approve = (qrToken: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/qr-token', headers, payload: { qr_token: qrToken } });
const check = (qrToken: unknown) => t.app.inject({ method: 'POST', url: '/api/check-session', payload: { qr_token: qrToken } });

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
  it('answers a token, an SVG QR image of the /qr/{token} page on the configured origin, and a 2-minute expiry', async () => {
    const clock = frozenClock();
    const qr = await createQr();
    expect(qr.qrToken).toMatch(/^[\w-]{40,}$/);
    expect(qr.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    // Neither PUBLIC_URL nor APP_HOST: the address the server listens on (0.0.0.0:3000 reads as localhost).
    await expectEncodes(qr, `http://localhost:3000/qr/${qr.qrToken}`);
    expect(qr.expires_at).toBe(new Date(clock.start + QR_TTL_MS).toISOString());
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

  it('never encodes a host the request names', async () => {
    const qr = await createQr({ host: 'evil.test/<script>', 'x-forwarded-host': 'evil.example' });
    await expectEncodes(qr, `http://localhost:3000/qr/${qr.qrToken}`);
  });

  it('keeps the language subdomain of APP_HOST the code was made on, behind a trusted proxy too', async () => {
    const other = await createTestApp({ APP_HOST: 'kindred.example', PUBLIC_URL: 'https://kindred.example', TRUST_PROXY: 'true' });
    try {
      const fr = await createQr({ host: 'fr.kindred.example' }, other.app);
      await expectEncodes(fr, `https://fr.kindred.example/qr/${fr.qrToken}`);
      const proxied = await createQr({ host: '10.0.0.5:3000', 'x-forwarded-host': 'ar.kindred.example' }, other.app);
      await expectEncodes(proxied, `https://ar.kindred.example/qr/${proxied.qrToken}`);
      for (const host of ['evil.example', 'xx.kindred.example', 'fr.kindred.example:9999', 'fr.kindred.example.evil.example']) {
        const qr = await createQr({ 'x-forwarded-host': host }, other.app);
        await expectEncodes(qr, `https://kindred.example/qr/${qr.qrToken}`);
      }
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/qr-token', () => {
  it('needs sign-in (401 for anonymous callers)', async () => {
    const qr = await createQr();
    const res = await approve(qr.qrToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
    expect((await row(qr.qrToken)).approvedUserId).toBeNull();
  });

  it('answers 422 naming qr_token for a missing, empty, or non-string code', async () => {
    const g = await signInGuest(t.app);
    for (const [payload, error] of [
      [{}, 'This field is required.'],
      [{ qr_token: '' }, 'This field is required.'],
      [{ qr_token: 42 }, 'This value is not valid.'],
      [{ qr_token: 'x'.repeat(500) }, 'Must be at most 200 characters.'],
    ] as const) {
      const res = await t.call(g, 'POST', '/api/qr-token', payload);
      expect([res.status, res.body.code, res.body.errors], JSON.stringify(payload)).toEqual([422, 'VALIDATION', { qr_token: [error] }]);
    }
  });

  it('answers 404 to an unknown code', async () => {
    const g = await signInGuest(t.app);
    const res = await approve('no-such-code', g.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'This sign-in code is not valid.' });
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
    expect(again.json()).toEqual({ code: 'QR_EXPIRED', message: 'This sign-in code has expired or was already used.' });
    expect((await row(qr.qrToken)).approvedUserId).toBe(g.id);
  });

  it('answers 410 to an expired code', async () => {
    const g = await signInGuest(t.app);
    const clock = frozenClock();
    const qr = await createQr();
    clock.at(QR_TTL_MS);
    const res = await approve(qr.qrToken, g.auth);
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('QR_EXPIRED');
    expect((await row(qr.qrToken)).approvedUserId).toBeNull();
  });

  it('gives the waiting device time to collect when the code is approved just before it expires', async () => {
    const g = await signInGuest(t.app);
    const clock = frozenClock();
    const qr = await createQr();
    clock.at(QR_TTL_MS - 2000);
    expect((await approve(qr.qrToken, g.auth)).statusCode).toBe(200);
    expect((await row(qr.qrToken)).expiresAt.getTime()).toBe(clock.start + QR_TTL_MS - 2000 + QR_COLLECT_MS);
  });
});

describe('POST /api/qr-state', () => {
  const state = (qrToken: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/qr-state', headers, payload: { qr_token: qrToken } });

  it('says whether a code can still be approved, as approving would answer, and changes nothing', async () => {
    const g = await signInGuest(t.app);
    const qr = await createQr();
    expect((await state(qr.qrToken)).statusCode).toBe(401);
    const pending = await state(qr.qrToken, g.auth);
    expect([pending.statusCode, pending.json()]).toEqual([200, { status: 'pending' }]);
    expect(await row(qr.qrToken)).toMatchObject({ approvedUserId: null, consumedAt: null });
    expect((await state('no-such-code', g.auth)).json()).toEqual({ code: 'NOT_FOUND', message: 'This sign-in code is not valid.' });

    expect((await approve(qr.qrToken, g.auth)).statusCode).toBe(200);
    // Approved, waiting to be collected: the session is still the waiting device's to take.
    const approved = await state(qr.qrToken, g.auth);
    expect([approved.statusCode, approved.json().code]).toEqual([410, 'QR_EXPIRED']);
    expect((await check(qr.qrToken)).json()).toMatchObject({ status: 'approved' });
    expect((await state(qr.qrToken, g.auth)).statusCode).toBe(410);

    const clock = frozenClock();
    const late = await createQr();
    clock.at(QR_TTL_MS + 1);
    expect((await state(late.qrToken, g.auth)).statusCode).toBe(410);
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
    const clock = frozenClock();
    const pending = await createQr();
    const approved = await createQr();
    expect((await approve(approved.qrToken, g.auth)).statusCode).toBe(200);
    clock.at(QR_TTL_MS);
    expect((await check(pending.qrToken)).json()).toEqual({ status: 'expired' });
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
    for (const [payload, error] of [
      [{}, 'This field is required.'],
      [{ qr_token: '' }, 'This field is required.'],
      [{ qr_token: ['a'] }, 'This value is not valid.'],
      [{ qr_token: null }, 'This field is required.'],
    ] as const) {
      const res = await t.call(null, 'POST', '/api/check-session', payload);
      expect([res.status, res.body.code, res.body.errors], JSON.stringify(payload)).toEqual([422, 'VALIDATION', { qr_token: [error] }]);
    }
    const noBody = await t.app.inject({ method: 'POST', url: '/api/check-session' });
    expect(noBody.statusCode).toBe(422);
    expect(noBody.json().code).toBe('VALIDATION');
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
      const watching = [joined(live.app, `qr:${hashToken(mine.qrToken)}`), joined(live.app, `qr:${hashToken(other.qrToken)}`)];
      watcher.emit('qr:watch', mine.qrToken);
      // A socket's events are handled in order: the bad one is refused before the bystander's room is joined.
      bystander.emit('qr:watch', 42);
      bystander.emit('qr:watch', other.qrToken);
      await Promise.all(watching);
      const rooms = (socket: Socket) => live.app.realtime.io.sockets.sockets.get(socket.id as string)?.rooms;
      expect(rooms(watcher)).toEqual(new Set([watcher.id, `qr:${hashToken(mine.qrToken)}`]));
      expect(rooms(bystander)).toEqual(new Set([bystander.id, `qr:${hashToken(other.qrToken)}`]));

      const heard: string[] = [];
      watcher.on('qr:approved', () => heard.push('watcher'));
      const bystanderHeard = new Promise((resolve) =>
        bystander.on('qr:approved', (payload: unknown) => {
          heard.push('bystander');
          resolve(payload);
        }),
      );
      const watcherHeard = new Promise((resolve) => watcher.once('qr:approved', resolve));
      const g = await signInGuest(live.app);
      const res = await live.app.inject({ method: 'POST', url: '/api/qr-token', headers: g.auth, payload: { qr_token: mine.qrToken } });
      expect(res.statusCode).toBe(200);
      expect(await watcherHeard).toEqual({ status: 'approved' });
      // Approving the bystander's own code after: a stray event for the first would have reached it before this one.
      const own = await live.app.inject({ method: 'POST', url: '/api/qr-token', headers: g.auth, payload: { qr_token: other.qrToken } });
      expect(own.statusCode).toBe(200);
      expect(await bystanderHeard).toEqual({ status: 'approved' });
      expect(heard).toEqual(['watcher', 'bystander']);
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
      await expectEncodes(res.json(), `https://kindred.example/qr/${res.json().qrToken}`);

      // 200 a minute overall gives 10 codes a minute per address.
      const codes = [];
      for (let i = 0; i < 10; i++) {
        codes.push(await other.app.inject({ method: 'POST', url: '/api/create-qr', remoteAddress: '10.9.0.2' }));
      }
      expect(codes.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
      const limited = await other.app.inject({ method: 'POST', url: '/api/create-qr', remoteAddress: '10.9.0.2' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' });
      const elsewhere = await other.app.inject({ method: 'POST', url: '/api/create-qr', remoteAddress: '10.9.0.3' });
      expect(elsewhere.statusCode).toBe(201);
    } finally {
      await other.close();
    }
  });
});
