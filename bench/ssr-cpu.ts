/**
 * App CPU per server-rendered page: the built app (bench/http.ts's server process, guest cache off) on an already
 * filled PostgreSQL database, a fixed number of requests from autocannon, and the utime + stime the app's process
 * spent on them (/proc/<pid>/stat), which other work on a shared machine disturbs far less than req/s. Beside it, the
 * database's CPU per page: the utime + stime of the PostgreSQL backends connected to the bench's database (found in
 * pg_stat_activity; PostgreSQL on this machine), so a change that moves work between the app and the database shows.
 *
 *   node bench/ssr-cpu.ts --url postgres://…/bench_x [--path /] [--requests 2000] [--connections 50] [--rounds 2]
 *     [--signed-in] [--token <the reader a former run printed>] [--root <checkout>] [--node-flags=--cpu-prof]
 *
 * The database must hold bench/fill.ts's data (`node bench/fill.ts --posts 20000 --database-url …`).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { COOKIE } from '../core/limits.ts';
import { run } from './load.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    path: { type: 'string', default: '/' },
    requests: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '2' },
    'signed-in': { type: 'boolean', default: false },
    'node-flags': { type: 'string', default: '' },
    token: { type: 'string' },
    /** Another checkout to measure (its bench/http.ts and build), for A/B pairs. */
    root: { type: 'string' },
  },
});
if (!args.url) throw new Error('--url of a filled database is required');

const http = args.root ? `${args.root}/bench/http.ts` : fileURLToPath(new URL('./http.ts', import.meta.url));
const autocannonCli = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));

const child: ChildProcess = fork(
  http,
  ['--serve', JSON.stringify({ kind: 'app', url: args.url, web: true, guestCache: 0, token: args.token })],
  {
    execArgv: ['--expose-gc', ...args['node-flags'].split(' ').filter(Boolean)],
    cwd: args.root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  },
);
const ready = await new Promise<{ port: number; token: string }>((resolve) => child.once('message', (m) => resolve(m as never)));
const base = `http://127.0.0.1:${ready.port}`;
const cpuTicks = () => {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
const ticksPerMs = 100 / 1000;
const ticksOf = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    // Not a process of this machine, or it ended.
    return 0;
  }
};
// The backends serving the app's pool: every connection to the bench's database but this one.
const monitor = new pg.Client({ connectionString: args.url });
await monitor.connect();
const backendTicks = async () => {
  const { rows } = await monitor.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return new Map(rows.map((r) => [r.pid, ticksOf(r.pid)]));
};
/** CPU ticks the backends spent between two readings; a backend that ended between them is lost. */
const backendSpent = (before: Map<number, number>, after: Map<number, number>) => {
  let spent = 0;
  for (const [pid, ticks] of after) spent += ticks - (before.get(pid) ?? 0);
  return spent;
};
const headers = args['signed-in'] ? ['-H', `cookie=${COOKIE.auth}=${ready.token}`] : [];
const cannon = async (amount: number) =>
  JSON.parse(
    await run(process.execPath, [autocannonCli, '-c', args.connections, '-a', String(amount), '-j', '-n', ...headers, base + args.path]),
  ) as { requests: { average: number; total: number }; latency: { p99: number }; non2xx: number; errors: number };

await cannon(Math.max(200, Number(args.requests) / 4));
for (let round = 0; round < Number(args.rounds); round++) {
  const before = cpuTicks();
  const dbBefore = await backendTicks();
  const load = loadavg()[0];
  const t0 = performance.now();
  const r = await cannon(Number(args.requests));
  const wall = performance.now() - t0;
  const ms = (cpuTicks() - before) / ticksPerMs / r.requests.total;
  const dbMs = backendSpent(dbBefore, await backendTicks()) / ticksPerMs / r.requests.total;
  console.log(
    `${args.path}${args['signed-in'] ? ' signed in' : ''}: ${ms.toFixed(2)} ms app CPU/req, ${dbMs.toFixed(2)} ms database CPU/req, ${((r.requests.total / wall) * 1000).toFixed(0)} req/s, ` +
      `p99 ${r.latency.p99} ms, errors ${r.errors + r.non2xx}, load ${load.toFixed(2)} → ${loadavg()[0].toFixed(2)}`,
  );
}
console.log(`token ${ready.token}`);
await monitor.end();
child.send({ id: 1, type: 'close' });
await new Promise((r) => child.once('exit', r));
