/** The 37 interface languages. Defined once; the server, the web app and the catalogs all read this table. */
export type Dir = 'ltr' | 'rtl';

export interface Locale {
  code: string;
  name: string;
  native_name: string;
  dir: Dir;
  /** BCP 47 tag used for Intl formatting. */
  tag: string;
  /** BCP 47 language of the tag ("ckb" for Sorani Kurdish): `<html lang>`, hreflang and `lang` on user text. */
  lang: string;
  /** Languages whose messages fill gaps, before English. */
  fallbacks: readonly string[];
}

const l = (code: string, name: string, native_name: string, tag: string, dir: Dir = 'ltr', fallbacks: string[] = []): Locale => ({
  code,
  name,
  native_name,
  dir,
  tag,
  lang: tag.split('-')[0],
  fallbacks,
});

export const LOCALES: readonly Locale[] = [
  l('en', 'English', 'English', 'en-US'),
  l('ar', 'Arabic', 'العربية', 'ar', 'rtl'),
  l('fr', 'French', 'Français', 'fr-FR'),
  l('de', 'German', 'Deutsch', 'de-DE'),
  l('hi', 'Hindi', 'हिन्दी', 'hi-IN'),
  l('es', 'Spanish', 'Español', 'es-ES'),
  l('zh', 'Chinese', '中文', 'zh-CN'),
  l('bn', 'Bengali', 'বাংলা', 'bn-BD'),
  l('ha', 'Hausa', 'Hausa', 'ha-NG'),
  l('ig', 'Igbo', 'Igbo', 'ig-NG'),
  l('id', 'Indonesian', 'Bahasa Indonesia', 'id-ID', 'ltr', ['ms']),
  l('it', 'Italian', 'Italiano', 'it-IT'),
  l('ja', 'Japanese', '日本語', 'ja-JP'),
  l('ko', 'Korean', '한국어', 'ko-KR'),
  l('ms', 'Malay', 'Bahasa Melayu', 'ms-MY', 'ltr', ['id']),
  l('om', 'Oromo', 'Afaan Oromoo', 'om-ET'),
  l('fa', 'Persian', 'فارسی', 'fa-IR', 'rtl'),
  l('pl', 'Polish', 'Polski', 'pl-PL'),
  l('pt', 'Portuguese', 'Português', 'pt-BR'),
  l('ps', 'Pashto', 'پښتو', 'ps-AF', 'rtl', ['fa']),
  l('ru', 'Russian', 'Русский', 'ru-RU'),
  l('ta', 'Tamil', 'தமிழ்', 'ta-IN'),
  l('th', 'Thai', 'ไทย', 'th-TH'),
  l('tr', 'Turkish', 'Türkçe', 'tr-TR'),
  l('ur', 'Urdu', 'اردو', 'ur-PK', 'rtl'),
  l('vi', 'Vietnamese', 'Tiếng Việt', 'vi-VN'),
  l('am', 'Amharic', 'አማርኛ', 'am-ET'),
  l('az', 'Azerbaijani', 'Azərbaycan dili', 'az-AZ'),
  l('my', 'Burmese', 'မြန်မာဘာသာ', 'my-MM'),
  l('nl', 'Dutch', 'Nederlands', 'nl-NL'),
  l('fil', 'Filipino', 'Filipino', 'fil-PH'),
  // Sorani, in Arabic script; its native name says which Kurdish it is (decision 012), Kurmanji readers are not
  // given it for theirs (localeFromAcceptLanguage).
  l('ku', 'Kurdish (Sorani)', 'کوردیی ناوەندی', 'ckb-IQ', 'rtl'),
  l('ro', 'Romanian', 'Română', 'ro-RO'),
  l('sw', 'Swahili', 'Kiswahili', 'sw-KE'),
  l('uk', 'Ukrainian', 'Українська', 'uk-UA'),
  l('uz', 'Uzbek', 'Oʻzbekcha', 'uz-UZ'),
  l('yo', 'Yoruba', 'Yorùbá', 'yo-NG'),
];

export const DEFAULT_LOCALE = 'en';
export const LOCALE_CODES: readonly string[] = LOCALES.map((x) => x.code);
const byCode = new Map(LOCALES.map((x) => [x.code, x]));

export function isLocale(code: unknown): code is string {
  return typeof code === 'string' && byCode.has(code);
}

/**
 * The content languages a guest's `content_languages` cookie names; `all`, nothing or no known code reads as every
 * language (null). The server filters lists by it and the browser counts live arrivals by it.
 */
export function cookieLanguages(cookie: string | undefined): readonly string[] | null {
  // Most guests never chose: nothing to split on each of their requests.
  if (!cookie) return null;
  const codes = [...new Set(cookie.split(',').filter(isLocale))];
  return codes.length > 0 ? codes : null;
}

/**
 * The content languages a reader's lists keep to (null: every language): a signed-in reader's account decides
 * (none chosen there is every language), a guest's cookie otherwise.
 */
export function readerLanguages(account: readonly string[] | null, cookie: string | undefined): readonly string[] | null {
  if (account) return account.length > 0 ? account : null;
  return cookieLanguages(cookie);
}

export function getLocale(code: string): Locale {
  return byCode.get(code) ?? (byCode.get(DEFAULT_LOCALE) as Locale);
}

/** The order in which catalogs are consulted for a locale: itself, its fallbacks, then English. */
export function catalogChain(code: string): string[] {
  const chain = [code, ...getLocale(code).fallbacks, DEFAULT_LOCALE];
  return [...new Set(chain.filter(isLocale))];
}

/**
 * Picks the best supported locale from an Accept-Language header.
 * Matches exact codes first, then the primary subtag ("pt-BR" → "pt", "ckb" → "ku"). Kurdish in Latin script
 * (`kmr`, and `ku` alone, which browsers use for Kurmanji) is not Sorani: it matches nothing, so the next
 * language the browser asks for wins; only `ku-Arab` is read as Sorani.
 */
export function localeFromAcceptLanguage(header: string | undefined | null): string | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (primary === 'ku' || primary === 'kmr') {
      if (tag.startsWith('ku-arab')) return 'ku';
      continue;
    }
    if (byCode.has(tag)) return tag;
    if (primary === 'ckb') return 'ku';
    if (primary === 'tl') return 'fil';
    if (isLocale(primary)) return primary;
  }
  return null;
}

/** The language named by the first label of the host, when subdomains {code}.{appHost} are configured. */
export function localeFromHost(host: string | null | undefined, appHost: string | null | undefined): string | null {
  if (!host || !appHost) return null;
  const bare = host.toLowerCase().replace(/:\d+$/, '');
  const parent = appHost.toLowerCase().replace(/:\d+$/, '');
  if (!bare.endsWith(`.${parent}`)) return null;
  const label = bare.slice(0, -(parent.length + 1));
  return isLocale(label) ? label : null;
}

/** A language whose pages live under a path prefix `/{code}`: every one but English, whose paths have none. */
export function isPathLocale(code: string | undefined): code is string {
  return code !== DEFAULT_LOCALE && isLocale(code);
}

/** The language a page path is written in: its first segment when that is a code other than English. */
export function localeFromPath(pathname: string): string | null {
  const first = pathname.split('/')[1];
  return isPathLocale(first) ? first : null;
}

/**
 * Subdomain, then X-Locale, then the locale cookie, then Accept-Language, then English (DESIGN.md). A page's
 * path prefix ranks after the subdomain and before the cookie; the router reads it (app/layouts/language.tsx).
 */
export function pickLocale(input: LocaleInputs): string {
  return decideLocale(input).locale;
}

export interface LocaleInputs {
  host?: string | null;
  appHost?: string | null;
  explicit?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}

/**
 * pickLocale's answer, with the request headers it read before one decided: what a shared cache must key the
 * localized answer on (`Vary`). The host is part of every cache key already; `explicit` is the X-Locale header.
 * An input the caller names (even as null or undefined: absent from this request) was read; one it leaves out was not.
 */
export function decideLocale(input: LocaleInputs): { locale: string; vary: string[] } {
  const candidates: [keyof LocaleInputs, string | null | undefined, string | null][] = [
    ['host', localeFromHost(input.host, input.appHost), null],
    ['explicit', input.explicit?.toLowerCase(), 'X-Locale'],
    ['cookie', input.cookie, 'Cookie'],
    ['acceptLanguage', localeFromAcceptLanguage(input.acceptLanguage), 'Accept-Language'],
  ];
  const vary: string[] = [];
  for (const [key, code, header] of candidates) {
    if (!(key in input)) continue;
    if (header) vary.push(header);
    if (isLocale(code)) return { locale: code, vary };
  }
  return { locale: DEFAULT_LOCALE, vary };
}

/** The path of a screen in a language: English unprefixed, the others under /{code}. */
export function localizedPath(locale: string, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/** The languages to suggest: the page's, then the browser's, each once. */
export function suggestedLanguages(locale: string, browser: readonly string[]): string[] {
  const codes = browser.map((tag) => localeFromAcceptLanguage(tag)).filter((code): code is string => code !== null);
  return [...new Set([locale, ...codes])];
}

/**
 * The languages a browser asks for, best first, as its Accept-Language header lists them: the same list, in the same
 * order, as its `navigator.languages`, so the server can render the prompt the browser would have shown.
 */
export function browserLanguages(header: string | null | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((x) => x.tag);
}
