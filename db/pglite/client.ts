/**
 * The embedded PGlite as the client drizzle-orm/pglite expects (query, transaction), either in this thread or in a
 * worker thread of its own (`worker: true`). PGlite runs PostgreSQL in WebAssembly on the thread that calls it, so
 * in-process every statement's CPU is taken from the event loop that also parses HTTP, validates and serialises
 * JSON; in a worker the two run on two cores. Both modes go through the same PgliteHost (host.ts): the worker only
 * adds the messages between threads, where rows travel by structured clone and errors are rebuilt as PGlite's own
 * DatabaseError with every field (code, constraint, detail …), so callers cannot tell the modes apart.
 */
import { Worker } from 'node:worker_threads';
import { messages, PGlite, type QueryOptions, type Results, TransactionAbortedError } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CLOSED, type Ended, PgliteHost, type Request, rawTypes } from './host.ts';

type Send = (request: Request) => Promise<Results | Ended | undefined>;

/** What Drizzle's PGlite session calls inside a transaction. */
export interface PgliteTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PgliteClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T>;
  readonly closed: boolean;
  /** Resolves once every statement sent before has run and PGlite has closed its data directory. */
  close(): Promise<void>;
}

/** An error as it crosses from the worker: PGlite's DatabaseError keeps its fields, anything else its message. */
export interface SentError {
  database: boolean;
  message: string;
  fields: Record<string, unknown>;
}

export function sendError(error: unknown): SentError {
  if (error instanceof messages.DatabaseError) {
    // Own fields only: query and params are added again on this side, where the caller's values are.
    const { query: _q, params: _p, queryOptions: _o, ...fields } = error as unknown as Record<string, unknown>;
    return { database: true, message: error.message, fields };
  }
  if (error instanceof Error) return { database: false, message: error.message, fields: { name: error.name } };
  return { database: false, message: String(error), fields: {} };
}

function receiveError(sent: SentError): Error {
  if (sent.database) {
    const { length, name, ...fields } = sent.fields as { length: number; name: string };
    return Object.assign(new messages.DatabaseError(sent.message, length, name as 'error'), fields);
  }
  return Object.assign(new Error(sent.message), sent.fields);
}

/** PGlite's query() marks its errors with the statement (errors.ts there); so does this client. */
function withQuery(error: unknown, sql: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (error instanceof messages.DatabaseError) Object.assign(error, { query: sql, params, queryOptions: options });
  return error;
}

function client(send: Send, isClosed: () => boolean, close: () => Promise<void>): PgliteClient {
  let nextTx = 0;
  const query = async <T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number) => {
    const request: Request = { type: 'query', tx, sql, params, rowMode: options?.rowMode ?? 'object', raw: rawTypes(options?.parsers) };
    try {
      return (await send(request)) as Results<T>;
    } catch (error) {
      throw withQuery(error, sql, params, options);
    }
  };
  return {
    query: (sql, params, options) => query(sql, params, options),
    // As PGlite's transaction(): COMMIT when the callback resolves, ROLLBACK when it throws or asked to.
    async transaction(callback) {
      const id = ++nextTx;
      await send({ type: 'begin', tx: id });
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx: PgliteTransaction = {
        query: async (sql, params, options) => {
          open();
          return query(sql, params, options, id);
        },
        rollback: async () => {
          open();
          closed = true;
          await send({ type: 'rollback', tx: id });
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await callback(tx);
        if (!closed) {
          closed = true;
          const { command } = (await send({ type: 'commit', tx: id })) as Ended;
          if (command === 'ROLLBACK') {
            throw Object.assign(new TransactionAbortedError(), { query: 'COMMIT', params: undefined, queryOptions: undefined });
          }
        }
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          await send({ type: 'rollback', tx: id });
        }
        throw error;
      }
    },
    get closed() {
      return isClosed();
    },
    close,
  };
}

function inProcess(pg: PGlite): PgliteClient {
  const host = new PgliteHost(pg);
  return client(
    (request) => host.submit(request),
    () => host.closed,
    async () => {
      if (!host.closed) await host.submit({ type: 'close' });
    },
  );
}

async function inWorker(dataDir: string | undefined): Promise<PgliteClient> {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), {
    workerData: { dataDir },
    // The rows it decodes are short-lived; V8's default young generation let the process grow ~70 MB more under
    // load than with 16 MB, for no measurable speed.
    resourceLimits: { maxYoungGenerationSizeMb: 16 },
  });
  const pending = new Map<number, { resolve(value: Results | Ended | undefined): void; reject(error: unknown): void }>();
  let next = 0;
  let closed = false;
  let gone: Error | null = null;
  const fail = (error: Error) => {
    gone ??= error;
    closed = true;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    worker.once('error', onError);
    worker.once('message', (m: { ready?: true; failed?: SentError }) => {
      worker.off('error', onError);
      if (m.failed) reject(receiveError(m.failed));
      else resolve();
    });
  }).catch(async (error) => {
    await worker.terminate();
    throw error;
  });
  worker.on('message', (m: { id: number; result?: Results | Ended; error?: SentError }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    // An idle worker must not keep the process alive (a script that forgot to close, as with PGlite in-process).
    if (pending.size === 0) worker.unref();
    if (m.error) p.reject(receiveError(m.error));
    else p.resolve(m.result);
  });
  worker.on('error', (error) => {
    // Every statement fails from now on (503); the operator needs to know why.
    console.error(`PGlite worker failed: ${error.message}`);
    fail(new Error(CLOSED, { cause: error }));
  });
  worker.on('exit', () => fail(new Error(CLOSED)));
  worker.unref();
  const send: Send = (request) => {
    if (closed || gone) return Promise.reject(new Error(CLOSED, gone ? { cause: gone } : undefined));
    if (request.type === 'close') closed = true;
    const id = ++next;
    if (pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, request });
    });
  };
  return client(
    send,
    () => closed,
    async () => {
      if (closed) return;
      await send({ type: 'close' });
      await worker.terminate();
    },
  );
}

export interface PgliteOptions {
  /** The data directory; absent means in memory. */
  dataDir?: string;
  /** Run PGlite in a worker thread of its own. */
  worker: boolean;
}

export async function openPglite(options: PgliteOptions): Promise<PgliteClient> {
  if (options.worker) return inWorker(options.dataDir);
  return inProcess(await PGlite.create({ dataDir: options.dataDir, extensions: { pg_trgm } }));
}
