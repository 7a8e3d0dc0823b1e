/** Environment configuration, validated once at start; a bad value stops the process with its name. */
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional();

const boolish = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  /** Enables {code}.{APP_HOST} language subdomains and the parent cookie domain. */
  APP_HOST: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'a host name such as example.org')
      .optional(),
  ),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SEED_DEMO: boolish.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per minute per IP across the API. */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /** Guest accounts per IP per hour; many readers behind one address (a school, a test run) need more. */
  GUEST_LOGINS_PER_HOUR: z.coerce.number().int().positive().default(30),
  TRUST_PROXY: boolish.default(false),
  /** How long signed-out visitors may be served a kept response (feeds, posts, pages); 0 turns the guest cache off. */
  GUEST_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  /** PostgreSQL connections of this process: about twice the database's cores (more only queue inside PostgreSQL). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(8),
  /**
   * PostgreSQL cancels a statement that runs longer, and a reply that has not come a second later means the database
   * stopped answering: the request gets 503 UNAVAILABLE (db/client.ts).
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** Without DATABASE_URL: run PGlite in a worker thread, on a core of its own (db/pglite/client.ts). */
  PGLITE_WORKER: boolish.default(true),
  /**
   * Put before the keys this app counts in Redis (rate limits, failed sign-ins): deployments, or test runs, that share
   * one Redis count apart. Every instance of one deployment must use the same prefix.
   */
  REDIS_KEY_PREFIX: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]*$/, 'letters, digits and _ . : -')
    .default(''),
  /**
   * The VAPID key pair of Web Push (base64url, as web-push makes them), given together or not at all (parseConfig);
   * without them the first start makes a pair and keeps it in the database (server/modules/push/vapid.ts).
   */
  VAPID_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'an uncompressed P-256 public key in base64url (87 characters)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'a P-256 private key in base64url (43 characters)')
      .optional(),
  ),
  /** Who push services may contact about this server's pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: optionalString.pipe(z.url({ protocol: /^(mailto|https)$/ }).optional()),
});

export type Config = z.infer<typeof configSchema>;

/**
 * The origin of every absolute URL the app writes (canonical and hreflang links, JSON-LD, QR codes). It comes
 * from the configuration, never from a request's Host or X-Forwarded-Host: a page kept by the guest cache for
 * everyone must not carry the address one visitor made up. PUBLIC_URL, else http://APP_HOST, else the address
 * the server listens on (a wildcard address reads as localhost).
 */
export function publicOrigin(config: Pick<Config, 'PUBLIC_URL' | 'APP_HOST' | 'HOST' | 'PORT'>): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  if (config.APP_HOST) return `http://${config.APP_HOST.toLowerCase()}`;
  const host =
    config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${config.PORT}`;
}

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (Boolean(result.data.VAPID_PUBLIC_KEY) !== Boolean(result.data.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are given together or not at all',
    );
  }
  return result.data;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  try {
    return parseConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
