/**
 * The PostgreSQL pool's timeouts against a real server: a statement past `statement_timeout` is "unavailable" (503)
 * without taking the database for down, and neither does a request or a health check that waited too long for a
 * connection of a busy pool. Needs TEST_DATABASE_URL (the database outages themselves: server/faults.test.ts).
 */
import { createServer, Socket as NetSocket, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../server/app.ts';
import { parseConfig } from '../server/config.ts';
import { freshPostgres } from '../tests/helpers/app.ts';
import { testKeyPrefix } from '../tests/helpers/redis.ts';
import { type Database, DatabaseUnavailable, isDatabaseUnavailable, openDatabase } from './client.ts';
import { ensureReferenceData } from './reference.ts';

const url = process.env.TEST_DATABASE_URL;
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  if (!url) return;
  const fresh = await freshPostgres();
  drop = fresh.drop;
  // One connection, so that one slow statement makes the pool busy.
  database = await openDatabase({ url: fresh.url, poolSize: 1, timeouts: { connectMs: 1500, statementMs: 2500 } });
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

const failure = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (err: unknown) => err,
  );
/** The rows of a raw query (the shared `Db` type leaves the driver's result shape open). */
const rows = async (query: PromiseLike<unknown>) => ((await query) as { rows: unknown[] }).rows;
/** Drizzle runs a query when it is awaited; this starts it now. */
const start = <T>(query: PromiseLike<T>) => Promise.resolve(query);
/** The pool hands its connection out on the next tick at the latest; after it, the slow statement holds it. */
const handedOut = () => new Promise((resolve) => setImmediate(resolve));

describe.skipIf(!url)('the PostgreSQL pool', () => {
  it('cancels a statement past the timeout as unavailable, and the next one runs', async () => {
    const err = await failure(database.db.execute(sql`select pg_sleep(4)`));
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(await rows(database.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
  });

  it('fails a request that waited too long for a busy pool, without failing the next one', async () => {
    const busy = start(database.db.execute(sql`select pg_sleep(2)`));
    await handedOut();
    const queued = await failure(database.db.execute(sql`select 1`));
    expect(isDatabaseUnavailable(queued)).toBe(true);
    // At 1.5 s: the connection comes free at 2 s, within this one's wait.
    expect(await rows(database.db.execute(sql`select 2 as two`))).toEqual([{ two: 2 }]);
    await busy;
  });

  it('fails a health check queued behind a busy pool, without taking the database for down', async () => {
    const busy = start(database.db.execute(sql`select pg_sleep(2)`));
    await handedOut();
    expect(await failure(database.ping())).toBeInstanceOf(DatabaseUnavailable);
    // At 1 s: were the database marked down, this would fail at once.
    expect(await rows(database.db.execute(sql`select 3 as three`))).toEqual([{ three: 3 }]);
    await busy;
  });
});

/**
 * A proxy to PostgreSQL whose new connections can be made to hang (a machine too loaded to open one in time), while
 * the connections already open keep passing.
 */
async function stallingProxy(target: URL) {
  let stall = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (stall) return;
    const upstream = new NetSocket();
    upstream.on('error', () => client.destroy());
    upstream.connect(Number(target.port || 5432), target.hostname, () => {
      client.pipe(upstream);
      upstream.pipe(client);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(target);
  proxied.host = `127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: proxied.toString(),
    stallNew: () => (stall = true),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!url)('a loaded machine', () => {
  it('does not take the database for down when a new connection is slow to open while the others answer', async () => {
    const fresh = await freshPostgres();
    const proxy = await stallingProxy(new URL(fresh.url));
    const loaded = await openDatabase({ url: proxy.url, poolSize: 2, timeouts: { connectMs: 400, statementMs: 2000 } });
    try {
      // One connection open and answering; the pool's second will not open in time.
      expect(await rows(loaded.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
      proxy.stallNew();
      const held = start(loaded.db.execute(sql`select pg_sleep(0.05)`));
      await handedOut();
      const opening = failure(loaded.db.execute(sql`select 2`));
      // The open connection keeps answering while the second one tries to open.
      await held;
      const answers: unknown[] = [];
      for (let i = 0; i < 5; i++) answers.push(...(await rows(loaded.db.execute(sql`select ${i}::int as n, pg_sleep(0.05)`))));
      expect(isDatabaseUnavailable(await opening)).toBe(true);
      // The slow connection failed only its own request: the next one is served, not refused as an outage.
      expect(await rows(loaded.db.execute(sql`select 3 as three`))).toEqual([{ three: 3 }]);
      expect(answers.length).toBe(5);
    } finally {
      await loaded.close();
      await proxy.close();
      await fresh.drop();
    }
  });
});

describe.skipIf(!url)('a request while every connection is held', () => {
  it('answers 503 UNAVAILABLE after connectMs, as decision 010 says, and the next one once they come free', async () => {
    const fresh = await freshPostgres();
    const held = await openDatabase({ url: fresh.url, poolSize: 2, timeouts: { connectMs: 300, statementMs: 5000 } });
    await held.migrate();
    await ensureReferenceData(held.db);
    const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', REDIS_KEY_PREFIX: testKeyPrefix() });
    const app = await buildApp({ config, database: held, logger: false });
    await app.ready();
    let free = () => {};
    const freed = new Promise<void>((resolve) => (free = resolve));
    try {
      // Both connections taken by transactions that end only when the test says so: a wait that is not bounded by
      // connectMs never answers, and the test fails on its own timeout.
      const holders = [0, 1].map(() =>
        held.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await freed;
        }),
      );
      await Promise.all([0, 1].map(handedOut));
      // A read, and a write that runs in a transaction of its own.
      for (const [method, url] of [
        ['GET', '/api/posts'],
        ['POST', '/api/guest-login'],
      ] as const) {
        const res = await app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
        expect([url, res.statusCode, res.json().code, res.headers['retry-after']]).toEqual([url, 503, 'UNAVAILABLE', '1']);
      }
      free();
      await Promise.all(holders);
      // A full pool is load, not an outage: nothing was marked down.
      expect((await app.inject({ method: 'GET', url: '/api/posts' })).statusCode).toBe(200);
    } finally {
      free();
      await app.close();
      await held.close();
      await fresh.drop();
    }
  });
});
