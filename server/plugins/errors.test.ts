/** The error bodies no feature test reaches: faults, and what Fastify refuses before a route runs. */
import fastifyCookie from '@fastify/cookie';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../tests/helpers/app.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import { translate } from '../i18n.ts';
import errorsPlugin from './errors.ts';
import localePlugin from './locale.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('error bodies', () => {
  it('answer a fault with 500 SERVER_ERROR and nothing of the cause, and an AppError with its own code', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(fastifyCookie);
    await app.register(localePlugin, {});
    await app.register(errorsPlugin);
    app.get('/api/fault', async () => {
      throw new Error('connection string postgres://secret@db');
    });
    app.get('/api/gone', async () => {
      throw new AppError(410, 'QR_EXPIRED', { key: 'errors.qr_expired' });
    });
    try {
      const fault = await app.inject({ method: 'GET', url: '/api/fault' });
      expect([fault.statusCode, fault.json()]).toEqual([500, { code: 'SERVER_ERROR', message: 'Server Error' }]);
      const gone = await app.inject({ method: 'GET', url: '/api/gone', headers: { 'x-locale': 'fr' } });
      expect(gone.statusCode).toBe(410);
      expect(gone.json().code).toBe('QR_EXPIRED');
      expect(gone.json().message).toBe(translate('fr', 'errors.qr_expired'));
    } finally {
      await app.close();
    }
  });

  it("log a database fault by its code and query, without the values of the user's request", async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } });
    await app.register(fastifyCookie);
    await app.register(localePlugin, {});
    await app.register(errorsPlugin);
    const refused = Object.assign(new Error('value too long for "my secret words"'), { code: '22001', severity: 'ERROR' });
    app.get('/api/fault', async () => {
      throw new DrizzleQueryError('update "users" set "nickname" = $1', ['my secret words'], refused);
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/fault' })).statusCode).toBe(500);
      const [logged] = lines.map((line) => JSON.parse(line)).filter((l) => l.msg === 'request failed');
      expect(logged.fault.causes).toEqual([
        { type: 'DrizzleQueryError', query: 'update "users" set "nickname" = $1' },
        { type: 'Error', code: '22001' },
      ]);
      expect(lines.join('')).not.toContain('secret');
    } finally {
      await app.close();
    }
  });

  it("log requests without their query string or the visitor's address", async () => {
    const lines: string[] = [];
    const { database, drop } = await openTestDatabase();
    const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const app = await buildApp({ config, database, logStream: { write: (line) => lines.push(line) } });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/posts-by-keyword?keyword=my%20secret%20words',
        remoteAddress: '203.0.113.9',
      });
      expect(res.statusCode).toBe(200);
      const incoming = lines.map((line) => JSON.parse(line)).find((l) => l.msg === 'incoming request');
      expect(incoming.req).toEqual({ method: 'GET', url: '/api/posts-by-keyword', host: 'localhost:80' });
      expect(lines.join('')).not.toMatch(/secret|203\.0\.113\.9/);
    } finally {
      await app.close();
      await database.close();
      await drop();
    }
  });

  it('give the framing Fastify refuses a code: a body too large, a media type it does not read', async () => {
    const large = await t.call(null, 'POST', '/api/login', { username: 'x'.repeat(300 * 1024), password: 'y' });
    expect([large.status, large.body.code]).toEqual([413, 'UNSUPPORTED_REQUEST']);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect([text.statusCode, text.json().code]).toEqual([415, 'UNSUPPORTED_REQUEST']);
  });
});
