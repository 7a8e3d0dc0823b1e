/**
 * The job queue on PostgreSQL: graphile-worker (docs/decisions/021-job-queue.md). `send` calls its SQL function
 * `add_job` on the caller's transaction, so the job commits or rolls back with the write; the key is its `job_key`
 * in `unsafe_dedupe` mode (a second send while the first waits or runs does nothing). Workers in every app process
 * take jobs with `FOR UPDATE SKIP LOCKED`, so each runs once, and hear new jobs at once through LISTEN/NOTIFY.
 * A job that throws is retried with graphile-worker's exponential backoff (exp(min(attempt, 10)) seconds) up to
 * MAX_ATTEMPTS; a job whose process died is freed after its lock times out (4 hours, graphile-worker's rule).
 */

import { sql } from 'drizzle-orm';
import { Logger, type Runner, run, runMigrations, type TaskList } from 'graphile-worker';
import pg from 'pg';
import { type JobHandler, type JobQueue, MAX_ATTEMPTS, type QueueOptions } from './queue.ts';

const SCHEMA = 'graphile_worker';

/**
 * Creates graphile-worker's tables (or brings them up to date) before returning, under its own advisory lock, so
 * several processes starting together are safe and jobs can be sent as soon as the app is built (the demo seed
 * writes before the app listens); workers start with start().
 */
export async function graphileQueue(options: QueueOptions & { url: string }): Promise<JobQueue> {
  const tasks: TaskList = {};
  let runner: Runner | null = null;
  let pool: pg.Pool | null = new pg.Pool({ connectionString: options.url, max: (options.concurrency ?? 4) + 2 });
  pool.on('error', (err) => options.logger.error({ err: err.message }, 'job queue idle connection error'));
  pool.on('connect', (client) => client.on('error', () => {}));
  const logger = new Logger(() => (level, message) => {
    if (level === 'error') options.logger.error({ engine: 'graphile-worker' }, message);
    else if (level === 'warning') options.logger.warn({ engine: 'graphile-worker' }, message);
  });

  try {
    await runMigrations({ pgPool: pool, schema: SCHEMA, logger });
  } catch (err) {
    await pool.end();
    throw err;
  }

  return {
    engine: 'graphile-worker',
    async send(tx, name, data, { key, delayMs }) {
      const runAt = delayMs ? new Date(Date.now() + delayMs).toISOString() : null;
      await tx.execute(
        sql`select ${sql.raw(SCHEMA)}.add_job(${name}, ${JSON.stringify(data)}::json, run_at => ${runAt}::timestamptz,
              max_attempts => ${MAX_ATTEMPTS}, job_key => ${key}, job_key_mode => 'unsafe_dedupe')`,
      );
    },
    work(name, handler) {
      tasks[name] = async (payload, helpers) => {
        await (handler as JobHandler)(payload, { attempt: helpers.job.attempts });
      };
    },
    async start() {
      if (runner) return;
      if (!pool) throw new Error('the job queue was stopped');
      runner = await run({
        pgPool: pool,
        schema: SCHEMA,
        concurrency: options.concurrency ?? 4,
        noHandleSignals: true,
        pollInterval: 1000,
        logger,
        taskList: tasks,
        // Completions are recorded in batches the pool flushes when it stops: without it a completion still on its
        // way when the app closes its connections is lost, and the job would run again after its lock expires.
        preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
      });
    },
    async stop() {
      const r = runner;
      runner = null;
      if (r) {
        await r.stop();
        // Resolves once every worker has finished its job and recorded it.
        await r.promise.catch((err: Error) => options.logger.error({ err: err.message }, 'job queue stopped with an error'));
      }
      await pool?.end();
      pool = null;
    },
    async idle(timeoutMs = 10_000) {
      if (Object.keys(tasks).length === 0) return;
      const until = Date.now() + timeoutMs;
      const { db } = options.database;
      for (;;) {
        const result = await db.execute(
          sql`select count(*)::int as n from ${sql.raw(SCHEMA)}.jobs where attempts < max_attempts and task_identifier in ${Object.keys(tasks)}`,
        );
        const n = (result as unknown as { rows: { n: number }[] }).rows[0].n;
        if (n === 0) return;
        if (Date.now() > until) throw new Error(`the job queue still had ${n} jobs after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
