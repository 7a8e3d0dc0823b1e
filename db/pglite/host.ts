/**
 * Runs statements on one PGlite instance, for this thread (in-process) or for the main thread (worker.ts).
 *
 * Every statement text becomes a named prepared statement the first time it is seen, and later calls only bind and
 * execute it, in one protocol message. PGlite's own query() parses, describes and plans the statement again on every
 * call, in six round trips into the WebAssembly module; for the feed's statements that is 4–10× the cost of running
 * them. Drizzle builds the same text for the same query, so a small cache holds what an app runs.
 *
 * One statement runs at a time, as in PGlite: a transaction, once begun, holds the database until its commit or
 * rollback (requests that carry its id run; the others wait, in order), and close waits for everything before it.
 */
import { messages, type PGlite, protocol, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

export type Request =
  | {
      type: 'query';
      /** The transaction it belongs to; absent outside one. */
      tx?: number;
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Type OIDs whose values are returned as PostgreSQL's text, unparsed (Drizzle parses dates itself). */
      raw: number[];
    }
  | { type: 'begin' | 'commit' | 'rollback'; tx: number }
  | { type: 'close' };

/** What a commit or rollback answers: COMMIT, or ROLLBACK when the transaction had failed. */
export interface Ended {
  command: string;
}

/** The message PGlite's own calls throw once it is closed (db/client.ts counts it as the database being unavailable). */
export const CLOSED = 'PGlite is closed';

/** Prepared statements kept; the least recently used is closed beyond this. */
const STATEMENTS = 200;
/** Backend message types read from a statement's answer (PostgreSQL's protocol: DataRow, CommandComplete, ErrorResponse). */
const DATA_ROW = 0x44;
const COMMAND_COMPLETE = 0x43;
const ERROR = 0x45;
/** Commands whose tag's count PGlite adds up as affectedRows. */
const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);
/** PostgreSQL's answer when a column of a cached statement's result changed type (a migration ran meanwhile). */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type';

type Parser = (value: string, typeId?: number) => unknown;

interface Statement {
  name: string;
  paramTypes: number[];
  fields: { name: string; dataTypeID: number }[];
  /** Column parsers, per set of raw type OIDs asked for. */
  parsers: Map<string, (Parser | null)[]>;
}

interface Job {
  request: Request;
  resolve(value: Results | Ended | undefined): void;
  reject(error: unknown): void;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

const identity: Parser = (value) => value;

export class PgliteHost {
  readonly #pg: PGlite;
  readonly #statements = new Map<string, Statement>();
  #nextName = 0;
  /** The transaction that holds the database, if any. */
  #holder: number | null = null;
  /** Requests waiting for the transaction that holds the database to end. */
  #parked: Job[] = [];
  #chain: Promise<unknown> = Promise.resolve();
  #closing = false;

  constructor(pg: PGlite) {
    this.#pg = pg;
  }

  get closed(): boolean {
    return this.#closing || this.#pg.closed;
  }

  submit(request: Request): Promise<Results | Ended | undefined> {
    if (this.#closing) return Promise.reject(new Error(CLOSED));
    if (request.type === 'close') this.#closing = true;
    return new Promise((resolve, reject) => {
      const job = { request, resolve, reject };
      if (this.#runnable(request)) this.#dispatch(job);
      else this.#parked.push(job);
    });
  }

  #runnable(request: Request): boolean {
    if (request.type === 'close' || request.type === 'begin' || request.tx === undefined) return this.#holder === null;
    return this.#holder === request.tx;
  }

  #dispatch(job: Job) {
    const { request } = job;
    if (request.type === 'begin') this.#holder = request.tx;
    const ends = request.type === 'commit' || request.type === 'rollback';
    this.#chain = this.#chain
      .then(() => this.#run(request))
      .then(job.resolve, (error) => {
        // A transaction that never began will not be ended: the others must not wait for it.
        if (request.type === 'begin' && this.#holder === request.tx) this.#release();
        job.reject(error);
      });
    if (ends) this.#release();
  }

  /** Lets the parked requests run, in order, up to the next transaction to begin. */
  #release() {
    this.#holder = null;
    const parked = this.#parked;
    this.#parked = [];
    for (const job of parked) {
      if (this.#runnable(job.request)) this.#dispatch(job);
      else this.#parked.push(job);
    }
  }

  async #run(request: Request): Promise<Results | Ended | undefined> {
    switch (request.type) {
      case 'query':
        return this.#query(request.sql, request.params, request.rowMode, request.raw, request.tx !== undefined);
      case 'begin':
        await this.#simple('BEGIN', true);
        return undefined;
      case 'commit':
        return { command: await this.#simple('COMMIT', false) };
      case 'rollback':
        return { command: await this.#simple('ROLLBACK', false) };
      case 'close':
        if (!this.#pg.closed) await this.#pg.close();
        return undefined;
    }
  }

  /** A statement without parameters through the simple protocol; answers its command tag's first word. */
  async #simple(sql: string, inTransaction: boolean): Promise<string> {
    const { messages } = await this.#pg.execProtocol(serialize.query(sql), { syncToFs: !inTransaction });
    for (const m of messages) if (m.name === 'commandComplete') return (m as unknown as { text: string }).text.split(' ')[0];
    return '';
  }

  async #prepare(sql: string): Promise<Statement> {
    const name = `k${++this.#nextName}`;
    const { messages } = await this.#pg.execProtocol(
      concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    let paramTypes: number[] = [];
    let fields: Statement['fields'] = [];
    for (const m of messages) {
      if (m.name === 'parameterDescription') paramTypes = (m as unknown as { dataTypeIDs: number[] }).dataTypeIDs;
      else if (m.name === 'rowDescription') {
        fields = (m as unknown as { fields: { name: string; dataTypeID: number }[] }).fields.map((f) => ({
          name: f.name,
          dataTypeID: f.dataTypeID,
        }));
      }
    }
    const statement: Statement = { name, paramTypes, fields, parsers: new Map() };
    this.#statements.set(sql, statement);
    if (this.#statements.size > STATEMENTS) {
      const [oldest, evicted] = this.#statements.entries().next().value as [string, Statement];
      this.#statements.delete(oldest);
      await this.#pg.execProtocol(concat([serialize.close({ type: 'S', name: evicted.name }), serialize.sync()]), {
        syncToFs: false,
      });
    }
    return statement;
  }

  #columnParsers(statement: Statement, raw: number[]): (Parser | null)[] {
    const key = raw.join();
    let parsers = statement.parsers.get(key);
    if (!parsers) {
      const all = this.#pg.parsers as Record<number, Parser>;
      parsers = statement.fields.map((f) => (raw.includes(f.dataTypeID) ? identity : (all[f.dataTypeID] ?? null)));
      statement.parsers.set(key, parsers);
    }
    return parsers;
  }

  async #query(sql: string, params: unknown[], rowMode: 'array' | 'object', raw: number[], inTransaction: boolean) {
    let statement = this.#statements.get(sql);
    if (statement) {
      // Most recently used last: the first entry is the one to evict.
      this.#statements.delete(sql);
      this.#statements.set(sql, statement);
    } else {
      statement = await this.#prepare(sql);
    }
    try {
      return await this.#execute(statement, params, rowMode, raw, inTransaction);
    } catch (error) {
      if (!(error instanceof Error) || error.message !== RESULT_TYPE_CHANGED) throw error;
      this.#statements.delete(sql);
      return this.#execute(await this.#prepare(sql), params, rowMode, raw, inTransaction);
    }
  }

  async #execute(statement: Statement, params: unknown[], rowMode: 'array' | 'object', raw: number[], inTransaction: boolean) {
    const serializers = this.#pg.serializers as Record<number, (x: unknown) => string>;
    // As PGlite's query() serialises a parameter: by the type PostgreSQL inferred for it.
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = serializers[statement.paramTypes[i]];
      return serializer ? serializer(param) : String(param);
    });
    // The raw answer, read here: PGlite's execProtocol() builds an object per protocol message first, which cost
    // as much as a third of a feed statement's time in the worker. Not execProtocolRaw(): it parses and keeps every
    // message too (PGlite 0.5's default data callback), and nothing clears them, so memory grew with every call.
    const chunks: Uint8Array[] = [];
    await this.#pg.execProtocolRawStream(
      concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      // A view into the WebAssembly memory, which the next statement overwrites.
      { syncToFs: !inTransaction, onRawData: (data) => chunks.push(data.slice()) },
    );
    const answer = chunks.length === 1 ? chunks[0] : concat(chunks);
    return this.#results(answer, statement, rowMode, raw);
  }

  /**
   * The same Results PGlite's query() builds (parse.ts there) from a bound statement's answer: data rows, then the
   * command tag. Notices and notifications are skipped, as PGlite does without listeners. An error is handed to
   * PGlite's own protocol parser, so it is thrown as the very DatabaseError PGlite throws.
   */
  #results(answer: Uint8Array, statement: Statement, rowMode: 'array' | 'object', raw: number[]): Results {
    const parsers = this.#columnParsers(statement, raw);
    const { fields } = statement;
    const bytes = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
    const rows: Results['rows'] = [];
    for (let at = 0; at < bytes.length; ) {
      const type = bytes[at];
      const end = at + 1 + bytes.readInt32BE(at + 1);
      if (type === DATA_ROW) {
        const count = bytes.readInt16BE(at + 5);
        const row: unknown[] | Record<string, unknown> = rowMode === 'array' ? new Array(count) : {};
        let p = at + 7;
        for (let i = 0; i < count; i++) {
          const length = bytes.readInt32BE(p);
          p += 4;
          let value: unknown = null;
          if (length >= 0) {
            const text = bytes.toString('utf8', p, p + length);
            p += length;
            const parse = parsers[i];
            value = parse ? parse(text, fields[i].dataTypeID) : text;
          }
          if (rowMode === 'array') (row as unknown[])[i] = value;
          else (row as Record<string, unknown>)[fields[i].name] = value;
        }
        rows.push(row);
      } else if (type === COMMAND_COMPLETE) {
        const parts = bytes.toString('utf8', at + 5, end - 1).split(' ');
        const command = parts[0];
        const rowCount = Number.parseInt(parts[parts.length - 1], 10);
        const affected = COUNTED.has(command) ? rowCount : 0;
        const result: Results = { rows, fields: fields.slice(), command, affectedRows: affected };
        if (!Number.isNaN(rowCount)) result.rowCount = rowCount;
        return result;
      } else if (type === ERROR) {
        throw this.#error(answer);
      }
      at = end;
    }
    return { rows, fields: [], affectedRows: 0 };
  }

  #error(answer: Uint8Array): Error {
    let error: Error | null = null;
    new protocol.Parser().parse(answer, (message) => {
      if (!error && message instanceof messages.DatabaseError) error = message;
    });
    return error ?? new Error('PGlite answered an error it could not parse');
  }
}

/** The type OIDs of a caller's parsers (Drizzle's keep dates and intervals as text; see Request.raw). */
export function rawTypes(parsers: Record<number, unknown> | undefined): number[] {
  return parsers ? Object.keys(parsers).map(Number) : [];
}
