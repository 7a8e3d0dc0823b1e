/**
 * The browser's API client, whose methods (all asynchronous) are fetched with the first call instead of with the
 * page: the twenty per-resource modules (app/lib/api/create.ts) are ~2.5 KB gzip that no first view needs to
 * show or hydrate. A call made before they arrive waits for them; calls keep their order, as each chains on the
 * same import. After hydration the module is fetched while the browser is idle, so a first click rarely waits.
 */
import { ApiError, type ApiOptions, browserFetch } from './api/client.ts';
import type { Api } from './api/create.ts';
import { whenIdle } from './idle.ts';

let loading: Promise<typeof import('./api/create.ts')> | null = null;

/** The client's code; a failed load (offline, a new build) is tried again by the next call. */
function load() {
  if (loading) return loading;
  const started = import('./api/create.ts');
  loading = started;
  started.catch(() => {
    if (loading === started) loading = null;
  });
  return started;
}

/** Fetches the client's code when the browser has nothing else to do (after hydration). */
export function preloadApi() {
  whenIdle(() => load().catch(() => {}));
}

export function browserApi(
  options: ApiOptions & {
    /** The server no longer knows the session (signed out elsewhere, a password changed on another device). */
    onUnauthenticated?: () => void;
  },
): Api {
  let api: Api | null = null;
  return new Proxy({} as Api, {
    get(_target, name) {
      // Not a thenable, so an async function may return the client and `await` leaves it as it is.
      if (typeof name !== 'string' || name === 'then') return undefined;
      return async (...args: unknown[]) => {
        api ??= (await load()).createApi(browserFetch, options);
        try {
          return await (api[name as keyof Api] as (...args: unknown[]) => Promise<unknown>)(...args);
        } catch (err) {
          if (err instanceof ApiError && err.code === 'UNAUTHENTICATED') options.onUnauthenticated?.();
          throw err;
        }
      };
    },
  });
}
