/**
 * Formatter caches with cheap keys for a kept IntlShape (i18n.ts intlFor). formatjs memoizes every formatter it
 * builds under a key made with JSON.stringify of all its arguments, the parsed message included, on every call: a
 * twentieth of a server render. Here a message's formatter is found by the message itself (a string, or a parsed
 * message kept in the catalog), and an Intl formatter by its options' few plain values. The formatters are the
 * same objects built with the same arguments, so the text is the same, on the server and in the browser; a call
 * these keys cannot describe goes to formatjs's own cache.
 */
import {
  type Formatters,
  formatDate,
  formatDateToParts,
  formatNumber,
  formatNumberToParts,
  formatPlural,
  formatRelativeTime,
  formatTime,
  formatTimeToParts,
} from '@formatjs/intl';
import type { IntlShape } from 'react-intl';

// biome-ignore lint/suspicious/noExplicitAny: formatjs's formatter factories take their constructors' arguments.
type Factory<T> = (...args: any[]) => T;

/** A key of the options' own plain values, or null when one is not plain (a nested object, a function). */
function optionsKey(locales: unknown, options: unknown): string | null {
  if (typeof locales !== 'string') return null;
  if (options === undefined) return locales;
  if (options === null || typeof options !== 'object') return null;
  let key = locales;
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name];
    const type = typeof value;
    if (type === 'string' || type === 'number' || type === 'boolean') key += `\u0000${name}\u0001${type[0]}${value}`;
    else if (value !== undefined) return null;
  }
  return key;
}

/** `make` (an Intl formatter's memoized factory), kept by the options' plain values. */
function byOptions<T>(make: Factory<T>): Factory<T> {
  const kept = new Map<string, T>();
  return (...args) => {
    const key = args.length <= 2 ? optionsKey(args[0], args[1]) : null;
    if (key === null) return make(...args);
    let formatter = kept.get(key);
    if (formatter === undefined) {
      formatter = make(...args);
      kept.set(key, formatter);
    }
    return formatter;
  };
}

type MessageFormats = Map<unknown, unknown>;

/** Whether a message formatter's options are formatMessage's own: the formatters, and a plain ignoreTag. */
function onlyTagOption(opts: object): boolean {
  for (const name in opts) {
    if (name === 'formatters') continue;
    const value = (opts as Record<string, unknown>)[name];
    if (name !== 'ignoreTag' || (value !== undefined && typeof value !== 'boolean')) return false;
  }
  return true;
}

/**
 * A message's formatter, kept by the message (a string, or a parsed message's array) per language and formats
 * object. formatMessage passes `{ formatters, ignoreTag }` as options; anything else goes to formatjs's cache.
 */
function byMessage(make: Formatters['getMessageFormat'], state: Formatters): Formatters['getMessageFormat'] {
  const kept = new Map<string, { formats: unknown; plain: MessageFormats; ignoringTags: MessageFormats }>();
  return (message, locales, formats, opts) => {
    if (typeof locales !== 'string' || opts?.formatters !== state || !onlyTagOption(opts)) return make(message, locales, formats, opts);
    let byLocale = kept.get(locales);
    if (!byLocale) {
      byLocale = { formats, plain: new Map(), ignoringTags: new Map() };
      kept.set(locales, byLocale);
    }
    if (byLocale.formats !== formats) return make(message, locales, formats, opts);
    const messages = opts?.ignoreTag ? byLocale.ignoringTags : byLocale.plain;
    let formatter = messages.get(message) as ReturnType<typeof make> | undefined;
    if (formatter === undefined) {
      formatter = make(message, locales, formats, opts);
      messages.set(message, formatter);
    }
    return formatter;
  };
}

/**
 * Puts the cheap-key caches into a new IntlShape: its formatters object, which formatMessage and every message
 * formatter read from, and the format functions bound to the factories when it was made.
 */
export function withCheapKeys(intl: IntlShape): IntlShape {
  const f = intl.formatters as Formatters;
  f.getMessageFormat = byMessage(f.getMessageFormat, f);
  f.getNumberFormat = byOptions(f.getNumberFormat);
  f.getPluralRules = byOptions(f.getPluralRules);
  f.getDateTimeFormat = byOptions(f.getDateTimeFormat);
  f.getRelativeTimeFormat = byOptions(f.getRelativeTimeFormat);
  // The config the format functions read (locale, formats, timeZone, onError) is the shape's own.
  const config = intl as unknown as Parameters<typeof formatNumber>[0];
  return Object.assign(intl, {
    formatNumber: formatNumber.bind(null, config, f.getNumberFormat),
    formatNumberToParts: formatNumberToParts.bind(null, config, f.getNumberFormat),
    formatPlural: formatPlural.bind(null, config, f.getPluralRules),
    formatDate: formatDate.bind(null, config, f.getDateTimeFormat),
    formatDateToParts: formatDateToParts.bind(null, config, f.getDateTimeFormat),
    formatTime: formatTime.bind(null, config, f.getDateTimeFormat),
    formatTimeToParts: formatTimeToParts.bind(null, config, f.getDateTimeFormat),
    formatRelativeTime: formatRelativeTime.bind(null, config, f.getRelativeTimeFormat),
  }) as IntlShape;
}
