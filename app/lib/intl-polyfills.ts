/**
 * The formatjs polyfills, loaded only for a language of `POLYFILLED_LANGUAGES` (app/lib/intl-data.ts). `Intl`'s
 * constructors are replaced by ones that hand those languages, once their data is here, to the polyfill and every
 * other language to the platform, so an English reader and the server's other pages keep native formatting. The
 * polyfills reach each other through the global `Intl` (a relative time asks `Intl.PluralRules` and
 * `Intl.NumberFormat`) and their data files register themselves on it, so the global is where they must sit.
 */
import { DateTimeFormat } from '@formatjs/intl-datetimeformat';
import { NumberFormat } from '@formatjs/intl-numberformat';
import { PluralRules } from '@formatjs/intl-pluralrules';
import RelativeTimeFormat from '@formatjs/intl-relativetimeformat';

type Locales = string | readonly string[] | undefined;
interface Formatter {
  new (locales?: Locales, options?: object): object;
  supportedLocalesOf(locales: Locales, options?: object): string[];
  __addLocaleData?(...data: unknown[]): void;
}

/** Languages whose data has arrived: formatted by the polyfills from then on. */
const ready = new Set<string>();
const languageOf = (tag: string) => tag.split(/[-_]/)[0].toLowerCase();

function route(name: 'PluralRules' | 'NumberFormat' | 'DateTimeFormat' | 'RelativeTimeFormat', polyfill: Formatter) {
  const intl = Intl as unknown as Record<string, Formatter>;
  const native = intl[name];
  // Called with or without `new`, it returns the chosen implementation's instance either way.
  function Routed(locales?: Locales, options?: object) {
    const first = typeof locales === 'string' ? locales : locales?.[0];
    return new (first !== undefined && ready.has(languageOf(first)) ? polyfill : native)(locales, options);
  }
  Routed.prototype = native.prototype;
  Routed.supportedLocalesOf = (locales: Locales, options?: object) => [
    ...new Set([...native.supportedLocalesOf(locales, options), ...polyfill.supportedLocalesOf(locales, options)]),
  ];
  // The locale-data modules call this on the global.
  Routed.__addLocaleData = (...data: unknown[]) => polyfill.__addLocaleData?.(...data);
  Object.defineProperty(Intl, name, { value: Routed, writable: true, configurable: true, enumerable: false });
}

route('PluralRules', PluralRules as unknown as Formatter);
route('NumberFormat', NumberFormat as unknown as Formatter);
route('DateTimeFormat', DateTimeFormat as unknown as Formatter);
route('RelativeTimeFormat', RelativeTimeFormat as unknown as Formatter);

/** One chunk per file, so a reader downloads only their language's data. */
const DATA: Record<string, () => Promise<unknown>[]> = {
  ps: () => [
    import('@formatjs/intl-pluralrules/locale-data/ps.js'),
    import('@formatjs/intl-numberformat/locale-data/ps.js'),
    import('@formatjs/intl-datetimeformat/locale-data/ps.js'),
    import('@formatjs/intl-relativetimeformat/locale-data/ps.js'),
  ],
  ckb: () => [
    import('@formatjs/intl-pluralrules/locale-data/ckb.js'),
    import('@formatjs/intl-numberformat/locale-data/ckb.js'),
    import('@formatjs/intl-datetimeformat/locale-data/ckb.js'),
    import('@formatjs/intl-relativetimeformat/locale-data/ckb.js'),
  ],
  my: () => [
    import('@formatjs/intl-pluralrules/locale-data/my.js'),
    import('@formatjs/intl-numberformat/locale-data/my.js'),
    import('@formatjs/intl-datetimeformat/locale-data/my.js'),
    import('@formatjs/intl-relativetimeformat/locale-data/my.js'),
  ],
  om: () => [
    import('@formatjs/intl-pluralrules/locale-data/om.js'),
    import('@formatjs/intl-numberformat/locale-data/om.js'),
    import('@formatjs/intl-datetimeformat/locale-data/om.js'),
    import('@formatjs/intl-relativetimeformat/locale-data/om.js'),
  ],
  ha: () => [
    import('@formatjs/intl-pluralrules/locale-data/ha.js'),
    import('@formatjs/intl-numberformat/locale-data/ha.js'),
    import('@formatjs/intl-datetimeformat/locale-data/ha.js'),
    import('@formatjs/intl-relativetimeformat/locale-data/ha.js'),
  ],
  ig: () => [
    import('@formatjs/intl-pluralrules/locale-data/ig.js'),
    import('@formatjs/intl-numberformat/locale-data/ig.js'),
    import('@formatjs/intl-datetimeformat/locale-data/ig.js'),
    import('@formatjs/intl-relativetimeformat/locale-data/ig.js'),
  ],
  yo: () => [
    import('@formatjs/intl-pluralrules/locale-data/yo.js'),
    import('@formatjs/intl-numberformat/locale-data/yo.js'),
    import('@formatjs/intl-datetimeformat/locale-data/yo.js'),
    import('@formatjs/intl-relativetimeformat/locale-data/yo.js'),
  ],
  uz: () => [
    import('@formatjs/intl-pluralrules/locale-data/uz.js'),
    import('@formatjs/intl-numberformat/locale-data/uz.js'),
    import('@formatjs/intl-datetimeformat/locale-data/uz.js'),
    import('@formatjs/intl-relativetimeformat/locale-data/uz.js'),
  ],
  az: () => [
    import('@formatjs/intl-pluralrules/locale-data/az.js'),
    import('@formatjs/intl-numberformat/locale-data/az.js'),
    import('@formatjs/intl-datetimeformat/locale-data/az.js'),
    import('@formatjs/intl-relativetimeformat/locale-data/az.js'),
  ],
};

export async function addLanguage(lang: string): Promise<void> {
  if (ready.has(lang)) return;
  const load = DATA[lang];
  if (!load) return;
  await Promise.all(load());
  const own = RELATIVE_TIMES[lang];
  if (own) RelativeTimeFormat.__addLocaleData({ locale: lang, data: own });
  ready.add(lang);
}

type Unit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';
interface Phrases {
  past: string;
  future: string;
  /** Words for a whole offset: -1 yesterday, 0 today, 1 tomorrow. */
  named?: Record<string, string>;
}

/** A relative-time locale in formatjs's shape; the app uses the long style, which short and narrow repeat. */
function relativeTimes(numbering: string, units: Record<Unit, Phrases>) {
  const data: Record<string, unknown> = { nu: [numbering] };
  for (const [unit, { past, future, named }] of Object.entries(units)) {
    const field = { ...named, future: { other: future }, past: { other: past } };
    data[unit] = field;
    data[`${unit}-short`] = field;
    data[`${unit}-narrow`] = field;
  }
  return data;
}

/**
 * CLDR has no relative times for Sorani and only years for Yoruba (its data reads "-3 min"): these phrases fill
 * the gap. Both languages put the count before or after an uninflected noun, so one plural form is enough.
 */
const RELATIVE_TIMES: Record<string, Record<string, unknown>> = {
  ckb: relativeTimes('arab', {
    second: { past: '{0} چرکە لەمەوبەر', future: 'دوای {0} چرکە', named: { 0: 'ئێستا' } },
    minute: { past: '{0} خولەک لەمەوبەر', future: 'دوای {0} خولەک' },
    hour: { past: '{0} کاتژمێر لەمەوبەر', future: 'دوای {0} کاتژمێر' },
    day: { past: '{0} ڕۆژ لەمەوبەر', future: 'دوای {0} ڕۆژ', named: { '-1': 'دوێنێ', 0: 'ئەمڕۆ', 1: 'سبەینێ' } },
    week: {
      past: '{0} هەفتە لەمەوبەر',
      future: 'دوای {0} هەفتە',
      named: { '-1': 'هەفتەی ڕابردوو', 0: 'ئەم هەفتەیە', 1: 'هەفتەی داهاتوو' },
    },
    month: {
      past: '{0} مانگ لەمەوبەر',
      future: 'دوای {0} مانگ',
      named: { '-1': 'مانگی ڕابردوو', 0: 'ئەم مانگە', 1: 'مانگی داهاتوو' },
    },
    quarter: { past: '{0} چارەکە ساڵ لەمەوبەر', future: 'دوای {0} چارەکە ساڵ' },
    year: { past: '{0} ساڵ لەمەوبەر', future: 'دوای {0} ساڵ', named: { '-1': 'پار', 0: 'ئەمساڵ', 1: 'ساڵی داهاتوو' } },
  }),
  yo: relativeTimes('latn', {
    second: { past: 'ìṣẹ́jú-àáyá {0} sẹ́yìn', future: 'ní ìṣẹ́jú-àáyá {0}', named: { 0: 'nísinsìnyí' } },
    minute: { past: 'ìṣẹ́jú {0} sẹ́yìn', future: 'ní ìṣẹ́jú {0}' },
    hour: { past: 'wákàtí {0} sẹ́yìn', future: 'ní wákàtí {0}' },
    day: { past: 'ọjọ́ {0} sẹ́yìn', future: 'ní ọjọ́ {0}', named: { '-1': 'Àná', 0: 'Òní', 1: 'Ọ̀la' } },
    week: { past: 'ọ̀sẹ̀ {0} sẹ́yìn', future: 'ní ọ̀sẹ̀ {0}' },
    month: { past: 'oṣù {0} sẹ́yìn', future: 'ní oṣù {0}' },
    quarter: { past: 'ìdámẹ́rin ọdún {0} sẹ́yìn', future: 'ní ìdámẹ́rin ọdún {0}' },
    // CLDR's own Yoruba years.
    year: { past: '{0} Ọdún sẹ́yìn', future: 'ní {0} Ọdún', named: { '-1': 'Èṣí', 0: 'Ọdún yìí', 1: 'Àmọ́dún' } },
  }),
};
