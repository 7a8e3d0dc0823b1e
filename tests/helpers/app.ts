/** A real app on a fresh database for API tests: in-memory PGlite, or a throwaway PostgreSQL database. */
import type { FastifyInstance } from 'fastify';
import { NEW_ACCOUNT_MS } from '../../core/moderation.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { ensureReferenceData } from '../../db/reference.ts';
import { buildApp } from '../../server/app.ts';
import { parseConfig } from '../../server/config.ts';
import { type Call, caller } from './api.ts';
import { madeAgo } from './clock.ts';
import { testKeyPrefix } from './redis.ts';
import { type ThrowawayDatabase, throwawayDatabase } from './throwaway-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The throwaway PostgreSQL database's URL, for a second connection (helpers/race.ts); absent on PGlite. */
  url?: string;
  /** A JSON call as a guest or as nobody (helpers/api.ts). */
  call: Call;
  close(): Promise<void>;
  /** Drops the throwaway database only: for a test that has closed the app and the database itself. */
  drop(): Promise<void>;
}

/** A new empty PostgreSQL database on TEST_DATABASE_URL's server, and how to drop it. */
export async function freshPostgres(): Promise<ThrowawayDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  return throwawayDatabase(base, 't');
}

export async function openTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const pgdb = await freshPostgres();
    // More connections than any test races requests (tests/helpers/race.ts): a request waiting for a connection
    // rather than on a lock would keep race() waiting for it forever.
    // Races hold a table lock on purpose until every request waits (tests/helpers/race.ts), and test machines are
    // often loaded: the production timeouts would cut those waits short. db/client.test.ts and faults.test.ts test
    // the timeouts themselves.
    const database = await openDatabase({ url: pgdb.url, poolSize: 12, timeouts: { connectMs: 10_000, statementMs: 30_000 } });
    await database.migrate();
    await ensureReferenceData(database.db);
    return { database, url: pgdb.url, drop: pgdb.drop };
  }
  const database = await openDatabase({});
  await database.migrate();
  await ensureReferenceData(database.db);
  return { database, drop: async () => {} };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, url, drop } = await openTestDatabase();
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    GUEST_LOGINS_PER_HOUR: '10000',
    REDIS_KEY_PREFIX: testKeyPrefix(),
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    url,
    call: caller(app),
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
    drop,
  };
}

export interface Guest {
  token: string;
  id: number;
  nickname: string;
  auth: { authorization: string };
}

export async function signInGuest(app: FastifyInstance, locale = 'en'): Promise<Guest> {
  const res = await app.inject({ method: 'POST', url: '/api/guest-login', payload: {}, headers: { 'x-locale': locale } });
  if (res.statusCode !== 201) throw new Error(`guest-login failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { token: body.token, id: body.data.id, nickname: body.data.nickname, auth: { authorization: `Bearer ${body.token}` } };
}

/**
 * A guest whose account is older than NEW_ACCOUNT_MS (signed in with the clock moved back, helpers/clock.ts), so
 * that their reports count toward the hide (decision 056). Sign them in one after another (madeAgo).
 */
export const signInEstablished = (app: FastifyInstance, locale = 'en'): Promise<Guest> =>
  madeAgo(NEW_ACCOUNT_MS + 60_000, () => signInGuest(app, locale));

/** What writing a mood or a topic needs from the seeded reference data: a mood feeling, a category and a cover. */
export async function writingRefs(t: TestApp): Promise<{ moodFeeling: number; topicRefs: { category_id: number; cover_id: number } }> {
  const first = async (url: string) => (await t.call(null, 'GET', url)).body.data[0].id as number;
  return {
    moodFeeling: await first('/api/feelings?type=mood'),
    topicRefs: { category_id: await first('/api/categories'), cover_id: await first('/api/topic-covers') },
  };
}
