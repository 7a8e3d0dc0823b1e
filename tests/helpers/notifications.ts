/** People whose notifications a test counts: only what others did to them, once every queued job has run. */
import { expect } from 'vitest';
import { notificationPageSchema } from '../../core/schemas/notifications.ts';
import { type Guest, signInGuest, type TestApp } from './app.ts';

/** A signed-in guest with achievement notifications off (first posts and supports earn achievements). */
export async function quietPerson(t: TestApp): Promise<Guest> {
  const g = await signInGuest(t.app);
  expect((await t.call(g, 'PUT', '/api/notification-settings', { kinds: { achievement: false } })).status).toBe(200);
  return g;
}

/** How many notifications the person has received. */
export async function notificationCount(t: TestApp, g: Guest): Promise<number> {
  await t.app.jobs.idle();
  return (await t.call(g, 'GET', '/api/notifications-received', undefined, { schema: notificationPageSchema })).body.meta.total;
}
