/** The one typed client of the HTTP API, used by loaders (in-process on the server) and by components. */
import { APP_VERSION } from '../../core/limits.ts';
import type { ApiErrorBody, AuthResponse, LanguageInfo, Paged, User } from '../../core/types.ts';
import type { ApiFetch } from './context.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

export interface ApiOptions {
  locale: string;
  csrfToken?: string | null;
}

export function createApi(fetcher: ApiFetch, options: ApiOptions) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
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
    if (res.status === 204) return undefined as T;
    const json = (await res.json().catch(() => ({ message: res.statusText }))) as unknown;
    if (!res.ok) throw new ApiError(res.status, json as ApiErrorBody);
    return json as T;
  }

  return {
    guestLogin: () => call<AuthResponse>('POST', '/api/guest-login', {}),
    logout: () => call<void>('POST', '/api/logout'),
    currentUser: () => call<{ data: User }>('GET', '/api/get/data/user'),
    updateUser: (id: number, payload: Partial<Pick<User, 'locale' | 'theme' | 'nickname'>>) =>
      call<{ user: User }>('PUT', `/api/users/${id}`, payload),
    languages: () => call<{ data: LanguageInfo[] }>('GET', '/api/get/languages'),
    posts: <T>(page = 1) => call<Paged<T>>('GET', `/api/posts?page=${page}`),
  };
}

export type Api = ReturnType<typeof createApi>;

/** The browser's fetch, bound so it can be passed around. */
export const browserFetch: ApiFetch = (path, init) => fetch(path, init);
