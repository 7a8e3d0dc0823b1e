/** The content languages a user reads (empty = all) and whether their own texts' language is detected. */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';

export interface ContentLanguages {
  data: string[];
  auto_detect: boolean;
}

async function read(db: DbOrTx, userId: number): Promise<ContentLanguages> {
  const [row] = await db
    .select({ data: users.contentLanguages, autoDetect: users.autoDetectLanguages })
    .from(users)
    .where(eq(users.id, userId));
  return { data: row.data, auto_detect: row.autoDetect };
}

export const getContentLanguages = read;

export async function setContentLanguages(db: DbOrTx, userId: number, languages: string[]): Promise<ContentLanguages> {
  await db
    .update(users)
    .set({ contentLanguages: [...new Set(languages)], updatedAt: new Date() })
    .where(eq(users.id, userId));
  return read(db, userId);
}

export async function toggleAutoDetect(db: DbOrTx, userId: number): Promise<ContentLanguages> {
  await db
    .update(users)
    .set({ autoDetectLanguages: sql`not ${users.autoDetectLanguages}`, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return read(db, userId);
}
