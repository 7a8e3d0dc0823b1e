/** `npm run admin`: grants and revokes roles by username in the database the server uses (here a PGlite directory). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { runAdmin } from './admin.ts';

const dir = mkdtempSync(join(tmpdir(), 'kindred-admin-'));
const env = { DATA_DIR: dir, LOG_LEVEL: 'silent' };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function roleOf(username: string) {
  const database = await openDatabase({ dataDir: dir });
  try {
    const [row] = await database.db.select({ role: users.role }).from(users).where(eq(users.username, username));
    return row?.role;
  } finally {
    await database.close();
  }
}

describe('npm run admin', () => {
  it('grants and revokes the moderator role, and refuses unknown names and commands', async () => {
    const database = await openDatabase({ dataDir: dir });
    await database.migrate();
    await database.db.insert(users).values({ username: 'River', nickname: 'Quiet River' });
    await database.close();

    expect(await runAdmin(['grant-moderator', 'river'], env)).toEqual({ code: 0, out: 'River is now a moderator' });
    expect(await roleOf('River')).toBe('moderator');
    expect(await runAdmin(['list-moderators'], env)).toEqual({ code: 0, out: 'River\tmoderator' });
    expect(await runAdmin(['revoke-moderator', 'River'], env)).toEqual({ code: 0, out: 'River is now a member' });
    expect(await roleOf('River')).toBe('user');
    expect(await runAdmin(['grant-admin', 'River'], env)).toEqual({ code: 0, out: 'River is now an admin' });
    expect(await runAdmin(['grant-moderator', 'nobody'], env)).toEqual({ code: 1, out: 'no user named nobody' });
    expect((await runAdmin(['promote', 'River'], env)).code).toBe(2);
    expect((await runAdmin(['grant-moderator'], env)).code).toBe(2);
    // Twelve PGlite openings (one per command and check), each a few seconds on a busy machine.
  }, 120_000);
});
