/**
 * Choosing a language (SPEC.md section 2): the same screen in the chosen language, the choice kept in the
 * `locale` cookie (365 days, SameSite lax, shared by the language subdomains) and, for a signed-in user, in
 * their account, where the server sets the cookie too.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import { COOKIE, LOCALE_COOKIE_MAX_AGE } from '../../core/limits.ts';
import { localizedPath } from '../../core/locales.ts';
import { activePath, basePath, localeUrl } from './paths.ts';
import { useSession } from './session.tsx';

interface RootSlice {
  cookieDomain: string | null;
  appHost: string | null;
  origin: string;
  subdomains: boolean;
}

export function writeLocaleCookie(code: string, domain: string | null) {
  writePreferenceCookie(COOKIE.locale, code, domain);
}

/** A reader's choice kept for a year, on the parent domain of the language subdomains when there are some. */
export function writePreferenceCookie(name: string, value: string, domain: string | null) {
  const parts = [`${name}=${value}`, 'path=/', `max-age=${LOCALE_COOKIE_MAX_AGE}`, 'samesite=lax'];
  if (domain) parts.push(`domain=${domain}`);
  if (window.location.protocol === 'https:') parts.push('secure');
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers we serve.
  document.cookie = parts.join('; ');
}

/** The page was reached on a language subdomain, where paths carry no language prefix. */
function useSubdomains(): boolean {
  const root = useRouteLoaderData('root') as RootSlice | undefined;
  return Boolean(root?.subdomains && root.appHost);
}

/** Turns a path written with the page's language prefix into the form the visitor is reading (`activePath`). */
export function useActivePath(): (path: string) => string {
  const subdomains = useSubdomains();
  return useCallback((path: string) => activePath(path, subdomains), [subdomains]);
}

export function useLanguageSwitch() {
  const root = useRouteLoaderData('root') as RootSlice | undefined;
  const { user, api } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const subdomains = useSubdomains();

  /** Where the current screen lives in `code`; absolute when the language is a subdomain. */
  const hrefFor = useCallback(
    (code: string) => {
      const base = basePath(location.pathname);
      const tail = `${location.search}${location.hash}`;
      if (subdomains && root) return `${localeUrl(code, base, root.origin, root.appHost)}${tail}`;
      return `${localizedPath(code, base)}${tail}`;
    },
    [location, subdomains, root],
  );

  /** Stores the choice; runs before the navigation so the next page is rendered in the new language. */
  const remember = useCallback(
    (code: string) => {
      writeLocaleCookie(code, root?.cookieDomain ?? null);
      if (user && user.locale !== code) api.updateUser(user.id, { locale: code }).catch(() => {});
    },
    [root, user, api],
  );

  const switchTo = useCallback(
    (code: string) => {
      remember(code);
      const href = hrefFor(code);
      if (subdomains) window.location.assign(href);
      else void navigate(href);
    },
    [remember, hrefFor, subdomains, navigate],
  );

  return { hrefFor, remember, switchTo, external: subdomains };
}
