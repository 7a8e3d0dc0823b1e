/**
 * The static pages' texts live in their own catalogs (locales/pages/{code}.json) so the main catalog, which
 * every page loads, stays small. Only the static page routes load them, on the server, with the locale's
 * fallbacks and English underneath; compiled at build time like the main catalog (scripts/catalogs.ts), as the
 * browser has no parser to read them with.
 */
import loaders from 'virtual:kindred/page-texts-server';
import { catalogChain, DEFAULT_LOCALE } from '../../core/locales.ts';
import { plainText } from '../components/StaticPage.tsx';
import type { Messages } from './i18n.ts';

const missing = new Set<string>();

async function load(code: string): Promise<Messages> {
  const loader = loaders[code];
  if (!loader) {
    // Until translators deliver a language, its pages are read in English; said once, not on every request.
    if (!missing.has(code)) console.warn(`Invalid translation key: no page texts for ${code}, shown in English`);
    missing.add(code);
    return {};
  }
  try {
    return (await loader()).default;
  } catch (err) {
    console.error('Failed locale loading', `pages/${code}`, err);
    return {};
  }
}

export interface PageTexts {
  /** The page's keys in the order English lists them: the order of the page's blocks. */
  keys: string[];
  messages: Messages;
  /** The page's title as plain text, for the document's title. */
  title: string;
  /** Keys shown in English because the language lacks them; marked so they read left to right, as English. */
  english: string[];
  /** The page's introduction as plain text, for its meta description. */
  description: string;
}

/** The texts of one page (keys starting with `{page}.`) in the locale, English filling the gaps. */
export async function loadPageTexts(locale: string, page: string): Promise<PageTexts> {
  const chain = catalogChain(locale);
  const catalogs = await Promise.all(chain.map(load));
  const english = catalogs[chain.indexOf(DEFAULT_LOCALE)];
  const keys = Object.keys(english).filter((k) => k.startsWith(`${page}.`));
  const messages: Messages = {};
  const fallback: string[] = [];
  for (const key of keys) {
    const own = catalogs.find((c) => c !== english && key in c);
    messages[key] = own?.[key] ?? english[key];
    if (!own && locale !== DEFAULT_LOCALE) fallback.push(key);
  }
  return {
    keys,
    messages,
    title: plainText(locale, messages, `${page}.title`),
    english: fallback,
    description: plainText(locale, messages, `${page}.intro`),
  };
}
