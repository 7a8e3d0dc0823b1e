/**
 * Catalogs for the web app: one compiled module per language, its fallbacks merged in, at a hashed URL
 * (scripts/catalogs.ts, decision 026). Pages do not carry their catalog in their data: the document announces it
 * in its head, the browser awaits it before hydrating (entry.client.tsx) and a language switch loads the new one
 * before the root renders (root.tsx clientLoader); the server loads its own copy (catalogs.server.ts). Rendering
 * reads the loaded catalog synchronously with `messagesFor`.
 */

import catalogFiles from 'virtual:kindred/catalog-files';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { DEFAULT_LOCALE } from '../../core/locales.ts';
import { createIntl, type IntlShape } from './intl.tsx';

/** A compiled catalog: each message as its ICU AST, so neither side parses messages while rendering. */
export type Messages = Record<string, MessageFormatElement[]>;

/**
 * A message with its one `{name}` filled in, where no catalog could be read (the root's error screen before any
 * loaded). The value goes in as it is: as a `String.replace` replacement, `$&` or `$'` in a path would be read as
 * patterns.
 */
export function fillMessage(message: string, name: string, value: string): string {
  return message.replace(`{${name}}`, () => value);
}

/** The URL of a language's catalog module, which the document preloads. */
export function catalogUrl(code: string): string {
  return catalogFiles[code] ?? catalogFiles[DEFAULT_LOCALE];
}

const EMPTY: Messages = {};
const loaded = new Map<string, Messages>();
/** Languages shown in English because their catalog failed to load: asked for again on the next navigation. */
const stale = new Set<string>();
const pending = new Map<string, Promise<Messages>>();

/** Keeps a language's complete catalog for rendering (the server's copy, catalogs.server.ts). */
export function rememberMessages(code: string, messages: Messages) {
  loaded.set(code, messages);
  stale.delete(code);
}

/** The loaded catalog of a language; empty (keys shown) only if nothing was loaded for it, which loaders prevent. */
export function messagesFor(code: string): Messages {
  return loaded.get(code) ?? EMPTY;
}

/**
 * Loads a language's catalog in the browser, once. A catalog that fails (offline, a deploy replaced it) is
 * logged and English stands in until the next navigation tries again.
 */
export function loadMessages(code: string): Promise<Messages> {
  const known = loaded.get(code);
  if (known && !stale.has(code)) return Promise.resolve(known);
  let load = pending.get(code);
  if (!load) {
    load = (async () => {
      try {
        const messages = ((await import(/* @vite-ignore */ catalogUrl(code))) as { default: Messages }).default;
        rememberMessages(code, messages);
        return messages;
      } catch (err) {
        console.error('Failed locale loading', code, err);
        const english = code === DEFAULT_LOCALE ? EMPTY : await loadMessages(DEFAULT_LOCALE);
        loaded.set(code, english);
        stale.add(code);
        return english;
      } finally {
        pending.delete(code);
      }
    })();
    pending.set(code, load);
  }
  return load;
}

const intls = new WeakMap<Messages, Map<string, IntlShape>>();

/**
 * One IntlShape per catalog and language tag, kept with the Intl formatters it builds: a provider of its own would
 * build them again on each server render. Catalogs are kept objects (see `loaded`), so their shapes are too.
 */
export function intlFor(tag: string, messages: Messages): IntlShape {
  let byTag = intls.get(messages);
  if (!byTag) {
    byTag = new Map();
    intls.set(messages, byTag);
  }
  let intl = byTag.get(tag);
  if (!intl) {
    intl = createIntl({ locale: tag, messages, defaultLocale: 'en-US', onError: logIntlError });
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
