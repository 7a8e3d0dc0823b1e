/**
 * The one way API tests call the app: through `app.inject`, as a signed-in guest (their bearer token) or as
 * nobody, answering the status and the parsed JSON body. Responses that are not JSON (pages, files) are read
 * with `app.inject` directly.
 */
import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '../../core/errors.ts';
import type { Guest } from './app.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What any JSON answer may carry (API.md "Conventions"). `data` and the extra fields stay loose, as
 * light-my-request's `json()` is, so a test that only checks a status or a message need not name a shape;
 * a test that reads the object names it with the type parameter or checks it with a schema.
 */
export interface ApiBody {
  message?: string;
  /** On errors: what a test asserts, rather than the translated message. */
  code?: ErrorCode;
  errors?: Record<string, string[]>;
  // biome-ignore lint/suspicious/noExplicitAny: the default for tests that do not name the response's shape
  data?: any;
  // biome-ignore lint/suspicious/noExplicitAny: as above, for `meta`, `links`, `token`, `retry_at`…
  [field: string]: any;
}

export interface ApiResult<T> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface CallOptions<T> {
  headers?: Record<string, string>;
  /** Checks the body against the contract (a zod schema from core/schemas or anything with `parse`). */
  schema?: { parse(body: unknown): T };
}

export type Call = <T = ApiBody>(
  as: Guest | null,
  method: Method,
  url: string,
  payload?: object,
  options?: CallOptions<T>,
) => Promise<ApiResult<T>>;

export function caller(app: FastifyInstance): Call {
  return async <T = ApiBody>(as: Guest | null, method: Method, url: string, payload?: object, options: CallOptions<T> = {}) => {
    const res = await app.inject({
      method,
      url,
      headers: { ...as?.auth, ...options.headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    const json: unknown = res.body === '' ? undefined : res.json();
    return { status: res.statusCode, body: (options.schema ? options.schema.parse(json) : json) as T, headers: res.headers };
  };
}
