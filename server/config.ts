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
