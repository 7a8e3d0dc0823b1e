import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../../core/locales.ts';
import { createIntl } from './intl.tsx';
import { agoFrom } from './now.ts';

const at = '2026-11-25T12:00:00.000Z';
const t = (seconds: number) => Date.parse(at) + seconds * 1000;

describe('agoFrom', () => {
  it('is 0 under a minute either way, and the seconds from a minute on', () => {
    expect([0, 1, 3, 59, 59.4].map((s) => agoFrom(at, t(s)))).toEqual([0, 0, 0, 0, 0]);
    expect(agoFrom(at, t(-5))).toBe(0);
    expect(agoFrom(at, t(59.6))).toBe(-60);
    expect(agoFrom(at, t(60))).toBe(-60);
    expect(agoFrom(at, t(61))).toBe(-61);
    expect(agoFrom(at, t(7200))).toBe(-7200);
  });

  it('gives a fresh item the same text on the server’s clock and, seconds later, on the browser’s, in every language', () => {
    for (const locale of LOCALE_CODES) {
      const intl = createIntl({ locale, messages: {} });
      const shown = (now: number) => intl.formatRelativeTime(agoFrom(at, now), 'second', { numeric: 'auto' });
      // Rendered 3 seconds after the item was written, hydrated 4 seconds later: "now" both times.
      expect(shown(t(7)), locale).toBe(shown(t(3)));
      expect(shown(t(3)), locale).toBe(new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second'));
    }
  });
});
