/**
 * `npm run admin -- <command> <username>`: roles (DESIGN.md "Moderation"). Commands: grant-moderator,
 * revoke-moderator, grant-admin, revoke-admin (both revokes leave a member), list-moderators.
 * Uses DATABASE_URL or the PGlite in DATA_DIR, like the server.
 */
import { openDatabase } from '../db/client.ts';
import { loadConfig } from '../server/config.ts';
import { listModerators, setRole } from '../server/modules/moderation/service.ts';

const ROLE_OF = {
  'grant-moderator': 'moderator',
  'revoke-moderator': 'user',
  'grant-admin': 'admin',
  'revoke-admin': 'user',
} as const;

const usage = `usage: npm run admin -- <${[...Object.keys(ROLE_OF), 'list-moderators'].join('|')}> [username]`;

export async function runAdmin(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; out: string }> {
  const [command, username] = args;
  if (command !== 'list-moderators' && !(command in ROLE_OF && username)) return { code: 2, out: usage };
  const config = loadConfig(env);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, pgliteWorker: config.PGLITE_WORKER });
  try {
    await database.migrate();
    if (command === 'list-moderators') {
      const rows = await listModerators(database.db);
      return { code: 0, out: rows.map((r) => `${r.username}\t${r.role}`).join('\n') || 'no moderators' };
    }
    const role = ROLE_OF[command as keyof typeof ROLE_OF];
    const row = await setRole(database.db, username, role).catch(() => null);
    if (!row) return { code: 1, out: `no user named ${username}` };
    return {
      code: 0,
      out: `${row.username} is now ${row.role === 'user' ? 'a member' : row.role === 'admin' ? 'an admin' : 'a moderator'}`,
    };
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { code, out } = await runAdmin(process.argv.slice(2));
  (code === 0 ? console.log : console.error)(out);
  process.exitCode = code;
}
