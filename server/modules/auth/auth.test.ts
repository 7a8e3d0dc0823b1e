import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_MAX, LOGIN_FAILURES_WINDOW_MS } from '../../../core/limits.ts';
import { createTestApp, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';
import { frozenClock } from '../../../tests/helpers/clock.ts';
import { csrfTokenFor } from '../../lib/tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function cookies(res: { headers: Record<string, unknown> }): string[] {
  const h = res.headers['set-cookie'];
  return Array.isArray(h) ? h : h ? [String(h)] : [];
}

describe('guest login', () => {
  it('creates an anonymous user with username, nickname, avatar and a working token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/guest-login', payload: {} });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    expect(body.data.username).toMatch(/^guest_[a-z0-9]{8}$/);
    expect(body.data.nickname.length).toBeGreaterThan(2);
    expect(body.data.avatar.url).toMatch(/^\/avatars\/avatar-\d+\.svg$/);
    expect(body.data.rank).toMatchObject({ name: 'Newcomer', level: 1 });
    expect(body.data.has_password).toBe(false);

    const me = await t.app.inject({ method: 'GET', url: '/api/get/data/user', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(body.data.id);
  });

  it('sets the session cookies of SPEC.md section 9', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/guest-login', payload: {} });
    const [auth, user] = ['authToken', 'currentUser'].map((n) => cookies(res).find((c) => c.startsWith(`${n}=`)) ?? '');
    expect(auth).toMatch(/Max-Age=604800/);
    expect(auth).toMatch(/Path=\//);
    expect(auth).toMatch(/HttpOnly/);
    expect(auth).toMatch(/SameSite=Lax/);
    expect(auth).not.toMatch(/Secure/);
    expect(user).toMatch(/Max-Age=604800/);
    expect(user).not.toMatch(/HttpOnly/);
  });

  it('accepts a request without a body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/guest-login' });
    expect(res.statusCode).toBe(201);
  });

  it('creates GUEST_LOGINS_PER_HOUR guests per address an hour, then answers 429', async () => {
    const limited = await createTestApp({ GUEST_LOGINS_PER_HOUR: '2' });
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await limited.app.inject({ method: 'POST', url: '/api/guest-login', payload: {} }));
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 429]);
      expect(answers[2].json().code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });

  it('gives each guest a unique username', async () => {
    const names = await Promise.all([1, 2, 3, 4, 5].map(() => t.app.inject({ method: 'POST', url: '/api/guest-login', payload: {} })));
    const set = new Set(names.map((r) => r.json().data.username));
    expect(set.size).toBe(5);
  });

  it('answers 400 to malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/guest-login',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' });
  });
});

describe('password login', () => {
  it('signs in by username or email, and refuses unknown user and bad password with the same message', async () => {
    const g = await signInGuest(t.app);
    const setPw = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: g.auth,
      payload: { password: 'correct horse battery', password_confirmation: 'correct horse battery' },
    });
    expect(setPw.statusCode).toBe(204);
    const email = `g${g.id}@example.org`;
    const prof = await t.app.inject({ method: 'PUT', url: '/api/user/profile-information', headers: g.auth, payload: { email } });
    expect(prof.statusCode).toBe(200);
    const me = prof.json().data;

    const byName = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: me.username, password: 'correct horse battery' },
    });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().data.id).toBe(g.id);
    const byEmail = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: email.toUpperCase(), password: 'correct horse battery' },
    });
    expect(byEmail.statusCode).toBe(200);

    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: me.username, password: 'nope nope nope' } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody_here', password: 'nope nope nope' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'These credentials do not match our records.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('names the missing field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { password: 'x' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('VALIDATION');
    expect(res.json().errors).toEqual({ username: ['This field is required.'] });
    const types = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'a', password: 42 } });
    expect(types.statusCode).toBe(422);
    expect(types.json().errors).toEqual({ password: ['This value is not valid.'] });
  });

  it('stops an identifier after repeated failures', async () => {
    const clock = frozenClock();
    const payload = { username: 'target_user', password: 'wrong password' };
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress: `10.0.0.${i}` });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
    }
    const blocked = await t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress: '10.0.1.1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('LOGIN_THROTTLED');
    expect(blocked.json().retry_at).toBe(new Date(clock.start + LOGIN_FAILURES_WINDOW_MS).toISOString());
  });
});

const login = (payload: object, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress });

describe('failed password checks', () => {
  const PASSWORD = 'correct horse battery';
  let n = 0;
  /** A guest with a password and an email, and a fresh address range for its attempts. */
  async function account() {
    const g = await signInGuest(t.app);
    const net = `10.${++n}.0`;
    const pw = { password: PASSWORD, password_confirmation: PASSWORD };
    expect((await t.app.inject({ method: 'PUT', url: '/api/user/password', headers: g.auth, payload: pw })).statusCode).toBe(204);
    const email = `Acc${g.id}@Example.org`;
    const prof = await t.app.inject({ method: 'PUT', url: '/api/user/profile-information', headers: g.auth, payload: { email } });
    return { g, email, username: prof.json().data.username as string, ip: (i: number) => `${net}.${i}` };
  }
  const codes = (results: { statusCode: number; json(): { code: string } }[]) =>
    results.map((r) => `${r.statusCode} ${r.json().code}`).sort();

  it('counts each attempt before evaluating it, so parallel attempts from one address cannot exceed the limit', async () => {
    const a = await account();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login({ username: `nobody_${n}_${i}`, password: 'wrong password' }, a.ip(1))),
    );
    expect(codes(results)).toEqual([
      ...Array(LOGIN_FAILURES_MAX).fill('422 INVALID_CREDENTIALS'),
      ...Array(30 - LOGIN_FAILURES_MAX).fill('429 LOGIN_THROTTLED'),
    ]);
  });

  it('counts the username, the email and their case variants as one account, from any address', async () => {
    const a = await account();
    const names = [{ username: a.username }, { email: a.email }, { login: a.username.toUpperCase() }, { email: a.email.toLowerCase() }];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login({ ...names[i % names.length], password: 'wrong password' }, a.ip(i))),
    );
    expect(codes(results)).toEqual([
      ...Array(LOGIN_FAILURES_MAX).fill('422 INVALID_CREDENTIALS'),
      ...Array(20 - LOGIN_FAILURES_MAX).fill('429 LOGIN_THROTTLED'),
    ]);
    // The right password is not evaluated either until the window ends.
    const right = await login({ email: a.email, password: PASSWORD }, a.ip(99));
    expect(right.json().code).toBe('LOGIN_THROTTLED');
  });

  it('gives a successful attempt its count back', async () => {
    const a = await account();
    for (let i = 0; i < LOGIN_FAILURES_MAX - 1; i++) {
      expect((await login({ username: a.username, password: 'wrong password' }, a.ip(1))).statusCode).toBe(422);
    }
    for (let i = 0; i < 3; i++) expect((await login({ username: a.username, password: PASSWORD }, a.ip(1))).statusCode).toBe(200);
    expect((await login({ username: a.username, password: 'wrong password' }, a.ip(1))).statusCode).toBe(422);
    expect((await login({ username: a.username, password: 'wrong password' }, a.ip(1))).json().code).toBe('LOGIN_THROTTLED');
  });

  it('counts a wrong current password on a password change as a failed sign-in of the account', async () => {
    const clock = frozenClock();
    const a = await account();
    const change = (current: string, i: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/password',
        headers: a.g.auth,
        remoteAddress: a.ip(i),
        payload: { current_password: current, password: 'a new password', password_confirmation: 'a new password' },
      });
    const results = await Promise.all(Array.from({ length: 15 }, (_, i) => change('wrong password', i)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(LOGIN_FAILURES_MAX).fill(422), ...Array(5).fill(429)]);
    const blocked = await change(PASSWORD, 50);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: 'LOGIN_THROTTLED',
      message: 'Too many sign-in attempts. Please try again in 15 minutes.',
      retry_at: new Date(clock.start + LOGIN_FAILURES_WINDOW_MS).toISOString(),
    });
    expect((await login({ username: a.username, password: PASSWORD }, a.ip(51))).json().code).toBe('LOGIN_THROTTLED');
    clock.at(LOGIN_FAILURES_WINDOW_MS);
    expect((await change(PASSWORD, 52)).statusCode).toBe(204);
  });
});

describe('password hashing under a burst of sign-ins', () => {
  it('leaves the thread pool to other requests: a compressed feed read does not wait behind the password checks', async () => {
    const g = await signInGuest(t.app);
    for (let i = 0; i < 3; i++) {
      const content = `Reading before sleep ${i}: ${'the quiet hour helps me put the day down and rest a little. '.repeat(40)}`;
      expect((await t.call(g, 'POST', '/api/posts', { content })).status).toBe(201);
    }
    let checked = 0;
    const burst = Array.from({ length: 24 }, (_, i) =>
      login({ username: `burst_${i}`, password: 'wrong password' }, `10.200.0.${i}`).then(() => checked++),
    );
    // Once the first check is done, every other one has reached the hashing step.
    await Promise.race(burst);
    const before = checked;
    const feed = await t.app.inject({ method: 'GET', url: '/api/posts', headers: { ...g.auth, 'accept-encoding': 'gzip' } });
    const checkedMeanwhile = checked - before;
    await Promise.all(burst);
    expect(feed.headers['content-encoding']).toBe('gzip');
    // gzip runs on the thread pool too; with every hash let onto it at once, the feed came after ~20 of them.
    expect(checkedMeanwhile).toBeLessThanOrEqual(3);
  });
});

describe('tokens', () => {
  it('logout revokes the token at once', async () => {
    const g = await signInGuest(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: g.auth });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/get/data/user', headers: g.auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHENTICATED');
  });

  it('marks every answer to a signed-in request private and not to be stored', async () => {
    const g = await signInGuest(t.app);
    for (const url of ['/api/get/data/user', '/api/posts', '/api/get-avatars']) {
      expect((await t.call(g, 'GET', url)).headers['cache-control'], url).toBe('private, no-store');
      expect((await t.call(null, 'GET', url)).headers['cache-control'], url).toBeUndefined();
    }
  });

  it('rejects an unknown bearer token with 401, even on public calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/get-avatars', headers: { authorization: 'Bearer not-a-token' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
  });

  it('needs sign-in for auth calls', async () => {
    for (const [method, url] of [
      ['GET', '/api/get/data/user'],
      ['POST', '/api/logout'],
      ['POST', '/api/user'],
      ['GET', '/api/get/user/rank'],
      ['PUT', '/api/users/1'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code, `${method} ${url}`).toBe('UNAUTHENTICATED');
    }
  });
});

describe('cookie sessions and CSRF', () => {
  it('accepts the auth cookie, and requires X-CSRF-Token on changes (419 without)', async () => {
    const g = await signInGuest(t.app);
    const cookie = `authToken=${g.token}`;
    const get = await t.app.inject({ method: 'GET', url: '/api/get/data/user', headers: { cookie } });
    expect(get.statusCode).toBe(200);

    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/user', headers: { cookie }, payload: { fcm_token: 'abc' } });
    expect(noCsrf.statusCode).toBe(419);
    expect(noCsrf.json()).toEqual({ code: 'CSRF', message: 'CSRF token mismatch.' });

    const badCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { cookie, 'x-csrf-token': 'forged' },
      payload: { fcm_token: 'abc' },
    });
    expect(badCsrf.statusCode).toBe(419);
    expect(badCsrf.json().code).toBe('CSRF');

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { cookie, 'x-csrf-token': csrfTokenFor(g.token) },
      payload: { fcm_token: 'abc' },
    });
    expect(ok.statusCode).toBe(200);
  });
});
