/**
 * The browser's client, whose code arrives with its first call (app/lib/browser-api.ts), against the real server
 * through the browser's `fetch`: it answers and fails as the client it loads does, sends calls made in one go
 * in the order they were made, and is not a thenable, so returning it from an async function keeps it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authResponseSchema } from '../../core/schemas/users.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { ApiError } from './api.ts';
import { browserApi } from './browser-api.ts';

let t: TestApp;
/** The calls that reached the server, as `METHOD path body`. */
const calls: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // The app's origin in a browser; here each call is answered by the app in-process. The cookie jar of a browser
  // is the session token, kept from the sign-in's answer.
  let token: string | null = null;
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    calls.push(`${init.method} ${path}${typeof init.body === 'string' ? ` ${init.body}` : ''}`);
    const res = await t.app.inject({
      method: init.method as 'GET',
      url: path,
      headers: { ...(init.headers as Record<string, string>), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    if (path === '/api/guest-login') token = authResponseSchema.parse(JSON.parse(res.body)).token;
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t.close();
});

describe('browserApi', () => {
  it('loads the client with the first call and sends calls made together in their order', async () => {
    const api = browserApi({ locale: 'en' });
    const user = (await api.guestLogin()).data;
    calls.length = 0;
    const [created, me, languages] = await Promise.all([
      api.createPost({ content: 'A long week at work '.repeat(12).trim() }),
      api.currentUser(),
      api.contentLanguages(),
    ]);
    expect(calls.map((call) => call.split(' ').slice(0, 2).join(' '))).toEqual([
      'POST /api/posts',
      'GET /api/get/data/user',
      'GET /api/get/languages/custom',
    ]);
    expect((await api.post(created.data.id)).data.user.id).toBe(user.id);
    expect(languages).toEqual({ data: [], auto_detect: true });
    expect(me.data.id).toBe(user.id);
  });

  it("rejects with the server's error as the loaded client does", async () => {
    const api = browserApi({ locale: 'en' });
    const refused = await api.post(999_999).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect([(refused as ApiError).status, (refused as ApiError).code]).toEqual([404, 'NOT_FOUND']);
  });

  it('is not a thenable', async () => {
    const api = browserApi({ locale: 'en' });
    expect((api as unknown as { then?: unknown }).then).toBeUndefined();
    expect(await Promise.resolve(api)).toBe(api);
  });
});
