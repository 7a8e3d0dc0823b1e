/**
 * The job runner used with the embedded PGlite: jobs live in the `jobs` table, written in the caller's transaction,
 * and this process runs them one after another (PGlite runs one query at a time, and only one process can open its
 * data directory, so there is no one to share with). A send wakes the runner; its first query waits behind the
 * sending transaction, so it sees the job once committed and nothing if rolled back. A poll every POLL_MS picks up
 * retries that came due. A job that throws runs again after retryDelayMs, up to MAX_ATTEMPTS; then it stays in the
 * table with `failed_at` and its last error, for an operator to read.
 */
import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema.ts';
import { type JobHandler, type JobQueue, MAX_ATTEMPTS, type QueueOptions, retryDelayMs } from './queue.ts';

const POLL_MS = 1000;

export function localQueue(options: QueueOptions): JobQueue {
  const { db } = options.database;
  const handlers = new Map<string, JobHandler>();
  let running = false;
  let stopping = false;
  let loop: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let wake: (() => void) | null = null;
  const idleWaiters = new Set<() => void>();

  /** Claims the next due job of a known name, or null. */
  async function claim() {
    const names = [...handlers.keys()];
    if (names.length === 0) return null;
    const [job] = await db
      .update(jobs)
      .set({ lockedAt: new Date(), attempts: sql`${jobs.attempts} + 1` })
      .where(
        eq(
          jobs.id,
          sql`(select id from ${jobs} where ${jobs.runAt} <= now() and ${jobs.failedAt} is null and ${jobs.lockedAt} is null
               and ${inArray(jobs.name, names)} order by ${jobs.runAt}, ${jobs.id} limit 1)`,
        ),
      )
      .returning();
    return job ?? null;
  }

  /** When the soonest retry falls due, if before the next poll. */
  let retryAt = Number.POSITIVE_INFINITY;

  async function runOne(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const handler = handlers.get(job.name) as JobHandler;
    try {
      await handler(job.data, { attempt: job.attempts });
      await db.delete(jobs).where(eq(jobs.id, job.id));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final = job.attempts >= job.maxAttempts;
      const delay = retryDelayMs(job.attempts, options.retryBaseMs);
      if (!final) retryAt = Math.min(retryAt, Date.now() + delay);
      options.logger[final ? 'error' : 'warn'](
        { job: job.name, id: job.id, attempt: job.attempts, err: message },
        final ? 'job failed for good' : 'job failed; retrying',
      );
      await db
        .update(jobs)
        .set({
          lockedAt: null,
          lastError: message.slice(0, 1000),
          ...(final ? { failedAt: new Date() } : { runAt: new Date(Date.now() + delay) }),
        })
        .where(eq(jobs.id, job.id));
    }
    return true;
  }

  async function pending(): Promise<boolean> {
    const [row] = await db.select({ id: jobs.id }).from(jobs).where(isNull(jobs.failedAt)).orderBy(asc(jobs.id)).limit(1);
    return Boolean(row);
  }

  async function run() {
    while (!stopping) {
      let worked = false;
      try {
        worked = await runOne();
      } catch (err) {
        // The database itself failed (closed, unavailable): wait for the next poll rather than spin.
        options.logger.error({ err: err instanceof Error ? err.message : String(err) }, 'job runner could not read the queue');
      }
      if (worked) continue;
      if (idleWaiters.size > 0 && !(await pending().catch(() => false))) {
        for (const resolve of idleWaiters) resolve();
        idleWaiters.clear();
      }
      if (stopping) break;
      const wait = Math.max(0, Math.min(POLL_MS, retryAt - Date.now()));
      retryAt = Number.POSITIVE_INFINITY;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, wait);
      });
      wake = null;
    }
  }

  const nudge = () => {
    if (timer) clearTimeout(timer);
    wake?.();
  };

  return {
    engine: 'local',
    async send(tx, name, data, { key, delayMs }) {
      await tx
        .insert(jobs)
        .values({ name, data, key, maxAttempts: MAX_ATTEMPTS, runAt: delayMs ? new Date(Date.now() + delayMs) : undefined })
        .onConflictDoNothing({ target: jobs.key });
      // After the current microtasks, so the runner's query queues behind this transaction's commit.
      if (running) setImmediate(nudge);
    },
    work(name, handler) {
      handlers.set(name, handler as JobHandler);
    },
    async start() {
      if (running) return;
      running = true;
      stopping = false;
      // A job a previous process held when it ended (crash, kill) was left locked: free it to run again.
      await db.update(jobs).set({ lockedAt: null }).where(sql`${jobs.lockedAt} is not null and ${jobs.failedAt} is null`);
      loop = run();
    },
    async stop() {
      if (!running) return;
      stopping = true;
      nudge();
      await loop;
      running = false;
      for (const resolve of idleWaiters) resolve();
      idleWaiters.clear();
    },
    idle(timeoutMs = 10_000) {
      return new Promise<void>((resolve, reject) => {
        const t = setTimeout(() => {
          idleWaiters.delete(done);
          reject(new Error(`the job queue was still busy after ${timeoutMs} ms`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(t);
          resolve();
        };
        idleWaiters.add(done);
        nudge();
      });
    },
  };
}
