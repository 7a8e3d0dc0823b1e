/** PostgreSQL only (vitest.config.ts postgresOnly): acts that race for the same achievement award it once. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievementCounters, monthlySupports, userAchievements } from '../../../db/schema.ts';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';
import { race } from '../../../tests/helpers/race.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const long = (words: string) => `${words} ${'and it keeps coming back every single evening when the house gets quiet. '.repeat(3)}`.trim();
async function newPost(g: Guest, words: string): Promise<number> {
  const res = await t.call(g, 'POST', '/api/posts', { content: long(words) });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

async function stateOf(userId: number) {
  const earned = await t.database.db.select().from(userAchievements).where(eq(userAchievements.userId, userId));
  const [counter] = await t.database.db
    .select()
    .from(achievementCounters)
    .where(and(eq(achievementCounters.userId, userId), eq(achievementCounters.counter, 'supports_given')));
  const months = await t.database.db.select().from(monthlySupports).where(eq(monthlySupports.userId, userId));
  return { earned: earned.map((e) => e.achievement).sort(), supports: counter?.n, month: months.map((m) => m.n) };
}

describe('first support', () => {
  it('is awarded once when two first supports of different posts race; both count', async () => {
    const author = await signInGuest(t.app);
    const posts = [await newPost(author, 'First racing post'), await newPost(author, 'Second racing post')];
    const helper = await signInGuest(t.app);
    const results = await race(
      t,
      'user_achievements',
      posts.map((p) => () => t.call(helper, 'POST', '/api/supports', { post_id: p })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(await stateOf(helper.id)).toEqual({ earned: ['first_support'], supports: 2, month: [2] });
  });

  it('is awarded and counted once when the same support is sent twice at once', async () => {
    const author = await signInGuest(t.app);
    const post = await newPost(author, 'Doubly supported post');
    const helper = await signInGuest(t.app);
    const results = await race(
      t,
      'supports',
      [1, 2].map(() => () => t.call(helper, 'POST', '/api/supports', { post_id: post })),
    );
    expect(results.map((r) => [r.status, r.body.supports_count])).toEqual([
      [200, 1],
      [200, 1],
    ]);
    expect(await stateOf(helper.id)).toEqual({ earned: ['first_support'], supports: 1, month: [1] });
  });
});
