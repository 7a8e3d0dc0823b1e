/**
 * The app's i18n runtime (decision 032): formats the compiled catalogs (ICU ASTs, decision 026) with the
 * platform's `Intl`, with the part of react-intl's API the app uses (`useIntl`, `FormattedMessage`,
 * `FormattedNumber`, `FormattedDate`, `FormattedRelativeTime`, `IntlProvider`, `RawIntlProvider`). react-intl,
 * @formatjs/intl and intl-messageformat were ~9 KB gzip of every page's first-load JavaScript, mostly for what the
 * app never asks for (string messages, named formats, lists, durations, display names, parts, plural rules).
 *
 * The output is react-intl's to the character and to the React node (intl.test.tsx formats every message of every
 * catalog both ways): literal parts merge the same way, a tag's function gets its chunks keyed the same way, the
 * same fallbacks apply (the id for a missing or failing message, `String(value)` for a failing number), and the
 * same `Intl` options reach the same constructors (options filtered by the same lists).
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  memo,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

type Messages = Record<string, MessageFormatElement[]>;
type Value = unknown;
type Primitive = string | number | bigint | boolean | null | undefined | Date;
type Values = Record<string, Value>;
type RelativeUnit = Intl.RelativeTimeFormatUnit;

export interface IntlError {
  code: string;
  message: string;
}

export interface IntlConfig {
  locale: string;
  messages: Messages;
  defaultLocale?: string;
  onError?: (err: IntlError) => void;
}

export interface MessageDescriptor {
  id: string;
  description?: string;
}

type NumberOptions = Intl.NumberFormatOptions & { format?: string };
type DateOptions = Intl.DateTimeFormatOptions & { format?: string };

export interface IntlShape {
  locale: string;
  defaultLocale: string;
  messages: Messages;
  onError: (err: IntlError) => void;
  /** Text when every value is (a tag's function aside, which makes nodes). */
  formatMessage(descriptor: MessageDescriptor, values?: Record<string, Primitive>): string;
  formatMessage(descriptor: MessageDescriptor, values?: Values): ReactNode;
  formatNumber(value: number | bigint, options?: NumberOptions): string;
  formatDate(value: Date | number | string, options?: DateOptions): string;
  formatRelativeTime(value: number, unit?: RelativeUnit, options?: Intl.RelativeTimeFormatOptions & { format?: string }): string;
}

/** intl-messageformat's default formats: the only ones a message's `{d, date, long}` or `{t, time}` can name. */
const DATE_STYLES: Record<string, Intl.DateTimeFormatOptions> = {
  short: { month: 'numeric', day: 'numeric', year: '2-digit' },
  medium: { month: 'short', day: 'numeric', year: 'numeric' },
  long: { month: 'long', day: 'numeric', year: 'numeric' },
  full: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
};
const TIME_STYLES: Record<string, Intl.DateTimeFormatOptions> = {
  short: { hour: 'numeric', minute: 'numeric' },
  medium: { hour: 'numeric', minute: 'numeric', second: 'numeric' },
  long: { hour: 'numeric', minute: 'numeric', second: 'numeric', timeZoneName: 'short' },
  full: { hour: 'numeric', minute: 'numeric', second: 'numeric', timeZoneName: 'short' },
};
const NUMBER_STYLES: Record<string, Intl.NumberFormatOptions & { scale?: number }> = {
  integer: { maximumFractionDigits: 0 },
  currency: { style: 'currency' },
  percent: { style: 'percent' },
};

/** The options @formatjs/intl passes on to each constructor; any other prop (a component's) is left out. */
const NUMBER_OPTIONS = [
  'style',
  'currency',
  'unit',
  'unitDisplay',
  'useGrouping',
  'minimumIntegerDigits',
  'minimumFractionDigits',
  'maximumFractionDigits',
  'minimumSignificantDigits',
  'maximumSignificantDigits',
  'compactDisplay',
  'currencyDisplay',
  'currencySign',
  'notation',
  'signDisplay',
  'numberingSystem',
  'trailingZeroDisplay',
  'roundingPriority',
  'roundingIncrement',
  'roundingMode',
];
const DATE_OPTIONS = [
  'formatMatcher',
  'timeZone',
  'hour12',
  'weekday',
  'era',
  'year',
  'month',
  'day',
  'hour',
  'minute',
  'second',
  'timeZoneName',
  'hourCycle',
  'dateStyle',
  'timeStyle',
  'calendar',
  'numberingSystem',
  'fractionalSecondDigits',
];
const RELATIVE_OPTIONS = ['numeric', 'style'];

function pick(options: object, names: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) if (name in options) out[name] = (options as Record<string, unknown>)[name];
  return out;
}

function intlError(code: string, message: string, cause?: unknown): IntlError {
  const err = new Error(`${message}${cause instanceof Error ? `\n${cause.message}` : ''}`);
  return Object.assign(err, { code });
}

/**
 * A constructor's instances kept by locale and the options' plain values, which is all the app passes: the same
 * formatter for the same arguments, found without serialising them on every call.
 */
function kept<T>(make: (locale: string, options?: object) => T): (locale: string, options?: object) => T {
  const byKey = new Map<string, T>();
  return (locale, options) => {
    let key = locale;
    if (options)
      for (const name in options) {
        const value = (options as Record<string, unknown>)[name];
        if (value !== undefined) key += `\u0000${name}\u0001${typeof value}${String(value)}`;
      }
    let formatter = byKey.get(key);
    if (formatter === undefined) {
      formatter = make(locale, options);
      byKey.set(key, formatter);
    }
    return formatter;
  };
}

interface Formatters {
  number: (locale: string, options?: object) => Intl.NumberFormat;
  dateTime: (locale: string, options?: object) => Intl.DateTimeFormat;
  plural: (locale: string, options?: object) => Intl.PluralRules;
  relative: (locale: string, options?: object) => Intl.RelativeTimeFormat;
}

/** A part of a formatted message: text (`literal`) or whatever a value or a tag's function gave (a React node). */
interface Part {
  literal: boolean;
  value: unknown;
}

class FormatError extends Error {
  code = 'FORMAT_ERROR';
}

/** intl-messageformat's `mergeLiteral`: adjacent texts become one, so React renders one text node, as it did. */
function mergeLiterals(parts: Part[]): Part[] {
  if (parts.length < 2) return parts;
  const out: Part[] = [];
  for (const part of parts) {
    const last = out[out.length - 1];
    if (last?.literal && part.literal) last.value = (last.value as string) + (part.value as string);
    else out.push(part);
  }
  return out;
}

const hasOwn = (object: object, key: string) => Object.hasOwn(object, key);

/** intl-messageformat's `formatToParts`, element for element. */
function formatToParts(els: MessageFormatElement[], locale: string, f: Formatters, values: Values, plural?: number): Part[] {
  if (els.length === 1 && els[0].type === 0) return [{ literal: true, value: els[0].value }];
  const result: Part[] = [];
  for (const el of els) {
    if (el.type === 0) {
      result.push({ literal: true, value: el.value });
      continue;
    }
    if (el.type === 7) {
      if (typeof plural === 'number') result.push({ literal: true, value: f.number(locale).format(plural) });
      continue;
    }
    const name = el.value;
    if (!(name in values)) throw new FormatError(`The intl string context variable "${name}" was not provided`);
    let value = values[name];
    switch (el.type) {
      case 1: {
        if (!value || typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')
          value = typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
        result.push({ literal: typeof value === 'string', value });
        continue;
      }
      case 3:
      case 4: {
        const styles = el.type === 3 ? DATE_STYLES : TIME_STYLES;
        const style =
          typeof el.style === 'string'
            ? styles[el.style]
            : el.style
              ? el.style.parsedOptions
              : el.type === 4
                ? TIME_STYLES.medium
                : undefined;
        result.push({ literal: true, value: f.dateTime(locale, style).format(value as number) });
        continue;
      }
      case 2: {
        const style: (Intl.NumberFormatOptions & { scale?: number }) | undefined =
          typeof el.style === 'string' ? NUMBER_STYLES[el.style] : el.style ? el.style.parsedOptions : undefined;
        if (style?.scale) value = typeof value === 'bigint' ? value * BigInt(style.scale) : (value as number) * style.scale;
        result.push({ literal: true, value: f.number(locale, style).format(value as number) });
        continue;
      }
      case 8: {
        const fn = values[el.value];
        if (typeof fn !== 'function') throw new FormatError(`Value for "${el.value}" must be of type function`);
        const inner = formatToParts(el.children, locale, f, values, plural).map((p) => p.value);
        // react-intl keys the chunks as React.Children.toArray would, so a tag's children need no keys of their own.
        let chunks = fn(keyed(inner));
        if (!Array.isArray(chunks)) chunks = [chunks];
        for (const c of chunks as unknown[]) result.push({ literal: typeof c === 'string', value: c });
        continue;
      }
      case 5: {
        const key = value as string;
        const option = (hasOwn(el.options, key) ? el.options[key] : undefined) || el.options.other;
        if (!option) throw new FormatError(`Invalid values for "${el.value}"`);
        // As intl-messageformat: a select does not pass the enclosing plural's number on, so `#` inside prints nothing.
        result.push(...formatToParts(option.value, locale, f, values));
        continue;
      }
      case 6: {
        let option = hasOwn(el.options, `=${value}`) ? el.options[`=${value}`] : undefined;
        const n = typeof value === 'bigint' ? Number(value) : (value as number);
        if (!option) {
          const rule = f.plural(locale, { type: el.pluralType }).select(n - (el.offset || 0));
          option = (hasOwn(el.options, rule) ? el.options[rule] : undefined) || el.options.other;
        }
        if (!option) throw new FormatError(`Invalid values for "${el.value}"`);
        result.push(...formatToParts(option.value, locale, f, values, n - (el.offset || 0)));
        continue;
      }
    }
  }
  return mergeLiterals(result);
}

/** react-intl's `toKeyedReactNodeArray`: React.Children.toArray with each element in a fragment keyed by index. */
function keyed(children: unknown[]): ReactNode[] {
  return Children.toArray(children as ReactNode[]).map((child, index) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: a message's chunks never reorder; react-intl keys them so too.
    isValidElement(child) ? <Fragment key={index}>{child}</Fragment> : child,
  );
}

const NO_VALUES: Values = {};

/**
 * An IntlShape for a language tag and a compiled catalog. Kept by its caller (i18n.ts `intlFor`): its formatters
 * are kept inside it.
 */
export function createIntl({ locale, messages, defaultLocale = 'en', onError = () => {} }: IntlConfig): IntlShape {
  const f: Formatters = {
    number: kept((l, o) => new Intl.NumberFormat(l, o)),
    dateTime: kept((l, o) => new Intl.DateTimeFormat(l, o)),
    plural: kept((l, o) => new Intl.PluralRules(l, o)),
    relative: kept((l, o) => new Intl.RelativeTimeFormat(l, o)),
  };
  if (!Intl.NumberFormat.supportedLocalesOf(locale).length)
    onError(
      intlError(
        'MISSING_DATA',
        `Missing locale data for locale: "${locale}" in Intl.NumberFormat. Using default locale: "${defaultLocale}" as fallback.`,
      ),
    );
  else if (!Intl.DateTimeFormat.supportedLocalesOf(locale).length)
    onError(
      intlError(
        'MISSING_DATA',
        `Missing locale data for locale: "${locale}" in Intl.DateTimeFormat. Using default locale: "${defaultLocale}" as fallback.`,
      ),
    );

  /** A named format (`{ format: 'x' }`): the app configures none, so it is reported and ignored, as formatjs does. */
  const named = (type: string, options: { format?: string }) => {
    if (options.format) onError(intlError('UNSUPPORTED_FORMATTER', `No ${type} format named: ${options.format}`));
  };
  const failed = (what: string, err: unknown) => onError(intlError('FORMAT_ERROR', `Error formatting ${what}.\nLocale: ${locale}\n`, err));

  function formatMessage({ id }: MessageDescriptor, values?: Values): ReactNode {
    if (!id) throw new Error('formatMessage needs an id');
    const message = hasOwn(messages, id) && messages[id];
    if (message && message.length === 1 && message[0].type === 0) return message[0].value;
    if (!message) {
      onError(intlError('MISSING_TRANSLATION', `Missing message: "${id}" for locale "${locale}", using id as fallback.`));
      return id;
    }
    let parts: Part[];
    try {
      parts = formatToParts(message, locale, f, values ?? NO_VALUES);
    } catch (err) {
      onError(intlError('FORMAT_ERROR', `Error formatting message: "${id}", using id as fallback.\nLocale: ${locale}\n`, err));
      return id;
    }
    // intl-messageformat's `format`: one part as it is, else texts joined between the nodes.
    if (parts.length === 1) return parts[0].value as ReactNode;
    const out: unknown[] = [];
    for (const part of parts) {
      if (part.literal && typeof out[out.length - 1] === 'string') out[out.length - 1] += part.value as string;
      else out.push(part.value);
    }
    if (out.length <= 1) return (out[0] as ReactNode) || '';
    return keyed(out);
  }

  return {
    locale,
    defaultLocale,
    messages,
    onError,
    formatMessage: formatMessage as IntlShape['formatMessage'],
    formatNumber(value, options = {}) {
      try {
        named('number', options);
        return f.number(locale, pick(options, NUMBER_OPTIONS)).format(value);
      } catch (err) {
        failed('number', err);
      }
      return String(value);
    },
    formatDate(value, options = {}) {
      const date = typeof value === 'string' ? new Date(value || 0) : value;
      try {
        named('date', options);
        return f.dateTime(locale, pick(options, DATE_OPTIONS)).format(date);
      } catch (err) {
        failed('date', err);
      }
      return String(date);
    },
    formatRelativeTime(value, unit = 'second', options = {}) {
      try {
        named('relative', options);
        return f.relative(locale, pick(options, RELATIVE_OPTIONS)).format(value, unit);
      } catch (err) {
        failed('relative time', err);
      }
      return String(value);
    },
  };
}

const IntlContext = createContext<IntlShape | null>(null);

/** Provides a kept IntlShape (root.tsx). */
export const RawIntlProvider = IntlContext.Provider;

export function useIntl(): IntlShape {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error('useIntl outside an IntlProvider or RawIntlProvider');
  return intl;
}

/** A provider for another catalog (a static page's texts over the app's), rebuilt when its config changes. */
export function IntlProvider({ children, locale, messages, defaultLocale, onError }: IntlConfig & { children: ReactNode }) {
  const intl = useMemo(() => createIntl({ locale, messages, defaultLocale, onError }), [locale, messages, defaultLocale, onError]);
  return <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>;
}

function shallowEqual(a?: object, b?: object): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  if (Object.keys(b).length !== keys.length) return false;
  for (const key of keys) if ((a as Record<string, unknown>)[key] !== (b as Record<string, unknown>)[key] || !hasOwn(b, key)) return false;
  return true;
}

interface MessageProps extends MessageDescriptor {
  values?: Values;
}

/** A message as React nodes; re-rendered only when its id or a value changes, as react-intl's. */
export const FormattedMessage = memo(
  function FormattedMessage({ id, values }: MessageProps) {
    return <>{useIntl().formatMessage({ id }, values)}</>;
  },
  ({ values: a, ...restA }, { values: b, ...restB }) => shallowEqual(a, b) && shallowEqual(restA, restB),
);

export function FormattedNumber({ value, ...options }: NumberOptions & { value: number }) {
  return <>{useIntl().formatNumber(value, options)}</>;
}

export function FormattedDate({ value, ...options }: DateOptions & { value: Date | number | string }) {
  return <>{useIntl().formatDate(value, options)}</>;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;
const selectUnit = (seconds: number): RelativeUnit =>
  Math.abs(seconds) < MINUTE ? 'second' : Math.abs(seconds) < HOUR ? 'minute' : Math.abs(seconds) < DAY ? 'hour' : 'day';
const unitSeconds = (unit: RelativeUnit) => (unit === 'second' ? 1 : unit === 'minute' ? MINUTE : unit === 'hour' ? HOUR : DAY);
const canIncrement = (unit: RelativeUnit) => unit === 'second' || unit === 'minute' || unit === 'hour';
const toSeconds = (value: number, unit: RelativeUnit) =>
  !value ? 0 : unit === 'second' ? value : unit === 'minute' ? value * MINUTE : value * HOUR;

interface RelativeProps extends Intl.RelativeTimeFormatOptions {
  value?: number;
  unit?: RelativeUnit;
  /** Re-renders as time passes (seconds, minutes or hours only), at the next change of the shown value. */
  updateIntervalInSeconds?: number;
}

/** react-intl's FormattedRelativeTime, its timer included: the text moves on as it did. */
export function FormattedRelativeTime({ value = 0, unit = 'second', updateIntervalInSeconds, ...options }: RelativeProps) {
  const intl = useIntl();
  if (updateIntervalInSeconds && !canIncrement(unit)) throw new Error('Cannot schedule update with unit longer than hour');
  const [prevUnit, setPrevUnit] = useState<RelativeUnit>();
  const [prevValue, setPrevValue] = useState(0);
  const [current, setCurrent] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  if (unit !== prevUnit || value !== prevValue) {
    setPrevValue(value || 0);
    setPrevUnit(unit);
    setCurrent(canIncrement(unit) ? toSeconds(value, unit) : 0);
  }
  useEffect(() => {
    const clear = () => clearTimeout(timer.current);
    clear();
    if (!updateIntervalInSeconds || !canIncrement(unit)) return clear;
    const next = current - updateIntervalInSeconds;
    const nextUnit = selectUnit(next);
    if (nextUnit === 'day') return clear;
    const duration = unitSeconds(nextUnit);
    const before = next - (next % duration);
    const target = before >= current ? before - duration : before;
    if (current !== target) timer.current = setTimeout(() => setCurrent(target), Math.abs(target - current) * 1e3);
    return clear;
  }, [current, updateIntervalInSeconds, unit]);
  let shownValue = value || 0;
  let shownUnit = unit;
  if (canIncrement(unit) && updateIntervalInSeconds) {
    shownUnit = selectUnit(current);
    shownValue = Math.round(current / unitSeconds(shownUnit));
  }
  return <>{intl.formatRelativeTime(shownValue, shownUnit, options)}</>;
}
