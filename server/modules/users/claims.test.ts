/**
 * Two people claiming one username or email at the same moment: both pass the "taken" check, the unique index
 * refuses the later write, and that answer is the same 422 the check gives, not a 500. Raced for real
 * (tests/helpers/race.ts), so PostgreSQL only: PGlite runs one query at a time and never lets two checks pass. A nickname
 * has no unique index (nicknames repeat): a suggestion chosen by id is kept to one person by an advisory lock instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';
import { race } from '../../../tests/helpers/race.ts';

describe('claiming a username or an email at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['username', ['Samwise', 'samwise', 'SAMWISE']],
    ['email', ['sam@shire.example', 'Sam@Shire.example', 'SAM@SHIRE.EXAMPLE']],
  ])('gives the %s to one of them and a 422 to the others', async (field, values) => {
    const guests = await Promise.all(values.map(() => signInGuest(t.app)));
    const results = await race(
      t,
      'users',
      guests.map((g, i) => () => t.call(g, 'PUT', '/api/user/profile-information', { [field]: values[i] })),
    );
    const refused = { status: 422, body: { code: 'VALIDATION', errors: { [field]: ['This is already taken.'] } } };
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r).toMatchObject(refused);
    const winner = guests[results.findIndex((r) => r.status === 200)];
    expect((await t.call(winner, 'GET', '/api/get/data/user')).body.data[field]).toBe(values[results.findIndex((r) => r.status === 200)]);
  });

  it('gives a nickname suggestion chosen by three at once to one of them and the clear 422 to the others', async () => {
    const guests = await Promise.all([1, 2, 3].map(() => signInGuest(t.app)));
    const { id, nickname } = (await t.call(null, 'GET', '/api/nicknames', undefined, { headers: { 'x-locale': 'uz' } })).body.data[0];
    const results = await race(
      t,
      'users',
      guests.map((g) => () => t.call(g, 'PUT', `/api/users/${g.id}`, { nickname_id: id })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = {
      status: 422,
      body: {
        code: 'VALIDATION',
        errors: { nickname_id: ['Someone else has just taken this nickname. Please choose one of the new suggestions.'] },
      },
    };
    for (const r of results.filter((r) => r.status !== 200)) expect(r).toMatchObject(refused);
    const names = await Promise.all(guests.map(async (g) => (await t.call(g, 'GET', '/api/get/data/user')).body.data.nickname));
    expect(names.filter((n) => n === nickname)).toHaveLength(1);
  });
});
