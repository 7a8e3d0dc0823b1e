/** Canonical and hreflang links of a page (DESIGN.md: path form, or subdomain form when APP_HOST is set). */
import { DEFAULT_LOCALE, LOCALES } from '../../core/locales.ts';
import { basePath, localeUrl } from './paths.ts';

export interface PageAddress {
  /** Absolute origin of the site, e.g. https://example.org (configured: PUBLIC_URL, APP_HOST or the listening address). */
  origin: string;
  appHost: string | null;
  locale: string;
  pathname: string;
}

export interface Alternate {
  hrefLang: string;
  href: string;
}

export function canonicalUrl(page: PageAddress): string {
  return localeUrl(page.locale, basePath(page.pathname), page.origin, page.appHost);
}

/** One alternate per language plus x-default, which points at the English page. */
export function alternates(page: PageAddress): Alternate[] {
  const base = basePath(page.pathname);
  const list = LOCALES.map((l) => ({ hrefLang: l.lang, href: localeUrl(l.code, base, page.origin, page.appHost) }));
  list.push({ hrefLang: 'x-default', href: localeUrl(DEFAULT_LOCALE, base, page.origin, page.appHost) });
  return list;
}
