/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the PGlite in DATA_DIR. */
import { openDatabase } from '../db/client.ts';
import { ensureReferenceData } from '../db/reference.ts';
import { loadConfig } from '../server/config.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, pgliteWorker: config.PGLITE_WORKER });
await database.migrate();
await ensureReferenceData(database.db);
await database.close();
console.log(`migrations applied (${database.kind})`);
