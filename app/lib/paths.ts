/** Paths of screens across languages: the language prefix comes and goes, the screen's own path stays. */
import { isPathLocale, localeFromHost, localeFromPath, localizedPath } from '../../core/locales.ts';

/** The screen's path without its language prefix: "/ar/mood" → "/mood", "/ar" → "/". */
export function basePath(pathname: string): string {
  const code = localeFromPath(pathname);
  const rest = code ? pathname.slice(code.length + 1) : pathname;
  return rest === '' ? '/' : rest;
}

/** The root of a language, where the guard sends signed-out visitors and the not-found screen leads. */
export function homePath(locale: string): string {
  return localizedPath(locale, '/');
}

/**
 * The URL of a screen in a language. With language subdomains ({code}.{appHost}) the host names the language,
 * so the path stays unprefixed; otherwise English is unprefixed and the others live under /{code}.
 */
export function localeUrl(code: string, base: string, origin: string, appHost: string | null): string {
  if (appHost) return `${new URL(origin).protocol}//${code}.${appHost}${base}`;
  return `${origin}${localizedPath(code, base)}`;
}

/**
 * A page path in the form the visitor is reading. On a language subdomain the host names the language, so the
 * prefix the path was written with is dropped (`/ar/mood?x` → `/mood?x`): the prefixed form is not the page's
 * canonical address there, and following it would cost a redirect.
 */
export function activePath(path: string, subdomains: boolean): string {
  if (!subdomains) return path;
  const cut = path.search(/[?#]/);
  const [pathname, rest] = cut < 0 ? [path, ''] : [path.slice(0, cut), path.slice(cut)];
  return `${basePath(pathname)}${rest}`;
}

/**
 * Where a page request must be sent when language subdomains are on and its path names a language (`/ja/mood` on
 * `ar.{appHost}` or on `{appHost}` itself): that language's subdomain without the prefix, so every page has one
 * address. The path's language wins over the host's, as it is the one a link or a person wrote out. Null when the
 * request is already in the canonical form, or reached the server under a host outside APP_HOST (an address
 * used inside the network, a health check), which keeps the path form.
 */
export function subdomainRedirect(url: URL, lang: string | undefined, origin: string, appHost: string | null): string | null {
  if (!appHost || !isPathLocale(lang)) return null;
  const host = url.host.toLowerCase();
  if (host !== appHost.toLowerCase() && localeFromHost(host, appHost) === null) return null;
  return `${localeUrl(lang, basePath(url.pathname), origin, appHost)}${url.search}`;
}

/** The query the auth guard adds to the root path to ask for the sign-in dialog. */
export const SIGN_IN_PARAM = 'signin';
