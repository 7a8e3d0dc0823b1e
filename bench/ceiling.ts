/**
 * The ceiling benchmark of issue 17: the real app's GET /api/posts (anonymous, guest cache off) against a BARE
 * handler — Fastify with no plugins and one route that runs the same SQL with the `pg` driver directly and answers
 * the same JSON — in one run on PostgreSQL, so the app's ratio to what the machine can do is measured, not guessed.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:ceiling
 *   npm run bench:ceiling -- --sizes 20000,200000 --duration 10 --warmup 3 --connections 50
 *
 * PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) gets a throwaway database `bench_<random>`, filled by
 * bench/fill.ts and dropped at the end. The SQL of the bare handler is not written by hand: the app, built in this
 * process against that database, answers GET /api/posts once while every statement it sends through pg is recorded
 * (the feed page's ids with the total, then the posts by id); the bare handler replays those statements (same text,
 * same statement names, so PostgreSQL prepares them the same way) with page 1's parameters and turns the rows into
 * the post objects with the app's own small helpers (toFeeling, toAuthor, paged). Before any load, the two bodies
 * must be byte for byte equal; otherwise the run stops with a diff.
 *
 * Each server runs in a fresh child process of this script, alone, and autocannon in another child process, with a
 * warm-up before each measured run, as bench/feed.ts does. The machine's load average (os.loadavg) is printed before
 * and after each row: the machine is shared, and other work on it lowers both figures.
 */

import { type ChildProcess, fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { getTableColumns } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { PAGE_SIZE } from '../core/limits.ts';
import type { Post } from '../core/types.ts';
import { openDatabase } from '../db/client.ts';
import { feelings, posts } from '../db/schema.ts';
import { buildApp } from '../server/app.ts';
import { parseConfig } from '../server/config.ts';
import { paged } from '../server/lib/http.ts';
import { toFeeling } from '../server/modules/feelings/service.ts';
import { underReview } from '../server/modules/moderation/visibility.ts';
import { loadRankIds, toAuthor } from '../server/modules/users/service.ts';
import { fill } from './fill.ts';
import { autocannon, type Load } from './load.ts';
import { throwawayDatabase } from './throwaway-database.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    sizes: { type: 'string', default: '20000' },
    users: { type: 'string', default: '5000' },
    /** Internal: run as a server's process (JSON of ServeOptions). */
    serve: { type: 'string' },
  },
});
const say = (line: string) => console.error(`[ceiling] ${line}`);
/** The app's pool size (db/client.ts), for the bare handler's pool too. */
const POOL_SIZE = 8;

/** One statement as the app sent it through pg. */
interface Statement {
  name?: string;
  text: string;
  values: unknown[];
}

interface ServeOptions {
  kind: 'app' | 'bare';
  url: string;
  /** The bare handler's statements: the feed page, then the posts by id. */
  statements?: Statement[];
  rankIds?: [string, number][];
}

// ---------------------------------------------------------------------------------------------------------------
// The servers

async function serveApp(url: string) {
  const database = await openDatabase({ url });
  const config = parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000000', GUEST_CACHE_SECONDS: '0' });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as AddressInfo).port,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const postKeys = Object.keys(getTableColumns(posts));
const feelingKeys = Object.keys(getTableColumns(feelings));

async function serveBare(url: string, statements: Statement[], rankIds: Map<string, number>) {
  const [pageStatement, byIdsStatement] = statements;
  const idsAt = byIdsStatement.values.findIndex(Array.isArray);
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  const s = { locale: 'en', rankIds };
  const at = (key: string) => postKeys.indexOf(key);
  const P = postKeys.length;
  const F = feelingKeys.length;
  const app = Fastify();
  app.get('/api/posts', async () => {
    const page = await pool.query({ name: pageStatement.name, text: pageStatement.text, values: pageStatement.values, rowMode: 'array' });
    const ids = page.rows.map((r) => r[0] as number);
    const total = page.rows.length > 0 ? Math.max(0, page.rows[0][1] as number) : 0;
    const values = [...byIdsStatement.values];
    values[idsAt] = ids;
    const details = await pool.query({ name: byIdsStatement.name, text: byIdsStatement.text, values, rowMode: 'array' });
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
          feeling:
            f('id') === null
              ? null
              : toFeeling({ id: f('id'), key: f('key'), emoji: f('emoji'), type: f('type'), sortOrder: f('sortOrder') }, 'en'),
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
          is_mine: false,
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
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as AddressInfo).port,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

async function serve(options: ServeOptions) {
  const server =
    options.kind === 'app'
      ? await serveApp(options.url)
      : await serveBare(options.url, options.statements ?? [], new Map(options.rankIds ?? []));
  process.once('message', async () => {
    await server.close();
    process.send?.({ closed: true });
    process.disconnect();
  });
  process.send?.({ port: server.port });
}

// ---------------------------------------------------------------------------------------------------------------
// The benchmark (the helpers as in bench/feed.ts)

const duration = Number(args.duration);
const warmup = Number(args.warmup);
const connections = Number(args.connections);
const sizes = args.sizes.split(',').map(Number);

async function startServer(options: ServeOptions) {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify(options)], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { port: number }));
    child.once('exit', (code) => reject(new Error(`the ${options.kind} process exited with ${code}`)));
  });
  return {
    port,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ close: true });
      await exited;
    },
  };
}

/** The statements the app sends through pg for one anonymous GET /api/posts (after a first call warmed its caches). */
async function captureStatements(url: string): Promise<{ statements: Statement[]; rankIds: [string, number][] }> {
  const database = await openDatabase({ url });
  const config = parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', GUEST_CACHE_SECONDS: '0' });
  const app = await buildApp({ config, database });
  let seen: Statement[] = [];
  const query = pg.Client.prototype.query;
  try {
    await app.inject({ method: 'GET', url: '/api/posts' });
    pg.Client.prototype.query = function (this: pg.Client, ...argv: unknown[]) {
      const c = argv[0] as string | { name?: string; text: string; values?: unknown[] };
      if (typeof c === 'string') seen.push({ text: c, values: (argv[1] as unknown[]) ?? [] });
      else seen.push({ name: c.name, text: c.text, values: c.values ?? (argv[1] as unknown[]) ?? [] });
      return (query as (...a: unknown[]) => unknown).apply(this, argv);
    } as typeof query;
    const res = await app.inject({ method: 'GET', url: '/api/posts' });
    if (res.statusCode !== 200) throw new Error(`GET /api/posts: ${res.statusCode} ${res.body.slice(0, 300)}`);
  } finally {
    pg.Client.prototype.query = query;
  }
  const rankIds = [...(await loadRankIds(database.db)).entries()];
  await app.close();
  await database.close();
  // The job queue (graphile_worker) talks to the database on its own meanwhile; the request's statements read posts.
  seen = seen.filter((x) => x.text.startsWith('select') && x.text.includes('from "posts"'));
  if (seen.length !== 2)
    throw new Error(`expected 2 statements for GET /api/posts, saw ${seen.length}:\n${seen.map((s) => s.text).join('\n')}`);
  return { statements: seen, rankIds };
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

interface Row {
  posts: number;
  server: 'app' | 'bare';
  load: Load;
  bodyBytes: number;
  loadBefore: number[];
  loadAfter: number[];
}

async function measure(size: number, url: string, rows: Row[]) {
  const { statements, rankIds } = await captureStatements(url);
  say(`replaying ${statements.length} statements: ${statements.map((s) => s.name ?? '(unnamed)').join(', ')}`);
  const servers = { app: await startServer({ kind: 'app', url }), bare: await startServer({ kind: 'bare', url, statements, rankIds }) };
  try {
    const bodies = {
      app: await (await fetch(`http://127.0.0.1:${servers.app.port}/api/posts`)).text(),
      bare: await (await fetch(`http://127.0.0.1:${servers.bare.port}/api/posts`)).text(),
    };
    if (bodies.app !== bodies.bare) throw new Error(`the bare handler's body differs from the app's:\n${diff(bodies.app, bodies.bare)}`);
    say(`bodies equal (${Buffer.byteLength(bodies.app)} bytes, ${(JSON.parse(bodies.app) as { data: unknown[] }).data.length} posts)`);
    for (const server of ['app', 'bare'] as const) {
      const base = `http://127.0.0.1:${servers[server].port}/api/posts`;
      await autocannon(base, { connections, seconds: warmup });
      const loadBefore = loadavg();
      const load = await autocannon(base, { connections, seconds: duration });
      const row = { posts: size, server, load, bodyBytes: Buffer.byteLength(bodies[server]), loadBefore, loadAfter: loadavg() };
      rows.push(row);
      say(
        `${size} ${server}: ${load.rps.toFixed(0)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, load ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
      );
    }
  } finally {
    await servers.app.close();
    await servers.bare.close();
  }
}

function table(rows: Row[]): string {
  const head = [
    'posts',
    'server',
    'req/s',
    'p50 ms',
    'p99 ms',
    'body B',
    'wire B/resp',
    'app / bare',
    'errors',
    'load avg before',
    'load avg after',
  ];
  const avg = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  const body = rows.map((r) => {
    const bare = rows.find((x) => x.posts === r.posts && x.server === 'bare');
    return [
      r.posts.toLocaleString('en'),
      r.server === 'app' ? 'app GET /api/posts (guest, no cache)' : 'bare Fastify + pg, same SQL and JSON',
      r.load.rps.toFixed(0),
      String(r.load.p50),
      String(r.load.p99),
      String(r.bodyBytes),
      r.load.bytesPerResponse.toFixed(0),
      r.server === 'app' && bare ? `${((r.load.rps / bare.load.rps) * 100).toFixed(1)} %` : '',
      String(r.load.errors),
      avg(r.loadBefore),
      avg(r.loadAfter),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const right = (i: number) => i >= 2 && i <= 8;
  const line = (cells: string[]) => `| ${cells.map((c, i) => (right(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  return [
    line(head),
    `|${widths.map((w, i) => (right(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server');
  const { url, drop } = await throwawayDatabase(adminUrl);
  const started = Date.now();
  const loadAtStart = loadavg();
  try {
    const rows: Row[] = [];
    for (const size of sizes) {
      say(`filling to ${size.toLocaleString('en')} posts`);
      const target = await openDatabase({ url, poolSize: 2, timeouts: { connectMs: 10_000, statementMs: 600_000 } });
      try {
        await fill([target], { posts: size, users: Number(args.users), seed: 1, log: (line) => say(`fill: ${line}`) });
      } finally {
        await target.close();
      }
      await measure(size, url, rows);
    }
    console.log(`\n${table(rows)}\n`);
    console.log(
      `${connections} connections, ${duration} s per row after a ${warmup} s warm-up; Node ${process.version}; ` +
        `load average (1, 5, 15 min) at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}, at end ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}; total ${((Date.now() - started) / 1000).toFixed(0)} s.`,
    );
  } finally {
    await drop();
  }
}

if (args.serve) await serve(JSON.parse(args.serve) as ServeOptions);
else await main();
