/** Server-side messages: the same ICU catalogs as the web app, one formatter per locale with its fallback chain. */
import { readFileSync } from 'node:fs';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { catalogChain, DEFAULT_LOCALE, getLocale, LOCALE_CODES } from '../core/locales.ts';

type Catalog = Record<string, string>;
export type MessageValues = Record<string, string | number | Date>;

const catalogs = new Map<string, Catalog>();
const intls = new Map<string, IntlShape<string>>();
const cache = createIntlCache();
/** Messages without values, by locale then key: names of ranks, feelings and categories are on every item of a feed. */
const plain = new Map<string, Map<string, string>>();

function readCatalog(code: string): Catalog {
  let catalog = catalogs.get(code);
  if (!catalog) {
    try {
      catalog = JSON.parse(readFileSync(new URL(`../locales/${code}.json`, import.meta.url), 'utf8')) as Catalog;
    } catch (err) {
      console.error(`Failed locale loading: ${code}`, err);
      catalog = {};
    }
    catalogs.set(code, catalog);
  }
  return catalog;
}

/** Messages for a locale with every gap filled from its fallbacks, then English. */
export function messagesFor(code: string): Catalog {
  const merged: Catalog = {};
  for (const c of catalogChain(code).reverse()) Object.assign(merged, readCatalog(c));
  return merged;
}

export function intlFor(code: string): IntlShape<string> {
  const locale = LOCALE_CODES.includes(code) ? code : DEFAULT_LOCALE;
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl(
      {
        locale: getLocale(locale).tag,
        defaultLocale: 'en-US',
        messages: messagesFor(locale),
        onError: (err) => {
          if (err.code === 'MISSING_TRANSLATION') console.warn(`Invalid translation key: ${err.message}`);
          else console.warn(err.message);
        },
      },
      cache,
    );
    intls.set(locale, intl);
  }
  return intl;
}

/** Translates a key; an unknown key logs "Invalid translation key" and yields the English text, or the key. */
export function translate(locale: string, key: string, values?: MessageValues): string {
  const intl = intlFor(locale);
  if (!(key in intl.messages)) {
    console.warn(`Invalid translation key: ${key}`);
    const en = readCatalog(DEFAULT_LOCALE)[key];
    return en ?? key;
  }
  if (values) return intl.formatMessage({ id: key }, values) as string;
  let byKey = plain.get(intl.locale);
  if (!byKey) {
    byKey = new Map();
    plain.set(intl.locale, byKey);
  }
  let text = byKey.get(key);
  if (text === undefined) {
    text = intl.formatMessage({ id: key }) as string;
    byKey.set(key, text);
  }
  return text;
}

export function hasMessage(key: string): boolean {
  return key in readCatalog(DEFAULT_LOCALE);
}
