/**
 * Demo content for an empty database, written through the same services users go through, in several
 * languages. Runs on first start (SEED_DEMO) and by `npm run db:seed`.
 */
import { count } from 'drizzle-orm';
import { createGuest } from '../server/modules/auth/service.ts';
import type { Db } from './client.ts';
import { users } from './schema.ts';

const DEMO_LOCALES = ['en', 'en', 'es', 'fr', 'de', 'ar', 'hi', 'ja', 'pt', 'ru', 'tr', 'id', 'sw', 'fa', 'ko', 'it'];

/** Seeds only an empty database; returns what was written, or null when there was already content. */
export async function seedDemoContent(db: Db): Promise<{ users: number } | null> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return null;
  const people = [];
  for (let i = 0; i < 32; i++) people.push((await createGuest(db, DEMO_LOCALES[i % DEMO_LOCALES.length])).user);
  return { users: people.length };
}
