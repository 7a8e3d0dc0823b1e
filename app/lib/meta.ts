/**
 * Page metadata from the catalogs: a translated title on every page, always "{page} – Kindred" (`TITLE_SEPARATOR`);
 * a description on every page search engines may list (the item's own words on an item's page, the catalog's
 * text otherwise) and keywords on the lists; the canonical URL and hreflang alternates for all 37 languages.
 */
import type { MetaDescriptor } from 'react-router';
import { alternates, canonicalUrl } from './alternates.ts';
import { intlFor, messagesFor } from './i18n.ts';

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
  }
  return out;
}
