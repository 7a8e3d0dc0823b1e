/** Opens the database: PostgreSQL when a URL is given, otherwise the embedded PGlite in a data directory. */
import { mkdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services accept either so they compose inside one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL URL (for a component that opens its own connections, such as the job queue); absent on PGlite. */
  url?: string;
  migrate(): Promise<void>;
  /** Resolves when the database answers `select 1` within `PING_TIMEOUT_MS`; otherwise throws DatabaseUnavailable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The database did not answer (refused, silent, shutting down): the same request may succeed later, so 503. */
export class DatabaseUnavailable extends Error {
  constructor(message = 'database unavailable', options?: ErrorOptions) {
    super(message, options);
    this.name = 'DatabaseUnavailable';
  }
}

/** A health check must answer within the load balancer's own timeout, whatever the database does. */
export const PING_TIMEOUT_MS = 1000;
/** While the database is marked down, how often it is tried again: recovery is noticed within this much. */
const PROBE_INTERVAL_MS = 200;

export interface Timeouts {
  /** Opening a connection, or waiting for a free one of the pool. */
  connectMs: number;
  /** PostgreSQL cancels a statement that runs longer (`statement_timeout`); the client gives up waiting 1 s later. */
  statementMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 2000, statementMs: 5000 };

export interface OpenOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string;
  /** PGlite directory; absent means in memory. */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PostgreSQL only: PGlite runs in this process, where a query cannot be silent without the process being stuck too. */
  timeouts?: Timeouts;
  /** PGlite only: run it in a worker thread, off the event loop (db/pglite/client.ts). On unless false. */
  pgliteWorker?: boolean;
}

/** pg-pool's error when no connection of a full pool came free in time. */
const POOL_BUSY = 'timeout exceeded when trying to connect';
/** Errors from the driver (pg, pg-pool, a socket) that say the database could not be reached or stopped answering. */
const UNREACHABLE_MESSAGES = new Set([
  POOL_BUSY,
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
]);
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server that cannot serve now: connection exceptions (class 08), shutting down or starting up
 * (57P01–57P03), too many connections (53300), and a statement cancelled by `statement_timeout` (57014, an overloaded
 * or locked database: retrying later is the right answer too).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** The error, or one of its causes (Drizzle wraps the driver's error), is the database being unreachable. */
function unreachable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof DatabaseUnavailable || UNREACHABLE_MESSAGES.has(e.message)) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  }
  return false;
}

/** Whether a failure means the database could not serve now (answered with 503 and a retry), not a fault of the query. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (unreachable(err)) return true;
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code))) return true;
  }
  return false;
}

/** Rejects with DatabaseUnavailable when `work` takes longer than `ms`. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  const timer = sleep(ms, null, { ref: false }).then(() => {
    throw new DatabaseUnavailable(`no answer within ${ms} ms`);
  });
  return Promise.race([work, timer]);
}

/**
 * A pool that stops waiting for a database known to be down. The first requests after an outage begins wait out
 * the timeouts; the failure (a connection refused or timed out, a reply that never came, a failed health check)
 * marks the database down, and from then on a request fails at once with DatabaseUnavailable instead of queueing
 * behind the others for seconds. A probe runs `select 1` every PROBE_INTERVAL_MS meanwhile and lifts the mark at
 * its first answer, so recovery needs no restart and takes a fraction of a second.
 */
function openPool(url: string, size: number, timeouts: Timeouts) {
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    // A reply that does not come a second after PostgreSQL would have cancelled the statement is a silent network.
    query_timeout: timeouts.statementMs + 1000,
    // A transaction left open by a stuck request must not hold its locks and connection for ever.
    idle_in_transaction_session_timeout: timeouts.statementMs * 2,
    keepAlive: true,
    // The app's named statements (server/lib/prepared.ts) are the hot reads of every page, written to be run from
    // one plan. Left to choose, PostgreSQL planned the signed-in feed's page again on every call (its generic plan's
    // cost, with LIMIT and OFFSET unknown, looks higher than a custom one's): ~2 ms of planning for ~0.6 ms of work
    // (decision 076). Unnamed statements are planned per call whatever this says.
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // An idle connection closed by the server (restart, failover, a dropped test database) must not crash
  // the process: the pool discards it and opens a new one on the next query.
  pool.on('error', (err) => console.error(`postgres idle connection error: ${err.message}`));
  // A connection lost while checked out (inside a transaction, or held by the probe) emits 'error' on its client,
  // which would end the process without a listener. The loss also fails the client's queries, and the pool discards
  // the client when it comes back, so there is nothing more to do here.
  pool.on('connect', (client) => client.on('error', () => {}));

  let ended = false;
  let down = false;
  /**
   * When a connection last came back from a query that answered. A failure is an outage only if nothing answered
   * since the failed attempt began: on a loaded machine a new connection can take longer than connectMs to open
   * while the pool's others keep answering, and taking that for an outage answered every request 503 at once.
   */
  let lastAnswer = Number.NEGATIVE_INFINITY;
  const answeredSince = (since: number) => lastAnswer >= since;
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const select1 = async () => {
    const client = await connect();
    try {
      // pg reads query_timeout per query too; its types know it only on the client's configuration.
      await client.query({ text: 'select 1', query_timeout: PING_TIMEOUT_MS } as pg.QueryConfig);
      client.release();
    } catch (err) {
      // A connection that did not answer is not handed out again.
      client.release(err instanceof Error ? err : true);
      throw err;
    }
  };
  /** `since`: when the attempt that failed began. */
  const markDown = (err: unknown, since: number) => {
    // Waiting too long for a free connection of a full pool is load, not an outage: that request fails, the others
    // keep their chance. So is a failure while other connections answered meanwhile.
    if (down || ended || !unreachable(err) || (err instanceof Error && err.message === POOL_BUSY) || answeredSince(since)) return;
    down = true;
    console.error(`postgres unavailable, probing every ${PROBE_INTERVAL_MS} ms: ${err instanceof Error ? err.message : err}`);
    void (async () => {
      while (!ended) {
        await sleep(PROBE_INTERVAL_MS);
        try {
          await within(PING_TIMEOUT_MS, select1());
          down = false;
          console.error('postgres available again');
          return;
        } catch {}
      }
    })();
  };
  // pg-pool's own query() goes through this.connect too, so one guard covers plain queries and transactions.
  pool.connect = ((callback?: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => {
    const since = performance.now();
    const result = down ? Promise.reject(new DatabaseUnavailable()) : connect();
    result.catch((err) => markDown(err, since));
    if (!callback) return result;
    result.then(
      (client) => callback(undefined, client, () => client.release()),
      (err: Error) => callback(err),
    );
  }) as typeof pool.connect;
  // A query whose reply never came releases its connection with the error, after waiting at most the read timeout.
  pool.on('release', (err) => {
    if (err) markDown(err, performance.now() - (timeouts.statementMs + 1000));
    else lastAnswer = performance.now();
  });

  return {
    pool,
    ping: async () => {
      if (down) throw new DatabaseUnavailable();
      const queued = pool.idleCount === 0 && pool.totalCount >= size;
      const since = performance.now();
      try {
        await within(PING_TIMEOUT_MS, select1());
      } catch (err) {
        const failure = unreachable(err) ? err : new DatabaseUnavailable('health check failed', { cause: err });
        // A check that had to queue behind a full pool says the instance is busy, which is the truth for the load
        // balancer, but not that the database is gone.
        if (!queued) markDown(failure, since);
        throw failure;
      }
    },
    close: async () => {
      ended = true;
      await pool.end();
    },
  };
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const url = options.url;
    const { pool, ping, close } = openPool(url, options.poolSize ?? 8, options.timeouts ?? DEFAULT_TIMEOUTS);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url,
      // Migrations get their own connection, without the request timeouts: building an index may take minutes.
      migrate: async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder });
        } finally {
          await client.end();
        }
      },
      ping,
      close,
    };
  }
  // Loaded only here: on PostgreSQL the PGlite modules (~0.5 MB of source, compiled on use) are never needed.
  const [{ openPglite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('./pglite/client.ts'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await openPglite({ dataDir: options.dataDir, worker: options.pgliteWorker ?? true });
  // Drizzle's PGlite session calls only query() and transaction(), which the client answers as PGlite does.
  const db = drizzlePglite(client as never, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      if (client.closed) throw new DatabaseUnavailable('PGlite is closed');
      // PGlite runs one query at a time: behind a long one, the health check says so instead of waiting.
      await within(PING_TIMEOUT_MS, client.query('select 1'));
    },
    close: async () => {
      await client.close();
    },
  };
}
