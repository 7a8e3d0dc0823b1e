/**
 * The feed benchmark of DESIGN.md "Quality bars": GET /api/posts at 50 connections on 20,000 and on 200,000 posts,
 * on PostgreSQL and on PGlite.
 *
 *   npm run bench                       # PostgreSQL (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) and PGlite
 *   npm run bench -- --web              # also the server-rendered GET / (needs `npm run build` first)
 *   npm run bench -- --only postgres --sizes 20000,200000 --duration 10 --warmup 3 --connections 50
 *   npm run bench -- --web --match 'no cache)' --sizes 20000   # only the rows whose name contains the text
 *   npm run bench -- --node-flags=--max-semi-space-size=8   # flags for the app's process
 *
 * For each size, bench/fill.ts fills every database to it (the same rows in each); a top-up adds older posts, so
 * the pages measured show the same posts at every size and only the tables grow. Then, per database, the real app
 * (buildApp, as server/main.ts builds it; the web app only with --web) starts in a fresh child process of this
 * script and listens on a free port, and autocannon (a child process too, so that it takes no time from the app's
 * event loop) loads each endpoint after a warm-up. The app's process holds nothing but the app (and PGlite, when
 * that is the database), so its peak RSS is the app's.
 *
 * PostgreSQL runs in a throwaway database `bench_<random>` created on that server (the URL's user must be allowed
 * to create databases) and dropped at the end; PGlite in a temporary data directory, removed at the end.
 * Requests are not logged (LOG_LEVEL=warn; BENCH_LOG_LEVEL changes it) and the rate limit is out of the way.
 * Signed-out rows run twice: as configured by default, where the guest cache (server/plugins/guest-cache.ts)
 * answers repeated guest reads from memory, and with it off, where every request reaches the database as a
 * signed-in reader's always does.
 */

import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { desc } from 'drizzle-orm';
import { type Database, openDatabase } from '../db/client.ts';
import { posts } from '../db/schema.ts';
import { buildApp } from '../server/app.ts';
import { parseConfig } from '../server/config.ts';
import { createGuest } from '../server/modules/auth/service.ts';
import { setHidden, setSupport, toggleFavorite } from '../server/modules/posts/actions.ts';
import { autocannon, type Load, run } from './load.ts';
import { throwawayDatabase } from './throwaway-database.ts';

const { values: args } = parseArgs({
  options: {
    web: { type: 'boolean', default: false },
    /** Only the endpoints whose name contains this text, e.g. --match SSR */
    match: { type: 'string' },
    only: { type: 'string' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    sizes: { type: 'string', default: '20000,200000' },
    users: { type: 'string', default: '5000' },
    /** V8/Node flags for the app's process, e.g. --node-flags=--max-semi-space-size=8 */
    'node-flags': { type: 'string', default: '' },
    /** Internal: run as the app's process for one database (JSON of ServeOptions). */
    serve: { type: 'string' },
  },
});
const root = fileURLToPath(new URL('..', import.meta.url));
const say = (line: string) => console.error(`[bench] ${line}`);

// ---------------------------------------------------------------------------------------------------------------
// The app's process

interface ServeOptions {
  url?: string;
  dataDir?: string;
  web: boolean;
  /** Seconds signed-out requests may be served from the guest cache; 0 sends every request to the database. */
  guestCache: number;
  /** The signed-in reader's token, once made. */
  token?: string;
}

type Command = { id: number; type: 'start' | 'stop' | 'settle' | 'close' };

/** A signed-in reader who has supported, favorited and hidden a few posts, some of them on the first page. */
async function makeViewer(database: Database): Promise<string> {
  const { db } = database;
  const { token, user } = await createGuest(db, 'en');
  const recent = await db.select({ id: posts.id }).from(posts).orderBy(desc(posts.createdAt), desc(posts.id)).limit(2000);
  const ids = recent.map((r) => r.id);
  for (const id of [ids[0], ids[3], ids[7], ...ids.filter((_, i) => i % 13 === 5).slice(0, 150)]) await setSupport(db, user.id, id, true);
  for (const id of [ids[1], ids[7], ...ids.filter((_, i) => i % 97 === 11)]) await toggleFavorite(db, user.id, id);
  for (const id of [ids[4], ...ids.filter((_, i) => i % 61 === 30)]) await setHidden(db, user.id, id, true);
  return token;
}

async function serve(options: ServeOptions) {
  const send = (message: object) => process.send?.(message);
  // PGLITE_WORKER=false measures PGlite in the app's thread, as the server's setting of that name runs it.
  const database = await openDatabase(
    options.url ? { url: options.url } : { dataDir: options.dataDir, pgliteWorker: process.env.PGLITE_WORKER !== 'false' },
  );
  const token = options.token ?? (await makeViewer(database));
  const config = parseConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    RATE_LIMIT_MAX: '1000000000',
    GUEST_CACHE_SECONDS: String(options.guestCache),
  });
  const app = await buildApp({ config, database, web: options.web ? 'production' : undefined });
  // Requests still being answered when autocannon stops (pages hijack the reply, so their end is the response's).
  let inFlight = 0;
  app.addHook('onRequest', async (request, reply) => {
    inFlight++;
    if (request.routeOptions.url === '/*') reply.raw.once('close', () => inFlight--);
  });
  app.addHook('onSend', async (request) => {
    if (request.routeOptions.url !== '/*') inFlight--;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });

  let rss = 0;
  let cpu = process.cpuUsage();
  const sampler = setInterval(() => {
    rss = Math.max(rss, process.memoryUsage.rss());
  }, 200);
  process.on('message', async (command: Command) => {
    if (command.type === 'start') {
      globalThis.gc?.();
      rss = process.memoryUsage.rss();
      cpu = process.cpuUsage();
      send({ id: command.id });
    } else if (command.type === 'stop') {
      const used = process.cpuUsage(cpu);
      send({ id: command.id, rss, cpuMs: (used.user + used.system) / 1000 });
    } else if (command.type === 'settle') {
      for (let i = 0; inFlight > 0 && i < 300; i++) await new Promise((r) => setTimeout(r, 100));
      send({ id: command.id });
    } else {
      clearInterval(sampler);
      await app.close();
      await database.close();
      send({ id: command.id });
      process.disconnect();
    }
  });
  send({ ready: true, port: (app.server.address() as AddressInfo).port, token });
}

// ---------------------------------------------------------------------------------------------------------------
// The benchmark

const duration = Number(args.duration);
const warmup = Number(args.warmup);
const connections = Number(args.connections);
const sizes = args.sizes.split(',').map(Number);

interface Target {
  name: 'postgres' | 'pglite';
  serve: Omit<ServeOptions, 'web' | 'guestCache'>;
  /** fill.ts arguments for this database. */
  fillArgs: string[];
  dispose(): Promise<void>;
}

async function postgresTarget(adminUrl: string): Promise<Target> {
  const { url, drop } = await throwawayDatabase(adminUrl);
  return { name: 'postgres', serve: { url }, fillArgs: ['--database-url', url], dispose: drop };
}

function pgliteTarget(): Target {
  const dir = mkdtempSync(join(tmpdir(), 'kindred-bench-'));
  return {
    name: 'pglite',
    serve: { dataDir: dir },
    fillArgs: ['--data-dir', dir],
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The app's process for one database, driven by messages. */
async function startServer(options: ServeOptions) {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify(options)], {
    execArgv: ['--expose-gc', ...args['node-flags'].split(' ').filter(Boolean)],
    // As `npm start` runs it: React and React Router pick their production builds from NODE_ENV.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ port: number; token: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { port: number; token: string }));
    child.once('exit', (code) => reject(new Error(`the app's process exited with ${code}`)));
  });
  let next = 0;
  const ask = <T>(type: Command['type']) =>
    new Promise<T>((resolve) => {
      const id = ++next;
      const onMessage = (m: { id: number } & T) => {
        if (m.id !== id) return;
        child.off('message', onMessage);
        resolve(m);
      };
      child.on('message', onMessage);
      child.send({ id, type });
    });
  return {
    ...ready,
    ask,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await ask('close');
      await exited;
    },
  };
}

/** Idle and total jiffies of all CPUs (Linux); null elsewhere. */
function hostTimes(): { idle: number; total: number } | null {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
    return { idle: cpu[3] + cpu[4], total: cpu.reduce((a, b) => a + (b || 0), 0) };
  } catch {
    return null;
  }
}

interface Endpoint {
  name: string;
  path: string;
  signedIn?: boolean;
  web?: boolean;
  /** Served with the guest cache on (the default configuration); otherwise every request reaches the database. */
  cached?: boolean;
}

const endpoints: Endpoint[] = [
  { name: 'GET /api/posts (guest, guest cache)', path: '/api/posts', cached: true },
  { name: 'GET /api/posts (guest, no cache)', path: '/api/posts' },
  { name: 'GET /api/posts (signed in)', path: '/api/posts', signedIn: true },
  { name: 'GET /api/posts?page=50 (no cache)', path: '/api/posts?page=50' },
  ...(args.web
    ? [
        { name: 'GET / (SSR, guest, guest cache)', path: '/', web: true, cached: true },
        { name: 'GET / (SSR, guest, no cache)', path: '/', web: true },
        { name: 'GET /ar (SSR, guest, no cache)', path: '/ar', web: true },
        { name: 'GET /problem/{id} (SSR, guest, no cache)', path: '/problem/{post}', web: true },
      ]
    : []),
];

interface Row {
  database: string;
  posts: number;
  endpoint: string;
  load: Load;
  rssMb: number;
  /** CPU time of the app's process (with PGlite when that is the database) per request answered. */
  cpuMsPerRequest: number;
  /** Share of the machine's CPU that was busy just before the run, while the bench was idle. */
  busyBefore: number;
}

/** Each endpoint against one app process, with the guest cache on (`cached`) or off. */
async function measure(target: Target, size: number, rows: Row[], tokens: Map<Target, string>, cached: boolean) {
  const server = await startServer({ ...target.serve, web: args.web, guestCache: cached ? 5 : 0, token: tokens.get(target) });
  tokens.set(target, server.token);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    for (const e of endpoints.filter((x) => Boolean(x.cached) === cached && (!args.match || x.name.includes(args.match)))) {
      const headers: Record<string, string> = e.signedIn ? { authorization: `Bearer ${server.token}` } : {};
      // `{post}`: the newest post of the feed, so the page measured is the same at every size.
      const path = e.path.includes('{post}')
        ? e.path.replace('{post}', String(((await (await fetch(`${base}/api/posts`)).json()) as { data: { id: number }[] }).data[0].id))
        : e.path;
      const check = await fetch(base + path, { headers });
      if (!check.ok) throw new Error(`${e.name}: ${check.status} ${(await check.text()).slice(0, 300)}`);
      if (!e.web) {
        const body = (await check.json()) as { data: { is_supported: boolean }[] };
        if (body.data.length !== 10) throw new Error(`${e.name}: ${body.data.length} posts on the page`);
        if (e.signedIn && !body.data.some((p) => p.is_supported)) throw new Error(`${e.name}: the viewer's flags are missing`);
      }
      await autocannon(base + path, { connections, seconds: warmup, headers });
      await server.ask('settle');
      // How busy the machine is without us: other work on it lowers every figure below.
      const idle0 = hostTimes();
      await new Promise((r) => setTimeout(r, 1000));
      const idle1 = hostTimes();
      const busyBefore = idle0 && idle1 ? 1 - (idle1.idle - idle0.idle) / (idle1.total - idle0.total) : Number.NaN;
      await server.ask('start');
      const load = await autocannon(base + path, { connections, seconds: duration, headers });
      const { rss, cpuMs } = await server.ask<{ rss: number; cpuMs: number }>('stop');
      await server.ask('settle');
      const row = {
        database: target.name,
        posts: size,
        endpoint: e.name,
        load,
        rssMb: rss / 2 ** 20,
        cpuMsPerRequest: cpuMs / Math.max(1, load.requests),
        busyBefore,
      };
      rows.push(row);
      say(
        `${target.name} ${size} ${e.name}: ${load.rps.toFixed(0)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, peak RSS ${row.rssMb.toFixed(0)} MB, ` +
          `${row.cpuMsPerRequest.toFixed(2)} CPU ms/req, machine ${(busyBefore * 100).toFixed(0)} % busy before`,
      );
    }
  } finally {
    await server.close();
  }
}

function table(rows: Row[]): string {
  const head = [
    'database',
    'posts',
    'endpoint',
    'req/s',
    'p50 ms',
    'p99 ms',
    'p99 vs first size',
    'peak RSS MB',
    'CPU ms/req',
    'busy before',
    'errors',
  ];
  const body = rows.map((r) => {
    const first = rows.find((x) => x.database === r.database && x.endpoint === r.endpoint);
    const change =
      first && first !== r && first.load.p99 > 0 ? `${(((r.load.p99 - first.load.p99) / first.load.p99) * 100).toFixed(0)} %` : '';
    return [
      r.database,
      r.posts.toLocaleString('en'),
      r.endpoint,
      r.load.rps.toFixed(0),
      String(r.load.p50),
      String(r.load.p99),
      change,
      r.rssMb.toFixed(0),
      r.cpuMsPerRequest.toFixed(2),
      Number.isNaN(r.busyBefore) ? '' : `${(r.busyBefore * 100).toFixed(0)} %`,
      String(r.load.errors),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i >= 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  return [
    line(head),
    `|${widths.map((w, i) => (i >= 3 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}

async function main() {
  if (args.web && !existsSync(join(root, 'build/server/index.js')))
    throw new Error('--web needs the built web app: run `npm run build` first.');
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const targets: Target[] = [];
  const started = Date.now();
  try {
    if (args.only !== 'pglite') {
      if (adminUrl) targets.push(await postgresTarget(adminUrl));
      else say('BENCH_DATABASE_URL / TEST_DATABASE_URL not set: PostgreSQL skipped.');
    }
    if (args.only !== 'postgres') targets.push(pgliteTarget());
    const rows: Row[] = [];
    const tokens = new Map<Target, string>();
    for (const size of sizes) {
      say(`filling to ${size.toLocaleString('en')} posts (${targets.map((t) => t.name).join(', ')})`);
      await run(process.execPath, [
        join(root, 'bench/fill.ts'),
        '--posts',
        String(size),
        '--users',
        args.users,
        ...targets.flatMap((t) => t.fillArgs),
      ]);
      for (const target of targets) for (const cached of [true, false]) await measure(target, size, rows, tokens, cached);
    }
    console.log(`\n${table(rows)}\n`);
    console.log(
      `${connections} connections, ${duration} s per row after a ${warmup} s warm-up; Node ${process.version}; total ${((Date.now() - started) / 1000).toFixed(0)} s.`,
    );
  } finally {
    for (const t of targets) await t.dispose().catch((err) => say(`cleanup of ${t.name} failed: ${err}`));
  }
}

if (args.serve) await serve(JSON.parse(args.serve) as ServeOptions);
else await main();
