/**
 * Route validity (SPEC.md section 2): a loader whose item does not exist throws a 404 carrying the path, so
 * the server answers HTTP 404 and the not-found screen says "Page Not Found: {path}". Server-supplied
 * redirects are followed, with a full page load when they leave the app.
 */
import { data, type RouterContextProvider, redirect, redirectDocument } from 'react-router';
import { ApiError } from './api.ts';
import { languageContext } from './context.ts';

export interface NotFoundData {
  path: string;
}

/** The not-found screen for a request, or for a path already taken from one. */
export function notFound(at: Request | string): never {
  throw data<NotFoundData>({ path: typeof at === 'string' ? at : new URL(at.url).pathname }, { status: 404 });
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
 * Awaits an API call for the item a page is about. 404 (unknown id) and 422 (an id that cannot exist, such as
 * "abc") become the not-found screen; a redirect named by the server is followed; anything else propagates.
 */
export async function orNotFound<T>(request: Request, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiError) {
      const target = (err.body as { redirect?: unknown }).redirect;
      if (typeof target === 'string' && target) followRedirect(target);
      if (err.status === 404 || err.status === 422) notFound(request);
    }
    throw err;
  }
}

/** Route ids from the URL are positive integers; anything else is a page that cannot exist. */
export function idParam(request: Request, raw: string | undefined): number {
  const id = Number(raw);
  if (!raw || !/^\d{1,10}$/.test(raw) || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) notFound(request);
  return id;
}
