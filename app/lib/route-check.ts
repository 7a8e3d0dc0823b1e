/**
 * Route validity (SPEC.md section 2): a loader whose item does not exist throws a 404 carrying the path, so
 * the server answers HTTP 404 and the not-found screen says "Page Not Found: {path}". A loader whose data cannot
 * be had throws the API's status the same way (issue 10: failures are failures). Server-supplied redirects are
 * followed, with a full page load when they leave the app.
 */
import { data, type RouterContextProvider, redirect, redirectDocument } from 'react-router';
import { ApiError } from './api.ts';
import { languageContext } from './context.ts';

/** What a route error carries: the path asked for, which the not-found screen names. */
export interface NotFoundData {
  path: string;
}

/** The not-found screen for a request, or for a path already taken from one. */
export function notFound(at: Request | string): never {
  throw data<NotFoundData>({ path: pathOf(at) }, { status: 404 });
}

/**
 * The page's language for a screen's loader. Under an unknown language prefix the screen must not act at all
 * (a redirect from its loader, such as the sign-in guard's, would win over the language layout's 404), so this
 * throws the same 404.
 */
export function screenLocale(context: Readonly<RouterContextProvider>): string {
  const language = context.get(languageContext);
  if (!language.known) notFound(language.path);
  return language.locale;
}

/** An absolute URL is another site or subdomain: the app cannot render it, the browser must load it. */
export function followRedirect(to: string): never {
  throw /^[a-z][a-z\d+.-]*:\/\//i.test(to) ? redirectDocument(to) : redirect(to);
}

/**
 * Awaits an API call a page cannot be shown without. Its failure is the page's failure, with the API's status
 * (500, 503, 429…), shown by the layout's error boundary: never a page that answers 200 around a missing part.
 */
export async function required<T>(request: Request, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    failed(request, err);
  }
}

/**
 * Awaits side data a page is whole without (related items, trending lists, structured data for search engines):
 * on failure, the fallback. Each use says why its page is still correct without it.
 */
export async function optional<T>(call: Promise<T>, fallback: T): Promise<T> {
  try {
    return await call;
  } catch {
    return fallback;
  }
}

/**
 * Awaits an API call for the item a page is about. 404 (unknown id) and 422 (an id that cannot exist, such as
 * "abc") become the not-found screen; a redirect named by the server is followed; any other failure is the
 * page's, as with `required`.
 */
export async function orNotFound<T>(request: Request, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiError) {
      const target = (err.body as { redirect?: unknown }).redirect;
      if (typeof target === 'string' && target) followRedirect(target);
      // An id that is unknown, or that cannot be one (`/problem/abc`), is a missing page.
      if (err.code === 'NOT_FOUND' || err.code === 'VALIDATION') notFound(request);
    }
    failed(request, err);
  }
}

/** An API failure becomes a route error response with the API's status; anything else is a bug and stays one (500). */
export function failed(at: Request | string, err: unknown): never {
  if (err instanceof ApiError) throw data<NotFoundData>({ path: pathOf(at) }, { status: err.status });
  throw err;
}

const pathOf = (at: Request | string) => (typeof at === 'string' ? at : new URL(at.url).pathname);

/** Route ids from the URL are positive integers; anything else is a page that cannot exist. */
export function idParam(request: Request, raw: string | undefined): number {
  const id = Number(raw);
  if (!raw || !/^\d{1,10}$/.test(raw) || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) notFound(request);
  return id;
}
