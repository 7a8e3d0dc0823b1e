/**
 * Run before the end-to-end server starts (playwright.config.ts): the demo content the specs read, then the
 * moderator account tests/e2e/moderation.spec.ts signs in as, and the long-standing members whose reports hide a post. A moderator is made with `npm run admin`, which
 * cannot reach a PGlite directory the running server holds, so the account exists before the server opens it.
 */
import { NEW_ACCOUNT_MS } from '../../core/moderation.ts';
import { openDatabase } from '../../db/client.ts';
import { ensureReferenceData } from '../../db/reference.ts';
import { users } from '../../db/schema.ts';
import { loadConfig } from '../../server/config.ts';
import { hashPassword } from '../../server/lib/password.ts';
import { seedDemoContent } from '../../server/seed/demo.ts';

export const MODERATOR = { username: 'e2e-moderator', password: 'a calm moderator 2026' };
/** Members whose accounts are older than NEW_ACCOUNT_MS, so that their reports count toward the hide (decision 056). */
export const REPORTERS = [1, 2, 3].map((n) => ({ username: `e2e-reporter-${n}`, password: 'a steady reporter 2026' }));

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  await ensureReferenceData(database.db);
  // First, so that the server's own seeding (an empty database only) is not skipped for the moderator's account.
  await seedDemoContent(database.db);
  await database.db.insert(users).values({
    username: MODERATOR.username,
    nickname: 'Calm Moderator',
    passwordHash: await hashPassword(MODERATOR.password),
    role: 'moderator',
  });
  const passwordHash = await hashPassword(REPORTERS[0].password);
  const joined = new Date(Date.now() - NEW_ACCOUNT_MS - 60 * 60 * 1000);
  await database.db
    .insert(users)
    .values(REPORTERS.map((r, i) => ({ username: r.username, nickname: `Steady Reporter ${i + 1}`, passwordHash, createdAt: joined })));
  await database.close();
}
