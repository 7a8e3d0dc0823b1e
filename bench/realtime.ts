/**
 * The realtime benchmark of DESIGN.md "Quality bars": N signed-in sockets connected, pairs of them exchanging
 * private messages, on one app process and on two processes joined by Redis.
 *
 *   npm run bench:realtime                                   # 2,000 sockets; two processes too when REDIS_URL is set
 *   npm run bench:realtime -- --sockets 2000,10000 --messages 4000 --rate 200
 *
 * The database is a throwaway PostgreSQL database `bench_rt_<random>` on BENCH_DATABASE_URL or TEST_DATABASE_URL
 * (dropped at the end). Each app process (buildApp, as server/main.ts builds it) runs in a child process of this
 * script, which holds only the app, so its memory is the app's; this process plays the clients (socket.io-client and
 * fetch). Person 2i writes to person 2i+1 and back, at `--rate` messages a second in total. Delivery time is measured
 * from the moment the POST's answer reaches the sender to the moment the message reaches the recipient's socket
 * (negative when the socket was first), and end to end from the moment the POST was sent. With two processes, every
 * sender writes to process a and every recipient's socket is held by process b, so every message crosses Redis.
 * Memory per socket is the growth of the app process's RSS and JS heap (after a GC) from before the sockets connected
 * to after, divided by their number.
 */

import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { io as connect, type Socket } from 'socket.io-client';
import type { MessageEvent } from '../core/realtime.ts';
import { openDatabase } from '../db/client.ts';
import { ensureReferenceData } from '../db/reference.ts';
import { tokens, users } from '../db/schema.ts';
import { buildApp } from '../server/app.ts';
import { parseConfig } from '../server/config.ts';
import { hashToken, newToken } from '../server/lib/tokens.ts';
import { throwawayDatabase } from '../tests/helpers/throwaway-database.ts';

const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '2000' },
    messages: { type: 'string', default: '4000' },
    rate: { type: 'string', default: '200' },
    /** Internal: run as one app process (JSON of ServeOptions). */
    serve: { type: 'string' },
  },
});
const say = (line: string) => console.error(`[bench:realtime] ${line}`);
const self = fileURLToPath(import.meta.url);

interface ServeOptions {
  url: string;
  redis?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// An app process

async function serve(options: ServeOptions) {
  const database = await openDatabase({ url: options.url, poolSize: 20 });
  const config = parseConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000000',
    ...(options.redis ? { REDIS_URL: options.redis } : {}),
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const memory = () => {
    globalThis.gc?.();
    const m = process.memoryUsage();
    return { rss: m.rss, heap: m.heapUsed, sockets: app.realtime.io.of('/').sockets.size };
  };
  process.on('message', async (command: { id: number; type: 'memory' | 'close' }) => {
    if (command.type === 'memory') process.send?.({ id: command.id, ...memory() });
    else {
      await app.close();
      await database.close();
      process.send?.({ id: command.id });
      process.disconnect();
    }
  });
  process.send?.({ ready: true, port: (app.server.address() as AddressInfo).port });
}

// ---------------------------------------------------------------------------------------------------------------
// The clients

interface AppProcess {
  url: string;
  ask<T>(type: 'memory' | 'close'): Promise<T>;
}

async function startApp(options: ServeOptions): Promise<AppProcess> {
  const child: ChildProcess = fork(self, ['--serve', JSON.stringify(options)], { execArgv: ['--expose-gc'], stdio: 'inherit' });
  let next = 0;
  const pending = new Map<number, (value: never) => void>();
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (m: { ready?: boolean; port?: number; id?: number }) => {
      if (m.ready) resolve(m.port as number);
      else if (m.id !== undefined) pending.get(m.id)?.(m as never);
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    ask: <T>(type: 'memory' | 'close') =>
      new Promise<T>((resolve) => {
        const id = next++;
        pending.set(id, resolve as (value: never) => void);
        child.send({ id, type });
      }),
  };
}

/** `n` people with a token each, written in bulk (a guest sign-in each would take minutes at 10,000). */
async function makePeople(url: string, n: number): Promise<{ id: number; token: string }[]> {
  const database = await openDatabase({ url });
  const people: { id: number; token: string }[] = [];
  const expiresAt = new Date(Date.now() + 24 * 60 * 60 * 1000);
  for (let start = 0; start < n; start += 1000) {
    const count = Math.min(1000, n - start);
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          username: `rt_${start + i}_${randomBytes(3).toString('hex')}`,
          nickname: `Person ${start + i}`,
        })),
      )
      .returning({ id: users.id });
    const made = rows.map((r) => ({ id: r.id, token: newToken() }));
    await database.db.insert(tokens).values(made.map((p) => ({ userId: p.id, tokenHash: hashToken(p.token), expiresAt })));
    people.push(...made);
  }
  await database.close();
  return people;
}

function connectSocket(url: string, token: string): Promise<Socket> {
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

interface Row {
  setup: string;
  sockets: number;
  delivered: string;
  p50: number;
  p99: number;
  e2eP50: number;
  e2eP99: number;
  rssPerSocket: number;
  heapPerSocket: number;
  load: string;
}

async function measure(
  setup: string,
  apps: { send: AppProcess; hold: AppProcess[] },
  people: { id: number; token: string }[],
): Promise<Row> {
  const n = people.length;
  const before = await Promise.all(apps.hold.map((a) => a.ask<{ rss: number; heap: number }>('memory')));
  // Every person's socket, on the holding processes in turn; connected in batches so the handshakes do not all queue.
  const sockets: Socket[] = [];
  for (let start = 0; start < n; start += 250) {
    const batch = people.slice(start, start + 250);
    sockets.push(...(await Promise.all(batch.map((p, i) => connectSocket(apps.hold[(start + i) % apps.hold.length].url, p.token)))));
  }
  // Each socket is in its user's room once its process has it (joined on connection, before the client hears it).
  const after = await Promise.all(apps.hold.map((a) => a.ask<{ rss: number; heap: number; sockets: number }>('memory')));
  const held = after.reduce((s, m) => s + m.sockets, 0);
  if (held !== n) throw new Error(`${held} sockets held, ${n} expected`);
  const rssPerSocket = after.reduce((s, m, i) => s + m.rss - before[i].rss, 0) / n;
  const heapPerSocket = after.reduce((s, m, i) => s + m.heap - before[i].heap, 0) / n;

  const arrived = new Map<number, number>();
  const waiting = new Map<number, () => void>();
  sockets.forEach((socket, i) => {
    const personId = people[i].id;
    socket.on('message', (m: MessageEvent) => {
      // Both participants get the message; the recipient's copy is the one measured.
      if (m.sender_id === personId) return;
      arrived.set(m.id, performance.now());
      waiting.get(m.id)?.();
    });
  });

  const total = Number(args.messages);
  const interval = 1000 / Number(args.rate);
  const delays: number[] = [];
  const e2e: number[] = [];
  let lost = 0;
  /** Answers other than 201, by status: an overloaded app answers 503 rather than queueing without end. */
  const failed = new Map<number, number>();
  const conversationOf = new Map<number, number>();
  const sendOne = async (k: number) => {
    const pair = k % Math.floor(n / 2);
    const round = Math.floor(k / Math.floor(n / 2));
    const [from, to] = round % 2 === 0 ? [people[2 * pair], people[2 * pair + 1]] : [people[2 * pair + 1], people[2 * pair]];
    const conversationId = conversationOf.get(pair);
    const sentAt = performance.now();
    const res = await fetch(`${apps.send.url}/api/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(
        conversationId ? { conversation_id: conversationId, content: `Message ${k}` } : { user_id: to.id, content: `Message ${k}` },
      ),
    });
    const answeredAt = performance.now();
    if (res.status !== 201) {
      failed.set(res.status, (failed.get(res.status) ?? 0) + 1);
      await res.text();
      return;
    }
    const { data } = (await res.json()) as { data: MessageEvent };
    conversationOf.set(pair, data.conversation_id);
    if (!arrived.has(data.id)) {
      const got = await Promise.race([
        new Promise<boolean>((resolve) => waiting.set(data.id, () => resolve(true))),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
      ]);
      waiting.delete(data.id);
      if (!got) {
        lost++;
        return;
      }
    }
    const at = arrived.get(data.id) as number;
    delays.push(at - answeredAt);
    e2e.push(at - sentAt);
  };
  // The first message of each pair opens its conversation; it is sent before the timed run, and not measured.
  for (let start = 0; start < n / 2; start += 25) {
    await Promise.all(Array.from({ length: Math.min(25, n / 2 - start) }, (_, i) => sendOne(start + i)));
  }
  if (failed.size > 0) throw new Error(`opening the conversations failed: ${JSON.stringify([...failed])}`);
  delays.length = 0;
  e2e.length = 0;
  const inFlight: Promise<void>[] = [];
  const startedAt = performance.now();
  for (let k = 0; k < total; k++) {
    const due = startedAt + k * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(sendOne(Math.floor(n / 2) + k));
  }
  await Promise.all(inFlight);
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  for (const socket of sockets) socket.close();
  delays.sort((a, b) => a - b);
  e2e.sort((a, b) => a - b);
  return {
    setup,
    sockets: n,
    delivered: `${delays.length}/${total}${lost ? ` (${lost} lost)` : ''}${[...failed].map(([status, k]) => ` (${k}× ${status})`).join('')}`,
    p50: quantile(delays, 0.5),
    p99: quantile(delays, 0.99),
    e2eP50: quantile(e2e, 0.5),
    e2eP99: quantile(e2e, 0.99),
    rssPerSocket,
    heapPerSocket,
    load,
  };
}

async function main() {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('bench:realtime needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const redis = process.env.REDIS_URL;
  if (!redis) say('REDIS_URL is not set: the two-process rows are skipped.');
  const rows: Row[] = [];
  for (const n of args.sockets.split(',').map(Number)) {
    for (const processes of redis ? [1, 2] : [1]) {
      const { url, drop } = await throwawayDatabase(base, 'bench_rt');
      try {
        const database = await openDatabase({ url });
        await database.migrate();
        await ensureReferenceData(database.db);
        await database.close();
        say(`${n} people, ${processes} process${processes === 1 ? '' : 'es'}`);
        const people = await makePeople(url, n);
        const apps = await Promise.all(
          Array.from({ length: processes }, () => startApp({ url, redis: processes === 2 ? redis : undefined })),
        );
        try {
          const setup = processes === 1 ? 'one process' : 'two processes + Redis (every message crosses)';
          rows.push(await measure(setup, { send: apps[0], hold: processes === 1 ? apps : [apps[1]] }, people));
        } finally {
          for (const app of apps) await app.ask('close');
        }
      } finally {
        await drop();
      }
    }
  }
  const ms = (v: number) => v.toFixed(1);
  const kb = (v: number) => (v / 1024).toFixed(1);
  console.log(`\nmessages: ${args.messages} at ${args.rate}/s; delivery = POST answered → recipient's socket (ms)\n`);
  console.log(
    '| setup | sockets | delivered | p50 | p99 | send→socket p50 | send→socket p99 | RSS/socket KB | heap/socket KB | load avg 1/5/15 |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.setup} | ${r.sockets} | ${r.delivered} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.e2eP50)} | ${ms(r.e2eP99)} | ${kb(r.rssPerSocket)} | ${kb(r.heapPerSocket)} | ${r.load} |`,
    );
  }
}

if (args.serve) await serve(JSON.parse(args.serve) as ServeOptions);
else await main();
