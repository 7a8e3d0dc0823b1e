/** Reference rows every installation needs (ranks, avatars, feelings, report types), written idempotently after migrations. */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FEELINGS } from '../core/feelings.ts';
import { REPORT_TYPES } from '../core/limits.ts';
import { RANKS } from '../core/ranks.ts';
import type { Db } from './client.ts';
import { avatars, feelings, ranks, reportTypes } from './schema.ts';

const avatarDir = fileURLToPath(new URL('../public/avatars', import.meta.url));

export async function ensureReferenceData(db: Db): Promise<void> {
  await db
    .insert(ranks)
    .values(RANKS.map((r) => ({ key: r.key, level: r.level, minPoints: r.minPoints })))
    .onConflictDoNothing();
  const files = readdirSync(avatarDir)
    .filter((f) => f.endsWith('.svg'))
    .sort();
  await db
    .insert(avatars)
    .values(files.map((file, i) => ({ file, sortOrder: i })))
    .onConflictDoNothing();
  await db
    .insert(feelings)
    .values(FEELINGS.map((f, i) => ({ key: f.key, emoji: f.emoji, type: f.type, sortOrder: i })))
    .onConflictDoNothing();
  await db
    .insert(reportTypes)
    .values(REPORT_TYPES.map((key, i) => ({ key, sortOrder: i })))
    .onConflictDoNothing();
}
