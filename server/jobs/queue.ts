/**
 * The job queue (contract15.md): work that follows a write (notification fan-out, pushes) is enqueued in the write's
 * own transaction, so a rolled-back write enqueues nothing, and runs after the commit, retried with backoff. With
 * PostgreSQL the engine is graphile-worker (docs/decisions/021-job-queue.md), shared safely by every app process;
 * with the embedded PGlite an in-process runner over the `jobs` table (local.ts) does the same behind this interface.
 */
import type { Database, Tx } from '../../db/client.ts';

export interface JobContext {
  /** 1 on the first run. */
  attempt: number;
}

export type JobHandler<T = unknown> = (data: T, context: JobContext) => Promise<void>;

export interface SendOptions {
  /**
   * The idempotency key: while a job with this key waits or runs, sending it again does nothing. Handlers are
   * idempotent on it as well (a job retried after its work committed must not do it twice).
   */
  key: string;
  /** Runs after this many ms instead of at once. */
  delayMs?: number;
}

export interface JobQueue {
  readonly engine: 'local' | 'graphile-worker';
  send(tx: Tx, name: string, data: unknown, options: SendOptions): Promise<void>;
  /** Registers the handler of a job name; call before start(). */
  work<T>(name: string, handler: JobHandler<T>): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
  /** Resolves once no job is waiting, due or running (tests and benchmarks wait on it instead of sleeping). */
  idle(timeoutMs?: number): Promise<void>;
}

export interface QueueLogger {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** A retried job waits 2^(attempt-1) times this (1 s, 2 s, 4 s…), at most an hour. */
export const RETRY_BASE_MS = 1000;
export const MAX_ATTEMPTS = 8;
export const retryDelayMs = (attempt: number, baseMs = RETRY_BASE_MS) => Math.min(baseMs * 2 ** (attempt - 1), 60 * 60 * 1000);

export interface QueueOptions {
  database: Database;
  /** The PostgreSQL URL (graphile-worker opens its own small pool and a LISTEN connection). */
  url?: string;
  logger: QueueLogger;
  /** Jobs run at once in this process. */
  concurrency?: number;
  retryBaseMs?: number;
}

export async function createJobQueue(options: QueueOptions): Promise<JobQueue> {
  if (options.database.kind === 'postgres') {
    if (!options.url) throw new Error('the PostgreSQL job queue needs the database URL');
    const { graphileQueue } = await import('./graphile.ts');
    return graphileQueue({ ...options, url: options.url });
  }
  const { localQueue } = await import('./local.ts');
  return localQueue(options);
}
