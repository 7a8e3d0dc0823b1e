/**
 * Requests that truly race, for the tests of the per-user advisory locks (PostgreSQL only: PGlite runs one
 * query at a time, so nothing ever overlaps there and such a test could not fail).
 *
 * A second connection holds `table` in EXCLUSIVE mode, which lets reads through and makes writes wait, until
 * every request is waiting on a lock; then it lets go. Without a serialising lock in the service, every request
 * has made its checks by then against the same state and all of them write. With it, one request waits on the
 * table and the rest on that lock, so they go on one at a time and each sees the writes before it. The outcome
 * does not depend on timing either way.
 */
import pg from 'pg';
import type { TestApp } from './app.ts';

export async function race<T>(t: TestApp, table: string, requests: (() => Promise<T>)[]): Promise<T[]> {
  if (!t.url) throw new Error('race() needs the PostgreSQL test database (TEST_DB_KIND=postgres)');
  const holder = new pg.Client({ connectionString: t.url });
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query(`LOCK TABLE ${table} IN EXCLUSIVE MODE`);
    let finished = 0;
    const pending = requests.map((send) => send().finally(() => finished++));
    // A request refused before it writes never waits; it counts as arrived. Each round trip is the wait.
    while ((await waiting(holder)) + finished < requests.length);
    await holder.query('COMMIT');
    return await Promise.all(pending);
  } finally {
    await holder.end();
  }
}

/**
 * Backends of this database waiting for a lock (table, row or advisory). The holder reads pg_stat_activity inside its
 * transaction, where PostgreSQL keeps the first reading for the whole transaction: a request whose connection opened
 * after it would never be seen waiting, so the reading is cleared each time.
 */
async function waiting(client: pg.Client): Promise<number> {
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where not l.granted and a.datname = current_database()`,
  );
  return rows[0].n;
}
