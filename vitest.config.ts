/**
 * Unit and API tests. Every API test runs against PGlite, and a second time against PostgreSQL when
 * TEST_DATABASE_URL is set (required on CI). Kept apart from vite.config.ts so the React Router plugin
 * is not loaded for server tests.
 */
import { configDefaults, defineConfig } from 'vitest/config';
import { catalogs } from './scripts/catalogs.ts';

const postgres = process.env.TEST_DATABASE_URL;
if (!postgres) {
  const msg = 'TEST_DATABASE_URL is not set: API tests run on PGlite only (PostgreSQL run skipped).';
  if (process.env.CI) throw new Error(`${msg} On CI the PostgreSQL run is required.`);
  console.warn(msg);
}

const include = ['{core,server,db,app,scripts}/**/*.test.{ts,tsx}'];
/** Races that only PostgreSQL can interleave (PGlite runs one query at a time): they run in the postgres project only. */
const postgresOnly = [
  'server/modules/concurrency.test.ts',
  'server/modules/users/claims.test.ts',
  'server/modules/account/erase-race.test.ts',
  'server/modules/messages/race.test.ts',
  'server/modules/moderation/race.test.ts',
  'server/modules/achievements/race.test.ts',
];

export default defineConfig({
  // The web app's modules read the compiled catalogs through it.
  plugins: [catalogs()],
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { test: { name: 'pglite', include, exclude: [...configDefaults.exclude, ...postgresOnly], env: { TEST_DB_KIND: 'pglite' } } },
      ...(postgres
        ? [
            {
              test: {
                name: 'postgres',
                // Every test that opens the app's database through tests/helpers/app.ts; server/lib's others open
                // none, and server/*.test.ts pick their engines from TEST_DATABASE_URL themselves.
                include: ['server/modules/**/*.test.ts', 'server/plugins/**/*.test.ts', 'server/lib/prepared.test.ts'],
                env: { TEST_DB_KIND: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
