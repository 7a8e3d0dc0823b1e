/** Password hashing with scrypt (memory-hard, in Node's crypto). Stored as scrypt$N$r$p$salt$hash. */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { LOGIN_FAILURES_MAX, LOGIN_FAILURES_WINDOW_MS } from '../../core/limits.ts';
import { TooMany } from '../errors.ts';
import type { Counter } from './counter.ts';

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const N = 2 ** 15;
const r = 8;
const p = 1;
const KEY_LEN = 32;
// 128 * N * r bytes = 32 MiB per hash; scrypt refuses without room above that.
const maxmem = 64 * 1024 * 1024;

/**
 * scrypt runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which response
 * compression and file reads share. A burst of sign-ins would fill it and every other request would wait behind
 * the hashes, so at most this many run at once and the rest queue here, off the pool.
 */
const SCRYPT_CONCURRENCY = 2;
let running = 0;
const queue: (() => void)[] = [];

async function scryptLimited(password: string, salt: Buffer, len: number, opts: object): Promise<Buffer> {
  if (running < SCRYPT_CONCURRENCY) running++;
  else await new Promise<void>((resolve) => queue.push(resolve));
  try {
    return await scryptAsync(password, salt, len, opts);
  } finally {
    // The slot passes straight to the next in line, so `running` never dips below the work in flight.
    const next = queue.shift();
    if (next) next();
    else running--;
  }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptLimited(password, salt, KEY_LEN, { N, r, p, maxmem });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, rr, pp, salt, hash] = stored.split('$');
  if (algo !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptLimited(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
    maxmem,
  });
  return timingSafeEqual(key, expected);
}

/** A hash to verify against when the user does not exist, so both failures take the same time. */
const DUMMY_HASH = await hashPassword(randomBytes(12).toString('hex'));

/**
 * A password check that counts as a failed sign-in unless it succeeds: the attempt is counted before the password
 * is evaluated, per account and per address, so parallel attempts cannot all slip under the limit, and a success
 * takes its count back. `account` names the account whatever identifier reached it (username, email, any case).
 */
export async function checkPassword(
  counter: Counter,
  attempt: { account: string; ip: string; password: string; hash: string | null },
): Promise<boolean> {
  const keys = [`login:account:${attempt.account}`, `login:ip:${attempt.ip}`];
  const hits = await Promise.all(keys.map((k) => counter.hit(k, LOGIN_FAILURES_WINDOW_MS)));
  const over = hits.filter((h) => h.count > LOGIN_FAILURES_MAX);
  if (over.length > 0) {
    const resetAt = new Date(Math.max(...over.map((h) => h.resetAt.getTime())));
    const minutes = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 60000));
    throw new TooMany('LOGIN_THROTTLED', { key: 'errors.login_throttled', values: { minutes } }, resetAt);
  }
  // An account without a password is checked against a dummy hash, so both failures take the same time.
  const ok = (await verifyPassword(attempt.password, attempt.hash ?? DUMMY_HASH)) && attempt.hash !== null;
  if (ok) await Promise.all(keys.map((k) => counter.release(k)));
  return ok;
}
