import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema.ts';
import { createTestApp, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('PUT /api/users/{id}', () => {
  it('updates own avatar, nickname (typed or suggested), locale and theme', async () => {
    const g = await signInGuest(t.app);
    const avatars = (await t.call(null, 'GET', '/api/get-avatars')).body.data;
    expect(avatars.length).toBeGreaterThanOrEqual(12);
    const suggestions = (await t.call(null, 'GET', '/api/nicknames')).body.data;
    expect(suggestions.length).toBe(5);

    const res = await t.call(g, 'PUT', `/api/users/${g.id}`, {
      avatar_id: avatars[3].id,
      nickname_id: suggestions[0].id,
      locale: 'ar',
      theme: 'dark',
    });
    expect(res.status).toBe(200);
    const user = res.body.user;
    expect(user).toMatchObject({ avatar: avatars[3], nickname: suggestions[0].nickname, locale: 'ar', theme: 'dark' });
    const localeCookie = String(res.headers['set-cookie']);
    expect(localeCookie).toMatch(/^locale=ar;/);
    expect(localeCookie).toMatch(/Max-Age=31536000/);
    expect(localeCookie).toMatch(/SameSite=Lax/);

    const typed = await t.call(g, 'PUT', `/api/users/${g.id}`, { nickname: '  Quiet Lake  ' });
    expect(typed.body.user.nickname).toBe('Quiet Lake');
  });

  it("refuses someone else's account with 403 and changes nothing", async () => {
    const a = await signInGuest(t.app);
    const b = await signInGuest(t.app);
    const res = await t.call(a, 'PUT', `/api/users/${b.id}`, { nickname: 'Taken Over' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, b.id));
    expect(row.nickname).toBe(b.nickname);
  });

  it('rejects bad values with 422 naming the field, writing nothing', async () => {
    const g = await signInGuest(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ nickname: 'ab' }, 'nickname'],
      [{ nickname: 'x'.repeat(31) }, 'nickname'],
      [{ nickname: '   ' }, 'nickname'],
      [{ locale: 'xx' }, 'locale'],
      [{ theme: 'blue' }, 'theme'],
      [{ avatar_id: 'one' }, 'avatar_id'],
      [{ avatar_id: 99999, nickname: 'Would Change' }, 'avatar_id'],
      [{ nickname_id: 99999 }, 'nickname_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.call(g, 'PUT', `/api/users/${g.id}`, payload);
      expect(res.status, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, g.id));
    expect(row.nickname).toBe(g.nickname);
  });

  it('counts nickname length in user-perceived characters', async () => {
    const g = await signInGuest(t.app);
    // Three family emoji are three characters, though many code points.
    const res = await t.call(g, 'PUT', `/api/users/${g.id}`, { nickname: '👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧' });
    expect(res.status).toBe(200);
  });
});

describe('profile information and password', () => {
  it('refuses a username or email someone else has', async () => {
    const a = await signInGuest(t.app);
    const b = await signInGuest(t.app);
    const mine = (await t.call(a, 'GET', '/api/get/data/user')).body.data;
    const res = await t.call(b, 'PUT', '/api/user/profile-information', { username: mine.username.toUpperCase() });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'VALIDATION', errors: { username: ['This is already taken.'] } });
    const bad = await t.call(b, 'PUT', '/api/user/profile-information', { email: 'not-an-email' });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('VALIDATION');
    expect(bad.body.errors).toEqual({ email: ['Enter a valid email address.'] });
  });

  it('requires matching confirmation, and the current password once one is set', async () => {
    const g = await signInGuest(t.app);
    const mismatch = await t.call(g, 'PUT', '/api/user/password', { password: 'first password', password_confirmation: 'other password' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.code).toBe('VALIDATION');
    expect(mismatch.body.errors).toEqual({ password_confirmation: ['The passwords do not match.'] });
    const blank = await t.call(g, 'PUT', '/api/user/password', { password: ' '.repeat(8), password_confirmation: ' '.repeat(8) });
    expect([blank.status, blank.body.errors]).toEqual([422, { password: ['This field is required.'] }]);
    const short = await t.call(g, 'PUT', '/api/user/password', { password: 'short', password_confirmation: 'short' });
    expect(short.body.errors).toEqual({ password: ['Must be at least 8 characters.'] });

    const set = await t.call(g, 'PUT', '/api/user/password', { password: 'first password', password_confirmation: 'first password' });
    expect(set.status).toBe(204);
    const noCurrent = await t.call(g, 'PUT', '/api/user/password', {
      password: 'second password',
      password_confirmation: 'second password',
    });
    expect(noCurrent.body.errors).toEqual({ current_password: ['This field is required.'] });
    const wrongCurrent = await t.call(g, 'PUT', '/api/user/password', {
      current_password: 'nope',
      password: 'second password',
      password_confirmation: 'second password',
    });
    expect(wrongCurrent.status).toBe(422);
    expect(wrongCurrent.body.code).toBe('VALIDATION');
    const ok = await t.call(g, 'PUT', '/api/user/password', {
      current_password: 'first password',
      password: 'second password',
      password_confirmation: 'second password',
    });
    expect(ok.status).toBe(204);
    expect((await t.call(g, 'GET', '/api/get/data/user')).body.data.has_password).toBe(true);
  });
});

describe('push token, ranks, nicknames', () => {
  it('stores the push token', async () => {
    const g = await signInGuest(t.app);
    const res = await t.call(g, 'POST', '/api/user', { fcm_token: 'device-token-1' });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, g.id));
    expect(row.fcmToken).toBe('device-token-1');
  });

  it('lists the rank ladder with the current rank marked, translated', async () => {
    const g = await signInGuest(t.app);
    const res = await t.call(g, 'GET', '/api/get/user/rank');
    const ranks = res.body.user_rank;
    expect(ranks.map((r: { min_points: number }) => r.min_points)).toEqual([0, 50, 200, 500, 1500, 5000]);
    expect(ranks.filter((r: { is_current: boolean }) => r.is_current)).toHaveLength(1);
    expect(ranks[0]).toMatchObject({ name: 'Newcomer', is_current: true });
  });

  it("suggests nicknames in the request's language", async () => {
    const en = (await t.call(null, 'GET', '/api/nicknames', undefined, { headers: { 'x-locale': 'en' } })).body.data;
    const ja = (await t.call(null, 'GET', '/api/nicknames', undefined, { headers: { 'x-locale': 'ja' } })).body.data;
    for (const { nickname } of en) expect(nickname).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    for (const { nickname } of ja) expect(nickname).not.toMatch(/[A-Za-z]/);
  });
});

describe('POST /api/disable-{kind}-notification', () => {
  it('toggles one switch of the signed-in user and answers the three', async () => {
    const g = await signInGuest(t.app);
    const off = await t.call(g, 'POST', '/api/disable-advice-notification');
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ notification_settings: { support: true, advice: false, message: true } });
    const message = await t.call(g, 'POST', '/api/disable-message-notification');
    expect(message.body).toEqual({ notification_settings: { support: true, advice: false, message: false } });
    const back = await t.call(g, 'POST', '/api/disable-advice-notification');
    expect(back.body).toEqual({ notification_settings: { support: true, advice: true, message: false } });
    expect((await t.call(g, 'GET', '/api/get/data/user')).body.data.notification_settings).toEqual({
      support: true,
      advice: true,
      message: false,
    });
  });

  it('needs a signed-in user', async () => {
    const res = await t.call(null, 'POST', '/api/disable-support-notification');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });
});
