/**
 * Rate limits counted in Redis under the app's REDIS_KEY_PREFIX: two deployments (or two test runs) sharing one
 * Redis count apart, while one deployment's instances count together. Needs REDIS_URL.
 */
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../tests/helpers/app.ts';
import { redisUrl, testKeyPrefix } from '../../tests/helpers/redis.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';

const redis = redisUrl('the rate-limit prefix test');
const closing: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
});

describe.runIf(redis)('rate-limit keys in Redis', () => {
  it('are counted per REDIS_KEY_PREFIX: the same limit is exhausted in one deployment and fresh in another', async () => {
    const { database, drop } = await openTestDatabase();
    closing.push(drop, () => database.close());
    const prefixA = testKeyPrefix();
    const prefixB = testKeyPrefix();
    const start = (prefix: string) => {
      const config = parseConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        REDIS_URL: redis,
        REDIS_KEY_PREFIX: prefix,
        GUEST_LOGINS_PER_HOUR: '2',
      });
      return buildApp({ config, database, logger: false });
    };
    const [a1, a2, b] = await Promise.all([start(prefixA), start(prefixA), start(prefixB)]);
    closing.push(
      () => a1.close(),
      () => a2.close(),
      () => b.close(),
    );
    await Promise.all([a1.ready(), a2.ready(), b.ready()]);
    const guestLogin = (app: typeof a1) => app.inject({ method: 'POST', url: '/api/guest-login', payload: {} }).then((r) => r.statusCode);

    // Two instances of deployment A share its count: the third sign-in of the hour is refused on either.
    expect(await guestLogin(a1)).toBe(201);
    expect(await guestLogin(a2)).toBe(201);
    expect(await guestLogin(a1)).toBe(429);
    // Deployment B, on the same Redis from the same address, has its own count.
    expect(await guestLogin(b)).toBe(201);
    expect(await guestLogin(b)).toBe(201);
    expect(await guestLogin(b)).toBe(429);

    const direct = new Redis(redis as string);
    closing.push(() => direct.quit());
    const keys = async (prefix: string) => (await direct.keys(`${prefix}rl:*guest-login*`)).sort();
    expect(await keys(prefixA)).toEqual([`${prefixA}rl:POST/api/guest-login-127.0.0.1`]);
    expect(await keys(prefixB)).toEqual([`${prefixB}rl:POST/api/guest-login-127.0.0.1`]);
    expect(await direct.get(`${prefixA}rl:POST/api/guest-login-127.0.0.1`)).toBe('3');
  });
});
