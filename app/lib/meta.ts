/**
 * Page metadata from the catalogs: a translated title on every page; description and keywords on the list and
 * thought pages (feeds entries as default); the canonical URL and hreflang alternates for all 37 languages.
 */
import type { MetaDescriptor } from 'react-router';
import { alternates, canonicalUrl } from './alternates.ts';
import { fillMessage, type Messages } from './i18n.ts';

interface MetaMatch {
  id: string;
  pathname?: string;
  loaderData?: unknown;
}

interface RootSlice {
  messages: Messages | null;
  locale: string;
  origin: string;
  appHost: string | null;
}

/** Screens that describe themselves to search engines; the rest only carry a title. */
const DESCRIBED = new Set(['feeds', 'moods', 'topics', 'topic', 'thoughts', 'thought']);

export interface MetaOptions {
  /** What the page is about (a post's first words, a tag), put into the translated title pattern. */
  heading?: string;
  /** Pages that must stay out of search results: error screens, personal pages. */
  noindex?: boolean;
}

export function pageMeta(matches: readonly (MetaMatch | undefined)[], screen: string, options: MetaOptions = {}): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as RootSlice | undefined;
  const m = root?.messages ?? {};
  const pick = (field: string) => m[`meta.${screen}.${field}`] ?? m[`meta.feeds.${field}`] ?? '';
  const title = options.heading ? fillMessage(m['meta.title_pattern'] ?? '{page} – Kindred', 'page', options.heading) : pick('title');
  const out: MetaDescriptor[] = [{ title }];
  if (DESCRIBED.has(screen)) {
    out.push({ name: 'description', content: pick('description') }, { name: 'keywords', content: pick('keywords') });
  }
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
