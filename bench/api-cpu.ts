/**
 * CPU per response of `GET /api/posts` (guest cache off) in a fixed-count A/B: the app of one or more checkouts and,
 * with --bare, bench/http.ts's bare handler (the same statements, the same bytes), all up at once on an already filled
 * PostgreSQL database. Each server is warmed, then gets rounds of a fixed number of requests from autocannon, the
 * servers' order turning each round; each process reports the user + system CPU it spent on its round (all threads,
 * and its main thread alone). On a shared 2-core machine this moves far less than req/s does (decisions 034, 041).
 *
 *   node bench/api-cpu.ts --url postgres://…/bench_x [--roots /work/main,.] [--bare] [--requests 8000] [--rounds 6]
 *     [--warmup 8] [--connections 50] [--signed-in] [--token <a former run's reader>] [--node-flags=--trace-gc]
 *     [--profile /tmp/api]        # writes /tmp/api-<server>.cpuprofile
 *     [--heap-profile /tmp/api]   # writes /tmp/api-<server>.heapprofile: allocations that outlived a scavenge
 *
 * The database must hold bench/fill.ts's data (`node bench/fill.ts --posts 20000 --database-url …`). --profile
 * profiles each server's main thread over the measured rounds only (not start-up nor warm-up); its CPU figures are
 * then the profiled ones, higher than without. --heap-profile samples the allocations of the measured rounds that a
 * young-generation collection did not free (promoted, or allocated old: what full collections then have to do).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { run } from './load.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    roots: { type: 'string', default: '.' },
    bare: { type: 'boolean', default: false },
    requests: { type: 'string', default: '8000' },
    rounds: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
    'signed-in': { type: 'boolean', default: false },
    profile: { type: 'string' },
    'heap-profile': { type: 'string' },
    'node-flags': { type: 'string', default: '' },
    /** The signed-in reader a former run made (printed at its end); without it the first app's process makes one. */
    token: { type: 'string' },
  },
});
if (!args.url) throw new Error('--url of a filled database is required');
const url = args.url;

const here = fileURLToPath(new URL('./http.ts', import.meta.url));
const autocannonCli = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));

interface Server {
  label: string;
  child: ChildProcess;
  base: string;
  token: string;
  ask<T>(type: string): Promise<T>;
}

async function start(label: string, http: string, cwd: string, options: object): Promise<Server> {
  const child = fork(http, ['--serve', JSON.stringify(options)], {
    execArgv: ['--expose-gc', ...args['node-flags'].split(' ').filter(Boolean)],
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...(args.profile && { BENCH_CPU_PROFILE: `${args.profile}-${label}.cpuprofile` }),
      ...(args['heap-profile'] && { BENCH_HEAP_PROFILE: `${args['heap-profile']}-${label}.heapprofile` }),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ port: number; token: string }>((ok, fail) => {
    child.once('message', (m) => ok(m as { port: number; token: string }));
    child.once('exit', (code) => fail(new Error(`${label} exited with ${code}`)));
  });
  let next = 0;
  const ask = <T>(type: string) =>
    new Promise<T>((ok) => {
      const id = ++next;
      const onMessage = (m: { id: number } & T) => {
        if (m.id !== id) return;
        child.off('message', onMessage);
        ok(m);
      };
      child.on('message', onMessage);
      child.send({ id, type });
    });
  return { label, child, base: `http://127.0.0.1:${ready.port}`, token: ready.token, ask };
}

const roots = args.roots.split(',').map((r) => resolve(r));
const servers: Server[] = [];
let token = args.token;
for (const [i, root] of roots.entries()) {
  const server = await start(`app${i}`, `${root}/bench/http.ts`, root, { kind: 'app', url, web: false, guestCache: 0, token });
  token = server.token;
  servers.push(server);
}
if (args.bare && token) {
  const captured = JSON.parse(await run(process.execPath, [here, '--capture', JSON.stringify({ url, token })]));
  servers.push(await start('bare', here, process.cwd(), { kind: 'bare', url, token, ...captured }));
}

const auth = args['signed-in'] ? `Bearer ${token}` : null;
const bodies = await Promise.all(
  servers.map(async (s) => (await fetch(`${s.base}/api/posts`, { headers: auth ? { authorization: auth } : {} })).text()),
);
if (bodies.some((b) => b !== bodies[0])) throw new Error('the servers answer different bodies');
console.log(`${servers.map((s) => s.label).join(', ')}: bodies equal (${bodies[0].length} bytes)`);

const headers = auth ? ['-H', `authorization=${auth}`] : [];
const cannon = async (base: string, load: string[]) => {
  const r = JSON.parse(
    await run(process.execPath, [autocannonCli, '-c', args.connections, ...load, '-j', '-n', ...headers, `${base}/api/posts`]),
  ) as { requests: { total: number }; non2xx: number; errors: number };
  if (r.non2xx + r.errors > 0) throw new Error(`${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return r.requests.total;
};

for (const s of servers) await cannon(s.base, ['-d', args.warmup]);

type Spent = { cpu: number; main: number; n: number; rounds: string[] };
const spent = new Map<string, Spent>(servers.map((s) => [s.label, { cpu: 0, main: 0, n: 0, rounds: [] }]));
type Usage = { cpuMs: number; mainMs: number };
const add = (s: Server, n: number, { cpuMs, mainMs }: Usage) => {
  const t = spent.get(s.label) as Spent;
  t.cpu += cpuMs;
  t.main += mainMs;
  t.n += n;
  t.rounds.push((cpuMs / n).toFixed(3));
};
const loadBefore = loadavg()[0];
// Profiled: one profile per server over all the rounds, so the CPU figures are the whole run's (idle turns included).
if (args.profile || args['heap-profile']) for (const s of servers) await s.ask('start');
const answered = new Map(servers.map((s) => [s.label, 0]));
for (let round = 0; round < Number(args.rounds); round++) {
  const order = servers.map((_, i) => servers[(i + round) % servers.length]);
  for (const s of order) {
    if (!(args.profile || args['heap-profile'])) await s.ask('start');
    const n = await cannon(s.base, ['-a', args.requests]);
    answered.set(s.label, (answered.get(s.label) ?? 0) + n);
    if (!(args.profile || args['heap-profile'])) add(s, n, await s.ask<Usage>('stop'));
  }
  if (!(args.profile || args['heap-profile']))
    console.log(`round ${round + 1}: ${servers.map((s) => `${s.label} ${spent.get(s.label)?.rounds.at(-1)}`).join(' · ')}`);
}
if (args.profile || args['heap-profile']) for (const s of servers) add(s, answered.get(s.label) ?? 0, await s.ask<Usage>('stop'));

console.log(
  `${args['signed-in'] ? 'signed in' : 'anonymous'}, ${args.rounds} × ${args.requests}, load ${loadBefore.toFixed(2)} → ${loadavg()[0].toFixed(2)}`,
);
const bare = spent.get('bare');
for (const s of servers) {
  const t = spent.get(s.label) as { cpu: number; main: number; n: number };
  const ms = t.cpu / t.n;
  const share = bare && s.label !== 'bare' ? `, bare/app ${((bare.cpu / bare.n / ms) * 100).toFixed(1)} %` : '';
  console.log(
    `${s.label} (${s.label === 'bare' ? 'bare handler' : roots[Number(s.label.slice(3))]}): ${ms.toFixed(3)} ms/response ` +
      `(main thread ${(t.main / t.n).toFixed(3)}, other threads ${((t.cpu - t.main) / t.n).toFixed(3)})${share}`,
  );
}
console.log(`token ${token}`);
for (const s of servers) {
  await s.ask('close');
  s.child.disconnect();
}
