/**
 * The PGlite client (in this thread and in a worker) answers as PGlite's own query() and transaction() do: the same
 * rows and types, the same errors with every field, interactive transactions that hold the database, a close that
 * waits for what was sent before it.
 */
import { messages, PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteClient } from './client.ts';

/** Drizzle's options (drizzle-orm/pglite/session.js): dates and intervals stay text, Drizzle maps them. */
const text = (value: string) => value;
const drizzleOptions: QueryOptions = {
  rowMode: 'array',
  parsers: {
    [types.TIMESTAMP]: text,
    [types.TIMESTAMPTZ]: text,
    [types.INTERVAL]: text,
    [types.DATE]: text,
    1231: text,
    1115: text,
    1185: text,
    1187: text,
    1182: text,
  },
};

const schema = `
  create table items (
    id serial primary key, name text not null, at timestamptz not null default '2024-05-06 07:08:09.123+00',
    day date, amount numeric(10,2), big bigint, data jsonb, tags text[], ids int[], flag boolean, score real,
    blob bytea, span interval
  );
  create unique index items_name_lower_idx on items (lower(name));
`;

const statements: [string, unknown[], QueryOptions | undefined][] = [
  [
    'insert into items (name, day, amount, big, data, tags, ids, flag, score, blob, span) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *',
    [
      'Ada',
      '2024-01-02',
      '12.50',
      9007199254740993n,
      JSON.stringify({ a: [1, 'b'], c: null }),
      ['x', 'y "z"'],
      [3, 1, 2],
      true,
      1.5,
      new Uint8Array([0, 1, 255]),
      '1 day 02:03:04',
    ],
    drizzleOptions,
  ],
  [
    'insert into items (name, at) values ($1, $2), ($3, $4) returning id',
    ['Bea', new Date('2020-02-03T04:05:06.789Z'), 'Cy', '2021-01-01 10:00'],
    drizzleOptions,
  ],
  ['select * from items order by id', [], drizzleOptions],
  ['select * from items where id = any($1::int[]) order by id', [[1, 3]], undefined],
  ['select name, at, data from items where name = $1', ['Bea'], { rowMode: 'object', parsers: drizzleOptions.parsers }],
  ['update items set flag = $1 where flag is null', [false], drizzleOptions],
  ['delete from items where name = $1', ['nobody'], drizzleOptions],
  ['select count(*)::int as n, sum(big) as total, $1::text as echo from items', [null], undefined],
  ['select 1 as one', [], undefined],
];

/** Per mode, PGlite itself and the client under test, on the same schema. */
const references: Record<string, PGlite> = {};
const clients: Record<string, PgliteClient> = {};

beforeAll(async () => {
  for (const mode of ['in-process', 'worker'] as const) {
    references[mode] = await PGlite.create({ extensions: { pg_trgm } });
    await references[mode].exec(schema);
    const client = await openPglite({ worker: mode === 'worker' });
    await client.query(schema.split(';')[0]);
    await client.query(schema.split(';')[1]);
    clients[mode] = client;
  }
});

afterAll(async () => {
  for (const pg of Object.values(references)) await pg.close();
  for (const client of Object.values(clients)) await client.close();
});

/** An error's own fields, as PGlite sets them. */
const fieldsOf = (error: unknown) => ({ ...(error as object), message: (error as Error).message });

describe.each(['in-process', 'worker'])('the PGlite client %s', (mode) => {
  const client = () => clients[mode];
  const reference = () => references[mode];

  it('answers every statement with the rows, fields and counts PGlite answers, twice (prepared the second time)', async () => {
    for (const round of [1, 2]) {
      for (const [sql, params, options] of statements) {
        const [want, got] = [await reference().query(sql, params, options), await client().query(sql, params, options)];
        expect({ round, sql, result: got }).toEqual({ round, sql, result: want });
      }
      await reference().query('delete from items');
      await client().query('delete from items');
    }
  });

  it('throws the DatabaseError PGlite throws, with its code, constraint and the statement', async () => {
    const insert = 'insert into items (name) values ($1)';
    await reference().query(insert, ['Dup']);
    await client().query(insert, ['Dup']);
    for (const [sql, params] of [
      [insert, ['dup']],
      ['select nope from items', []],
      ['select $1::int', ['x']],
    ] as const) {
      const want = await reference()
        .query(sql, [...params])
        .catch((e: unknown) => e);
      const got = await client()
        .query(sql, [...params])
        .catch((e: unknown) => e);
      expect(got).toBeInstanceOf(messages.DatabaseError);
      expect(fieldsOf(got)).toEqual(fieldsOf(want));
    }
    expect((await client().query<{ n: number }>('select count(*)::int as n from items')).rows).toEqual([{ n: 1 }]);
    await client().query('delete from items');
  });

  it('holds the database for an open transaction: others wait, then see its commit; a rollback leaves nothing', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await client().transaction(async (tx) => {
      await tx.query('insert into items (name) values ($1)', ['In']);
      outside = client()
        .query<{ n: number }>('select count(*)::int as n from items')
        .then((r) => order.push(`outside saw ${r.rows[0].n}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('committing');
    });
    await outside;
    expect(order).toEqual(['committing', 'outside saw 1']);

    await expect(
      client().transaction(async (tx) => {
        await tx.query('insert into items (name) values ($1)', ['Gone']);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await client().transaction(async (tx) => {
      await tx.query('insert into items (name) values ($1)', ['Gone too']);
      await tx.rollback();
      await expect(tx.query('select 1')).rejects.toThrow('Transaction is closed');
    });
    expect((await client().query('select name from items order by id')).rows).toEqual([{ name: 'In' }]);
    await client().query('delete from items');
  });

  it('throws TransactionAbortedError when a transaction whose statement failed is committed', async () => {
    const error = await client()
      .transaction(async (tx) => {
        await tx.query('select nope').catch(() => {});
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '25P02', message: 'Transaction was rolled back instead of committed' });
    expect((await client().query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('closes after the statements sent before, and refuses the ones after', async () => {
    const own = await openPglite({ worker: mode === 'worker' });
    const before = own.query<{ one: number }>('select 1 as one');
    const closing = own.close();
    await expect(own.query('select 1')).rejects.toThrow('PGlite is closed');
    expect((await before).rows).toEqual([{ one: 1 }]);
    await closing;
    expect(own.closed).toBe(true);
  });
});
