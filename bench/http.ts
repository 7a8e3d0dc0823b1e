/**
 * The HTTP benchmark of issue 17, in one run: the server-rendered pages and GET /api/posts of the real app against
 * its targets, on PostgreSQL and PGlite, at 20,000 and 200,000 posts, beside a BARE handler (Fastify with one route
 * and the `pg` driver, no plugins) that runs the statements the app sends and answers the same bytes.
 *
 *   npm run build && npm run bench                      # everything (PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL)
 *   npm run bench -- --only postgres --sizes 20000      # one database, one size
 *   npm run bench -- --match /api/posts                 # only the rows whose name contains the text (no build needed)
 *   npm run bench -- --duration 8 --warmup 2 --connections 50 --node-flags=--max-semi-space-size=8
 *   BENCH_DB_PREFIX=bench_x npm run bench …           # the throwaway PostgreSQL database's name prefix (default bench)
 *
 * Per size, bench/fill.ts fills every database to it (the same rows in each; a top-up adds older posts, so the pages
 * measured show the same posts at every size and only the tables grow). Per database, the real app (buildApp, as
 * server/main.ts builds it, with the production build of the web app) starts in a fresh child process twice: with
 * the guest cache as configured by default, and with it off, where every request reaches the database as a
 * signed-in reader's always does. On PostgreSQL the bare handler runs in a third process. autocannon loads each row
 * from another child process after a warm-up, so the app's event loop and memory hold nothing but the app (and
 * PGlite, when that is the database).
 *
 * The bare handler's statements are not written by hand: the app, built in this process against the database,
 * answers GET /api/posts once anonymously and once for the signed-in reader while every statement it sends through
 * pg is recorded (signed in: the session lookup, the page's ids with the total, the posts by id); the bare handler
 * replays them in order (same text, same statement names, so PostgreSQL plans them alike) and shapes the rows with
 * the app's own helpers. Before any load its body must equal the app's byte for byte, or the run stops with a diff.
 *
 * The app's GET /api/posts rows and the bare handler's are measured in --pairs rounds (default 3), alternating which
 * goes first, with both processes up and warmed for --pair-warmup seconds per row first (V8 has far more of the app's
 * code to compile): each row is the median of its rounds, the ratio the median of the rounds' ratios. The CPU time of each server's process per response is measured too (process.cpuUsage over the measured
 * load): with 2 cores shared by autocannon, PostgreSQL, the server and whatever else runs, req/s moves with the
 * machine, while CPU per response is the server's own cost. `vs bare CPU` is the bare handler's as a share of the
 * app's. The main thread's part of it is printed beside it: the rest is V8's helper threads (concurrent GC, compilers).
 *
 * Columns: req/s, p99, CPU ms per response, bytes on the wire per response as loaded (autocannon sends no Accept-Encoding) and once with
 * `br, gzip` as a browser asks, the app process's RSS idle (after a GC, before the row) and at its peak during the
 * row, the ratio to the bare handler, the change from the first size, the targets of issue 17 with ✓ or ✗, and the
 * machine's 1-minute load average before and after each row (the machine may be shared: other work lowers figures).
 */

import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { desc, getTableColumns } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { COOKIE, PAGE_SIZE } from '../core/limits.ts';
import type { Post } from '../core/types.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { feelings, posts } from '../db/schema.ts';
import { buildApp } from '../server/app.ts';
import { parseConfig } from '../server/config.ts';
import { drainer } from '../server/lib/drain.ts';
import { paged } from '../server/lib/http.ts';
import { noAllocationSitePretenuring } from '../server/lib/pretenuring.ts';
import { createGuest } from '../server/modules/auth/service.ts';
import { toFeeling } from '../server/modules/feelings/service.ts';
import { underReview } from '../server/modules/moderation/visibility.ts';
import { setHidden, setSupport, toggleFavorite } from '../server/modules/posts/actions.ts';
import { loadRankIds, toAuthor } from '../server/modules/users/service.ts';
import { throwawayDatabase } from '../tests/helpers/throwaway-database.ts';
import { autocannon, type Load, run } from './load.ts';

const { values: args } = parseArgs({
  options: {
    /** Only the rows whose name contains this text, e.g. --match SSR */
    match: { type: 'string' },
    /** postgres or pglite */
    only: { type: 'string' },
    duration: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    sizes: { type: 'string', default: '20000,200000' },
    users: { type: 'string', default: '5000' },
    /** Rounds of the app's GET /api/posts rows and the bare handler's, alternated (app, bare; then bare, app; …). */
    pairs: { type: 'string', default: '3' },
    /** Seconds of load on each of those rows before the first round, beyond each row's own warm-up. */
    'pair-warmup': { type: 'string', default: '6' },
    /** V8/Node flags for the app's process, e.g. --node-flags=--max-semi-space-size=8 */
    'node-flags': { type: 'string', default: '' },
    /** Internal: run as a server's process (JSON of ServeOptions). */
    serve: { type: 'string' },
    /** Internal: print the statements of one GET /api/posts as the bare handler replays them (JSON of {url, token}). */
    capture: { type: 'string' },
  },
});
const root = fileURLToPath(new URL('..', import.meta.url));
const say = (line: string) => console.error(`[bench] ${line}`);

// ---------------------------------------------------------------------------------------------------------------
// The servers' processes

/** One statement as the app sent it through pg. */
interface Statement {
  name?: string;
  text: string;
  values: unknown[];
}

type ServeOptions =
  | {
      kind: 'app';
      url?: string;
      dataDir?: string;
      web: boolean;
      /** Seconds signed-out requests may be served from the guest cache; 0 sends every request to the database. */
      guestCache: number;
      /** The signed-in reader's token, once made. */
      token?: string;
    }
  | {
      kind: 'bare';
      url: string;
      /** Per audience, the statements of one GET /api/posts: [session lookup,] the page's ids, the posts by id. */
      anonymous: Statement[];
      signedIn: Statement[];
      token: string;
      rankIds: [string, number][];
    };

type Command = { id: number; type: 'idle' | 'start' | 'stop' | 'settle' | 'close' };

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

/** The app's pool size (db/client.ts), for the bare handler's pool too. */
const POOL_SIZE = 8;

async function serveApp(options: Extract<ServeOptions, { kind: 'app' }>) {
  // As server/main.ts starts the process.
  noAllocationSitePretenuring();
  const database = await openDatabase(options.url ? { url: options.url } : { dataDir: options.dataDir });
  const token = options.token ?? (await makeViewer(database));
  const config = parseConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    RATE_LIMIT_MAX: '1000000000',
    GUEST_CACHE_SECONDS: String(options.guestCache),
  });
  const app = await buildApp({ config, database, web: options.web ? 'production' : undefined });
  // Stopped as server/main.ts stops: the requests still in flight finish before the pool closes. (A request whose
  // client left, as autocannon's last ones do, counts as done when its connection closes; see the note on issue 17.)
  const inFlight = drainer(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    token,
    close: async () => {
      await inFlight.drain();
      await app.close();
      await database.close();
    },
  };
}

const postKeys = Object.keys(getTableColumns(posts));
const feelingKeys = Object.keys(getTableColumns(feelings));

async function serveBare(options: Extract<ServeOptions, { kind: 'bare' }>) {
  const pool = new pg.Pool({ connectionString: options.url, max: POOL_SIZE });
  const s = { locale: 'en', rankIds: new Map(options.rankIds) };
  const at = (key: string) => postKeys.indexOf(key);
  const P = postKeys.length;
  const F = feelingKeys.length;
  const query = (x: Statement, values = x.values) => pool.query({ name: x.name, text: x.text, values, rowMode: 'array' });
  /** The statements of one audience, as the app sends them; the signed-in reader is known by the bearer token. */
  async function feed(statements: Statement[], viewer: boolean) {
    const [session, pageStatement, byIdsStatement] = viewer ? statements : [undefined, ...statements];
    const viewerId = session ? ((await query(session)).rows[0][0] as number) : null;
    const page = await query(pageStatement as Statement);
    const ids = page.rows.map((r) => r[0] as number);
    const total = page.rows.length > 0 ? Math.max(0, page.rows[0][1] as number) : 0;
    const byIds = byIdsStatement as Statement;
    const values = byIds.values.map((v) => (Array.isArray(v) ? ids : v));
    const details = await query(byIds, values);
    const byId = new Map(details.rows.map((r) => [r[0] as number, r]));
    const data = ids.flatMap((id): Post[] => {
      const r = byId.get(id);
      if (!r) return [];
      const p = (key: string) => r[at(key)];
      const f = (key: string) => r[P + feelingKeys.indexOf(key)];
      const a = P + F;
      return [
        {
          id,
          slug: String(id),
          content: p('content'),
          language: p('language'),
          feeling: f('id') === null ? null : toFeeling({ id: f('id'), key: f('key'), emoji: f('emoji'), type: f('type') }, 'en'),
          topic_id: p('topicId'),
          tags: r[a + 6],
          poll: r[a + 5],
          user: toAuthor(
            { authorId: r[a], authorNickname: r[a + 1], authorAvatarId: r[a + 2], authorAvatarFile: r[a + 3], authorPoints: r[a + 4] },
            s,
          ),
          supports_count: p('supportsCount'),
          comments_count: Math.max(0, r[a + 10]),
          is_supported: r[a + 7],
          is_favorited: r[a + 8],
          is_hidden: r[a + 9],
          is_mine: viewerId !== null && r[a] === viewerId,
          ...underReview(p('moderation')),
          share_disabled: p('shareDisabled'),
          advice_disabled: p('adviceDisabled'),
          notifications_disabled: p('notificationsDisabled'),
          created_at: (p('createdAt') as Date).toISOString(),
          updated_at: (p('updatedAt') as Date).toISOString(),
        },
      ];
    });
    return paged(data, total, { page: 1, per_page: PAGE_SIZE }, '/api/posts');
  }
  const app = Fastify();
  const bearer = `Bearer ${options.token}`;
  app.get('/api/posts', async (request) =>
    request.headers.authorization === bearer ? feed(options.signedIn, true) : feed(options.anonymous, false),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    token: options.token,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

async function serve(options: ServeOptions) {
  const send = (message: object) => process.send?.(message);
  const server = options.kind === 'app' ? await serveApp(options) : await serveBare(options);
  const { app } = server;
  // Requests still being answered when autocannon stops (pages hijack the reply, so their end is the response's).
  let inFlight = 0;
  app.server.on('request', (_req, res) => {
    inFlight++;
    res.once('close', () => inFlight--);
  });
  let rss = 0;
  let cpu = process.cpuUsage();
  let mainThread = process.threadCpuUsage();
  const sampler = setInterval(() => {
    rss = Math.max(rss, process.memoryUsage.rss());
  }, 100);
  // BENCH_CPU_PROFILE=<file>: a CPU profile of the main thread between 'start' and 'stop' only (not the start-up nor
  // the warm-up, as --cpu-prof would), written there on 'stop'.
  const profileFile = process.env.BENCH_CPU_PROFILE;
  const heapFile = process.env.BENCH_HEAP_PROFILE;
  const profiler = profileFile || heapFile ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
  }
  process.on('message', async (command: Command) => {
    if (command.type === 'idle') {
      globalThis.gc?.();
      send({ id: command.id, rss: process.memoryUsage.rss() });
    } else if (command.type === 'start') {
      rss = process.memoryUsage.rss();
      cpu = process.cpuUsage();
      mainThread = process.threadCpuUsage();
      if (profileFile) await profiler?.post('Profiler.start');
      if (heapFile)
        await profiler?.post('HeapProfiler.startSampling', {
          samplingInterval: 16384,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: false,
        });
      send({ id: command.id });
    } else if (command.type === 'stop') {
      // CPU of this process alone (user + system, every thread: GC and libuv's included) since 'start'.
      const { user, system } = process.cpuUsage(cpu);
      // The main thread's alone: the rest is V8's helper threads (concurrent GC and compilation) and libuv's.
      const main = process.threadCpuUsage(mainThread);
      if (profiler && profileFile) writeFileSync(profileFile, JSON.stringify((await profiler.post('Profiler.stop')).profile));
      if (profiler && heapFile) writeFileSync(heapFile, JSON.stringify((await profiler.post('HeapProfiler.stopSampling')).profile));
      send({
        id: command.id,
        rss: Math.max(rss, process.memoryUsage.rss()),
        cpuMs: (user + system) / 1000,
        mainMs: (main.user + main.system) / 1000,
      });
    } else if (command.type === 'settle') {
      for (let i = 0; inFlight > 0 && i < 300; i++) await new Promise((r) => setTimeout(r, 100));
      send({ id: command.id });
    } else {
      clearInterval(sampler);
      await server.close();
      send({ id: command.id });
      process.disconnect();
    }
  });
  send({ ready: true, port: (app.server.address() as AddressInfo).port, token: server.token });
}

// ---------------------------------------------------------------------------------------------------------------
// The benchmark

const duration = Number(args.duration);
const warmup = Number(args.warmup);
const connections = Number(args.connections);
const sizes = args.sizes.split(',').map(Number);
const pairs = Math.max(1, Number(args.pairs));
const pairWarmup = Number(args['pair-warmup']);

interface Target {
  name: 'postgres' | 'pglite';
  url?: string;
  dataDir?: string;
  /** fill.ts arguments for this database. */
  fillArgs: string[];
  dispose(): Promise<void>;
}

async function postgresTarget(adminUrl: string): Promise<Target> {
  const { url, drop } = await throwawayDatabase(adminUrl, process.env.BENCH_DB_PREFIX ?? 'bench');
  return { name: 'postgres', url, fillArgs: ['--database-url', url], dispose: drop };
}

function pgliteTarget(): Target {
  const dir = mkdtempSync(join(tmpdir(), 'kindred-bench-'));
  return {
    name: 'pglite',
    dataDir: dir,
    fillArgs: ['--data-dir', dir],
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Where the time of the run goes, by kind of work. */
const spent = new Map<string, number>();
async function timed<T>(what: string, work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await work();
  } finally {
    spent.set(what, (spent.get(what) ?? 0) + (performance.now() - t0) / 1000);
  }
}

/** A server's process, driven by messages. */
async function startServer(options: ServeOptions) {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify(options)], {
    execArgv: ['--expose-gc', ...args['node-flags'].split(' ').filter(Boolean)],
    // As `npm start` runs it: React and React Router pick their production builds from NODE_ENV.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ port: number; token: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { port: number; token: string }));
    child.once('exit', (code) => reject(new Error(`the ${options.kind} process exited with ${code}`)));
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
    base: `http://127.0.0.1:${ready.port}`,
    ask,
    close: () =>
      timed('server stop', async () => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        await ask('close');
        await exited;
      }),
  };
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** The statements the app sends through pg for one GET /api/posts (after a first call warmed its caches). */
async function captureStatements(url: string, token: string) {
  const database = await openDatabase({ url });
  const config = parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', GUEST_CACHE_SECONDS: '0' });
  const app = await buildApp({ config, database });
  const query = pg.Client.prototype.query;
  const capture = async (headers: Record<string, string>) => {
    const seen: Statement[] = [];
    await app.inject({ method: 'GET', url: '/api/posts', headers });
    pg.Client.prototype.query = function (this: pg.Client, ...argv: unknown[]) {
      const c = argv[0] as string | { name?: string; text: string; values?: unknown[] };
      if (typeof c === 'string') seen.push({ text: c, values: (argv[1] as unknown[]) ?? [] });
      else seen.push({ name: c.name, text: c.text, values: c.values ?? (argv[1] as unknown[]) ?? [] });
      return (query as (...a: unknown[]) => unknown).apply(this, argv);
    } as typeof query;
    try {
      const res = await app.inject({ method: 'GET', url: '/api/posts', headers });
      if (res.statusCode !== 200) throw new Error(`GET /api/posts: ${res.statusCode} ${res.body.slice(0, 300)}`);
    } finally {
      pg.Client.prototype.query = query;
    }
    // The job queue (graphile_worker) talks to the database on its own meanwhile (LISTEN, polling for jobs); the
    // request's statements are the app's named ones.
    return seen.filter((x) => x.name !== undefined && !x.text.includes('graphile_worker'));
  };
  try {
    const anonymous = await capture({});
    const signedIn = await capture({ authorization: `Bearer ${token}` });
    if (anonymous.length !== 2 || signedIn.length !== 3)
      throw new Error(
        `expected 2 statements for GET /api/posts and 3 signed in, saw:\n${[...anonymous, ...signedIn].map((x) => x.name ?? x.text).join('\n')}`,
      );
    return { anonymous, signedIn, rankIds: [...(await loadRankIds(database.db)).entries()] };
  } finally {
    await app.close();
    await database.close();
  }
}

/** The first lines where two JSON bodies differ, pretty-printed. */
function diff(a: string, b: string): string {
  const x = JSON.stringify(JSON.parse(a), null, 2).split('\n');
  const y = JSON.stringify(JSON.parse(b), null, 2).split('\n');
  const out: string[] = [];
  for (let i = 0; i < Math.max(x.length, y.length) && out.length < 40; i++)
    if (x[i] !== y[i]) out.push(`line ${i + 1}\n  app:  ${x[i] ?? '(none)'}\n  bare: ${y[i] ?? '(none)'}`);
  return out.length > 0 ? out.join('\n') : '(same JSON, different bytes: key order or spacing)';
}

/** Bytes of the response (status line, headers, body as sent) when asked with `accept-encoding: br, gzip`. */
function compressedBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { ...headers, 'accept-encoding': 'br, gzip' } }, (res) => {
      // node:http does not decode bodies: the chunks are the bytes sent.
      let n = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n\r\n`.length;
      for (let i = 0; i < res.rawHeaders.length; i += 2) n += res.rawHeaders[i].length + res.rawHeaders[i + 1].length + 4;
      res.on('data', (d: Buffer) => {
        n += d.length;
      });
      res.on('end', () => resolve(n));
    });
    req.on('error', reject);
  });
}

interface RowSpec {
  name: string;
  path: string;
  server: 'cached' | 'uncached' | 'bare';
  signedIn?: boolean;
  web?: boolean;
  /** The bare handler's row this one is compared with, and the share of it to reach. */
  ceiling?: { name: string; share: number };
  /** The SSR targets: req/s and p99 (ms). */
  page?: boolean;
}

const SPECS: RowSpec[] = [
  { name: 'SSR GET / guest, guest cache', path: '/', server: 'cached', web: true },
  { name: 'SSR GET /problem/{id} guest, guest cache', path: '/problem/{post}', server: 'cached', web: true },
  { name: 'GET /api/posts guest, guest cache', path: '/api/posts', server: 'cached' },
  { name: 'SSR GET / guest', path: '/', server: 'uncached', web: true, page: true },
  { name: 'SSR GET / signed in', path: '/', server: 'uncached', web: true, signedIn: true, page: true },
  { name: 'SSR GET /problem/{id} guest', path: '/problem/{post}', server: 'uncached', web: true, page: true },
  { name: 'GET /api/posts guest', path: '/api/posts', server: 'uncached', ceiling: { name: 'bare GET /api/posts guest', share: 0.9 } },
  {
    name: 'GET /api/posts signed in',
    path: '/api/posts',
    server: 'uncached',
    signedIn: true,
    ceiling: { name: 'bare GET /api/posts signed in', share: 0.75 },
  },
  { name: 'bare GET /api/posts guest', path: '/api/posts', server: 'bare' },
  { name: 'bare GET /api/posts signed in', path: '/api/posts', server: 'bare', signedIn: true },
];

const selected = SPECS.filter((x) => !args.match || x.name.includes(args.match));

interface Row {
  database: Target['name'];
  posts: number;
  spec: RowSpec;
  load: Load;
  compressedBytes: number;
  idleMb: number;
  peakMb: number;
  loadBefore: number;
  loadAfter: number;
  /** CPU time of the server's process per response (ms): user + system, over the measured load. */
  cpuMs: number;
  /** The part of cpuMs spent on the process's main thread (JavaScript, the event loop, its system calls). */
  mainMs: number;
  /** App rows measured in rounds against the bare handler: the median of each round's req/s ratio to it. */
  ratio?: number;
  /** Each round's req/s, when measured in rounds. */
  rounds?: number[];
}

/** The rows of one server. */
async function measure(target: Target, size: number, server: Server, specs: RowSpec[], rows: Row[]) {
  for (const spec of specs) rows.push(await measureOne(target, size, server, spec));
}

/** One row: checks, warm-up, then the measured load. */
async function measureOne(target: Target, size: number, server: Server, spec: RowSpec): Promise<Row> {
  {
    const headers: Record<string, string> = !spec.signedIn
      ? {}
      : spec.web
        ? { cookie: `${COOKIE.auth}=${server.token}` }
        : { authorization: `Bearer ${server.token}` };
    // `{post}`: the newest post of the feed, so the page measured is the same at every size.
    const path = spec.path.includes('{post}')
      ? spec.path.replace(
          '{post}',
          String(((await (await fetch(`${server.base}/api/posts`)).json()) as { data: { id: number }[] }).data[0].id),
        )
      : spec.path;
    const url = server.base + path;
    const check = await fetch(url, { headers });
    const text = await check.text();
    if (!check.ok) throw new Error(`${spec.name}: ${check.status} ${text.slice(0, 300)}`);
    if (!spec.web) {
      const body = JSON.parse(text) as { data: { is_supported: boolean }[] };
      if (body.data.length !== PAGE_SIZE) throw new Error(`${spec.name}: ${body.data.length} posts on the page`);
      if (spec.signedIn && !body.data.some((p) => p.is_supported)) throw new Error(`${spec.name}: the viewer's flags are missing`);
    } else if (spec.signedIn && text === (await (await fetch(url)).text())) throw new Error(`${spec.name}: the page is the guest's`);
    const compressed = await compressedBytes(url, headers);
    await timed('load (warm-up)', () => autocannon(url, { connections, seconds: warmup, headers }));
    await timed('settling, GC', () => server.ask('settle'));
    const { rss: idle } = await timed('settling, GC', () => server.ask<{ rss: number }>('idle'));
    const loadBefore = loadavg()[0];
    await server.ask('start');
    const load = await timed('load (measured)', () => autocannon(url, { connections, seconds: duration, headers }));
    const { rss: peak, cpuMs, mainMs } = await server.ask<{ rss: number; cpuMs: number; mainMs: number }>('stop');
    await timed('settling, GC', () => server.ask('settle'));
    const row: Row = {
      database: target.name,
      posts: size,
      spec,
      load,
      compressedBytes: compressed,
      idleMb: idle / 2 ** 20,
      peakMb: peak / 2 ** 20,
      loadBefore,
      loadAfter: loadavg()[0],
      cpuMs: cpuMs / Math.max(1, load.requests),
      mainMs: mainMs / Math.max(1, load.requests),
    };
    say(
      `${target.name} ${size} ${spec.name}: ${load.rps.toFixed(0)} req/s, p99 ${load.p99} ms, CPU ${row.cpuMs.toFixed(3)} ms/req (main thread ${row.mainMs.toFixed(3)}), ` +
        `RSS ${row.idleMb.toFixed(0)}/${row.peakMb.toFixed(0)} MB, load ${loadBefore.toFixed(2)} → ${row.loadAfter.toFixed(2)}`,
    );
    return row;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The rounds of one row as one: median req/s and p99, CPU per response over every round, the highest peak. */
function combine(rounds: Row[]): Row {
  const [first] = rounds;
  const requests = rounds.reduce((n, r) => n + r.load.requests, 0);
  return {
    ...first,
    load: {
      ...first.load,
      rps: median(rounds.map((r) => r.load.rps)),
      p50: median(rounds.map((r) => r.load.p50)),
      p99: median(rounds.map((r) => r.load.p99)),
      requests,
      errors: rounds.reduce((n, r) => n + r.load.errors, 0),
    },
    cpuMs: rounds.reduce((n, r) => n + r.cpuMs * r.load.requests, 0) / Math.max(1, requests),
    mainMs: rounds.reduce((n, r) => n + r.mainMs * r.load.requests, 0) / Math.max(1, requests),
    peakMb: Math.max(...rounds.map((r) => r.peakMb)),
    loadAfter: rounds[rounds.length - 1].loadAfter,
    rounds: rounds.map((r) => r.load.rps),
  };
}

/**
 * The app's GET /api/posts rows and the bare handler's, in rounds that alternate which goes first, both processes
 * up throughout: a ratio of two rows measured minutes apart mostly measured what else the shared machine was doing
 * in between, and one pair still depends on the order (the second row runs on a warmer, or busier, machine).
 */
async function measurePairs(target: Target, size: number, app: Server, bare: Server, specs: RowSpec[], rows: Row[]) {
  const rounds = new Map<RowSpec, Row[]>(specs.map((x) => [x, []]));
  const audiences = [false, true].map((signedIn) => ({
    app: specs.find((x) => x.server !== 'bare' && !!x.signedIn === signedIn),
    bare: specs.find((x) => x.server === 'bare' && !!x.signedIn === signedIn),
  }));
  // Both processes start cold: the app has far more code for V8 to compile than the bare handler, and its first
  // round after the usual warm-up alone ran at ~60 % of its later rounds' CPU per response (1.24 against 0.75 ms).
  for (const spec of specs) {
    const server = spec.server === 'bare' ? bare : app;
    const headers: Record<string, string> = spec.signedIn ? { authorization: `Bearer ${server.token}` } : {};
    await timed('load (warm-up)', () => autocannon(server.base + spec.path, { connections, seconds: pairWarmup, headers }));
  }
  for (let round = 0; round < pairs; round++) {
    for (const pair of audiences) {
      const order = round % 2 === 0 ? [pair.app, pair.bare] : [pair.bare, pair.app];
      for (const spec of order) {
        if (spec) rounds.get(spec)?.push(await measureOne(target, size, spec.server === 'bare' ? bare : app, spec));
      }
    }
  }
  const combined = new Map([...rounds].filter(([, r]) => r.length > 0).map(([spec, r]) => [spec, combine(r)]));
  for (const { app: a, bare: b } of audiences) {
    if (!a || !b) continue;
    const appRounds = rounds.get(a) ?? [];
    const bareRounds = rounds.get(b) ?? [];
    const row = combined.get(a);
    if (!row || bareRounds.length === 0) continue;
    const ratios = appRounds.map((r, i) => r.load.rps / bareRounds[i].load.rps);
    row.ratio = median(ratios);
    say(
      `${a.name} against the bare handler, by round: ${ratios.map((x) => `${(x * 100).toFixed(1)} %`).join(', ')} ` +
        `(req/s ${appRounds.map((r) => r.load.rps.toFixed(0)).join(', ')} against ${bareRounds.map((r) => r.load.rps.toFixed(0)).join(', ')})`,
    );
    const bareRow = combined.get(b);
    if (bareRow)
      say(
        `${a.name}: CPU ms/response ${row.cpuMs.toFixed(3)} against ${bareRow.cpuMs.toFixed(3)}, of which the main thread's ` +
          `${row.mainMs.toFixed(3)} against ${bareRow.mainMs.toFixed(3)} and the other threads' ` +
          `${(row.cpuMs - row.mainMs).toFixed(3)} against ${(bareRow.cpuMs - bareRow.mainMs).toFixed(3)}`,
      );
  }
  for (const spec of specs) {
    const row = combined.get(spec);
    if (row) rows.push(row);
  }
}

async function measureTarget(target: Target, size: number, rows: Row[], tokens: Map<Target, string>) {
  const web = selected.some((x) => x.web);
  const bare = target.url ? selected.filter((x) => x.server === 'bare') : [];
  // With the bare handler measured, the app's rows compared with it are measured in rounds beside it (measurePairs).
  const paired = selected.filter((x) => x.ceiling && bare.some((b) => b.name === x.ceiling?.name));
  for (const kind of ['cached', 'uncached'] as const) {
    const specs = selected.filter((x) => x.server === kind && !paired.includes(x));
    if (specs.length === 0) continue;
    const server = await timed('app start', () =>
      startServer({
        kind: 'app',
        url: target.url,
        dataDir: target.dataDir,
        web,
        guestCache: kind === 'cached' ? 5 : 0,
        token: tokens.get(target),
      }),
    );
    tokens.set(target, server.token);
    try {
      await measure(target, size, server, specs, rows);
    } finally {
      await server.close();
    }
  }
  if (bare.length === 0 || !target.url) return;
  const url = target.url;
  let token = tokens.get(target);
  if (!token) {
    // No app row ran yet at this size: the app's process makes the reader, as for its own rows.
    const app = await timed('app start', () => startServer({ kind: 'app', url, web: false, guestCache: 0 }));
    token = app.token;
    tokens.set(target, token);
    await app.close();
  }
  const captured = await timed('bare handler (capture, start)', () => captureStatements(url, token));
  const server = await timed('bare handler (capture, start)', () => startServer({ kind: 'bare', url, token, ...captured }));
  const appServer = await timed('app start', () => startServer({ kind: 'app', url, web, guestCache: 0, token }));
  try {
    for (const auth of [{}, { authorization: `Bearer ${token}` }] as Record<string, string>[]) {
      const [a, b] = await Promise.all(
        [appServer, server].map(async (x) => (await fetch(`${x.base}/api/posts`, { headers: auth })).text()),
      );
      if (a !== b) throw new Error(`the bare handler's body differs from the app's:\n${diff(a, b)}`);
    }
    say('bare handler: bodies equal to the app’s, anonymous and signed in');
    await measurePairs(target, size, appServer, server, [...paired, ...bare], rows);
  } finally {
    await appServer.close();
    await server.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The table

const mark = (ok: boolean) => (ok ? '✓' : '✗');
const pct = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(0)} %`;

/** The targets of issue 17 that apply to a row, each with its mark. */
function targets(r: Row, rows: Row[]): string[] {
  const out: string[] = [];
  const cached = r.spec.server === 'cached';
  if (r.database === 'postgres' && !cached && r.spec.server !== 'bare') {
    if (r.spec.page) out.push(`≥1000 req/s ${mark(r.load.rps >= 1000)}`, `p99 ≤150 ${mark(r.load.p99 <= 150)}`);
    if (r.spec.ceiling) {
      const bare = rows.find((x) => x.database === r.database && x.posts === r.posts && x.spec.name === r.spec.ceiling?.name);
      if (bare) out.push(`≥${r.spec.ceiling.share * 100} % bare ${mark(vsBare(r, bare) >= r.spec.ceiling.share)}`);
    }
    out.push(`RSS ≤120/≤200 ${mark(r.idleMb <= 120 && r.peakMb <= 200)}`);
  }
  if (r.database === 'pglite' && r.posts === 20_000 && r.spec.name === 'GET /api/posts guest')
    out.push(`≥500 req/s ${mark(r.load.rps >= 500)}`);
  const first = firstOf(r, rows);
  if (first && r.spec.server !== 'bare')
    out.push(`Δ <15 % ${mark(r.load.rps >= first.load.rps * 0.85 && r.load.p99 <= Math.max(first.load.p99 * 1.15, first.load.p99 + 1))}`);
  return out;
}

/** An app row's req/s as a share of the bare handler's: the median of the rounds' ratios when measured in rounds. */
const vsBare = (r: Row, bare: Row) => r.ratio ?? r.load.rps / bare.load.rps;

/** The same row at the first size measured, when this one is at a later size. */
function firstOf(r: Row, rows: Row[]): Row | undefined {
  const first = rows.find((x) => x.database === r.database && x.spec.name === r.spec.name);
  return first && first !== r && first.load.rps > 0 ? first : undefined;
}

function table(rows: Row[]): string {
  const head = [
    'database',
    'posts',
    'row',
    'req/s',
    'p99 ms',
    'CPU ms/req',
    'wire B',
    'br/gz B',
    'RSS idle',
    'RSS peak',
    'vs bare',
    'vs bare CPU',
    'Δ req/s',
    'Δ p99',
    'errors',
    'load before→after',
    'targets',
  ];
  const body = rows.map((r) => {
    const bare =
      r.spec.ceiling && rows.find((x) => x.database === r.database && x.posts === r.posts && x.spec.name === r.spec.ceiling?.name);
    const first = firstOf(r, rows);
    return [
      r.database,
      r.posts.toLocaleString('en'),
      r.spec.name,
      r.load.rps.toFixed(0),
      String(r.load.p99),
      r.cpuMs.toFixed(3),
      r.load.bytesPerResponse.toFixed(0),
      String(r.compressedBytes),
      r.idleMb.toFixed(0),
      r.peakMb.toFixed(0),
      bare ? `${(vsBare(r, bare) * 100).toFixed(1)} %` : '',
      // The bare handler's CPU per response as a share of the app's: what the ratio would be on a machine with
      // the app's process alone short of CPU.
      bare ? `${((bare.cpuMs / r.cpuMs) * 100).toFixed(1)} %` : '',
      first ? pct(r.load.rps / first.load.rps - 1) : '',
      first && first.load.p99 > 0 ? pct(r.load.p99 / first.load.p99 - 1) : '',
      String(r.load.errors),
      `${r.loadBefore.toFixed(2)} → ${r.loadAfter.toFixed(2)}`,
      targets(r, rows).join(', '),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const right = (i: number) => i >= 3 && i <= 14;
  const line = (cells: string[]) => `| ${cells.map((c, i) => (right(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  return [
    line(head),
    `|${widths.map((w, i) => (right(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}

async function main() {
  if (selected.length === 0) throw new Error(`no row matches ${args.match}: ${SPECS.map((x) => x.name).join('; ')}`);
  if (selected.some((x) => x.web) && !existsSync(join(root, 'build/server/index.js')))
    throw new Error('the SSR rows need the built web app: run `npm run build` first (or pick API rows with --match /api/).');
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const targetsList: Target[] = [];
  const started = performance.now();
  const loadAtStart = loadavg();
  try {
    if (args.only !== 'pglite') {
      if (adminUrl) targetsList.push(await postgresTarget(adminUrl));
      else say('BENCH_DATABASE_URL / TEST_DATABASE_URL not set: PostgreSQL skipped.');
    }
    if (args.only !== 'postgres') targetsList.push(pgliteTarget());
    if (targetsList.length === 0) throw new Error('--only postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
    const rows: Row[] = [];
    const tokens = new Map<Target, string>();
    for (const size of sizes) {
      say(`filling to ${size.toLocaleString('en')} posts (${targetsList.map((t) => t.name).join(', ')})`);
      await timed(`fill to ${size.toLocaleString('en')}`, () =>
        run(process.execPath, [
          join(root, 'bench/fill.ts'),
          '--posts',
          String(size),
          '--users',
          args.users,
          ...targetsList.flatMap((t) => t.fillArgs),
        ]),
      );
      for (const target of targetsList) await measureTarget(target, size, rows, tokens);
    }
    const total = (performance.now() - started) / 1000;
    console.log(`\n${table(rows)}\n`);
    const failed = rows.flatMap((r) =>
      targets(r, rows)
        .filter((t) => t.endsWith('✗'))
        .map((t) => `${r.database} ${r.posts} ${r.spec.name}: ${t}`),
    );
    console.log(failed.length > 0 ? `Targets missed (${failed.length}):\n  ${failed.join('\n  ')}` : 'Every target met.');
    const avg = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
    console.log(
      `\n${connections} connections, ${duration} s per row after a ${warmup} s warm-up; Node ${process.version}; ` +
        `load average (1, 5, 15 min) at start ${avg(loadAtStart)}, at end ${avg(loadavg())}.\n` +
        `Time: ${total.toFixed(0)} s in all; ${[...spent].map(([k, v]) => `${k} ${v.toFixed(0)} s`).join(', ')}; ` +
        `other (checks, clean-up) ${(total - [...spent.values()].reduce((a, b) => a + b, 0)).toFixed(0)} s.`,
    );
  } finally {
    for (const t of targetsList) await t.dispose().catch((err) => say(`cleanup of ${t.name} failed: ${err}`));
  }
}

if (args.serve) await serve(JSON.parse(args.serve) as ServeOptions);
else if (args.capture) {
  const { url, token } = JSON.parse(args.capture) as { url: string; token: string };
  process.stdout.write(JSON.stringify(await captureStatements(url, token)));
} else await main();
