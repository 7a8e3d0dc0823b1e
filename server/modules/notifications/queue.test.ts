/**
 * The job queue behind notifications (server/jobs): in the caller's transaction, retried with backoff, deduplicated by
 * key, stopped cleanly, and on PostgreSQL shared by two app instances with each job run once.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../db/client.ts';
import { buildApp } from '../../../server/app.ts';
import { parseConfig } from '../../../server/config.ts';
import { openTestDatabase } from '../../../tests/helpers/app.ts';
import { createJobQueue, type JobQueue } from '../../jobs/queue.ts';

let database: Database;
let url: string | undefined;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, url, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

const silent = { error: () => {}, warn: () => {} };
const queueOn = (db: Database, retryBaseMs = 10) => createJobQueue({ database: db, url: db.url, logger: silent, retryBaseMs });
/** Sends jobs in one transaction, which then commits or (when `fail`) rolls back. */
async function sendAll(queue: JobQueue, db: Database, name: string, keys: string[], fail = false) {
  await db.db
    .transaction(async (tx) => {
      for (const key of keys) await queue.send(tx, name, { key }, { key });
      if (fail) throw new Error('rolled back');
    })
    .catch((err: Error) => {
      if (err.message !== 'rolled back') throw err;
    });
}

describe(`the job queue`, () => {
  it('runs a committed job once, nothing of a rolled-back transaction, and a key sent twice once', async () => {
    const queue = await queueOn(database);
    const ran: string[] = [];
    queue.work<{ key: string }>('record', async ({ key }) => {
      ran.push(key);
    });
    await queue.start();
    try {
      await sendAll(queue, database, 'record', ['a', 'b', 'a']);
      await sendAll(queue, database, 'record', ['rolled-back'], true);
      await queue.idle();
      expect(ran.sort()).toEqual(['a', 'b']);
    } finally {
      await queue.stop();
    }
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const queue = await queueOn(database);
    const attempts: number[] = [];
    const times: number[] = [];
    queue.work('flaky', async (_data, { attempt }) => {
      attempts.push(attempt);
      times.push(Date.now());
      if (attempt < 3) throw new Error(`failure ${attempt}`);
    });
    await queue.start();
    try {
      await sendAll(queue, database, 'flaky', ['flaky-1']);
      // graphile-worker waits exp(attempt) seconds between attempts (2.7 s, then 7.4 s).
      await queue.idle(queue.engine === 'local' ? 5000 : 20_000);
      expect(attempts).toEqual([1, 2, 3]);
      const minimum = queue.engine === 'local' ? [10, 20] : [2000, 7000];
      expect(times[1] - times[0]).toBeGreaterThanOrEqual(minimum[0]);
      expect(times[2] - times[1]).toBeGreaterThanOrEqual(minimum[1]);
    } finally {
      await queue.stop();
    }
  }, 40_000);

  it('stops cleanly: a running job finishes before stop() resolves, and no job starts after', async () => {
    const queue = await queueOn(database);
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      queue.work('slow', async () => {
        resolve();
        await new Promise<void>((r) => {
          release = r;
        });
        finished = true;
      });
    });
    let finished = false;
    await queue.start();
    await sendAll(queue, database, 'slow', ['slow-1']);
    await started;
    const stopping = queue.stop();
    setTimeout(() => release(), 50);
    await stopping;
    expect(finished).toBe(true);
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('two app instances on one PostgreSQL database', () => {
  const apps: FastifyInstance[] = [];
  const extra: Database[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of extra) await db.close();
  });

  it('share the queue, and each job runs once', async () => {
    const runs = new Map<string, string[]>();
    for (const name of ['a', 'b']) {
      const db = await openDatabase({ url, poolSize: 6 });
      extra.push(db);
      const app = await buildApp({ config: parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database: db, logger: false });
      app.jobs.work<{ key: string }>('count', async ({ key }) => {
        runs.set(key, [...(runs.get(key) ?? []), name]);
        // Long enough for the other instance to try to take the same job while this one holds it.
        await new Promise((resolve) => setTimeout(resolve, 2));
      });
      await app.ready();
      apps.push(app);
    }
    const keys = Array.from({ length: 300 }, (_, i) => `job-${i}`);
    for (let i = 0; i < keys.length; i += 30) await sendAll(apps[i % 2].jobs, extra[0], 'count', keys.slice(i, i + 30));
    await apps[0].jobs.idle(30_000);
    expect([...runs.keys()].sort()).toEqual([...keys].sort());
    expect([...runs.values()].filter((by) => by.length !== 1)).toEqual([]);
    const byInstance = [...runs.values()].flat();
    // Both took part (each LISTENs and takes jobs); how they split the work is up to timing.
    expect(new Set(byInstance)).toEqual(new Set(['a', 'b']));
    const left = await extra[0].db.execute(sql`select task_identifier, attempts, last_error from graphile_worker.jobs`);
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([]);
  }, 60_000);
});
