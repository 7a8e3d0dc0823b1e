import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../../../core/locales.ts';
import { users } from '../../../db/schema.ts';
import { createTestApp, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';
import { nicknameById } from './service.ts';

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

describe('nickname suggestions and taken nicknames', () => {
  // Swahili's words compose 144 nicknames; the other tests of this file sign in in English.
  const locale = 'sw';
  const base = LOCALE_CODES.indexOf(locale) * 144;
  const pool = Array.from({ length: 144 }, (_, i) => base + i + 1);
  const free = [pool[17], pool[80], pool[143]];

  it('offers only nicknames no member uses, gives a new guest one of them, and refuses a taken one by id', async () => {
    // Every other nickname of the language is someone's, some written in other letter case.
    const taken = pool.filter((id) => !free.includes(id));
    await t.database.db.insert(users).values(
      taken.map((id, i) => {
        const name = nicknameById(id) as string;
        return { username: `taken_${locale}_${id}`, nickname: i % 2 ? name.toUpperCase() : name };
      }),
    );

    for (let round = 0; round < 3; round++) {
      const res = await t.call(null, 'GET', '/api/nicknames', undefined, { headers: { 'x-locale': locale } });
      expect(res.status).toBe(200);
      const offered = res.body.data as { id: number; nickname: string }[];
      expect(offered.map((s) => s.id).sort((a, b) => a - b)).toEqual(free);
      for (const s of offered) expect(s.nickname).toBe(nicknameById(s.id));
    }

    const g = await signInGuest(t.app, locale);
    expect(free.map((id) => nicknameById(id))).toContain(g.nickname);
    const left = free.filter((id) => nicknameById(id) !== g.nickname);
    const offered = (await t.call(null, 'GET', '/api/nicknames', undefined, { headers: { 'x-locale': locale } })).body.data;
    expect(offered.map((s: { id: number }) => s.id).sort((a: number, b: number) => a - b)).toEqual(left);

    const other = await signInGuest(t.app);
    const refused = await t.call(other, 'PUT', `/api/users/${other.id}`, { nickname_id: taken[5] });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('VALIDATION');
    expect(refused.body.errors).toEqual({
      nickname_id: ['Someone else has just taken this nickname. Please choose one of the new suggestions.'],
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(row.nickname).toBe(other.nickname);
  });

  // A true race of the same choice, which the advisory lock settles, is in claims.test.ts (PostgreSQL only).
  it('gives a suggestion chosen by two people to one of them and tells the other; choosing one’s own again is no conflict', async () => {
    const [a, b] = [await signInGuest(t.app), await signInGuest(t.app)];
    const id = LOCALE_CODES.indexOf('fil') * 144 + 1;
    const answers = await Promise.all([a, b].map((g) => t.call(g, 'PUT', `/api/users/${g.id}`, { nickname_id: id })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    const rows = await t.database.db
      .select()
      .from(users)
      .where(eq(users.nickname, nicknameById(id) as string));
    expect(rows.map((r) => r.id)).toHaveLength(1);
    // Choosing again the nickname one already has is no conflict with oneself.
    const winner = answers[0].status === 200 ? a : b;
    expect((await t.call(winner, 'PUT', `/api/users/${winner.id}`, { nickname_id: id })).status).toBe(200);
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
