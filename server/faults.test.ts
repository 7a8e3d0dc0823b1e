/**
 * The server process (`node server/main.ts`, as in production) with a TCP proxy (tests/helpers/fault-proxy.ts) between
 * it and PostgreSQL and Redis, which passes, refuses or black-holes their traffic: the database failing answers 503
 * fast and heals by itself, Redis failing changes neither answers nor latency, and SIGTERM lets a page in flight
 * finish. Needs TEST_DATABASE_URL and REDIS_URL (skipped with a warning without them, an error on CI) and the
 * production build.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../locales/en.json' with { type: 'json' };
import { freshPostgres, openTestDatabase } from '../tests/helpers/app.ts';
import { type FaultProxy, faultProxy } from '../tests/helpers/fault-proxy.ts';
import { testPort } from '../tests/helpers/port.ts';
import { redisUrl, testKeyPrefix } from '../tests/helpers/redis.ts';
import { type ServerProcess, spawnServer } from '../tests/helpers/server-process.ts';
import { buildApp } from './app.ts';
import { parseConfig } from './config.ts';

/** The app's Redis keys start with this, so the test finds its own rate-limit counter in a shared Redis. */
const keyPrefix = testKeyPrefix();

const root = new URL('..', import.meta.url).pathname;
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisBase = redisUrl('the Redis fault tests');
/** A Redis database of its own, so the rate-limit key read below is this server's. */
const REDIS_DB = 5;
const STATEMENT_TIMEOUT_MS = 1500;

let server: ServerProcess;
let base = '';
let pgProxy: FaultProxy;
let redisProxy: FaultProxy;
let redisDirect: Redis;
let dropDatabase: () => Promise<void>;
const opened: Socket[] = [];

beforeAll(async () => {
  if (!databaseUrl || !redisBase) return;
  if (!existsSync(`${root}build/server/index.js`)) execFileSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'ignore' });
  const database = await freshPostgres();
  dropDatabase = database.drop;
  const pgTarget = new URL(database.url);
  const redisTarget = new URL(redisBase);
  pgProxy = await faultProxy({ host: pgTarget.hostname, port: Number(pgTarget.port || 5432) });
  redisProxy = await faultProxy({ host: redisTarget.hostname, port: Number(redisTarget.port || 6379) });
  redisDirect = new Redis(`${redisBase.replace(/\/\d*$/, '')}/${REDIS_DB}`);
  pgTarget.host = `127.0.0.1:${pgProxy.port}`;
  const port = testPort(3900, 400);
  base = `http://127.0.0.1:${port}`;
  server = spawnServer(
    'server/main.ts',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: pgTarget.toString(),
      REDIS_URL: `redis://127.0.0.1:${redisProxy.port}/${REDIS_DB}`,
      REDIS_KEY_PREFIX: keyPrefix,
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      SEED_DEMO: 'false',
      GUEST_CACHE_SECONDS: '0',
      RATE_LIMIT_MAX: '100000',
    },
    (output) => output.includes('redis ready'),
  );
  await server.listening;
}, 120_000);

afterAll(async () => {
  if (!databaseUrl || !redisBase) return;
  for (const socket of opened) socket.close();
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  await Promise.all([pgProxy?.close(), redisProxy?.close()]);
  redisDirect?.disconnect();
  await dropDatabase?.();
});

/** A request's status, body and how long it took, in ms. */
async function timed(path: string, init: RequestInit = {}) {
  const started = performance.now();
  const res = await fetch(base + path, init);
  const text = await res.text();
  const ms = performance.now() - started;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body, text, ms };
}

const json = (method: string, body: unknown, token?: string): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
  body: JSON.stringify(body),
});

/** How long until `path` answers `status` again, asking back to back; fails past `withinMs`. */
async function recovery(path: string, status: number, withinMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const res = await timed(path);
    const ms = performance.now() - started;
    if (res.status === status) return ms;
    if (ms > withinMs) throw new Error(`${path} still ${res.status} after ${Math.round(ms)} ms`);
  }
}

const UNAVAILABLE = { code: 'UNAVAILABLE', message: en['errors.unavailable'] };
const HEALTH_DOWN = { status: 'error', db: 'down', code: 'UNAVAILABLE' };

describe.skipIf(!databaseUrl || !redisBase)('faults of the database and Redis', () => {
  let user: { username: string; token: string };
  const password = 'a long enough password';

  it('starts healthy', async () => {
    expect((await timed('/api/health')).body).toEqual({ status: 'ok', db: 'ok' });
    const guest = (await timed('/api/guest-login', { method: 'POST' })).body as { token: string; data: { username: string } };
    user = { username: guest.data.username, token: guest.token };
    const set = await timed('/api/user/password', json('PUT', { password, password_confirmation: password }, user.token));
    expect(set.status).toBe(204);
  });

  it('answers 503 fast while the database drops every packet, and heals by itself', async () => {
    expect((await timed('/api/posts')).status).toBe(200);
    await pgProxy.set('blackhole');
    // One request caught on an open connection, and the health check beside it.
    const [stuck, health] = await Promise.all([timed('/api/posts'), timed('/api/health')]);
    expect(health.status).toBe(503);
    expect(health.body).toEqual(HEALTH_DOWN);
    expect(health.ms).toBeLessThan(2000);
    expect(stuck.status).toBe(503);
    expect(stuck.body).toEqual(UNAVAILABLE);
    // No later than the reply PostgreSQL would have sent had it cancelled the statement.
    expect(stuck.ms).toBeLessThan(STATEMENT_TIMEOUT_MS + 1500);
    // Known down: the next requests, API and pages, do not wait at all.
    const next = await timed('/api/posts');
    expect([next.status, next.body]).toEqual([503, UNAVAILABLE]);
    expect(next.ms).toBeLessThan(300);
    const page = await timed('/');
    expect(page.status).toBe(503);
    expect(page.text).toContain('data-testid="route-error"');
    expect(page.ms).toBeLessThan(1000);

    await pgProxy.set('pass');
    expect(await recovery('/api/health', 200, 2000)).toBeLessThan(2000);
    expect((await timed('/api/posts')).status).toBe(200);
  });

  it('answers 503 at once while the database refuses connections, and heals by itself', async () => {
    await pgProxy.set('refuse');
    const health = await timed('/api/health');
    expect([health.status, health.body]).toEqual([503, HEALTH_DOWN]);
    expect(health.ms).toBeLessThan(1000);
    for (let i = 0; i < 3; i++) {
      const res = await timed('/api/posts');
      expect([res.status, res.body]).toEqual([503, UNAVAILABLE]);
      expect(res.ms).toBeLessThan(1000);
    }
    await pgProxy.set('pass');
    expect(await recovery('/api/health', 200, 2000)).toBeLessThan(2000);
    expect((await timed('/api/posts')).status).toBe(200);
  });

  /** Reads, a failed and a good sign-in: everything that counts in Redis, each at its normal answer. */
  async function redisTouchingRequests() {
    const answers = [
      await timed('/api/posts'),
      await timed('/api/login', json('POST', { username: user.username, password: 'not the password' })),
      await timed('/api/login', json('POST', { username: user.username, password })),
      await timed('/api/get/data/user', { headers: { authorization: `Bearer ${user.token}` } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 422, 200, 200]);
    expect((answers[1].body as { code: string }).code).toBe('INVALID_CREDENTIALS');
    return answers.map((a) => a.ms);
  }

  /** What the same requests take with Redis answering (a sign-in's password check dominates on a busy machine). */
  let normal = 0;

  it('keeps serving at normal speed while Redis drops every packet, and uses it again when it is back', async () => {
    normal = Math.max(...(await redisTouchingRequests()), ...(await redisTouchingRequests()));
    await redisProxy.set('blackhole');
    // The first command that gets no answer costs its timeout (500 ms) once; from then on Redis is known away.
    const first = await redisTouchingRequests();
    expect(Math.max(...first)).toBeLessThan(normal + 1500);
    // Within a busy machine's noise of the normal time; waiting on Redis took 20 s.
    const then = await redisTouchingRequests();
    expect(Math.max(...then)).toBeLessThan(normal + 1000);

    await redisDirect.del(`${keyPrefix}rl:127.0.0.1`);
    await redisProxy.set('pass');
    const started = performance.now();
    while (!(await redisDirect.exists(`${keyPrefix}rl:127.0.0.1`))) {
      expect(performance.now() - started).toBeLessThan(5000);
      await timed('/api/posts');
    }
  });

  it('keeps serving at normal speed while Redis refuses connections', async () => {
    await redisProxy.set('refuse');
    expect(Math.max(...(await redisTouchingRequests()))).toBeLessThan(normal + 1000);
    await redisProxy.set('pass');
  });

  it('on SIGTERM, lets a page in flight finish before closing the database', async () => {
    // Over 150 characters, so it is a post, not a mood.
    const content = 'Waiting for a page to finish while the server stops. '.repeat(4);
    const created = await timed('/api/posts', json('POST', { content }, user.token));
    expect(created.status).toBe(201);
    const id = (created.body as { data: { id: number } }).data.id;
    // The page's first read (does the post exist?) is held on the wire; its next reads start after SIGTERM.
    await pgProxy.set('blackhole');
    const held = pgProxy.held();
    const page = timed(`/problem/${id}`);
    await held;
    // A realtime client on long-polling holds a request open until its session ends, which only close() does.
    const socket = connect(base, { transports: ['polling'], reconnection: false });
    opened.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const stopping = server.said('shutting down');
    server.child.kill('SIGTERM');
    await stopping;
    await pgProxy.set('pass');
    const answer = await page;
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('data-testid="route-error"');
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain('Cannot use a pool after calling end');
  });
});

describe.skipIf(!redisBase)('start-up while Redis is away', () => {
  for (const mode of ['refuse', 'blackhole'] as const) {
    it(`serves at once when Redis ${mode === 'refuse' ? 'refuses connections' : 'drops every packet'}`, async () => {
      const target = new URL(redisBase as string);
      const proxy = await faultProxy({ host: target.hostname, port: Number(target.port || 6379) });
      await proxy.set(mode);
      const { database, drop } = await openTestDatabase();
      const config = parseConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        REDIS_URL: `redis://127.0.0.1:${proxy.port}/${REDIS_DB}`,
        REDIS_KEY_PREFIX: testKeyPrefix(),
      });
      const started = performance.now();
      const app = await buildApp({ config, database, logger: false });
      await app.ready();
      // Not held by the guest cache's subscription, which waits for Redis in the background.
      expect(performance.now() - started).toBeLessThan(4000);
      const guest = await app.inject({ method: 'POST', url: '/api/guest-login' });
      expect(guest.statusCode).toBe(201);
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: guest.json().data.username, password: 'x'.repeat(12) },
      });
      expect([login.statusCode, login.json().code]).toEqual([422, 'INVALID_CREDENTIALS']);
      await app.close();
      await database.close();
      await drop();
      await proxy.close();
    });
  }
});
