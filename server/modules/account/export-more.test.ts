/**
 * GET /api/export holds what the app keeps about the person beyond their writing: the notifications they were sent
 * (without the sentences, which name the people who acted), their notification switches and quiet hours, the
 * achievements they earned and the browsers subscribed to their pushes (without the browsers' keys).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSchema } from '../../../core/schemas/account.ts';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';
import { subscriber } from '../../../tests/helpers/push-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function exported(g: Guest) {
  const res = await t.call(g, 'GET', '/api/export');
  expect(res.status).toBe(200);
  return exportSchema.parse(res.body);
}

describe('GET /api/export', () => {
  it('holds the notifications, switches, quiet hours, achievements and push subscriptions, and no one else’s name', async () => {
    const [a, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    const content = 'Some nights the quiet in the flat is the loudest thing I hear, and I do not know who to tell. '.repeat(2);
    const created = await t.call(a, 'POST', '/api/posts', { content });
    expect(created.status).toBe(201);
    const post = created.body.data as { id: number };
    expect((await t.call(b, 'POST', '/api/supports', { post_id: post.id })).status).toBe(200);
    await t.app.jobs.idle();
    expect((await t.call(a, 'PUT', '/api/notification-settings', { kinds: { comment: false } })).status).toBe(200);
    const quiet = { from: '22:30', to: '07:00', time_zone: 'Europe/Berlin' };
    expect((await t.call(a, 'PUT', '/api/push-settings', { quiet_hours: quiet })).status).toBe(200);
    const browser = subscriber('https://push.example.org/send/one').subscription;
    expect((await t.call(a, 'POST', '/api/push-subscriptions', browser)).status).toBe(201);

    const file = await exported(a);
    expect(file.notification_kinds).toMatchObject({ support: true, comment: false, message: true });
    expect(file.quiet_hours).toEqual(quiet);
    const support = file.notifications.filter((n) => n.type === 'support');
    expect(support.map(({ created_at: _c, updated_at: _u, ...n }) => n)).toEqual([
      { type: 'support', item_kind: 'post', item_id: post.id, url: `/problem/${post.id}`, people_count: 1, seen: false },
    ]);
    expect(file.achievements.map((x) => x.achievement)).toContain('first_post');
    expect(file.push_subscriptions.map((s) => s.endpoint)).toEqual([browser.endpoint]);
    const text = JSON.stringify(file);
    expect(text.includes(b.nickname)).toBe(false);
    expect(text.includes(browser.keys.auth)).toBe(false);

    // The supporter's own file: the support, no notification, no subscription, default switches and no quiet hours.
    const theirs = await exported(b);
    expect(theirs.notifications.filter((n) => n.type === 'support')).toEqual([]);
    expect(theirs.push_subscriptions).toEqual([]);
    expect(theirs.quiet_hours).toBe(null);
  });
});
