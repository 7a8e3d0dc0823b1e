/**
 * The memory benchmark of issue 17: the RSS of the app's process idle and under load, run as `npm start` runs it
 * (the built web app, NODE_ENV=production, the Node flags of the `start` script) on a throwaway PostgreSQL
 * database, with the guest cache off so every request renders and queries.
 *
 *   npm run build && npm run bench:memory
 *   npm run bench:memory -- --duration 30 --connections 50 --posts 20000
 *   npm run bench:memory -- --node-flags='--max-semi-space-size=16'   # other flags than the start script's (A/B)
 *
 * Steps: a database `memory_<random>` on BENCH_DATABASE_URL or TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), migrated and seeded by scripts/seed.ts, filled to --posts by
 * bench/fill.ts when given; the server (build/app/main.js, as `npm start` runs it) in a child process; RSS after
 * start, after a warm-up and a quiet spell (in which the server runs its memory-reducing collection, decision 046),
 * the peak RSS (sampled every 100 ms) while autocannon loads SSR `GET /` and then `GET /api/posts` for --duration
 * seconds each, and the RSS once it is quiet again, read after the server may have run its next such collection (at
 * most one a minute). RSS comes from /proc (anonymous and file-backed apart: file-backed is mostly the node binary's
 * code and ICU data, shared with every other node process); the heap figures from bench/memory-probe.js in the
 * process.
 * The load average is printed beside every figure: the machine is shared.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { QUIET_COLLECTION_GAP_MS, QUIET_INTERVAL_MS } from '../server/lib/collect-garbage.ts';
import { startCommand } from '../tests/helpers/start-command.ts';
import { throwawayDatabase } from '../tests/helpers/throwaway-database.ts';
import { autocannon, type Load, run } from './load.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    /** Posts to fill the database to with bench/fill.ts; 0 keeps the demo content only. */
    posts: { type: 'string', default: '0' },
    /** Replaces the Node flags of the `start` script, e.g. --node-flags='--max-semi-space-size=16'. */
    'node-flags': { type: 'string' },
    /** Replaces the file the `start` script runs, e.g. --entry=server/main.ts (the sources, through Node's type stripper). */
    entry: { type: 'string' },
    port: { type: 'string', default: '3890' },
    /** Name prefix of the throwaway database, for helpers that must keep to their own prefix on a shared server. */
    'database-prefix': { type: 'string', default: 'memory' },
  },
});
const root = fileURLToPath(new URL('..', import.meta.url));
const say = (line: string) => console.error(`[memory] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

interface Rss {
  rss: number;
  anon: number;
  file: number;
  /** Pages the process gave back with madvise(MADV_FREE): still counted in RSS until the kernel needs them. */
  lazyFree: number;
}

function readRss(pid: number): Rss {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (text: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
  return {
    rss: kb(status, 'VmRSS'),
    anon: kb(status, 'RssAnon'),
    file: kb(status, 'RssFile'),
    lazyFree: kb(rollup, 'LazyFree'),
  };
}

/**
 * The anonymous RSS by what holds it, from /proc/…/smaps (decision 039's grouping): V8's pages (anonymous mappings
 * aligned to its 256 KB page size), V8's executable code, and malloc (the main `[heap]` and glibc's per-thread
 * arenas, mappings aligned to their 64 MB reservation). Under load the last is where compiler zones go.
 */
function readParts(pid: number): { v8Pages: number; v8Code: number; malloc: number } {
  const parts = { v8Pages: 0, v8Code: 0, malloc: 0 };
  let kind: keyof typeof parts | undefined;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^([0-9a-f]+)-[0-9a-f]+ (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (mapping) {
      const [, startHex, perms, path] = mapping;
      const start = BigInt(`0x${startHex}`);
      if (path === '[heap]' || (!path && start % (64n << 20n) === 0n)) kind = 'malloc';
      else if (!path && perms.includes('x')) kind = 'v8Code';
      else if (!path && start % (256n << 10n) === 0n) kind = 'v8Pages';
      else kind = undefined;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && kind) parts[kind] += Number(rss[1]) * 1024;
  }
  return parts;
}

/** CPU seconds (user + system) the process has used: per request it is steadier than req/s on a shared machine. */
function cpuSeconds(pid: number): number {
  // The command name in parentheses may hold spaces; the fields after it are fixed (utime and stime are 14 and 15).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Heap {
  usage: NodeJS.MemoryUsage;
  spaces: Record<string, number>;
}

function askHeap(child: ChildProcess): Promise<Heap> {
  return new Promise((resolve) => {
    child.once('message', (m: Heap & { type: string }) => resolve(m));
    child.send({ type: 'memory' });
  });
}

interface Row {
  when: string;
  rss: Rss;
  parts: ReturnType<typeof readParts>;
  heap?: Heap;
  load: string;
  note?: string;
}
const rows: Row[] = [];

async function snapshot(child: ChildProcess, when: string, note?: string) {
  const row: Row = {
    when,
    rss: readRss(child.pid as number),
    parts: readParts(child.pid as number),
    heap: await askHeap(child),
    load: load(),
    note,
  };
  rows.push(row);
  say(`${when}: RSS ${mb(row.rss.rss)} MB, heap ${mb(row.heap?.usage.heapTotal ?? 0)} MB (load ${row.load})`);
}

const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const start = startCommand();
const flags = args['node-flags'] === undefined ? start.flags : args['node-flags'].split(/\s+/).filter(Boolean);
const entry = args.entry ?? start.entry;
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(args.duration);
const connections = Number(args.connections);

const database = await throwawayDatabase(adminUrl, args['database-prefix']);
let child: ChildProcess | undefined;
try {
  // scripts/seed.ts reads the database from the environment, as the server does.
  process.env.DATABASE_URL = database.url;
  say(`database ${database.name}: migrating and seeding`);
  await run(process.execPath, [`${root}scripts/seed.ts`]);
  if (Number(args.posts) > 0) {
    say(`filling to ${args.posts} posts`);
    await run(process.execPath, [`${root}bench/fill.ts`, '--posts', args.posts, '--database-url', database.url]);
  }

  say(`node ${flags.join(' ')} ${entry}`);
  child = spawn(process.execPath, [...flags, '--import', `${root}bench/memory-probe.js`, entry], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      GUEST_CACHE_SECONDS: '0',
      RATE_LIMIT_MAX: '1000000000',
    },
  });
  const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error('the server did not start in 60 s');
    await sleep(100);
  }
  await sleep(2000);
  await snapshot(child, 'after start');

  const endpoints = [
    { name: 'SSR GET /', url: `${base}/` },
    { name: 'GET /api/posts', url: `${base}/api/posts` },
  ];
  for (const e of endpoints) await autocannon(e.url, { connections, seconds: Number(args.warmup) });
  await sleep(12_000);
  await snapshot(child, 'idle after warm-up', `${args.warmup} s of each endpoint, then 12 s quiet`);
  // The server gave memory back in that quiet spell (decision 046) and gives it back again at most once a minute.
  const nextCollectionAt = Date.now() + QUIET_COLLECTION_GAP_MS;

  const loads: { name: string; load: Load; peak: Rss; cpuMs: number; avg: string }[] = [];
  for (const e of endpoints) {
    const pid = child.pid as number;
    let peak = readRss(pid);
    const sampler = setInterval(() => {
      const now = readRss(pid);
      if (now.rss > peak.rss) peak = now;
    }, 100);
    const cpuBefore = cpuSeconds(pid);
    const result = await autocannon(e.url, { connections, seconds });
    const cpuMs = ((cpuSeconds(pid) - cpuBefore) * 1000) / Math.max(1, result.requests);
    clearInterval(sampler);
    loads.push({ name: e.name, load: result, peak, cpuMs, avg: load() });
    say(
      `${e.name}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, ${cpuMs.toFixed(2)} ms CPU per request, ${result.errors} errors, peak RSS ${mb(peak.rss)} MB (load ${load()})`,
    );
  }
  // Quiet until the server may give memory back again, and two of its checks more, so this reads what it keeps.
  const quietMs = Math.max(12_000, nextCollectionAt + 2 * QUIET_INTERVAL_MS - Date.now());
  await sleep(quietMs);
  await snapshot(child, 'idle after load', `${Math.round(quietMs / 1000)} s quiet`);

  child.kill('SIGTERM');
  const code = await exited;
  child = undefined;

  console.log(`\nnode ${flags.join(' ')} ${entry}, PostgreSQL, guest cache off, ${connections} connections, ${seconds} s per endpoint\n`);
  console.log(
    '| when | RSS MB | anon MB | file MB | V8 pages MB | V8 code MB | malloc MB | lazy-free MB | heap total MB | heap used MB | new space MB | external MB | load avg 1/5/15 |',
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|');
  for (const r of rows) {
    const u = r.heap?.usage;
    console.log(
      `| ${r.when} | ${mb(r.rss.rss)} | ${mb(r.rss.anon)} | ${mb(r.rss.file)} | ${mb(r.parts.v8Pages)} | ${mb(r.parts.v8Code)} | ${mb(r.parts.malloc)} | ${mb(r.rss.lazyFree)} | ${mb(u?.heapTotal ?? 0)} | ${mb(u?.heapUsed ?? 0)} | ${mb(r.heap?.spaces.new_space ?? 0)} | ${mb(u?.external ?? 0)} | ${r.load} |`,
    );
  }
  console.log('\n| load | req/s | p99 ms | CPU ms/req | errors | peak RSS MB | anon MB | lazy-free MB | load avg 1/5/15 |');
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|---|');
  for (const l of loads) {
    console.log(
      `| ${l.name} | ${l.load.rps.toFixed(0)} | ${l.load.p99} | ${l.cpuMs.toFixed(2)} | ${l.load.errors} | ${mb(l.peak.rss)} | ${mb(l.peak.anon)} | ${mb(l.peak.lazyFree)} | ${l.avg} |`,
    );
  }
  console.log(`\nthe server exited with ${code} on SIGTERM`);
} finally {
  child?.kill('SIGKILL');
  await database.drop();
}
