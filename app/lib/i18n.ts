/**
 * Catalogs for the web app: each locale is its own chunk, loaded on demand with its fallbacks. The server
 * renders with them; in the browser a language switch loads the new chain here instead of receiving it in the
 * root's data.
 */
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { catalogChain, DEFAULT_LOCALE } from '../../core/locales.ts';
import { withCheapKeys } from './intl-cache.ts';

export type Messages = Record<string, string>;

/**
 * A catalog message with its one `{name}` filled in, where the catalog is read without react-intl (the title, the
 * root's error screen). The value goes in as it is: as a `String.replace` replacement, `$&` or `$'` in a post's
 * words or a path would be read as patterns.
 */
export function fillMessage(message: string, name: string, value: string): string {
  return message.replace(`{${name}}`, () => value);
}

const loaders = import.meta.glob<Messages>('../../locales/*.json', { import: 'default' });
const cache = new Map<string, Promise<Messages>>();
const reported = new Set<string>();

function loadCatalog(code: string): Promise<Messages> {
  let pending = cache.get(code);
  if (!pending) {
    pending = (async () => {
      const load = loaders[`../../locales/${code}.json`];
      try {
        if (!load) throw new Error(`no catalog for ${code}`);
        return await load();
      } catch (err) {
        console.error('Failed locale loading', code, err);
        // A chunk that failed (offline, a deploy replaced it) is tried again next time.
        cache.delete(code);
        return {};
      }
    })();
    cache.set(code, pending);
  }
  return pending;
}

const merged = new Map<string, Messages>();

/** Keeps a complete, merged catalog (the one a page was rendered with) for later switches back to it. */
export function rememberMessages(code: string, messages: Messages) {
  merged.set(code, messages);
}

/** The locale's messages with gaps filled from its fallbacks and, last, English. */
export async function loadMessages(code: string): Promise<Messages> {
  const known = merged.get(code);
  if (known) return known;
  const chain = catalogChain(code);
  const catalogs = await Promise.all(chain.map(loadCatalog));
  const result: Messages = Object.assign({}, ...[...catalogs].reverse());
  reportFallbacks(code, chain, catalogs);
  // A chain with a failed catalog is not kept, so the next switch tries the network again.
  if (chain.every((c) => cache.has(c))) merged.set(code, result);
  return result;
}

/**
 * A key the language lacks shows its English text; it is reported once per language so missing translations
 * surface without flooding the log.
 */
function reportFallbacks(code: string, chain: string[], catalogs: Messages[]) {
  if (code === DEFAULT_LOCALE || reported.has(code)) return;
  reported.add(code);
  const english = catalogs[chain.indexOf(DEFAULT_LOCALE)] ?? {};
  const own = catalogs.slice(0, chain.indexOf(DEFAULT_LOCALE));
  const missing = Object.keys(english).filter((key) => !own.some((c) => key in c));
  if (missing.length)
    console.warn(`Invalid translation key: ${code} lacks ${missing.length} key(s), shown in English:`, missing.slice(0, 20));
}

const intls = new WeakMap<Messages, Map<string, IntlShape>>();

/**
 * One formatter per catalog and language tag, kept: a provider of its own would parse and build every message's
 * formatter again on each server render (a tenth of a page's CPU). Catalogs are kept objects (see `merged`), so
 * their formatters are too.
 */
export function intlFor(tag: string, messages: Messages): IntlShape {
  let byTag = intls.get(messages);
  if (!byTag) {
    byTag = new Map();
    intls.set(messages, byTag);
  }
  let intl = byTag.get(tag);
  if (!intl) {
    intl = withCheapKeys(createIntl({ locale: tag, messages, defaultLocale: 'en-US', onError: logIntlError }, createIntlCache()));
    byTag.set(tag, intl);
  }
  return intl;
}

function logIntlError(err: { code: string; message: string }) {
  if (err.code === 'MISSING_TRANSLATION') console.warn(`Invalid translation key: ${err.message}`);
  else console.warn(err.message);
}

export function parseCookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) {
      try {
        out[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        // A malformed cookie is ignored rather than breaking the page.
      }
    }
  }
  return out;
}
