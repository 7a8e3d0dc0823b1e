import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCALE_CODES } from '../../../core/locales.ts';
import { users } from '../../../db/schema.ts';
import { createTestApp, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';
import { allNicknames, nicknameById, nicknameCount, nicknameId, nicknameWords } from './nickname-words.ts';

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
  type Offer = { id: number; nickname: string };
  const offers = async (locale: string): Promise<Offer[]> => {
    const res = await t.call(null, 'GET', '/api/nicknames', undefined, { headers: { 'x-locale': locale } });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const ids = (list: { id: number }[]) => list.map((s) => s.id).sort((a, b) => a - b);
  /** Members known by these nicknames, every other one written in capitals (case does not make a name free). */
  const take = (locale: string, names: readonly Offer[]) =>
    t.database.db
      .insert(users)
      .values(names.map((n, i) => ({ username: `taken_${locale}_${n.id}`, nickname: i % 2 ? n.nickname.toUpperCase() : n.nickname })));
  /** The language's nicknames no member goes by now, for a language whose letters JavaScript lowers as the database does. */
  const freeNow = async (locale: string) => {
    const rows = await t.database.db.select({ name: sql<string>`lower(${users.nickname})` }).from(users);
    const used = new Set(rows.map((r) => r.name));
    return allNicknames(locale).filter((n) => !used.has(n.nickname.toLowerCase()));
  };

  it('composes 48 × 48 nicknames per language, each named by an id of its language and words', () => {
    for (const locale of LOCALE_CODES) {
      const pool = allNicknames(locale);
      expect(pool, locale).toHaveLength(nicknameCount(locale));
      expect(new Set(pool.map((n) => n.nickname.toLowerCase())).size, locale).toBe(pool.length);
      expect(
        pool.filter((n) => nicknameById(n.id) !== n.nickname),
        locale,
      ).toEqual([]);
    }
    expect(nicknameCount('en')).toBe(48 * 48);
    expect(nicknameId('en', 1, 1)).toBe(1_001_001);
    expect(nicknameById(1_001_001)).toBe('Gentle River');
    expect(nicknameById(nicknameId('en', 48, 48))).toBe('Lucky Firefly');
    expect(nicknameById(nicknameId('ar', 2, 3))).toBe(nicknameById(2_002_003));
  });

  it('takes the nickname of word 48 by id and refuses word 49, another language, an old-style id with 422', async () => {
    const g = await signInGuest(t.app);
    // A nickname of word 48 no member goes by: this file's guests got random ones, and one of them could hold any
    // given name (a taken one is refused, which another test checks).
    const free = new Set((await freeNow('en')).map((n) => n.id));
    const last = Array.from({ length: 48 }, (_, k) => nicknameId('en', 48, 48 - k)).find((id) => free.has(id)) ?? 0;
    const name = nicknameById(last);
    expect(name).toMatch(/^Lucky /);
    const chosen = await t.call(g, 'PUT', `/api/users/${g.id}`, { nickname_id: last });
    expect(chosen.status).toBe(200);
    expect(chosen.body.user.nickname).toBe(name);
    // Word 49 of either kind, a language past the last, no word 0, and the ids of before 48 words (1 was "Gentle River").
    for (const id of [1_049_001, 1_001_049, 1_000_001, 1_001_000, (LOCALE_CODES.length + 1) * 1_000_000 + 1_001, 1, 144, 5328]) {
      const res = await t.call(g, 'PUT', `/api/users/${g.id}`, { nickname_id: id });
      expect(res.status, String(id)).toBe(422);
      expect(res.body.errors, String(id)).toEqual({ nickname_id: ['This nickname suggestion does not exist.'] });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, g.id));
    expect(row.nickname).toBe(name);
  });

  it('with 2,000 of a language’s nicknames taken offers five free ones each time, and a new guest gets a free one', async () => {
    // English, whose 2,304 nicknames are 48 × 48 words; the other tests' guests hold a few more of them.
    const locale = 'en';
    const pool = allNicknames(locale);
    await take(
      locale,
      pool.filter((_, i) => (i * 7) % pool.length < 2000),
    );
    const free = new Set((await freeNow(locale)).map((n) => n.id));
    expect(pool.length - free.size).toBeGreaterThanOrEqual(2000);
    expect(free.size).toBeGreaterThan(250);
    for (let round = 0; round < 20; round++) {
      const offered = await offers(locale);
      expect(offered).toHaveLength(5);
      expect(new Set(ids(offered)).size).toBe(5);
      for (const s of offered) {
        expect(free.has(s.id), s.nickname).toBe(true);
        expect(s.nickname).toBe(nicknameById(s.id));
      }
    }
    const g = await signInGuest(t.app, locale);
    expect([...free].map((id) => nicknameById(id))).toContain(g.nickname);
  });

  it('offers only nicknames no member uses, gives a new guest one of them, and refuses a taken one by id', async () => {
    // Swahili: every other nickname of the language is someone's, some written in other letter case.
    const locale = 'sw';
    const pool = allNicknames(locale);
    const free = [pool[17], pool[80], pool.at(-1) as Offer];
    const taken = pool.filter((n) => !free.includes(n));
    await take(locale, taken);

    for (let round = 0; round < 3; round++) {
      const offered = await offers(locale);
      expect(ids(offered)).toEqual(ids(free));
      for (const s of offered) expect(s.nickname).toBe(nicknameById(s.id));
    }

    const g = await signInGuest(t.app, locale);
    expect(free.map((n) => n.nickname)).toContain(g.nickname);
    const left = free.filter((n) => n.nickname !== g.nickname);
    expect(ids(await offers(locale))).toEqual(ids(left));

    const other = await signInGuest(t.app);
    const refused = await t.call(other, 'PUT', `/api/users/${other.id}`, { nickname_id: taken[5].id });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('VALIDATION');
    expect(refused.body.errors).toEqual({
      nickname_id: ['Someone else has just taken this nickname. Please choose one of the new suggestions.'],
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(row.nickname).toBe(other.nickname);
  });

  it('checks a language whose nicknames are all taken in full once a minute, and then offers one freed meanwhile', async () => {
    const locale = 'ro';
    const pool = allNicknames(locale);
    await take(locale, pool);
    const select = vi.spyOn(t.database.db, 'select');
    try {
      expect(await offers(locale)).toEqual([]);
      const first = select.mock.calls.length;
      // Its member takes another name: the nickname is free, but the full check was a moment ago.
      const freed = pool[100];
      await t.database.db
        .update(users)
        .set({ nickname: 'Someone Else' })
        .where(eq(users.username, `taken_${locale}_${freed.id}`));
      select.mockClear();
      const meanwhile = await offers(locale);
      expect(select.mock.calls.length).toBe(first - 1);
      for (const s of meanwhile) expect(s).toEqual(freed);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61_000);
      expect(await offers(locale)).toEqual([freed]);
    } finally {
      vi.useRealTimers();
      select.mockRestore();
    }
  });

  it('counts a nickname as taken where JavaScript and the database lower its letters differently', async () => {
    // Azerbaijani's "İşıqlı" (adjective 6): JavaScript lowers "İ" to "i̇", PostgreSQL to "i". All but three of the
    // language's nicknames are taken, as composed.
    const locale = 'az';
    expect(nicknameWords(locale).adjectives[5]).toBe('İşıqlı');
    const pool = allNicknames(locale);
    const free = pool.filter((n) => !n.nickname.includes('İ')).slice(-3);
    const taken = pool.filter((n) => !free.includes(n));
    await t.database.db.insert(users).values(taken.map((n) => ({ username: `taken_${locale}_${n.id}`, nickname: n.nickname })));
    expect(ids(await offers(locale))).toEqual(ids(free));

    const g = await signInGuest(t.app);
    const res = await t.call(g, 'PUT', `/api/users/${g.id}`, { nickname_id: nicknameId(locale, 6, 1) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      nickname_id: ['Someone else has just taken this nickname. Please choose one of the new suggestions.'],
    });
  });

  // A true race of the same choice, which the advisory lock settles, is in claims.test.ts (PostgreSQL only).
  it('gives a suggestion chosen by two people to one of them and tells the other; choosing one’s own again is no conflict', async () => {
    const [a, b] = [await signInGuest(t.app), await signInGuest(t.app)];
    const id = nicknameId('fil', 1, 1);
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
