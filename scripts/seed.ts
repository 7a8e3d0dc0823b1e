/** `npm run db:seed`: demo content into an empty database (DATABASE_URL or the PGlite in DATA_DIR). */
import { openDatabase } from '../db/client.ts';
import { ensureReferenceData } from '../db/reference.ts';
import { loadConfig } from '../server/config.ts';
import { seedDemoContent } from '../server/seed/demo.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, pgliteWorker: config.PGLITE_WORKER });
await database.migrate();
await ensureReferenceData(database.db);
const seeded = await seedDemoContent(database.db);
await database.close();
console.log(seeded ? `seeded: ${JSON.stringify(seeded)}` : 'the database already has content; nothing seeded');
