/**
 * Web Push end to end against a push service on 127.0.0.1 (tests/helpers/push-service.ts): what reaches it is
 * decrypted with the subscription's own keys and compared whole.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, vapidKeys } from '../../../db/schema.ts';
import { createTestApp, type Guest, openTestDatabase, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';
import { frozenClock } from '../../../tests/helpers/clock.ts';
import { type PushService, startPushService, subscriber, vapidOf } from '../../../tests/helpers/push-service.ts';
import { redisUrl } from '../../../tests/helpers/redis.ts';
import { buildApp } from '../../app.ts';
import { parseConfig } from '../../config.ts';
import { deliverPush, type PushPayload, payloadJson, topicOf } from './deliver.ts';
import { inQuietHours } from './quiet-hours.ts';
import { MAX_PUSH_SUBSCRIPTIONS } from './service.ts';
import { loadVapid } from './vapid.ts';

let t: TestApp;
let service: PushService;
beforeAll(async () => {
  t = await createTestApp();
  service = await startPushService();
});
afterAll(async () => {
  await service?.close();
  await t?.close();
});

let n = 0;
/** A new browser subscribed for `g` at its own path of the local service. */
async function subscribed(g: Guest) {
  const browser = subscriber(`${service.origin}/push/${++n}`);
  const res = await t.call(g, 'POST', '/api/push-subscriptions', browser.subscription);
  expect(res.status).toBe(201);
  expect(res.body).toEqual({ endpoint: browser.subscription.endpoint });
  return browser;
}

const rowsOf = (userId: number) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.id);

const payload: PushPayload = {
  type: 'support',
  title: 'Kindred',
  body: 'Amani and 4 others supported your post',
  url: '/problem/12',
  tag: 'support:post:12',
  lang: 'en',
  dir: 'ltr',
};

describe('the VAPID key pair', () => {
  it('is made once, kept in the database, and the same for processes that start at once', async () => {
    expect((await t.call(null, 'GET', '/api/push/public-key')).status).toBe(401);
    const res = await t.call(await signInGuest(t.app), 'GET', '/api/push/public-key');
    expect(res.status).toBe(200);
    expect(res.body.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const [row] = await t.database.db.select().from(vapidKeys);
    expect(row.publicKey).toBe(res.body.public_key);
    expect(row.id).toBe(1);
    const config = { VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: undefined };
    const again = await Promise.all([1, 2, 3].map(() => loadVapid(t.database.db, config, 'http://localhost:3000')));
    expect(again.map((v) => v.publicKey)).toEqual([row.publicKey, row.publicKey, row.publicKey]);
    expect(again[0].subject).toBe('mailto:webmaster@localhost');
  });

  it('starts with one pair when two first starts race on an empty table', async () => {
    await t.database.db.delete(vapidKeys);
    const config = { VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: 'mailto:ops@example.org' };
    const raced = await Promise.all([1, 2].map(() => loadVapid(t.database.db, config, 'http://localhost:3000')));
    const rows = await t.database.db.select().from(vapidKeys);
    expect(rows).toHaveLength(1);
    expect(raced.map((v) => v.publicKey)).toEqual([rows[0].publicKey, rows[0].publicKey]);
    expect(raced[0].subject).toBe('mailto:ops@example.org');
    // Put back what the app signs with, for the tests below.
    await t.database.db.delete(vapidKeys);
    await t.database.db
      .insert(vapidKeys)
      .values({ id: 1, publicKey: t.app.push.deps.vapid.publicKey, privateKey: t.app.push.deps.vapid.privateKey });
  });

  it('comes from the environment when given there', async () => {
    const given = { VAPID_PUBLIC_KEY: t.app.push.deps.vapid.publicKey, VAPID_PRIVATE_KEY: t.app.push.deps.vapid.privateKey };
    const other = await createTestApp({ ...given, VAPID_SUBJECT: 'https://kindred.example' });
    try {
      expect((await other.call(await signInGuest(other.app), 'GET', '/api/push/public-key')).body).toEqual({
        public_key: given.VAPID_PUBLIC_KEY,
      });
      expect(await other.database.db.select().from(vapidKeys)).toEqual([]);
      expect(other.app.push.deps.vapid.subject).toBe('https://kindred.example');
    } finally {
      await other.close();
    }
  });
});

describe('subscriptions', () => {
  it('need a signed-in person', async () => {
    const browser = subscriber(`${service.origin}/push/anon`);
    const res = await t.call(null, 'POST', '/api/push-subscriptions', browser.subscription);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
    expect((await t.call(null, 'DELETE', '/api/push-subscriptions', { endpoint: browser.subscription.endpoint })).status).toBe(401);
  });

  it('refuse malformed subscriptions with 422 MALFORMED naming the field', async () => {
    const g = await signInGuest(t.app);
    const good = subscriber(`${service.origin}/push/good`).subscription;
    const cases: [object, string][] = [
      [{ ...good, endpoint: 'http://push.example.org/x' }, 'endpoint'],
      [{ ...good, endpoint: 'https://10.0.0.1/x' }, 'endpoint'],
      [{ ...good, endpoint: 'https://[::1]/x' }, 'endpoint'],
      [{ ...good, endpoint: 'https://localhost/x' }, 'endpoint'],
      [{ ...good, endpoint: 'https://localhost./x' }, 'endpoint'],
      [{ ...good, endpoint: 'https://metadata.google.internal/computeMetadata/v1/' }, 'endpoint'],
      [{ ...good, endpoint: 'https://printer.local/x' }, 'endpoint'],
      [{ ...good, endpoint: 'https://router.home.arpa./x' }, 'endpoint'],
      [{ ...good, endpoint: 'https://push.example.org:8443/x' }, 'endpoint'],
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ ...good, endpoint: 'http://127.0.0.2:80/x' }, 'endpoint'],
      [{ ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, p256dh: 'not*base64' } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: Buffer.alloc(8).toString('base64url') } }, 'keys.auth'],
      [{ endpoint: good.endpoint }, 'keys'],
      [{ ...good, keys: { p256dh: 5, auth: good.keys.auth } }, 'keys.p256dh'],
      [{ ...good, endpoint: `https://push.example.org/${'x'.repeat(3000)}` }, 'endpoint'],
      [{ ...good, endpoint: 'https://push.example.org/\u0000' }, 'endpoint'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call(g, 'POST', '/api/push-subscriptions', body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(422);
      expect(res.body.code).toBe('MALFORMED');
      expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
    }
    expect(await rowsOf(g.id)).toEqual([]);
  });

  it('accept an https push service, keep at most the newest few per person, and move an endpoint to whoever subscribes it last', async () => {
    const [a, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    const https = subscriber('https://fcm.googleapis.com/fcm/send/abc:def').subscription;
    expect((await t.call(a, 'POST', '/api/push-subscriptions', https)).status).toBe(201);
    for (let i = 0; i < MAX_PUSH_SUBSCRIPTIONS; i++) await subscribed(a);
    const rows = await rowsOf(a.id);
    expect(rows).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
    expect(rows.map((r) => r.endpoint)).not.toContain(https.endpoint);

    const last = rows[rows.length - 1];
    const again = { endpoint: last.endpoint, keys: { p256dh: last.p256dh, auth: last.auth } };
    expect((await t.call(b, 'POST', '/api/push-subscriptions', again)).status).toBe(201);
    expect((await rowsOf(a.id)).map((r) => r.endpoint)).not.toContain(last.endpoint);
    expect((await rowsOf(b.id)).map((r) => r.endpoint)).toEqual([last.endpoint]);

    // Unsubscribing someone else's endpoint does nothing; one's own goes.
    expect((await t.call(a, 'DELETE', '/api/push-subscriptions', { endpoint: last.endpoint })).status).toBe(204);
    expect(await rowsOf(b.id)).toHaveLength(1);
    expect((await t.call(b, 'DELETE', '/api/push-subscriptions', { endpoint: last.endpoint })).status).toBe(204);
    expect(await rowsOf(b.id)).toEqual([]);
    expect((await t.call(b, 'DELETE', '/api/push-subscriptions', { endpoint: last.endpoint })).status).toBe(204);
    const nul = await t.call(b, 'DELETE', '/api/push-subscriptions', { endpoint: 'https://push.example.org/\u0000' });
    expect(nul.status).toBe(422);
    expect(nul.body.code).toBe('VALIDATION');
  });

  it('a cookie session needs the CSRF token', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/guest-login', payload: {} });
    const cookie = String(login.headers['set-cookie'])
      .split(/,(?=\s*\w+=)/)
      .map((c) => c.split(';')[0].trim())
      .join('; ');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push-subscriptions',
      headers: { cookie },
      payload: subscriber(`${service.origin}/push/csrf`).subscription,
    });
    expect(res.statusCode).toBe(419);
    expect(res.json().code).toBe('CSRF');
  });
});

describe('quiet hours', () => {
  it('are null until set, then kept, and refused when not a window in a known zone', async () => {
    const g = await signInGuest(t.app);
    expect((await t.call(g, 'GET', '/api/push-settings')).body).toEqual({ quiet_hours: null });
    const quiet = { from: '22:30', to: '07:00', time_zone: 'Europe/Berlin' };
    const put = await t.call(g, 'PUT', '/api/push-settings', { quiet_hours: quiet });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ quiet_hours: quiet });
    expect((await t.call(g, 'GET', '/api/push-settings')).body).toEqual({ quiet_hours: quiet });
    for (const [bad, field] of [
      [{ ...quiet, time_zone: 'Mars/Olympus' }, 'quiet_hours.time_zone'],
      [{ ...quiet, from: '24:00' }, 'quiet_hours.from'],
      [{ ...quiet, to: '7:00' }, 'quiet_hours.to'],
      [{ ...quiet, to: '22:30' }, 'quiet_hours.to'],
    ] as const) {
      const res = await t.call(g, 'PUT', '/api/push-settings', { quiet_hours: bad });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('VALIDATION');
      expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
    }
    expect((await t.call(g, 'PUT', '/api/push-settings', { quiet_hours: null })).body).toEqual({ quiet_hours: null });
    expect((await t.call(g, 'GET', '/api/push-settings')).body).toEqual({ quiet_hours: null });
    expect((await t.call(null, 'GET', '/api/push-settings')).status).toBe(401);
  });

  it('read local wall-clock time through daylight-saving changes, across midnight', () => {
    const night = { from: '22:00', to: '07:00', time_zone: 'America/New_York' };
    // 2026-03-08 02:00 EST became 03:00 EDT.
    expect(inQuietHours(night, new Date('2026-03-08T06:30:00Z'))).toBe(true); // 01:30 EST
    expect(inQuietHours(night, new Date('2026-03-08T11:30:00Z'))).toBe(false); // 07:30 EDT (06:30 by the winter offset)
    expect(inQuietHours(night, new Date('2026-07-01T02:30:00Z'))).toBe(true); // 22:30 EDT (21:30 by the winter offset)
    expect(inQuietHours(night, new Date('2026-07-01T01:59:00Z'))).toBe(false); // 21:59 EDT
    const day = { from: '09:00', to: '17:00', time_zone: 'Asia/Kolkata' };
    expect(inQuietHours(day, new Date('2026-01-01T03:30:00Z'))).toBe(true); // 09:00 IST, included
    expect(inQuietHours(day, new Date('2026-01-01T11:30:00Z'))).toBe(false); // 17:00 IST, excluded
  });
});

describe('deliverPush', () => {
  it('sends the payload encrypted to each subscription, with TTL, Urgency, a Topic per item and the VAPID signature', async () => {
    const g = await signInGuest(t.app, 'fr');
    const [one, two] = [await subscribed(g), await subscribed(g)];
    const got = new Promise<void>((resolve) => {
      const check = () => (service.received.filter((r) => r.path.startsWith('/push/')).length >= 2 ? resolve() : setTimeout(check, 5));
      check();
    });
    const before = service.received.length;
    expect(
      await t.app.push.deliver(g.id, { ...payload, lang: 'fr', title: 'Kindred', body: 'Amani et 4 autres ont soutenu votre message' }),
    ).toBe('sent');
    await got;
    const mine = service.received.slice(before);
    expect(mine.map((r) => r.path).sort()).toEqual(
      [new URL(one.subscription.endpoint).pathname, new URL(two.subscription.endpoint).pathname].sort(),
    );
    for (const [r, browser] of [
      [mine.find((x) => one.subscription.endpoint.endsWith(x.path)), one],
      [mine.find((x) => two.subscription.endpoint.endsWith(x.path)), two],
    ] as const) {
      if (!r) throw new Error('not received');
      expect(JSON.parse(browser.decrypt(r.body))).toEqual({
        type: 'support',
        title: 'Kindred',
        body: 'Amani et 4 autres ont soutenu votre message',
        url: '/fr/problem/12',
        tag: 'support:post:12',
        lang: 'fr',
        dir: 'ltr',
      });
      expect(r.headers.ttl).toBe('86400');
      expect(r.headers.urgency).toBe('normal');
      expect(r.headers.topic).toBe(topicOf('support:post:12'));
      expect(r.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(r.headers['content-encoding']).toBe('aes128gcm');
      const vapid = vapidOf(r.headers.authorization);
      expect(vapid.key).toBe(t.app.push.deps.vapid.publicKey);
      expect(vapid.aud).toBe(service.origin);
      expect(vapid.sub).toBe(t.app.push.deps.vapid.subject);
    }
    expect(topicOf('post-12')).toBe('post-12');
  });

  it('keeps a long body within one record, cut at whole characters, and never sends anyone off the site', () => {
    const long = payloadJson({ ...payload, body: '🌱'.repeat(3000) }, 'ar');
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(3000);
    const parsed = JSON.parse(long);
    expect(parsed.body).toBe(`${'🌱'.repeat(375)}…`);
    expect(parsed.url).toBe('/ar/problem/12');
    for (const url of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      expect(JSON.parse(payloadJson({ ...payload, url }, 'en')).url).toBe('/');
    }
  });

  it('skips a person without subscriptions', async () => {
    const g = await signInGuest(t.app);
    expect(await t.app.push.deliver(g.id, payload)).toBe('skipped');
  });

  it('is not sent while the person has a socket open, and is once it closed', async () => {
    const g = await signInGuest(t.app);
    await subscribed(g);
    const url = await listening(t.app);
    const socket = await socketOf(url, g, t.app);
    const before = service.received.length;
    expect(await t.app.push.deliver(g.id, payload)).toBe('skipped');
    const [serverSide] = await t.app.realtime.io.in(`user:${g.id}`).fetchSockets();
    const gone = new Promise((resolve) => t.app.realtime.io.sockets.sockets.get(serverSide.id)?.once('disconnect', resolve));
    socket.close();
    await gone;
    expect(service.received.length).toBe(before);
    expect(await t.app.push.deliver(g.id, payload)).toBe('sent');
  });

  it('is never sent to a name that resolves to this machine or its network, and that subscription ends', async () => {
    const g = await signInGuest(t.app);
    const browser = await subscribed(g);
    // Saved before the name check, or a public-looking name that resolves to a private address (127.0.0.1.nip.io):
    // here, one the machine resolves without DNS.
    await t.database.db
      .update(pushSubscriptions)
      .set({ endpoint: 'https://localhost/push/inside' })
      .where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint));
    const before = service.received.length;
    expect(await t.app.push.deliver(g.id, payload)).toBe('failed');
    expect(await rowsOf(g.id)).toEqual([]);
    expect(service.received.length).toBe(before);
  });

  it('is not sent inside quiet hours, by the person’s local time across a DST change', async () => {
    const g = await signInGuest(t.app);
    const browser = await subscribed(g);
    await t.call(g, 'PUT', '/api/push-settings', { quiet_hours: { from: '22:00', to: '07:00', time_zone: 'America/New_York' } });
    const clock = frozenClock();
    const sent = () => service.received.filter((r) => browser.subscription.endpoint.endsWith(r.path)).length;
    clock.at(Date.parse('2026-03-08T06:30:00Z') - clock.start); // 01:30 EST
    expect(await t.app.push.deliver(g.id, payload)).toBe('skipped');
    clock.at(Date.parse('2026-07-01T02:30:00Z') - clock.start); // 22:30 EDT
    expect(await t.app.push.deliver(g.id, payload)).toBe('skipped');
    expect(sent()).toBe(0);
    clock.at(Date.parse('2026-03-08T11:30:00Z') - clock.start); // 07:30 EDT, the morning the clocks went forward
    expect(await t.app.push.deliver(g.id, payload)).toBe('sent');
    expect(sent()).toBe(1);
  });

  it('deletes a subscription the push service answers 410 or 404 for, at once', async () => {
    for (const status of [410, 404]) {
      const g = await signInGuest(t.app);
      await subscribed(g);
      await subscribed(g);
      service.answer(status);
      try {
        expect(await t.app.push.deliver(g.id, payload)).toBe('failed');
      } finally {
        service.answer(201);
      }
      expect(await rowsOf(g.id)).toEqual([]);
    }
  });

  it('keeps the subscription and answers failed when the push service fails', async () => {
    const g = await signInGuest(t.app);
    await subscribed(g);
    service.answer(503);
    try {
      expect(await t.app.push.deliver(g.id, payload)).toBe('failed');
    } finally {
      service.answer(201);
    }
    expect(await rowsOf(g.id)).toHaveLength(1);
  });

  it('answers failed within its timeout when the push service hangs', async () => {
    const g = await signInGuest(t.app);
    await subscribed(g);
    service.answer('hang');
    const started = performance.now();
    try {
      expect(await deliverPush({ ...t.app.push.deps, timeoutMs: 300 }, g.id, payload)).toBe('failed');
    } finally {
      service.answer(201);
    }
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(300);
    expect(took).toBeLessThan(2_000);
    expect(await rowsOf(g.id)).toHaveLength(1);
  });

  it('never throws, whatever it is given', async () => {
    const g = await signInGuest(t.app);
    await subscribed(g);
    const broken = { ...t.app.push.deps, vapid: { ...t.app.push.deps.vapid, subject: 'ftp://nowhere' } };
    expect(await deliverPush(broken, g.id, payload)).toBe('failed');
    expect(await t.app.push.deliver(2_000_000_000, payload)).toBe('skipped');
  });
});

describe('a notification becomes a push', () => {
  const long = `${'The evenings are the hardest part and I do not know who to tell about it. '.repeat(3)}`;

  it('sends one push for a burst of events, in the recipient’s language, and none for a kind switched off', async () => {
    const [author, b, c, d] = [
      await signInGuest(t.app, 'fr'),
      await signInGuest(t.app),
      await signInGuest(t.app),
      await signInGuest(t.app),
    ];
    // The first post earns an achievement; this test follows the supports alone.
    expect((await t.call(author, 'PUT', '/api/notification-settings', { kinds: { achievement: false } })).status).toBe(200);
    const browser = await subscribed(author);
    const path = new URL(browser.subscription.endpoint).pathname;
    const post = (await t.call(author, 'POST', '/api/posts', { content: long })).body.data as { id: number };
    expect((await t.call(b, 'POST', '/api/supports', { post_id: post.id })).status).toBe(200);
    expect((await t.call(c, 'POST', '/api/supports', { post_id: post.id })).status).toBe(200);
    await t.app.jobs.idle(20_000);
    const pushes = service.received.filter((r) => r.path === path);
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(browser.decrypt(pushes[0].body))).toEqual({
      type: 'support',
      title: 'Kindred',
      body: `${c.nickname} et 1 autre personne ont soutenu votre publication`,
      url: `/fr/problem/${post.id}`,
      tag: `support:post:${post.id}`,
      lang: 'fr',
      dir: 'ltr',
    });

    expect((await t.call(author, 'PUT', '/api/notification-settings', { kinds: { support: false } })).status).toBe(200);
    expect((await t.call(d, 'POST', '/api/supports', { post_id: post.id })).status).toBe(200);
    await t.app.jobs.idle(20_000);
    expect(service.received.filter((r) => r.path === path)).toHaveLength(1);
  });
});

const redis = redisUrl('the cross-process push test');

describe.runIf(redis)('deliverPush across processes (Redis adapter)', () => {
  it('is not sent by one process while the person’s socket is held by another', async () => {
    const { database, drop } = await openTestDatabase();
    const config = parseConfig({ NODE_ENV: 'test', REDIS_URL: redis, GUEST_LOGINS_PER_HOUR: '100000', RATE_LIMIT_MAX: '100000' });
    const [a, b] = await Promise.all([1, 2].map(() => buildApp({ config, database, logger: false })));
    try {
      expect(a.push.deps.vapid.publicKey).toBe(b.push.deps.vapid.publicKey);
      const g = await signInGuest(a);
      const browser = subscriber(`${service.origin}/push/across`);
      expect(
        (await a.inject({ method: 'POST', url: '/api/push-subscriptions', headers: g.auth, payload: browser.subscription })).statusCode,
      ).toBe(201);
      const socket = await socketOf(await listening(b), g, a);
      expect(await a.push.deliver(g.id, payload)).toBe('skipped');
      socket.close();
      await expect.poll(async () => (await a.realtime.io.in(`user:${g.id}`).fetchSockets()).length).toBe(0);
      expect(await a.push.deliver(g.id, payload)).toBe('sent');
    } finally {
      await a.close();
      await b.close();
      await database.close();
      await drop();
    }
  });
});

async function listening(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function socketOf(url: string, g: Guest, seenBy: FastifyInstance): Promise<Socket> {
  const socket = connect(url, { auth: { token: g.token }, transports: ['websocket'], reconnection: false });
  await new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(undefined));
    socket.on('connect_error', reject);
  });
  while (!(await seenBy.realtime.io.in(`user:${g.id}`).fetchSockets()).some((s) => s.id === socket.id));
  return socket;
}
