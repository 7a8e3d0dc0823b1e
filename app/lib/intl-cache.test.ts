import { readFileSync } from 'node:fs';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { withCheapKeys } from './intl-cache.ts';

const catalog = (code: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${code}.json`, import.meta.url), 'utf8')) as Record<string, string>;

/** Every kind of call a page makes, twice, so the second answer comes from the kept formatters. */
function sample(intl: IntlShape): unknown[] {
  const out: unknown[] = [];
  for (let round = 0; round < 2; round++) {
    for (const id of Object.keys(intl.messages))
      for (const count of [0, 1, 2, 5, 11, 1234]) out.push(intl.formatMessage({ id }, { count, n: count, name: 'Kind Owl', total: count }));
    for (const n of [0, 1, 42, 1234.5, 0.375]) {
      out.push(intl.formatNumber(n), intl.formatNumber(n, { style: 'percent' }), intl.formatNumberToParts(n));
      out.push(intl.formatPlural(n), intl.formatPlural(n, { type: 'ordinal' }));
    }
    for (const [v, unit] of [
      [-30, 'second'],
      [-1, 'day'],
      [2, 'hour'],
      [0, 'minute'],
    ] as const) {
      out.push(intl.formatRelativeTime(v, unit, { numeric: 'auto' }), intl.formatRelativeTime(v, unit));
    }
    const at = Date.UTC(2026, 0, 15, 12, 30);
    out.push(
      intl.formatDate(at, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
      intl.formatDate(at, { timeZone: 'UTC' }),
    );
    out.push(intl.formatTime(at, { timeZone: 'UTC' }), intl.formatDateToParts(at, { month: 'short', timeZone: 'UTC' }));
    out.push(intl.formatMessage({ id: 'nope.missing', defaultMessage: '{n, plural, one {# thing} other {# things}}' }, { n: 3 }));
    out.push(intl.formatMessage({ id: 'post.supports' }, { count: 2 }, { ignoreTag: true }));
  }
  return out;
}

describe('formatters with cheap keys', () => {
  for (const code of ['en', 'ar', 'ru', 'ja']) {
    it(`format exactly as formatjs's own in ${code}`, () => {
      const messages = catalog(code);
      const make = () => createIntl({ locale: code, messages, defaultLocale: 'en-US', onError: () => {} }, createIntlCache());
      expect(sample(withCheapKeys(make()))).toEqual(sample(make()));
    });
  }

  it('build one formatter per message and per set of options', () => {
    const intl = withCheapKeys(createIntl({ locale: 'en', messages: catalog('en'), onError: () => {} }, createIntlCache()));
    const f = intl.formatters;
    expect(f.getNumberFormat('en', { style: 'percent' })).toBe(f.getNumberFormat('en', { style: 'percent' }));
    expect(f.getNumberFormat('en', { style: 'percent' })).not.toBe(f.getNumberFormat('en', { style: 'decimal' }));
    expect(f.getRelativeTimeFormat('en', { numeric: 'auto' })).toBe(f.getRelativeTimeFormat('en', { numeric: 'auto' }));
    const opts = { formatters: f };
    expect(f.getMessageFormat('{n} posts', 'en', undefined, opts)).toBe(
      f.getMessageFormat('{n} posts', 'en', undefined, { formatters: f }),
    );
  });
});
