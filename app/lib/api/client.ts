/**
 * The HTTP boundary of the web app's API client: headers, CSRF, JSON, and errors. Each per-resource module
 * names the server's response schema of every endpoint it calls; only its type is imported, so no zod reaches
 * the browser.
 */
import type { z } from 'zod';
import type { ErrorCode } from '../../../core/errors.ts';
import { APP_VERSION } from '../../../core/limits.ts';
import type { ApiErrorBody } from '../../../core/types.ts';
import type { ApiFetch } from '../context.ts';

/**
 * A refusal of the API. Callers branch on `code` (core/errors.ts), never on the status or the translated message.
 * An answer that is not the API's JSON error (a proxy's 502 page, a load balancer's 503, an empty 500) has only
 * its status to go on: `code` is then the nearest of the API's codes, `message` is empty and `fromApi` false, and
 * the page says what happened in its own language (app/components/core/errors.ts).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly body: ApiErrorBody;
  readonly fromApi: boolean;
  /** Seconds to wait before trying again, when the answer's Retry-After header named them. */
  readonly retryAfter: number | null;

  constructor(status: number, body: ApiErrorBody, options: { fromApi?: boolean; retryAfter?: number | null } = {}) {
    super(body.message);
    this.status = status;
    this.code = body.code;
    this.body = body;
    this.fromApi = options.fromApi ?? true;
    this.retryAfter = options.retryAfter ?? null;
  }
}

/** The API's code nearest to a status that came without the API's body. */
function codeForStatus(status: number): ErrorCode {
  if (status === 429) return 'RATE_LIMITED';
  // A gateway that found the server down, overloaded or slow: the same request may succeed in a moment.
  if (status === 502 || status === 503 || status === 504) return 'UNAVAILABLE';
  if (status >= 500) return 'SERVER_ERROR';
  return 'BAD_REQUEST';
}

/** A Retry-After header in seconds: a number of seconds or an HTTP date (RFC 9110 section 10.2.3); null without one. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  // Only the one date format senders must use (IMF-fixdate): Date.parse alone would read "1.5" as a date.
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value)) return null;
  return Math.max(0, Math.ceil((Date.parse(value) - now) / 1000));
}

/** Whether a parsed body is the API's error: its stable code and its message in the asked language. */
function isApiError(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const { code, message } = body as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string' && message !== '';
}

export interface ApiOptions {
  locale: string;
  csrfToken?: string | null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `keepalive`: the call outlives the page (a tab closed while it is made); its body must stay under 64 KB. */
export interface CallOptions {
  keepalive?: boolean;
}

export interface Http {
  /** A call answered with JSON in the shape of S, the route's response schema. */
  json<S extends z.ZodType>(method: Method, path: string, body?: unknown, call?: CallOptions): Promise<z.output<S>>;
  /** A call answered with 204 No Content. */
  empty(method: Method, path: string, body?: unknown): Promise<void>;
}

const NOT_JSON = Symbol('not JSON');

export function createHttp(fetcher: ApiFetch, options: ApiOptions): Http {
  /** `answered`: whether a success carries a body to read (JSON); an empty call's success is its status. */
  async function request(method: Method, path: string, body: unknown, answered: boolean, call: CallOptions = {}): Promise<unknown> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Locale': options.locale,
      'X-App-Version': APP_VERSION,
      'X-Requested-With': 'XMLHttpRequest',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.csrfToken && method !== 'GET') headers['X-CSRF-Token'] = options.csrfToken;
    const res = await fetcher(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      ...(call.keepalive ? { keepalive: true } : {}),
    });
    if (res.status === 204 || (res.ok && !answered)) return undefined;
    const json = (await res.json().catch(() => NOT_JSON)) as unknown;
    if (res.ok) {
      // A page where JSON was due: a captive portal or a sign-in page of the network, not the API.
      if (json === NOT_JSON) throw new TypeError(`${method} ${path}: the answer is not JSON`);
      return json;
    }
    if (isApiError(json)) throw new ApiError(res.status, json);
    // Something in front of the server answered (a proxy's 502 page, a plain-text 429), or the server failed
    // before it could write its JSON: the status is all there is.
    throw new ApiError(
      res.status,
      { code: codeForStatus(res.status), message: '' },
      { fromApi: false, retryAfter: retryAfterSeconds(res.headers.get('retry-after')) },
    );
  }

  return {
    // The one cast of the client: the server serialises every answer through this route's response schema
    // (fastify-type-provider-zod), so a successful body has its shape; checking it again here would ship zod.
    json: async <S extends z.ZodType>(method: Method, path: string, body?: unknown, call?: CallOptions) =>
      (await request(method, path, body, true, call)) as z.output<S>,
    empty: async (method: Method, path: string, body?: unknown) => {
      await request(method, path, body, false);
    },
  };
}

/** The browser's fetch, bound so it can be passed around. */
export const browserFetch: ApiFetch = (path, init) => fetch(path, init);
