import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system endpoints', () => {
  it('reports health with the database state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('returns the running build id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/builds/latest.json?t=123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: expect.any(String), timestamp: expect.any(String) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lists the 37 languages, five of them right-to-left', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/get/languages' });
    const data = res.json().data;
    expect(data).toHaveLength(37);
    expect(data.filter((l: { dir: string }) => l.dir === 'rtl').map((l: { code: string }) => l.code)).toEqual([
      'ar',
      'fa',
      'ps',
      'ur',
      'ku',
    ]);
    expect(data[0]).toEqual({ code: 'en', name: 'English', native_name: 'English', dir: 'ltr', tag: 'en-US', domain: 'en' });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/guest-login', '/api/login', '/api/users/{user_id}', '/api/get/languages', '/api/health']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(doc.paths['/api/users/{user_id}'].put.requestBody).toBeDefined();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Page Not Found: /api/no-such-thing');
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('translates server messages into the language asked for', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/get/data/user', headers: { 'x-locale': 'fr' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).not.toBe('Unauthenticated.');
    const cookie = await t.app.inject({ method: 'GET', url: '/api/get/data/user', headers: { cookie: 'locale=de' } });
    const accept = await t.app.inject({ method: 'GET', url: '/api/get/data/user', headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    expect(cookie.json().message).not.toBe('Unauthenticated.');
    expect(accept.json().message).not.toBe(cookie.json().message);
  });

  it('reports 503 when the database is down', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', db: 'down' });
    await other.app.close();
  });
});
