import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE } from '../../core/limits.ts';
import { createTestApp, signInGuest, type TestApp } from '../../tests/helpers/app.ts';
import { pageSession } from '../lib/page-session.ts';
import { userForToken } from '../modules/auth/service.ts';
import { type UserRow, userAnswer } from '../modules/users/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The nickname /api/get/data/user answers with, for a call carrying this cookie token. */
const nicknameFor = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/get/data/user', headers: { cookie: `${COOKIE.auth}=${token}` } })).json().data?.nickname;

describe("a page's session", () => {
  it("is the user of the page's in-process calls with its own cookie, and of no other call", async () => {
    const g = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    const row = (await userForToken(t.database.db, g.token)) as UserRow;
    // A nickname the database does not hold shows which user the call was given.
    const kept = { token: g.token, user: { ...row, nickname: 'Kept By The Page' } };
    await pageSession.run({ kept }, async () => {
      expect(await nicknameFor(g.token)).toBe('Kept By The Page');
      expect(await nicknameFor(other.token)).toBe(other.nickname);
    });
    expect(await nicknameFor(g.token)).toBe(g.nickname);
  });

  it('leaves the call to read its token when the page kept none', async () => {
    const g = await signInGuest(t.app);
    await pageSession.run({ kept: null }, async () => {
      expect(await nicknameFor(g.token)).toBe(g.nickname);
    });
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: g.auth });
    const res = await t.app.inject({ method: 'GET', url: '/api/get/data/user', headers: { cookie: `${COOKIE.auth}=${g.token}` } });
    expect(res.statusCode).toBe(401);
  });

  it("answers a page's own user as GET /api/get/data/user does, byte for byte (the root loader takes it without the call)", async () => {
    const g = await signInGuest(t.app);
    const avatar = (await t.app.inject({ method: 'GET', url: '/api/get-avatars' })).json().data[0].id;
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${g.id}`,
      headers: g.auth,
      payload: { avatar_id: avatar, theme: 'dark' },
    });
    expect(update.statusCode).toBe(200);
    const row = (await userForToken(t.database.db, g.token)) as UserRow;
    expect(row.avatarId).toBe(avatar);
    for (const locale of ['en', 'ar', 'de']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/get/data/user',
        headers: { cookie: `${COOKIE.auth}=${g.token}`, 'x-locale': locale },
      });
      expect(res.statusCode).toBe(200);
      expect(JSON.stringify({ data: await userAnswer(t.database.db, row, locale) })).toBe(res.body);
    }
  });
});
