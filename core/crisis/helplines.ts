/**
 * Crisis helplines by country, for the crisis panel and the "Need help now?" page (issue 14).
 *
 * HONESTY OF THIS DATA: every service here is one its author knew to exist, with its number, as of KNOWLEDGE_DATE.
 * `verified` is that month: the numbers were NOT dialled or re-read on the services' sites when this file was
 * written. Where no national line could be named with confidence, the country has `directory: true` and the panel
 * sends people to the international directory (findahelpline.com) and to the emergency number, instead of a guess.
 * Re-verify every entry against its `source` before a release; change `verified` when you do.
 *
 * The country is NEVER taken from the IP address: it is the person's choice (remembered in their browser), else the
 * region of their browser languages, else the main country of the interface language (`countryFor`).
 */

/** The month the author's knowledge of these services dates from (see above). */
export const KNOWLEDGE_DATE = '2025-01';

export interface Helpline {
  /** Stable id (`{country}-{slug}`), for keys and tests. */
  id: string;
  /** The service's own name, as it writes it. */
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The number as people read it in that country, and the digits to dial (`tel:`). */
  phone?: { display: string; dial: string };
  /** Text messages: the number to write to, and what to write when the service asks for a keyword. */
  sms?: { display: string; dial: string; body?: string };
  /** Chat in the browser. */
  chat?: string;
  website: string;
  /** Open day and night, every day; otherwise the website says when. */
  always: boolean;
  /** Free-text hours for maintainers (not shown: the panel shows "24 hours" or "see the website"). */
  hours: string;
  /** Languages spoken (ISO 639-1 codes of core/locales where they exist). */
  languages: readonly string[];
  /** Only for some people (children and young people): shown with that note. */
  audience?: 'young';
  /** Where the entry comes from. */
  source: string;
  /** YYYY-MM: when the entry was last known correct (KNOWLEDGE_DATE unless someone re-checked it). */
  verified: string;
}

export interface Country {
  /** The general emergency number, where known with confidence. */
  emergency?: string;
  /** No national crisis line named here: point to the international directory (and the emergency number). */
  directory?: true;
}

/** The international directory, for an unknown country and for countries flagged `directory`. */
export const DIRECTORY = {
  name: 'Find A Helpline',
  url: 'https://findahelpline.com',
  alternatives: ['https://www.iasp.info/crisis-centres-helplines/', 'https://befrienders.org'],
  verified: KNOWLEDGE_DATE,
} as const;

const v = KNOWLEDGE_DATE;
const tel = (display: string, dial = display.replace(/[^\d+*#]/g, '')) => ({ display, dial });

export const HELPLINES: readonly Helpline[] = [
  // English-speaking countries
  {
    id: 'us-988',
    name: '988 Suicide & Crisis Lifeline',
    country: 'US',
    phone: tel('988'),
    sms: tel('988'),
    chat: 'https://988lifeline.org/chat/',
    website: 'https://988lifeline.org',
    always: true,
    hours: '24/7',
    languages: ['en', 'es'],
    source: 'https://988lifeline.org',
    verified: v,
  },
  {
    id: 'ca-988',
    name: '9-8-8 Suicide Crisis Helpline',
    country: 'CA',
    phone: tel('988'),
    sms: tel('988'),
    website: 'https://988.ca',
    always: true,
    hours: '24/7',
    languages: ['en', 'fr'],
    source: 'https://988.ca',
    verified: v,
  },
  {
    id: 'gb-samaritans',
    name: 'Samaritans',
    country: 'GB',
    phone: tel('116 123'),
    website: 'https://www.samaritans.org',
    always: true,
    hours: '24/7',
    languages: ['en'],
    source: 'https://www.samaritans.org/how-we-can-help/contact-samaritan/',
    verified: v,
  },
  {
    id: 'gb-shout',
    name: 'Shout',
    country: 'GB',
    sms: { ...tel('85258'), body: 'SHOUT' },
    website: 'https://giveusashout.org',
    always: true,
    hours: '24/7',
    languages: ['en'],
    source: 'https://giveusashout.org',
    verified: v,
  },
  {
    id: 'ie-samaritans',
    name: 'Samaritans Ireland',
    country: 'IE',
    phone: tel('116 123'),
    website: 'https://www.samaritans.org/ireland/',
    always: true,
    hours: '24/7',
    languages: ['en'],
    source: 'https://www.samaritans.org/ireland/how-we-can-help/contact-samaritan/',
    verified: v,
  },
  {
    id: 'ie-pieta',
    name: 'Pieta',
    country: 'IE',
    phone: tel('1800 247 247'),
    sms: { ...tel('51444'), body: 'HELP' },
    website: 'https://www.pieta.ie',
    always: true,
    hours: '24/7',
    languages: ['en'],
    source: 'https://www.pieta.ie',
    verified: v,
  },
  {
    id: 'au-lifeline',
    name: 'Lifeline Australia',
    country: 'AU',
    phone: tel('13 11 14'),
    sms: tel('0477 13 11 14'),
    chat: 'https://www.lifeline.org.au/crisis-chat/',
    website: 'https://www.lifeline.org.au',
    always: true,
    hours: '24/7',
    languages: ['en'],
    source: 'https://www.lifeline.org.au',
    verified: v,
  },
  {
    id: 'nz-1737',
    name: 'Need to talk? 1737',
    country: 'NZ',
    phone: tel('1737'),
    sms: tel('1737'),
    website: 'https://1737.org.nz',
    always: true,
    hours: '24/7',
    languages: ['en'],
    source: 'https://1737.org.nz',
    verified: v,
  },
  {
    id: 'za-sadag',
    name: 'SADAG Suicide Crisis Helpline',
    country: 'ZA',
    phone: tel('0800 567 567'),
    website: 'https://www.sadag.org',
    always: true,
    hours: '24/7',
    languages: ['en'],
    source: 'https://www.sadag.org',
    verified: v,
  },
  {
    id: 'sg-sos',
    name: 'Samaritans of Singapore (SOS)',
    country: 'SG',
    phone: tel('1767'),
    website: 'https://www.sos.org.sg',
    always: true,
    hours: '24/7',
    languages: ['en', 'zh', 'ms', 'ta'],
    source: 'https://www.sos.org.sg',
    verified: v,
  },
  // Europe
  {
    id: 'de-telefonseelsorge',
    name: 'TelefonSeelsorge',
    country: 'DE',
    phone: tel('0800 111 0 111'),
    chat: 'https://online.telefonseelsorge.de',
    website: 'https://www.telefonseelsorge.de',
    always: true,
    hours: '24/7',
    languages: ['de'],
    source: 'https://www.telefonseelsorge.de',
    verified: v,
  },
  {
    id: 'de-telefonseelsorge-2',
    name: 'TelefonSeelsorge',
    country: 'DE',
    phone: tel('0800 111 0 222'),
    website: 'https://www.telefonseelsorge.de',
    always: true,
    hours: '24/7',
    languages: ['de'],
    source: 'https://www.telefonseelsorge.de',
    verified: v,
  },
  {
    id: 'at-telefonseelsorge',
    name: 'TelefonSeelsorge Österreich',
    country: 'AT',
    phone: tel('142'),
    website: 'https://www.telefonseelsorge.at',
    always: true,
    hours: '24/7',
    languages: ['de'],
    source: 'https://www.telefonseelsorge.at',
    verified: v,
  },
  {
    id: 'ch-143',
    name: 'Die Dargebotene Hand / La Main Tendue / Telefono Amico',
    country: 'CH',
    phone: tel('143'),
    website: 'https://www.143.ch',
    always: true,
    hours: '24/7',
    languages: ['de', 'fr', 'it'],
    source: 'https://www.143.ch',
    verified: v,
  },
  {
    id: 'fr-3114',
    name: '3114 – Numéro national de prévention du suicide',
    country: 'FR',
    phone: tel('3114'),
    website: 'https://3114.fr',
    always: true,
    hours: '24/7',
    languages: ['fr'],
    source: 'https://3114.fr',
    verified: v,
  },
  {
    id: 'fr-sos-amitie',
    name: 'SOS Amitié',
    country: 'FR',
    phone: tel('09 72 39 40 50'),
    website: 'https://www.sos-amitie.com',
    always: true,
    hours: '24/7',
    languages: ['fr'],
    source: 'https://www.sos-amitie.com',
    verified: v,
  },
  {
    id: 'be-cps',
    name: 'Centre de Prévention du Suicide',
    country: 'BE',
    phone: tel('0800 32 123'),
    website: 'https://www.preventionsuicide.be',
    always: true,
    hours: '24/7',
    languages: ['fr'],
    source: 'https://www.preventionsuicide.be',
    verified: v,
  },
  {
    id: 'be-1813',
    name: 'Zelfmoordlijn 1813',
    country: 'BE',
    phone: tel('1813'),
    chat: 'https://www.zelfmoord1813.be',
    website: 'https://www.zelfmoord1813.be',
    always: true,
    hours: '24/7',
    languages: ['nl'],
    source: 'https://www.zelfmoord1813.be',
    verified: v,
  },
  {
    id: 'nl-113',
    name: '113 Zelfmoordpreventie',
    country: 'NL',
    phone: tel('0800 0113'),
    chat: 'https://www.113.nl',
    website: 'https://www.113.nl',
    always: true,
    hours: '24/7',
    languages: ['nl'],
    source: 'https://www.113.nl',
    verified: v,
  },
  {
    id: 'es-024',
    name: 'Línea 024',
    country: 'ES',
    phone: tel('024'),
    website: 'https://www.sanidad.gob.es/linea024/',
    always: true,
    hours: '24/7',
    languages: ['es'],
    source: 'https://www.sanidad.gob.es/linea024/',
    verified: v,
  },
  {
    id: 'es-esperanza',
    name: 'Teléfono de la Esperanza',
    country: 'ES',
    phone: tel('717 003 717'),
    website: 'https://telefonodelaesperanza.org',
    always: true,
    hours: '24/7',
    languages: ['es'],
    source: 'https://telefonodelaesperanza.org',
    verified: v,
  },
  {
    id: 'it-telefono-amico',
    name: 'Telefono Amico Italia',
    country: 'IT',
    phone: tel('02 2327 2327'),
    website: 'https://www.telefonoamico.it',
    always: false,
    hours: 'daily, daytime and evening (see website)',
    languages: ['it'],
    source: 'https://www.telefonoamico.it',
    verified: v,
  },
  {
    id: 'pt-sns24',
    name: 'SNS 24 (aconselhamento psicológico)',
    country: 'PT',
    phone: tel('808 24 24 24'),
    website: 'https://www.sns24.gov.pt',
    always: true,
    hours: '24/7',
    languages: ['pt'],
    source: 'https://www.sns24.gov.pt',
    verified: v,
  },
  {
    id: 'pl-116123',
    name: 'Kryzysowy Telefon Zaufania',
    country: 'PL',
    phone: tel('116 123'),
    website: 'https://116123.edu.pl',
    always: false,
    hours: 'daily, afternoon and night (see website)',
    languages: ['pl'],
    source: 'https://116123.edu.pl',
    verified: v,
  },
  {
    id: 'pl-centrum-wsparcia',
    name: 'Centrum Wsparcia',
    country: 'PL',
    phone: tel('800 70 2222'),
    website: 'https://centrumwsparcia.pl',
    always: true,
    hours: '24/7',
    languages: ['pl'],
    source: 'https://centrumwsparcia.pl',
    verified: v,
  },
  {
    id: 'ro-arps',
    name: 'Alianța Română de Prevenție a Suicidului',
    country: 'RO',
    phone: tel('0800 801 200'),
    website: 'https://www.alianta-suicid.ro',
    always: false,
    hours: 'evenings and nights (see website)',
    languages: ['ro'],
    source: 'https://www.alianta-suicid.ro',
    verified: v,
  },
  {
    id: 'ru-8800',
    name: 'Детский телефон доверия',
    country: 'RU',
    phone: tel('8 800 2000 122'),
    website: 'https://telefon-doveria.ru',
    always: true,
    hours: '24/7',
    languages: ['ru'],
    audience: 'young',
    source: 'https://telefon-doveria.ru',
    verified: v,
  },
  {
    id: 'ua-lifeline',
    name: 'Lifeline Ukraine',
    country: 'UA',
    phone: tel('7333'),
    website: 'https://lifelineukraine.com',
    always: true,
    hours: '24/7',
    languages: ['uk', 'ru'],
    source: 'https://lifelineukraine.com',
    verified: v,
  },
  // Americas
  {
    id: 'br-cvv',
    name: 'CVV – Centro de Valorização da Vida',
    country: 'BR',
    phone: tel('188'),
    chat: 'https://cvv.org.br/chat/',
    website: 'https://cvv.org.br',
    always: true,
    hours: '24/7',
    languages: ['pt'],
    source: 'https://cvv.org.br',
    verified: v,
  },
  {
    id: 'mx-linea-vida',
    name: 'Línea de la Vida',
    country: 'MX',
    phone: tel('800 911 2000'),
    website: 'https://www.gob.mx/salud/conadic',
    always: true,
    hours: '24/7',
    languages: ['es'],
    source: 'https://www.gob.mx/salud/conadic',
    verified: v,
  },
  {
    id: 'ar-cas',
    name: 'Centro de Asistencia al Suicida',
    country: 'AR',
    phone: tel('135'),
    website: 'https://www.asistenciaalsuicida.org.ar',
    always: true,
    hours: '24/7 (135 from Buenos Aires and surroundings; (011) 5275-1135 from the rest of the country)',
    languages: ['es'],
    source: 'https://www.asistenciaalsuicida.org.ar',
    verified: v,
  },
  // Asia
  {
    id: 'in-tele-manas',
    name: 'Tele-MANAS',
    country: 'IN',
    phone: tel('14416'),
    website: 'https://telemanas.mohfw.gov.in',
    always: true,
    hours: '24/7',
    languages: ['hi', 'en', 'bn', 'ta', 'ur'],
    source: 'https://telemanas.mohfw.gov.in',
    verified: v,
  },
  {
    id: 'jp-inochi',
    name: 'いのちの電話',
    country: 'JP',
    phone: tel('0570-783-556'),
    website: 'https://www.inochinodenwa.org',
    always: false,
    hours: 'daily, daytime and evening (see website)',
    languages: ['ja'],
    source: 'https://www.inochinodenwa.org',
    verified: v,
  },
  {
    id: 'jp-yorisoi',
    name: 'よりそいホットライン',
    country: 'JP',
    phone: tel('0120-279-338'),
    website: 'https://www.since2011.net/yorisoi/',
    always: true,
    hours: '24/7',
    languages: ['ja', 'en', 'zh', 'ko', 'fil', 'vi', 'th', 'pt', 'es'],
    source: 'https://www.since2011.net/yorisoi/',
    verified: v,
  },
  {
    id: 'kr-109',
    name: '자살예방상담전화 109',
    country: 'KR',
    phone: tel('109'),
    website: 'https://www.mohw.go.kr',
    always: true,
    hours: '24/7',
    languages: ['ko'],
    source: 'https://www.mohw.go.kr',
    verified: v,
  },
  {
    id: 'cn-bj-crisis',
    name: '北京心理危机研究与干预中心',
    country: 'CN',
    phone: tel('010-8295 1332'),
    website: 'https://www.crisis.org.cn',
    always: true,
    hours: '24/7',
    languages: ['zh'],
    source: 'https://www.crisis.org.cn',
    verified: v,
  },
  {
    id: 'tw-1925',
    name: '安心專線 1925',
    country: 'TW',
    phone: tel('1925'),
    website: 'https://dep.mohw.gov.tw',
    always: true,
    hours: '24/7',
    languages: ['zh'],
    source: 'https://dep.mohw.gov.tw',
    verified: v,
  },
  {
    id: 'hk-sbhk',
    name: '香港撒瑪利亞防止自殺會 The Samaritan Befrienders Hong Kong',
    country: 'HK',
    phone: tel('2389 2222'),
    website: 'https://sbhk.org.hk',
    always: true,
    hours: '24/7',
    languages: ['zh', 'en'],
    source: 'https://sbhk.org.hk',
    verified: v,
  },
  {
    id: 'hk-samaritans',
    name: 'The Samaritans Hong Kong 撒瑪利亞會',
    country: 'HK',
    phone: tel('2896 0000'),
    website: 'https://samaritans.org.hk',
    always: true,
    hours: '24/7',
    languages: ['zh', 'en'],
    source: 'https://samaritans.org.hk',
    verified: v,
  },
  {
    id: 'th-1323',
    name: 'สายด่วนสุขภาพจิต 1323',
    country: 'TH',
    phone: tel('1323'),
    website: 'https://www.dmh.go.th',
    always: true,
    hours: '24/7',
    languages: ['th'],
    source: 'https://www.dmh.go.th',
    verified: v,
  },
  {
    id: 'my-befrienders-kl',
    name: 'Befrienders Kuala Lumpur',
    country: 'MY',
    phone: tel('03-7627 2929'),
    website: 'https://www.befrienders.org.my',
    always: true,
    hours: '24/7',
    languages: ['ms', 'en', 'zh', 'ta'],
    source: 'https://www.befrienders.org.my',
    verified: v,
  },
  {
    id: 'ph-ncmh',
    name: 'NCMH Crisis Hotline',
    country: 'PH',
    phone: tel('1553'),
    website: 'https://ncmh.gov.ph',
    always: true,
    hours: '24/7 (1553 from landlines; mobile numbers on the website)',
    languages: ['fil', 'en'],
    source: 'https://ncmh.gov.ph',
    verified: v,
  },
  {
    id: 'lb-embrace',
    name: 'Embrace Lifeline',
    country: 'LB',
    phone: tel('1564'),
    website: 'https://embracelebanon.org',
    always: false,
    hours: 'daily, afternoon to early morning (see website)',
    languages: ['ar', 'en', 'fr'],
    source: 'https://embracelebanon.org',
    verified: v,
  },
  {
    id: 'ir-1480',
    name: 'صدای مشاور بهزیستی ۱۴۸۰',
    country: 'IR',
    phone: tel('1480'),
    website: 'https://www.behzisti.ir',
    always: false,
    hours: 'daily, daytime and evening (see website)',
    languages: ['fa'],
    source: 'https://www.behzisti.ir',
    verified: v,
  },
  {
    id: 'ir-123',
    name: 'اورژانس اجتماعی ۱۲۳',
    country: 'IR',
    phone: tel('123'),
    website: 'https://www.behzisti.ir',
    always: true,
    hours: '24/7',
    languages: ['fa'],
    source: 'https://www.behzisti.ir',
    verified: v,
  },
];

/**
 * Every country the panel knows: those with a service above, and the main countries of our 37 languages where no
 * national line is named here (`directory`). Emergency numbers only where known with confidence.
 */
export const COUNTRIES: Readonly<Record<string, Country>> = {
  US: { emergency: '911' },
  CA: { emergency: '911' },
  GB: { emergency: '999' },
  IE: { emergency: '112' },
  AU: { emergency: '000' },
  NZ: { emergency: '111' },
  ZA: { emergency: '112' },
  SG: { emergency: '995' },
  DE: { emergency: '112' },
  AT: { emergency: '112' },
  CH: { emergency: '112' },
  FR: { emergency: '112' },
  BE: { emergency: '112' },
  NL: { emergency: '112' },
  ES: { emergency: '112' },
  IT: { emergency: '112' },
  PT: { emergency: '112' },
  PL: { emergency: '112' },
  RO: { emergency: '112' },
  RU: { emergency: '112' },
  UA: { emergency: '112' },
  BR: { emergency: '192' },
  MX: { emergency: '911' },
  AR: {},
  IN: { emergency: '112' },
  JP: { emergency: '119' },
  KR: { emergency: '119' },
  CN: { emergency: '120' },
  TW: { emergency: '119' },
  HK: { emergency: '999' },
  TH: { emergency: '1669' },
  MY: { emergency: '999' },
  PH: { emergency: '911' },
  LB: { emergency: '140' },
  IR: { emergency: '115' },
  // Main countries of our languages with no national crisis line named here: the directory, and the emergency number.
  EG: { directory: true, emergency: '123' },
  SA: { directory: true, emergency: '997' },
  IQ: { directory: true },
  MA: { directory: true },
  DZ: { directory: true },
  JO: { directory: true, emergency: '911' },
  AE: { directory: true, emergency: '998' },
  CO: { directory: true, emergency: '123' },
  CL: { directory: true },
  BD: { directory: true, emergency: '999' },
  NG: { directory: true, emergency: '112' },
  NE: { directory: true },
  ID: { directory: true, emergency: '112' },
  ET: { directory: true },
  KE: { directory: true, emergency: '999' },
  TZ: { directory: true },
  AF: { directory: true },
  PK: { directory: true },
  LK: { directory: true },
  TR: { directory: true, emergency: '112' },
  VN: { directory: true, emergency: '115' },
  AZ: { directory: true, emergency: '112' },
  MM: { directory: true },
  UZ: { directory: true },
  KZ: { directory: true, emergency: '112' },
  BY: { directory: true },
  MD: { directory: true, emergency: '112' },
};

/** The countries where each interface language is mainly spoken, the first being the default for its readers. */
export const LANGUAGE_COUNTRIES: Readonly<Record<string, readonly string[]>> = {
  en: ['US', 'GB', 'CA', 'AU', 'IE', 'NZ', 'ZA', 'IN', 'NG', 'PH', 'SG'],
  ar: ['EG', 'SA', 'IQ', 'MA', 'DZ', 'JO', 'LB', 'AE'],
  fr: ['FR', 'BE', 'CA', 'CH'],
  de: ['DE', 'AT', 'CH'],
  hi: ['IN'],
  es: ['ES', 'MX', 'AR', 'CO', 'CL', 'US'],
  zh: ['CN', 'TW', 'HK', 'SG', 'MY'],
  bn: ['BD', 'IN'],
  ha: ['NG', 'NE'],
  ig: ['NG'],
  id: ['ID'],
  it: ['IT', 'CH'],
  ja: ['JP'],
  ko: ['KR'],
  ms: ['MY', 'SG'],
  om: ['ET', 'KE'],
  fa: ['IR', 'AF'],
  pl: ['PL'],
  pt: ['BR', 'PT'],
  ps: ['AF', 'PK'],
  ru: ['RU', 'UA', 'KZ', 'BY'],
  ta: ['IN', 'LK', 'SG', 'MY'],
  th: ['TH'],
  tr: ['TR'],
  ur: ['PK', 'IN'],
  vi: ['VN'],
  am: ['ET'],
  az: ['AZ'],
  my: ['MM'],
  nl: ['NL', 'BE'],
  fil: ['PH'],
  ku: ['IQ', 'IR'],
  ro: ['RO', 'MD'],
  sw: ['KE', 'TZ'],
  uk: ['UA'],
  uz: ['UZ'],
  yo: ['NG'],
};

/** Every country the picker offers. */
export const COUNTRY_CODES: readonly string[] = Object.keys(COUNTRIES).sort();

export const isCountry = (code: unknown): code is string => typeof code === 'string' && Object.hasOwn(COUNTRIES, code);

/** The region of a BCP 47 tag ("ar-EG" → "EG", "zh-Hant-TW" → "TW"), or null. */
export function regionOf(tag: string): string | null {
  for (const part of tag.split(/[-_]/).slice(1)) if (part.length === 2 && /^[a-z]{2}$/i.test(part)) return part.toUpperCase();
  return null;
}

/**
 * The country whose helplines to show, never from the IP address: the person's own choice, else the region of one
 * of their browser's languages that we know, else the main country of the interface language; null when none is
 * known (the panel then shows the international directory).
 */
export function countryFor(chosen: string | null | undefined, browserLanguages: readonly string[], locale: string): string | null {
  if (isCountry(chosen)) return chosen;
  for (const tag of browserLanguages) {
    const region = regionOf(tag);
    if (region && isCountry(region)) return region;
  }
  return LANGUAGE_COUNTRIES[locale]?.[0] ?? null;
}

export interface CountryHelp {
  country: string | null;
  emergency?: string;
  /** The services of the country, those that speak the interface language first. */
  helplines: Helpline[];
  /** Show the international directory as the place to find a line (no service named here, or no country). */
  directory: boolean;
}

export function helpFor(country: string | null, locale: string): CountryHelp {
  if (!isCountry(country)) return { country: null, helplines: [], directory: true };
  const lines = HELPLINES.filter((h) => h.country === country);
  const speaks = (h: Helpline) => (h.languages.includes(locale) ? 0 : 1);
  const helplines = [...lines].sort((a, b) => speaks(a) - speaks(b));
  return { country, emergency: COUNTRIES[country].emergency, helplines, directory: helplines.length === 0 };
}
