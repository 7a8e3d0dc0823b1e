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
    const avatars = (await t.app.inject({ method: 'GET', url: '/api/get-avatars' })).json().data;
    expect(avatars.length).toBeGreaterThanOrEqual(12);
    const suggestions = (await t.app.inject({ method: 'GET', url: '/api/nicknames' })).json().data;
    expect(suggestions.length).toBe(5);

    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${g.id}`,
      headers: g.auth,
      payload: { avatar_id: avatars[3].id, nickname_id: suggestions[0].id, locale: 'ar', theme: 'dark' },
    });
    expect(res.statusCode).toBe(200);
    const user = res.json().user;
    expect(user).toMatchObject({ avatar: avatars[3], nickname: suggestions[0].nickname, locale: 'ar', theme: 'dark' });
    const localeCookie = String(res.headers['set-cookie']);
    expect(localeCookie).toMatch(/^locale=ar;/);
    expect(localeCookie).toMatch(/Max-Age=31536000/);
    expect(localeCookie).toMatch(/SameSite=Lax/);

    const typed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${g.id}`,
      headers: g.auth,
      payload: { nickname: '  Quiet Lake  ' },
    });
    expect(typed.json().user.nickname).toBe('Quiet Lake');
  });

  it("refuses someone else's account with 403 and changes nothing", async () => {
    const a = await signInGuest(t.app);
    const b = await signInGuest(t.app);
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${b.id}`, headers: a.auth, payload: { nickname: 'Taken Over' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
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
      const res = await t.app.inject({ method: 'PUT', url: `/api/users/${g.id}`, headers: g.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(payload)).toContain(field);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, g.id));
    expect(row.nickname).toBe(g.nickname);
  });

  it('counts nickname length in user-perceived characters', async () => {
    const g = await signInGuest(t.app);
    // Three family emoji are three characters, though many code points.
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${g.id}`,
      headers: g.auth,
      payload: { nickname: '👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('profile information and password', () => {
  it('refuses a username or email someone else has', async () => {
    const a = await signInGuest(t.app);
    const b = await signInGuest(t.app);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/get/data/user', headers: a.auth })).json().data;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile-information',
      headers: b.auth,
      payload: { username: mine.username.toUpperCase() },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('VALIDATION');
    expect(res.json().errors.username).toEqual(['This is already taken.']);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile-information',
      headers: b.auth,
      payload: { email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('VALIDATION');
    expect(bad.json().errors).toEqual({ email: ['Enter a valid email address.'] });
  });

  it('requires matching confirmation, and the current password once one is set', async () => {
    const g = await signInGuest(t.app);
    const mismatch = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: g.auth,
      payload: { password: 'first password', password_confirmation: 'other password' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().code).toBe('VALIDATION');
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['The passwords do not match.'] });
    const short = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: g.auth,
      payload: { password: 'short', password_confirmation: 'short' },
    });
    expect(short.json().errors).toEqual({ password: ['Must be at least 8 characters.'] });

    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: g.auth,
      payload: { password: 'first password', password_confirmation: 'first password' },
    });
    expect(set.statusCode).toBe(204);
    const noCurrent = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: g.auth,
      payload: { password: 'second password', password_confirmation: 'second password' },
    });
    expect(noCurrent.json().errors).toEqual({ current_password: ['This field is required.'] });
    const wrongCurrent = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: g.auth,
      payload: { current_password: 'nope', password: 'second password', password_confirmation: 'second password' },
    });
    expect(wrongCurrent.statusCode).toBe(422);
    expect(wrongCurrent.json().code).toBe('VALIDATION');
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: g.auth,
      payload: { current_password: 'first password', password: 'second password', password_confirmation: 'second password' },
    });
    expect(ok.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/get/data/user', headers: g.auth })).json().data.has_password).toBe(true);
  });
});

describe('push token, ranks, nicknames', () => {
  it('stores the push token', async () => {
    const g = await signInGuest(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/user', headers: g.auth, payload: { fcm_token: 'device-token-1' } });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, g.id));
    expect(row.fcmToken).toBe('device-token-1');
  });

  it('lists the rank ladder with the current rank marked, translated', async () => {
    const g = await signInGuest(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/get/user/rank', headers: g.auth });
    const ranks = res.json().user_rank;
    expect(ranks.map((r: { min_points: number }) => r.min_points)).toEqual([0, 50, 200, 500, 1500, 5000]);
    expect(ranks.filter((r: { is_current: boolean }) => r.is_current)).toHaveLength(1);
    expect(ranks[0]).toMatchObject({ name: 'Newcomer', is_current: true });
  });

  it("suggests nicknames in the request's language", async () => {
    const en = (await t.app.inject({ method: 'GET', url: '/api/nicknames', headers: { 'x-locale': 'en' } })).json().data;
    const ja = (await t.app.inject({ method: 'GET', url: '/api/nicknames', headers: { 'x-locale': 'ja' } })).json().data;
    for (const { nickname } of en) expect(nickname).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    for (const { nickname } of ja) expect(nickname).not.toMatch(/[A-Za-z]/);
  });
});
