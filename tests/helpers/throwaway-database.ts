/**
 * A PostgreSQL database of a test's or a benchmark's own on the server of `adminUrl` (whose user may create
 * databases), so a run never touches the data of the database it was pointed at; `drop()` removes it, connections
 * and all. The one implementation for both (tests/helpers/app.ts freshPostgres, the bench scripts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ThrowawayDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function onServer(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function throwawayDatabase(adminUrl: string, prefix = 'bench'): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await onServer(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
