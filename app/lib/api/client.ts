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

/** A refusal of the API. Callers branch on `code` (core/errors.ts), never on the status or the translated message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.status = status;
    this.code = body.code;
    this.body = body;
  }
}

export interface ApiOptions {
  locale: string;
  csrfToken?: string | null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Http {
  /** A call answered with JSON in the shape of S, the route's response schema. */
  json<S extends z.ZodType>(method: Method, path: string, body?: unknown): Promise<z.output<S>>;
  /** A call answered with 204 No Content. */
  empty(method: Method, path: string, body?: unknown): Promise<void>;
}

export function createHttp(fetcher: ApiFetch, options: ApiOptions): Http {
  async function request(method: Method, path: string, body: unknown): Promise<unknown> {
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
    });
    if (res.status === 204) return undefined;
    // A body that is not JSON comes from something in front of the server (a proxy's 502 page), not from the API.
    const json = (await res.json().catch(() => ({ code: 'SERVER_ERROR', message: res.statusText }))) as unknown;
    if (!res.ok) throw new ApiError(res.status, json as ApiErrorBody);
    return json;
  }

  return {
    // The one cast of the client: the server serialises every answer through this route's response schema
    // (fastify-type-provider-zod), so a successful body has its shape; checking it again here would ship zod.
    json: async <S extends z.ZodType>(method: Method, path: string, body?: unknown) => (await request(method, path, body)) as z.output<S>,
    empty: async (method: Method, path: string, body?: unknown) => {
      await request(method, path, body);
    },
  };
}

/** The browser's fetch, bound so it can be passed around. */
export const browserFetch: ApiFetch = (path, init) => fetch(path, init);
