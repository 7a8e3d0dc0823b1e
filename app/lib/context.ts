/** What the server hands every loader: an in-process way to call the API and facts about the request. */
import { createContext } from 'react-router';
import { isPathLocale } from '../../core/locales.ts';
import type { User } from '../../core/types.ts';

/**
 * What the API client reads of an answer: the browser's Response, or on the server the in-process call's own
 * answer, which skips building a Response with headers and a stream for a body the client only parses.
 */
export type ApiResponse = Pick<Response, 'status' | 'ok' | 'json'> & { headers: Pick<Headers, 'get'> };

/** Calls an /api path as the visitor (their cookies and language travel along). */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<ApiResponse>;

export interface ServerContext {
  api: ApiFetch;
  /**
   * The signed-in user as `GET /api/get/data/user` answers them in this language, when the page request already
   * authenticated them; null when only that call can tell (it is then the caller's to make).
   */
  pageUser(locale: string): Promise<User | null>;
  /**
   * The language the page's host names (`{code}.{appHost}`), or null. It wins over the path's language, so a
   * subdomain keeps its language whatever the path says.
   */
  hostLocale: string | null;
  /** The language when neither host nor path names one: the `locale` cookie, then Accept-Language, then English. */
  preferredLocale: string;
  /** The CSRF token for the visitor's auth cookie, or null when signed out. */
  csrfToken: string | null;
  buildId: string;
  /** Set when language subdomains are configured ({code}.{appHost}). */
  appHost: string | null;
  /** Absolute origin for canonical links, e.g. https://example.org: configured, never taken from the request. */
  origin: string;
  /** This page's Content-Security-Policy nonce, which the scripts React Router and React write carry. */
  nonce: string;
}

export const serverContext = createContext<ServerContext>();

/**
 * The page's language, set by the language layout's middleware (`app/layouts/language.tsx`) before any loader
 * runs. `known` is false when the path's first segment is not a language this app serves under a prefix: the
 * page does not exist, and `locale` is then only the language its 404 is shown in.
 */
export interface PageLanguage {
  locale: string;
  known: boolean;
  /** The path asked for, which a 404 names. */
  path: string;
}

export const languageContext = createContext<PageLanguage>();

/**
 * The host's language when the page is on a language subdomain, else the path's, else the visitor's cookie or
 * Accept-Language. `lang` is the path's first segment when the router read it as the language segment.
 */
export function pageLanguage(
  server: Pick<ServerContext, 'hostLocale' | 'preferredLocale'>,
  lang: string | undefined,
  path: string,
): PageLanguage {
  return {
    locale: server.hostLocale ?? (isPathLocale(lang) ? lang : server.preferredLocale),
    known: lang === undefined || isPathLocale(lang),
    path,
  };
}
