/** Named prepared statements for the hot paths, built once per database handle. */
import type { DbOrTx } from '../../db/client.ts';

const statements = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A query of the feeds' hot path, built once per database handle and run as a named prepared statement. Drizzle
 * spends more CPU turning a query into SQL (~0.1–0.3 ms each) than the driver spends running it, and PostgreSQL
 * parses a named statement once per connection. `name` must always stand for the same SQL text; values that
 * change go in as placeholders.
 */
export function prepared<T>(db: DbOrTx, name: string, build: (name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let query = byName.get(name) as T | undefined;
  if (query === undefined) {
    query = build(name);
    byName.set(name, query);
  }
  return query;
}
