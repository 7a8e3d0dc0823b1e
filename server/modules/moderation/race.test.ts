/** PostgreSQL only (vitest.config.ts postgresOnly): concurrent third and fourth reports hide an item exactly once. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationItems, moderationLog, reportTypes } from '../../../db/schema.ts';
import { createTestApp, type Guest, signInEstablished, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';
import { race } from '../../../tests/helpers/race.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the hide after three reports', () => {
  it('happens once when the third and fourth reports race: one hide in the log, one open queue entry', async () => {
    const [spam] = await t.database.db.select().from(reportTypes).where(eq(reportTypes.key, 'spam'));
    const author = await signInGuest(t.app);
    const thought = (await t.call(author, 'POST', '/api/thoughts', { content: 'Reported by many' })).body.data;
    // Accounts old enough for their reports to count toward the hide, made one after another (they move the clock).
    const reporters = [];
    for (let i = 0; i < 5; i++) reporters.push(await signInEstablished(t.app));
    const report = (g: Guest) => t.call(g, 'POST', '/api/report-thought', { thought_id: thought.id, report_type_id: spam.id });
    expect((await report(reporters[0])).status).toBe(201);
    expect((await report(reporters[1])).status).toBe(201);
    const racers = reporters.slice(2);
    const results = await race(
      t,
      'reports',
      racers.map((g) => () => report(g)),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    const hides = await t.database.db
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.target, 'thought'), eq(moderationLog.targetId, thought.id), eq(moderationLog.action, 'hide')));
    expect(hides.length).toBe(1);
    const entries = await t.database.db
      .select()
      .from(moderationItems)
      .where(and(eq(moderationItems.target, 'thought'), eq(moderationItems.targetId, thought.id)));
    expect(entries.map((e) => [e.status, e.reportsCount])).toEqual([['open', 5]]);
  });
});
