/**
 * SIGTERM under load (issue 17, "Also"): the real server (`node server/main.ts`, production build) on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set, serves pages and API calls to many keep-alive connections at once; SIGTERM
 * arrives mid-load. Every request sent before the signal must get a complete 200; a request sent after it may be
 * refused (no byte of an answer) but, once answered, must be answered completely; the log must hold no pool error and
 * the process must exit 0. The load lasts about a second per engine, so the test stays short.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE } from '../core/limits.ts';
import { freshPostgres } from '../tests/helpers/app.ts';
import { testPort } from '../tests/helpers/port.ts';
import { spawnServer } from '../tests/helpers/server-process.ts';

const root = new URL('..', import.meta.url).pathname;
const CONNECTIONS = 48;
/** Load before the signal, so that every connection has a request queued or in flight when it arrives. */
const LOAD_BEFORE_MS = 1000;
/** Pages asked for at once and abandoned: more than the server renders while its shutdown closes everything else. */
const ABANDONED = 160;

beforeAll(() => {
  if (!existsSync(join(root, 'build/server/index.js'))) execFileSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'ignore' });
}, 120_000);

interface Outcome {
  path: string;
  /** Written to its connection before SIGTERM was sent. */
  sentBeforeSignal: boolean;
  /** The status line, when one came. */
  status?: number;
  /** The whole body arrived (the response ended without being aborted). */
  complete: boolean;
  error?: string;
  /** performance.now() when the answer ended or the request failed. */
  answeredAt: number;
}

/** One GET over the agent's keep-alive connections, never rejecting: what happened is the result. */
function get(agent: http.Agent, base: URL, path: string, headers: Record<string, string>, signalled: () => boolean): Promise<Outcome> {
  const outcome: Outcome = { path, sentBeforeSignal: false, complete: false, answeredAt: 0 };
  return new Promise((resolve) => {
    const req = http.get(new URL(path, base), { agent, headers }, (res) => {
      outcome.status = res.statusCode;
      res.on('data', () => {});
      res.on('aborted', () => (outcome.error = 'aborted'));
      res.on('error', (err) => (outcome.error ??= (err as NodeJS.ErrnoException).code ?? err.message));
      res.on('close', () => {
        outcome.complete = res.complete && !outcome.error;
        outcome.answeredAt = performance.now();
        resolve(outcome);
      });
    });
    // Written to a connected socket: a request still waiting for its connection was not taken by the server yet.
    req.on('finish', () => (outcome.sentBeforeSignal = !signalled()));
    req.on('error', (err) => {
      outcome.error ??= (err as NodeJS.ErrnoException).code ?? err.message;
      if (outcome.status !== undefined) return;
      outcome.answeredAt = performance.now();
      resolve(outcome);
    });
  });
}

async function startServer(env: Record<string, string>) {
  const port = testPort(4400, 500);
  const server = spawnServer('server/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    REDIS_URL: '',
    // Every request reaches the database, as a signed-in reader's does.
    GUEST_CACHE_SECONDS: '0',
    RATE_LIMIT_MAX: '1000000',
    ...env,
  });
  await server.listening;
  return { ...server, base: new URL(`http://127.0.0.1:${port}`) };
}

async function loadThroughSigterm(env: Record<string, string>) {
  const server = await startServer(env);
  const { base } = server;
  const post = ((await (await fetch(new URL('/api/posts', base))).json()) as { data: { id: number }[] }).data[0].id;
  const { token } = (await (await fetch(new URL('/api/guest-login', base), { method: 'POST' })).json()) as { token: string };
  const requests: [string, Record<string, string>][] = [
    ['/', {}],
    [`/problem/${post}`, {}],
    ['/', { cookie: `${COOKIE.auth}=${token}` }],
    ['/api/posts', {}],
    ['/api/posts', { authorization: `Bearer ${token}` }],
  ];
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let signalledAt = 0;
  const signalled = () => signalledAt > 0;
  const outcomes: Outcome[] = [];
  // Each connection asks again as soon as it is answered, until the server refuses it.
  let connected = 0;
  let allConnected: () => void = () => {};
  const steady = new Promise<void>((resolve) => (allConnected = resolve));
  const workers = Array.from({ length: CONNECTIONS }, async (_, w) => {
    for (let i = w; ; i++) {
      const [path, headers] = requests[i % requests.length];
      const outcome = await get(agent, base, path, headers, signalled);
      outcomes.push(outcome);
      if (i === w && ++connected === CONNECTIONS) allConnected();
      if (outcome.status === undefined && signalled()) return;
    }
  });
  // Steady load: every connection has been answered once (so the server took it), then a while longer.
  await steady;
  await new Promise((r) => setTimeout(r, LOAD_BEFORE_MS));
  signalledAt = performance.now();
  server.child.kill('SIGTERM');
  const code = await server.exited;
  await Promise.all(workers);
  agent.destroy();
  return { code, outcomes, log: server.output(), signalledAt };
}

function check({ code, outcomes, log, signalledAt }: Awaited<ReturnType<typeof loadThroughSigterm>>) {
  const before = outcomes.filter((o) => o.sentBeforeSignal);
  const after = outcomes.filter((o) => !o.sentBeforeSignal);
  const summary = (list: Outcome[]) => {
    const counts = new Map<string, number>();
    for (const o of list) {
      const key = `${o.path.replace(/\d+$/, '{id}')} ${o.status ?? '-'} ${o.complete ? 'complete' : 'incomplete'} ${o.error ?? ''}`.trim();
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return Object.fromEntries([...counts].sort());
  };
  // Sent before the signal: a complete 200, pages and API calls alike.
  expect(summary(before.filter((o) => o.status !== 200 || !o.complete))).toEqual({});
  // Sent after: refused before any answer, or answered in full.
  expect(summary(after.filter((o) => o.status !== undefined && !o.complete))).toEqual({});
  expect(summary(after.filter((o) => o.status !== undefined && o.status !== 200 && o.status !== 503))).toEqual({});
  // The signal came mid-load: every connection had a request in flight, pages among them.
  const inFlight = before.filter((o) => o.answeredAt > signalledAt);
  expect(inFlight.length).toBe(CONNECTIONS);
  expect(inFlight.filter((o) => !o.path.startsWith('/api/')).length).toBeGreaterThan(0);
  expect(log).toContain('shutting down');
  expect(log).not.toContain('Cannot use a pool');
  expect(log).not.toContain('took too long');
  expect(code).toBe(0);
}

/**
 * Clients that give up on their pages and API calls just as SIGTERM arrives: their connections close while the
 * server is still rendering or reading the database for them. Those requests are not done when their connections
 * close: the database must stay open until every handler has answered, so the log holds no error and the process
 * exits 0. (The signed-in API calls also wait on their session lookup while their client leaves: the rate limiter
 * then finds no client address.)
 */
async function abandonThroughSigterm(env: Record<string, string>) {
  const server = await startServer(env);
  const { base } = server;
  const post = ((await (await fetch(new URL('/api/posts', base))).json()) as { data: { id: number }[] }).data[0].id;
  const { token } = (await (await fetch(new URL('/api/guest-login', base), { method: 'POST' })).json()) as { token: string };
  const asked: [string, Record<string, string>][] = [
    ['/', {}],
    [`/problem/${post}`, {}],
    ['/api/posts', { authorization: `Bearer ${token}` }],
  ];
  const written: Promise<void>[] = [];
  const requests = Array.from({ length: ABANDONED }, (_, i) => {
    const [path, headers] = asked[i % asked.length];
    const req = http.get(new URL(path, base), { agent: false, headers });
    req.on('error', () => {});
    written.push(new Promise((resolve) => req.on('finish', resolve)));
    return req;
  });
  await Promise.all(written);
  server.child.kill('SIGTERM');
  await server.said('shutting down');
  for (const req of requests) req.destroy();
  const code = await server.exited;
  return { code, log: server.output() };
}

function checkAbandoned({ code, log }: Awaited<ReturnType<typeof abandonThroughSigterm>>) {
  const errors = log.split('\n').filter((line) => /"level":(50|60)/.test(line));
  expect(errors).toEqual([]);
  expect(log).not.toContain('Cannot use a pool');
  expect(code).toBe(0);
}

describe('SIGTERM under load', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('answers every request it took, then exits 0 (PGlite)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kindred-drain-'));
    dirs.push(dataDir);
    check(await loadThroughSigterm({ DATA_DIR: dataDir, DATABASE_URL: '' }));
  }, 90_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'answers every request it took, then exits 0 (PostgreSQL)',
    async () => {
      const database = await freshPostgres();
      try {
        check(await loadThroughSigterm({ DATABASE_URL: database.url }));
      } finally {
        await database.drop();
      }
    },
    90_000,
  );

  it('keeps the database open for requests whose clients went away, then exits 0 (PGlite)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kindred-drain-'));
    dirs.push(dataDir);
    checkAbandoned(await abandonThroughSigterm({ DATA_DIR: dataDir, DATABASE_URL: '' }));
  }, 90_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'keeps the database open for requests whose clients went away, then exits 0 (PostgreSQL)',
    async () => {
      const database = await freshPostgres();
      try {
        checkAbandoned(await abandonThroughSigterm({ DATABASE_URL: database.url }));
      } finally {
        await database.drop();
      }
    },
    90_000,
  );
});
