/** Reference rows every installation needs (ranks, avatars, feelings, report types, topic categories and covers), written idempotently after migrations. */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FEELINGS } from '../core/feelings.ts';
import { CATEGORIES, REPORT_TYPES } from '../core/limits.ts';
import { RANKS } from '../core/ranks.ts';
import type { Db } from './client.ts';
import { avatars, categories, feelings, ranks, reportTypes, topicCovers } from './schema.ts';

const svgFiles = (dir: string) =>
  readdirSync(fileURLToPath(new URL(`../public/${dir}`, import.meta.url)))
    .filter((f) => f.endsWith('.svg'))
    .sort();

export async function ensureReferenceData(db: Db): Promise<void> {
  await db
    .insert(ranks)
    .values(RANKS.map((r) => ({ key: r.key, level: r.level, minPoints: r.minPoints })))
    .onConflictDoNothing();
  await db
    .insert(avatars)
    .values(svgFiles('avatars').map((file, i) => ({ file, sortOrder: i })))
    .onConflictDoNothing();
  await db
    .insert(feelings)
    .values(FEELINGS.map((f, i) => ({ key: f.key, emoji: f.emoji, type: f.type, sortOrder: i })))
    .onConflictDoNothing();
  await db
    .insert(reportTypes)
    .values(REPORT_TYPES.map((key, i) => ({ key, sortOrder: i })))
    .onConflictDoNothing();
  await db
    .insert(categories)
    .values(CATEGORIES.map((key, i) => ({ key, sortOrder: i })))
    .onConflictDoNothing();
  await db
    .insert(topicCovers)
    .values(svgFiles('covers').map((file, i) => ({ file, sortOrder: i })))
    .onConflictDoNothing();
}
