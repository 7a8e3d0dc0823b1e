/**
 * The migration's backfill (db/migrations/*_profile_achievements.sql) computes from history what the services keep
 * as acts happen: after the same acts, emptying the kept tables and running the backfill gives the same rows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const folder = fileURLToPath(new URL('../../../db/migrations/', import.meta.url));
const file = readdirSync(folder).find((f) => f.endsWith('_profile_achievements.sql')) as string;
/** The statements after the backfill's comment. */
const backfill = readFileSync(`${folder}${file}`, 'utf8')
  .split('--> statement-breakpoint')
  .filter((s) => s.includes('INSERT INTO'));

const long = (words: string) => `${words} ${'and it keeps coming back every single evening when the house gets quiet. '.repeat(3)}`.trim();
async function newPost(g: Guest, words: string): Promise<number> {
  const res = await t.call(g, 'POST', '/api/posts', { content: long(words) });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

const TABLES = ['achievement_counters', 'helped_people', 'user_achievements', 'monthly_supports'];
const KEYS: Record<string, string> = {
  achievement_counters: 'user_id, counter, n',
  helped_people: 'user_id, helped_id',
  user_achievements: 'user_id, achievement',
  monthly_supports: 'user_id, month, n',
};

async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const res: unknown = await t.database.db.execute(sql.raw(`select ${KEYS[table]} from ${table} order by ${KEYS[table]}`));
    // PGlite answers { rows }, node-postgres a result with rows too.
    out[table] = (res as { rows: unknown[] }).rows;
  }
  return out;
}

describe('the backfill', () => {
  it('gives the rows the services kept for the same acts', async () => {
    expect(backfill.length).toBe(4);
    const [a, b, c] = [await signInGuest(t.app), await signInGuest(t.app), await signInGuest(t.app)];
    const pa = await newPost(a, 'Backfill post of a');
    const pb = await newPost(b, 'Backfill post of b');
    await t.call(a, 'POST', '/api/comments', { post_id: pa, content: 'My own words first' });
    for (const [who, post] of [
      [b, pa],
      [c, pa],
      [c, pb],
      [a, pa],
    ] as const) {
      expect((await t.call(who, 'POST', '/api/supports', { post_id: post })).status).toBe(200);
    }
    expect((await t.call(c, 'POST', '/api/comments', { post_id: pa, content: 'I hear you' })).status).toBe(201);
    expect((await t.call(b, 'POST', '/api/comments', { post_id: pa, content: 'Me too' })).status).toBe(201);
    expect((await t.call(b, 'POST', '/api/advices', { post_id: pa, content: 'Go gently' })).status).toBe(201);
    expect((await t.call(c, 'POST', '/api/thoughts', { content: 'One day at a time' })).status).toBe(201);
    const kept = await snapshot();
    // a: first post, first comment; b: first post, support, comment, advice; c: first support, comment, answer, thought.
    expect(kept.user_achievements.length).toBe(10);
    for (const table of TABLES) await t.database.db.execute(sql.raw(`delete from ${table}`));
    for (const statement of backfill) await t.database.db.execute(sql.raw(statement));
    expect(await snapshot()).toEqual(kept);
  });
});
