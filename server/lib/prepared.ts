/** Named prepared statements for the hot paths, built once per database handle. */
import { Column, getTableName, is, SQL, Subquery, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

const statements = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A query of the feeds' hot path, built once per database handle and run as a named prepared statement. Drizzle
 * spends more CPU turning a query into SQL (~0.1–0.3 ms each) than the driver spends running it, and PostgreSQL
 * parses a named statement once per connection. `name` must always stand for the same SQL text; values that
 * change go in as placeholders. Its rows are shaped by a mapper compiled once (compiledRows).
 */
export function prepared<T>(db: DbOrTx, name: string, build: (name: string) => T): T {
  return kept(db, name, () => compiledRows(build(name)));
}

/** What is kept for the statement `name` on this database handle, made on first use. */
function kept<T>(db: DbOrTx, name: string, make: () => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let entry = byName.get(name) as T | undefined;
  if (entry === undefined) {
    entry = make();
    byName.set(name, entry);
  }
  return entry;
}

/** The viewer's id in a statement prepared per kind of viewer: a placeholder when signed in, none for a guest. */
export const viewerIdParam = (signedIn: boolean) => (signedIn ? sql.placeholder('viewerId') : null);

/** What a prepared select of drizzle-orm (node-postgres and PGlite alike) holds to shape its rows. */
interface SelectFields {
  fields?: Field[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type Field = { path: string[]; field: unknown };

/** The decoder drizzle-orm's `mapResultRow` picks for a field (`decoder` of SQL is internal to drizzle-orm). */
function decoderOf(field: unknown): Decoder {
  return (
    is(field, Column)
      ? field
      : is(field, SQL)
        ? (field as unknown as { decoder: Decoder }).decoder
        : is(field, Subquery)
          ? (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder
          : (field as { sql: { decoder: Decoder } }).sql.decoder
  ) as Decoder;
}

/**
 * Gives a prepared select the row mapper drizzle-orm's `mapResultRow` would be, decided once instead of per row: for
 * every column of every row, `mapResultRow` asks which kind of field it is (four `is()` walks of the prototype
 * chain), walks the field's path with an iterator and tracks left-joined tables, ~3 % of the feed's CPU. Drizzle
 * calls `customResultMapper` with the rows as arrays in the order of `fields`, on both drivers. Same objects: the
 * same keys in the same order, the same decoders, and a left-joined table is null when its first column is (as
 * `mapResultRow` decides it).
 */
function compiledRows<T>(query: T): T {
  const q = query as SelectFields;
  if (typeof query !== 'object' || query === null || !Array.isArray(q.fields) || q.customResultMapper) return query;
  const columns = q.fields.map(({ path, field }) => {
    const decoder = decoderOf(field);
    // The joined table's columns are those of a nested object (`{ feeling: feelings }`).
    const table = is(field, Column) && path.length === 2 ? getTableName(field.table) : null;
    return { path, decoder, table };
  });
  const joins = q.joinsNotNullableMap;
  const map = (row: unknown[]) => {
    const result: Record<string, unknown> = {};
    // Per nested object: the table of its first column when that was null, else false (mapResultRow's nullifyMap).
    let nullify: Record<string, string | false> | null = null;
    for (let i = 0; i < columns.length; i++) {
      const { path, decoder, table } = columns[i];
      let node = result;
      for (let p = 0; p < path.length - 1; p++) {
        const key = path[p];
        if (!(key in node)) node[key] = {};
        node = node[key] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = raw === null ? null : decoder.mapFromDriverValue(raw);
      node[path[path.length - 1]] = value;
      if (joins && table !== null) {
        nullify ??= {};
        const object = path[0];
        if (!(object in nullify)) nullify[object] = value === null ? table : false;
        else if (typeof nullify[object] === 'string' && nullify[object] !== table) nullify[object] = false;
      }
    }
    if (joins && nullify) {
      for (const object in nullify) {
        const table = nullify[object];
        if (typeof table === 'string' && !joins[table]) result[object] = null;
      }
    }
    return result;
  };
  q.customResultMapper = (rows) => rows.map(map);
  return query;
}

/** One field of a prepared select's rows, read from the driver's array and decoded as drizzle-orm decodes it. */
export type Read<T = unknown> = (row: unknown[]) => T;

/** A prepared select whose rows stay the driver's arrays (preparedArrays). */
export interface ArrayQuery {
  execute(values?: Record<string, unknown>): Promise<unknown[][]>;
}

/** Drizzle's decoders that return the driver's value as it is: a column's default and that of `sql` without mapWith. */
const identities = new Set<unknown>([
  Column.prototype.mapFromDriverValue,
  (sql`` as unknown as { decoder: Decoder }).decoder.mapFromDriverValue,
]);

/**
 * A query of the hot path as `prepared` builds it, whose rows the caller shapes in one pass from the driver's arrays:
 * its mapper hands drizzle's arrays through as they are, and `shape` is given, once, a reader per field (by its
 * path, `post.id` or `authorId`) that decodes it as `mapResultRow` would. What `shape` returns (a function that builds
 * the API object from a row) is kept with the statement. Drizzle's nested row in between was a second object per row
 * and per joined table, all garbage once the API object is built. A left-joined table is null when its first column
 * is, as in `mapResultRow`: the shape decides that from the columns it reads.
 */
export function preparedArrays<Q, S>(
  db: DbOrTx,
  name: string,
  build: (name: string) => Q,
  shape: (field: <T>(path: string) => Read<T>) => S,
): { query: ArrayQuery; shape: S } {
  return kept(db, name, () => {
    const query = build(name) as SelectFields;
    const fields = query.fields;
    if (!Array.isArray(fields)) throw new Error(`${name}: not a prepared select`);
    const field = <T>(path: string): Read<T> => {
      const i = fields.findIndex((f) => f.path.join('.') === path);
      if (i < 0) throw new Error(`${name}: no field ${path}`);
      const decoder = decoderOf(fields[i].field);
      if (identities.has(decoder.mapFromDriverValue)) return (row) => row[i] as T;
      return (row) => {
        const value = row[i];
        return (value === null ? null : decoder.mapFromDriverValue(value)) as T;
      };
    };
    query.customResultMapper = (rows) => rows;
    return { query: query as unknown as ArrayQuery, shape: shape(field) };
  });
}
