/** Paths of screens across languages: the language prefix comes and goes, the screen's own path stays. */
import { localeFromPath, localizedPath } from '../../core/locales.ts';

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

/** The query the auth guard adds to the root path to ask for the sign-in dialog. */
export const SIGN_IN_PARAM = 'signin';
