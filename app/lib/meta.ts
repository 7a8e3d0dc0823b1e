/**
 * Page metadata from the catalogs: a translated title on every page, always "{page} – Kindred" (`TITLE_SEPARATOR`);
 * a description on every page search engines may list (the item's own words on an item's page, the catalog's
 * text otherwise) and keywords on the lists; the canonical URL and hreflang alternates for all 37 languages; and
 * the page's schema.org JSON-LD (DESIGN.md principle 4), absolute URLs from the configured origin, written as one
 * `script:ld+json` descriptor, which React Router escapes for the inside of a script element.
 */
import type { MetaDescriptor } from 'react-router';
import { getLocale } from '../../core/locales.ts';
import { alternates, canonicalUrl } from './alternates.ts';
import { intlFor, messagesFor } from './i18n.ts';
import { localeUrl } from './paths.ts';

interface MetaMatch {
  id: string;
  pathname?: string;
  loaderData?: unknown;
}

interface RootSlice {
  locale: string;
  tag: string;
  origin: string;
  appHost: string | null;
}

/** Screens that describe themselves with the catalog's `meta.{screen}.description` and keywords. */
const DESCRIBED = new Set(['feeds', 'moods', 'topics', 'thoughts']);

/** Between a page's name and the site's in every title, in every language. */
export const TITLE_SEPARATOR = ' – ';

/** Search results show about this many characters of a description. */
const DESCRIPTION_MAX = 160;

/** The start of a text, on one line, cut at a word when it is longer than `max` characters. */
export function excerpt(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  // Scripts written without spaces (Chinese, Japanese, Thai) are cut at the limit.
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s\p{P}]+$/u, '')}…`;
}

export interface MetaOptions {
  /** What the page is about (a post's first words, a tag), put into the translated title pattern. */
  heading?: string;
  /** Pages that must stay out of search results: error screens, personal pages. */
  noindex?: boolean;
  /** What the page says, for search results: an item's own words, a static page's introduction. */
  description?: string;
  /** The placeholders of the catalog's `meta.{screen}.description` (a tag's name). */
  values?: Record<string, string>;
  /** The page's JSON-LD: built already (an item's, from the API's form of it), or from the page's addresses. */
  jsonLd?: object | ((page: LdPage) => object);
}

/** One schema.org object, as React Router's `script:ld+json` takes it. */
export type JsonLd = Exclude<Extract<MetaDescriptor, { 'script:ld+json': unknown }>['script:ld+json'], readonly unknown[]>;

/** What a page's JSON-LD is built from: its own address and words, and the addresses of others in its language. */
export interface LdPage {
  /** The locale code of the page being read. */
  locale: string;
  url: string;
  /** The absolute URL of a page (an unprefixed path) in the language being read. */
  link: (path: string) => string;
  inLanguage: string;
  name: string;
  description: string;
  site: { '@type': 'WebSite'; name: string; url: string };
}

/** A page as schema.org describes it: what kind of page, its address, title, language and site. */
export function webPageLd(
  page: LdPage,
  type: 'WebPage' | 'AboutPage' | 'ContactPage' | 'FAQPage' | 'CollectionPage',
  more: JsonLd = {},
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': type,
    '@id': page.url,
    url: page.url,
    name: page.name,
    ...(page.description ? { description: page.description } : {}),
    inLanguage: page.inLanguage,
    isPartOf: page.site,
    ...more,
  };
}

/**
 * A list page (a feed, a tag): a CollectionPage whose main entity lists the addresses of the items shown first, in
 * order. Only addresses: the items' words are on their own pages, and the list's HTML stays small.
 */
export function collectionLd(page: LdPage, paths: string[]): JsonLd {
  if (paths.length === 0) return webPageLd(page, 'CollectionPage');
  const itemListElement = paths.map((path, i) => ({ '@type': 'ListItem', position: i + 1, url: page.link(path) }));
  return webPageLd(page, 'CollectionPage', { mainEntity: { '@type': 'ItemList', numberOfItems: paths.length, itemListElement } });
}

export function pageMeta(matches: readonly (MetaMatch | undefined)[], screen: string, options: MetaOptions = {}): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as RootSlice | undefined;
  // The root's loader has loaded its language's catalog on either side (root.tsx).
  const m = root ? messagesFor(root.locale) : {};
  const text = (id: string, values?: Record<string, string>) =>
    root && id in m ? intlFor(root.tag, m).formatMessage({ id }, values) : null;
  const pick = (field: string) => text(`meta.${screen}.${field}`) ?? text(`meta.feeds.${field}`) ?? '';
  const title = options.heading ? `${options.heading}${TITLE_SEPARATOR}${text('app.name') ?? 'Kindred'}` : pick('title');
  const out: MetaDescriptor[] = [{ title }];
  const described = DESCRIBED.has(screen) ? pick('description') : (text(`meta.${screen}.description`, options.values) ?? '');
  const description = options.description ?? described;
  if (description && !options.noindex) out.push({ name: 'description', content: excerpt(description, DESCRIPTION_MAX) });
  if (DESCRIBED.has(screen)) out.push({ name: 'keywords', content: pick('keywords') });
  if (options.noindex) out.push({ name: 'robots', content: 'noindex' });
  const pathname = matches.at(-1)?.pathname;
  // A page kept out of search results has no canonical address to announce.
  if (root && pathname && !options.noindex) {
    const page = { origin: root.origin, appHost: root.appHost, locale: root.locale, pathname };
    out.push({ tagName: 'link', rel: 'canonical', href: canonicalUrl(page) });
    for (const alt of alternates(page)) out.push({ tagName: 'link', rel: 'alternate', hrefLang: alt.hrefLang, href: alt.href });
    if (options.jsonLd) {
      const link = (path: string) => localeUrl(root.locale, path, root.origin, root.appHost);
      const site = { '@type': 'WebSite' as const, name: text('app.name') ?? 'Kindred', url: link('/') };
      const ld = {
        locale: root.locale,
        url: canonicalUrl(page),
        link,
        inLanguage: getLocale(root.locale).lang,
        name: title,
        description,
        site,
      };
      out.push({ 'script:ld+json': typeof options.jsonLd === 'function' ? options.jsonLd(ld) : options.jsonLd });
    }
  }
  return out;
}
