/**
 * App CPU per server-rendered page, two checkouts in one process, in alternating blocks: the A/B for a change worth a
 * few per cent, which bench/ssr-cpu.ts's back-to-back runs cannot show on a shared machine (their rounds move by
 * ±10 % with the load, decision 062). Each checkout's app (its server/app.ts with its own build and node_modules, as
 * bench/http.ts serves it: guest cache off) listens on its own port; then blocks of N requests from autocannon (50
 * connections, a child process) go to one app and then the other, the order swapped every pair, and the process's
 * CPU time (process.cpuUsage) over each block is that app's. Both apps share the process's heap, its load and its
 * moment, so what the machine does to one block it does to the next; the median of each side's blocks is the figure.
 *
 *   node bench/ssr-ab.ts --url postgres://…/bench_x --a <checkout> --b <checkout> [--path /] [--signed-in]
 *     [--requests 1000] [--pairs 8]
 *
 * The database must hold bench/fill.ts's data; both apps read it, the signed-in reader is made once.
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { COOKIE } from '../core/limits.ts';
import { run } from './load.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    a: { type: 'string' },
    b: { type: 'string' },
    path: { type: 'string', default: '/' },
    'signed-in': { type: 'boolean', default: false },
    requests: { type: 'string', default: '1000' },
    pairs: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
  },
});
if (!args.url || !args.a || !args.b) throw new Error('--url, --a and --b are required');
const autocannonCli = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));

interface Served {
  name: string;
  base: string;
  close: () => Promise<void>;
}

let token: string | undefined;
async function serve(root: string): Promise<Served> {
  const at = (p: string) => `${root.replace(/\/$/, '')}/${p}`;
  const [{ openDatabase }, { buildApp }, { parseConfig }, { createGuest }] = await Promise.all([
    import(at('db/client.ts')),
    import(at('server/app.ts')),
    import(at('server/config.ts')),
    import(at('server/modules/auth/service.ts')),
  ]);
  const database = await openDatabase({ url: args.url });
  if (args['signed-in'] && !token) token = (await createGuest(database.db, 'en')).token;
  const config = parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000000', GUEST_CACHE_SECONDS: '0' });
  const app = await buildApp({ config, database, web: 'production' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    name: root,
    base: `http://127.0.0.1:${app.server.address().port}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

process.env.NODE_ENV = 'production';
const apps = [await serve(args.a), await serve(args.b)];
const headers = args['signed-in'] ? ['-H', `cookie=${COOKIE.auth}=${token}`] : [];
async function block(app: Served, amount: number) {
  const before = process.cpuUsage();
  const out = JSON.parse(
    await run(process.execPath, [
      autocannonCli,
      '-c',
      args.connections,
      '-a',
      String(amount),
      '-j',
      '-n',
      ...headers,
      app.base + args.path,
    ]),
  ) as { requests: { total: number }; non2xx: number; errors: number };
  const spent = process.cpuUsage(before);
  if (out.non2xx + out.errors > 0) console.log(`  ${app.name}: ${out.non2xx + out.errors} errors`);
  return (spent.user + spent.system) / 1000 / out.requests.total;
}

const requests = Number(args.requests);
for (const app of apps) await block(app, Math.max(200, requests / 2));
const ms: number[][] = [[], []];
for (let pair = 0; pair < Number(args.pairs); pair++) {
  const order = pair % 2 === 0 ? [0, 1] : [1, 0];
  const load = loadavg()[0];
  for (const i of order) ms[i].push(await block(apps[i], requests));
  console.log(`pair ${pair + 1}: a ${ms[0].at(-1)?.toFixed(2)}  b ${ms[1].at(-1)?.toFixed(2)} ms/page  (load ${load.toFixed(2)})`);
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const [ma, mb] = ms.map(median);
console.log(
  `${args.path}${args['signed-in'] ? ' signed in' : ''}: a ${ma.toFixed(3)}  b ${mb.toFixed(3)} ms app CPU/page (median of ${ms[0].length} blocks), ` +
    `b − a ${(mb - ma).toFixed(3)} ms (${(((mb - ma) / ma) * 100).toFixed(1)} %); b lower in ${ms[0].filter((x, i) => ms[1][i] < x).length} of ${ms[0].length} pairs`,
);
for (const app of apps) await app.close();
