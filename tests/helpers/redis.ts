import { randomBytes } from 'node:crypto';

/**
 * The Redis URL for the tests that need a second instance. Off CI a missing REDIS_URL skips them with a warning;
 * on CI it fails the file, because a skipped cross-instance test would pass without having run.
 */
export function redisUrl(what: string): string | undefined {
  const url = process.env.REDIS_URL;
  if (!url) {
    const msg = `REDIS_URL is not set, so ${what} cannot run.`;
    if (process.env.CI) throw new Error(`${msg} On CI it must run.`);
    console.warn(`${msg} Skipped.`);
  }
  return url;
}

/**
 * A REDIS_KEY_PREFIX of its own for one test app (or one pair of instances): the tests share one Redis, and an
 * hourly limit counted under the plain keys (e.g. guest sign-ins per address) would carry over from run to run.
 */
export const testKeyPrefix = (): string => `test-${randomBytes(6).toString('hex')}:`;
