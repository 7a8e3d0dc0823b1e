/**
 * Redis is optional and must stay so while running: when it refuses or stops answering, every request goes on at
 * its normal speed with per-process state (rate limits and failed-sign-in counters in memory, realtime events and
 * guest-cache clears to this process only), and the shared state comes back when Redis does.
 *
 * - Refused or reconnecting: commands fail at once (`enableOfflineQueue: false`) instead of queueing for seconds.
 * - Silent (packets dropped, the connection still open): a command fails after COMMAND_TIMEOUT_MS, and that
 *   failure drops the connection, so the next requests see Redis as down at once; ioredis keeps reconnecting
 *   (a reconnection counts only once Redis answers its ready check) and the link is up again on its own.
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis, RedisOptions } from 'ioredis';
import type { Counter } from './counter.ts';

const require = createRequire(import.meta.url);

/** A local Redis answers in well under a millisecond; this long without an answer is a network that drops packets. */
const COMMAND_TIMEOUT_MS = 500;

/** Whether Redis can be used right now, and how a failed command reports itself. */
export interface RedisLink {
  readonly up: boolean;
  failed(err: unknown): void;
}

/** Options of the connections that subscribe: a subscription waits for Redis (and is renewed on reconnection). */
export const SUBSCRIBER_OPTIONS: RedisOptions = { maxRetriesPerRequest: null, enableOfflineQueue: true, commandTimeout: undefined };

export function openRedis(url: string, log: FastifyBaseLogger): { redis: Redis; link: RedisLink } {
  // Loaded only when Redis is configured: ioredis holds ~2 MB of heap that a single instance never uses.
  const { Redis } = require('ioredis') as typeof import('ioredis');
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // A command cut by a lost connection fails instead of being sent again after the reconnection.
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    // Within a second of Redis being back.
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  });
  let wasUp = false;
  // ioredis reconnects by itself; without a listener an outage would crash the process.
  redis.on('error', (err) => log.error({ err: err.message }, 'redis error'));
  redis.on('ready', () => {
    if (!wasUp) log.info('redis ready');
    wasUp = true;
  });
  redis.on('close', () => {
    if (wasUp) log.warn('redis connection lost: rate limits and counters are per process until it is back');
    wasUp = false;
  });
  const link: RedisLink = {
    get up() {
      return redis.status === 'ready';
    },
    failed(err) {
      // A command that got no answer on a connection that looks open: Redis is silent. Reconnecting marks it down
      // for everyone at once, and is how the link recovers when the network does.
      if (err instanceof Error && err.message === 'Command timed out' && redis.status === 'ready') redis.disconnect(true);
    },
  };
  return { redis, link };
}

/**
 * Makes the given commands of a connection settle quietly. The socket.io adapter sends some without waiting for them
 * (publishes, subscriptions); one that fails (Redis away, or the connection closed at shutdown) would be an unhandled
 * rejection, which ends the process. Their failure is the adapter's to live with: an event reaches this process's
 * sockets only, and ioredis subscribes again on reconnection.
 */
export function unawaited(client: Redis, commands: ('publish' | 'subscribe' | 'psubscribe')[]): Redis {
  for (const command of commands) {
    const send = client[command].bind(client) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(client, { [command]: (...args: unknown[]) => send(...args).catch(() => undefined) });
  }
  return client;
}

/** The shared counter while Redis is up; the process's own while it is not, or when a command fails. */
export function sharedOrLocal(shared: Counter, local: Counter, link: RedisLink): Counter {
  const methods = Object.keys(local) as (keyof Counter)[];
  return Object.fromEntries(
    methods.map((name) => {
      const call = async (...args: unknown[]) => {
        const run = (counter: Counter) => (counter[name] as (...a: unknown[]) => Promise<unknown>)(...args);
        if (!link.up) return run(local);
        try {
          return await run(shared);
        } catch (err) {
          link.failed(err);
          return run(local);
        }
      };
      return [name, call];
    }),
  ) as unknown as Counter;
}

// @fastify/rate-limit's own stores, which its package does not export.
type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
interface Store extends FastifyRateLimitStore {
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
}
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;

/**
 * The rate limiter's store: Redis's counts while it is up, this process's counts while it is not (a limit per
 * instance beats none, which is what skipOnError alone gives, and costs no wait).
 */
export function rateLimitStore(redis: Redis, link: RedisLink, nameSpace: string): FastifyRateLimitStoreCtor {
  class SharedOrLocalStore implements Store {
    readonly shared: Store;
    readonly local: Store;
    /** The plugin passes its resolved settings, of which the stores read these. */
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }, shared?: Store, local?: Store) {
      const { continueExceeding = false, exponentialBackoff = false } = options;
      this.shared = shared ?? new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
      this.local = local ?? new LocalStore(continueExceeding, exponentialBackoff);
    }
    #either(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number) {
      if (!link.up) return this.local[method](key, callback, timeWindow, max);
      this.shared[method](
        key,
        (err, result) => {
          if (!err) return callback(null, result);
          link.failed(err);
          this.local[method](key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }
    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      this.#either('incr', key, callback, timeWindow, max);
    }
    read(key: string, callback: Callback, timeWindow: number, max: number) {
      this.#either('read', key, callback, timeWindow, max);
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      return new SharedOrLocalStore({}, this.shared.child(routeOptions) as Store, this.local.child(routeOptions) as Store);
    }
  }
  return SharedOrLocalStore as unknown as FastifyRateLimitStoreCtor;
}
