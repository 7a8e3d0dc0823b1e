/** Starts the app: configuration, database (migrations, reference data, demo content), HTTP server. */
import { DEFAULT_TIMEOUTS, openDatabase } from '../db/client.ts';
import { ensureReferenceData } from '../db/reference.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { collectWhenQuiet, memoryReducingCollection, QUIET_COLLECTION_GAP_MS, QUIET_INTERVAL_MS } from './lib/collect-garbage.ts';
import { drainer } from './lib/drain.ts';
import { noAllocationSitePretenuring } from './lib/pretenuring.ts';
import { backfillSearch } from './modules/search/index.ts';
import { seedDemoContent } from './seed/demo.ts';

noAllocationSitePretenuring();
const config = loadConfig();
const dev = process.argv.includes('--dev');

const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
  poolSize: config.DATABASE_POOL_SIZE,
  timeouts: { ...DEFAULT_TIMEOUTS, statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS },
  pgliteWorker: config.PGLITE_WORKER,
});
await database.migrate();
await ensureReferenceData(database.db);
// Items written before search existed (or loaded in bulk) get their search words; nothing to do on later starts.
await backfillSearch(database.db);

const app = await buildApp({ config, database, web: dev ? 'development' : 'production' });
app.addHook('onClose', () => database.close());
const inFlight = drainer(app);

if (config.SEED_DEMO) {
  const seeded = await seedDemoContent(database.db);
  if (seeded) app.log.info(seeded, 'demo content seeded');
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 15_000);
  timer.unref();
  try {
    await inFlight.drain();
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.ready();
// Start-up's garbage, its grown young generation and the pages its collections freed go back to the system before
// the first request, and so does what each spell of load leaves, once it is over (decision 046). Only with the start
// script's --expose-gc: the development server and the in-process tests run without. The quiet timer does not keep
// the process alive, so shutdown need not stop it.
const reduce = memoryReducingCollection();
if (reduce) {
  const collect = () => {
    const start = performance.now();
    const rssBefore = process.memoryUsage.rss();
    reduce();
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    app.log.debug(
      { ms: Math.round(performance.now() - start), rssMbBefore: mb(rssBefore), rssMbAfter: mb(process.memoryUsage.rss()) },
      'memory-reducing collection',
    );
  };
  collect();
  collectWhenQuiet(collect, { intervalMs: QUIET_INTERVAL_MS, minGapMs: QUIET_COLLECTION_GAP_MS });
}
await app.listen({ port: config.PORT, host: config.HOST });
