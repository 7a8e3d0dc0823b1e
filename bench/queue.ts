/**
 * Chooses the PostgreSQL job queue by measurement (docs/decisions/021-job-queue.md): pg-boss against
 * graphile-worker, each on its own throwaway database on BENCH_DATABASE_URL or TEST_DATABASE_URL.
 *
 *   npm run bench:queue -- [--jobs 5000] [--txns 500]
 *
 * For each engine:
 * - enqueue in a transaction: `--txns` transactions that each insert one row into a table of their own and enqueue one
 *   job on the same connection (as the app does: the job commits or rolls back with the write), against the same
 *   transactions without the job; the difference is what a queued job costs a request;
 * - throughput: `--jobs` jobs queued, then one worker (concurrency 10) with an empty handler started; jobs/s is the
 *   number over the time until the last is done;
 * - latency: 200 jobs sent one at a time to an idle worker, from commit to the handler starting.
 */

import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { run, runMigrations } from 'graphile-worker';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { throwawayDatabase } from '../tests/helpers/throwaway-database.ts';

const { values: args } = parseArgs({
  options: { jobs: { type: 'string', default: '5000' }, txns: { type: 'string', default: '500' } },
});
const JOBS = Number(args.jobs);
const TXNS = Number(args.txns);
const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!base) throw new Error('BENCH_DATABASE_URL or TEST_DATABASE_URL is required');

const throwaway = () => throwawayDatabase(base as string, 'bench_q');

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface Engine {
  name: string;
  setup(url: string, pool: pg.Pool): Promise<void>;
  /** Enqueues on the given connection, inside its open transaction. */
  send(client: pg.PoolClient, i: number): Promise<void>;
  /** Starts a worker; `onJob` is called once per job run. */
  work(onJob: () => void): Promise<void>;
  stop(): Promise<void>;
}

function pgBoss(): Engine {
  let boss: PgBoss;
  return {
    name: 'pg-boss 10',
    async setup(url) {
      boss = new PgBoss({ connectionString: url, max: 10, supervise: true, schedule: false });
      boss.on('error', (err) => console.error(err));
      await boss.start();
      await boss.createQueue('bench');
    },
    async send(client, i) {
      await boss.send(
        'bench',
        { i },
        { singletonKey: `k${i}`, retryLimit: 5, retryBackoff: true, db: { executeSql: (text, values) => client.query(text, values) } },
      );
    },
    async work(onJob) {
      // The shortest polling pg-boss allows. pg-boss fetches one batch per poll, so its rate is bounded by batch size
      // over the interval: 10 workers with batches of 100 give it every chance.
      for (let w = 0; w < 10; w++) {
        await boss.work('bench', { batchSize: 100, pollingIntervalSeconds: 0.5 }, async (jobs) => {
          for (const _ of jobs) onJob();
        });
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}

function graphileWorker(): Engine {
  let runner: Awaited<ReturnType<typeof run>> | null = null;
  let url = '';
  let pool: pg.Pool;
  return {
    name: 'graphile-worker 0.17',
    async setup(u, p) {
      url = u;
      pool = p;
      pool.on('error', (err) => console.error(err));
      await runMigrations({ connectionString: url });
    },
    async send(client, i) {
      await client.query('select graphile_worker.add_job($1, $2::json, max_attempts => 5, job_key => $3)', [
        'bench',
        JSON.stringify({ i }),
        `k${i}`,
      ]);
    },
    async work(onJob) {
      runner = await run({
        pgPool: pool,
        concurrency: 10,
        noHandleSignals: true,
        pollInterval: 2000,
        logger: new (await import('graphile-worker')).Logger(() => () => {}),
        taskList: {
          bench: async () => {
            onJob();
          },
        },
      });
    },
    async stop() {
      await runner?.stop();
    },
  };
}

async function measure(engine: Engine) {
  const db = await throwaway();
  const pool = new pg.Pool({ connectionString: db.url, max: 12 });
  try {
    await engine.setup(db.url, pool);
    await pool.query('create table writes (id serial primary key, at timestamptz default now())');

    const txn = async (withJob: boolean, i: number) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('insert into writes default values');
        if (withJob) await engine.send(client, i);
        await client.query('commit');
      } finally {
        client.release();
      }
    };
    // Warm both paths (prepared statements, caches) before timing them.
    for (let i = 0; i < 50; i++) await txn(true, -1 - i);
    for (let i = 0; i < 50; i++) await txn(false, 0);
    let t = process.hrtime.bigint();
    for (let i = 0; i < TXNS; i++) await txn(false, 0);
    const bare = ms(t) / TXNS;
    t = process.hrtime.bigint();
    for (let i = 0; i < TXNS; i++) await txn(true, i);
    const withJob = ms(t) / TXNS;

    // Queued before the worker starts: the measure is the draining rate.
    for (let i = TXNS; i < JOBS; i += 10) {
      const client = await pool.connect();
      await client.query('begin');
      for (let j = i; j < Math.min(i + 10, JOBS); j++) await engine.send(client, j);
      await client.query('commit');
      client.release();
    }
    const total = JOBS + 50;
    let done = 0;
    let finish: () => void = () => {};
    let latencyStart = 0n;
    const latencies: number[] = [];
    let latencyMode = false;
    const drained = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let next: (() => void) | null = null;
    t = process.hrtime.bigint();
    await engine.work(() => {
      if (latencyMode) {
        latencies.push(ms(latencyStart));
        next?.();
        return;
      }
      done++;
      if (done === total) finish();
    });
    await drained;
    const jobsPerSecond = total / (ms(t) / 1000);

    latencyMode = true;
    for (let i = 0; i < 200; i++) {
      const ran = new Promise<void>((resolve) => {
        next = resolve;
      });
      const client = await pool.connect();
      await client.query('begin');
      await engine.send(client, 1_000_000 + i);
      latencyStart = process.hrtime.bigint();
      await client.query('commit');
      client.release();
      await ran;
    }
    latencies.sort((a, b) => a - b);
    await engine.stop();
    return {
      engine: engine.name,
      'txn ms (no job)': bare.toFixed(3),
      'txn ms (+job)': withJob.toFixed(3),
      'enqueue ms': (withJob - bare).toFixed(3),
      'jobs/s': Math.round(jobsPerSecond),
      'latency p50 ms': latencies[100].toFixed(1),
      'latency p95 ms': latencies[190].toFixed(1),
    };
  } finally {
    await pool.end();
    await db.drop();
  }
}

console.log(`queue bench: ${JOBS} jobs, ${TXNS} transactions; load average before: ${load()}`);
const rows = [];
for (const engine of [graphileWorker(), pgBoss()]) {
  rows.push(await measure(engine));
  console.log(`${engine.name} done; load average: ${load()}`);
}
console.table(rows);
console.log(`load average after: ${load()}`);
