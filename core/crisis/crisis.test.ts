import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../locales.ts';
import { crisisPhrasesLoaded, detectCrisis, loadCrisisPhrases } from './detect.ts';
import {
  COUNTRIES,
  COUNTRY_CODES,
  countryFor,
  DIRECTORY,
  HELPLINES,
  helpFor,
  KNOWLEDGE_DATE,
  LANGUAGE_COUNTRIES,
  regionOf,
} from './helplines.ts';
import { CRISIS_TEXT_MAX, normalizeCrisisText } from './normalize.ts';
import latin from './phrases/latin.ts';
import { LATIN_SCRIPT_LISTS } from './scripts.ts';

describe('helplines data', () => {
  it('gives every entry a complete, well-formed shape', () => {
    const ids = new Set<string>();
    for (const h of HELPLINES) {
      expect(ids.has(h.id), h.id).toBe(false);
      ids.add(h.id);
      expect(h.id.startsWith(`${h.country.toLowerCase()}-`), h.id).toBe(true);
      expect(h.name.trim().length > 0, h.id).toBe(true);
      expect(Object.hasOwn(COUNTRIES, h.country), h.id).toBe(true);
      expect(h.phone !== undefined || h.sms !== undefined || h.chat !== undefined, h.id).toBe(true);
      for (const n of [h.phone, h.sms]) if (n) expect(n.dial, h.id).toMatch(/^\+?[\d*#]{3,15}$/);
      for (const url of [h.website, h.source, h.chat].filter((u) => u !== undefined))
        expect(url, h.id).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]{2,}(\/\S*)?$/);
      expect(h.verified, h.id).toMatch(/^\d{4}-\d{2}$/);
      // Never later than today's knowledge: an entry is re-verified by someone who changes the date.
      expect(h.verified >= KNOWLEDGE_DATE, h.id).toBe(true);
      expect(h.languages.length > 0, h.id).toBe(true);
      for (const lang of h.languages) expect(LOCALE_CODES, `${h.id} ${lang}`).toContain(lang);
      expect(h.hours.length > 0, h.id).toBe(true);
      expect(typeof h.always).toBe('boolean');
    }
    expect(DIRECTORY.url).toBe('https://findahelpline.com');
  });

  it('maps each of the 37 languages to at least one known country', () => {
    expect(Object.keys(LANGUAGE_COUNTRIES).sort()).toEqual([...LOCALE_CODES].sort());
    for (const code of LOCALE_CODES) {
      expect(LANGUAGE_COUNTRIES[code].length > 0, code).toBe(true);
      for (const country of LANGUAGE_COUNTRIES[code]) expect(COUNTRY_CODES, `${code} → ${country}`).toContain(country);
    }
  });

  it('gives every country either a service or the directory flag, never both', () => {
    for (const country of COUNTRY_CODES) {
      const services = HELPLINES.filter((h) => h.country === country).length;
      expect(services > 0 ? COUNTRIES[country].directory : true, country).toBe(services > 0 ? undefined : true);
      const help = helpFor(country, 'en');
      expect(help.directory, country).toBe(services === 0);
      expect(help.helplines.length, country).toBe(services);
    }
  });

  it('picks the country from the choice, then the browser languages, then the interface language; never guesses', () => {
    expect(regionOf('ar-EG')).toBe('EG');
    expect(regionOf('zh-Hant-TW')).toBe('TW');
    expect(regionOf('en')).toBe(null);
    expect(countryFor('JP', ['ar-EG'], 'en')).toBe('JP');
    expect(countryFor('XX', ['ar-EG'], 'en')).toBe('EG');
    expect(countryFor(null, ['fr', 'de-AT'], 'fr')).toBe('AT');
    expect(countryFor(null, ['ja'], 'ja')).toBe('JP');
    expect(countryFor(null, ['en-ZZ'], 'pt')).toBe('BR');
    expect(countryFor(null, [], 'xx')).toBe(null);
    expect(helpFor(null, 'en')).toEqual({ country: null, helplines: [], directory: true });
    // Services that speak the interface language come first.
    expect(helpFor('CH', 'it').helplines.map((h) => h.id)).toEqual(['ch-143']);
    expect(helpFor('IN', 'ta').helplines[0].id).toBe('in-tele-manas');
    expect(helpFor('TR', 'tr')).toEqual({ country: 'TR', emergency: '112', helplines: [], directory: true });
  });
});

describe('crisis detector', () => {
  beforeAll(async () => {
    for (const code of LOCALE_CODES) await loadCrisisPhrases(code);
  });

  it('has a list for every interface language', () => {
    for (const code of LOCALE_CODES) expect(crisisPhrasesLoaded(code), code).toBe(true);
  });

  it('keeps every list with phrases in Latin letters in the Latin chunk, and only those (decision 079)', async () => {
    expect(Object.keys(latin).sort()).toEqual([...LATIN_SCRIPT_LISTS].sort());
    const hasLatin = (list: { explicit: readonly string[]; indirect: readonly string[] }) =>
      [...list.explicit, ...list.indirect].some((phrase) => /\p{Script=Latin}/u.test(phrase));
    for (const code of LOCALE_CODES) {
      const list = LATIN_SCRIPT_LISTS.includes(code) ? latin[code as keyof typeof latin] : (await import(`./phrases/${code}.ts`)).default;
      expect(hasLatin(list), code).toBe(LATIN_SCRIPT_LISTS.includes(code));
    }
  });

  it('normalises case, accents, script variants and spacing, and keeps marks that are letters', () => {
    expect(normalizeCrisisText('  Ich   WÜRDE\tgern ')).toBe('ich wurde gern');
    expect(normalizeCrisisText('don’t')).toBe('dont');
    expect(normalizeCrisisText('self-harm')).toBe('self harm');
    expect(normalizeCrisisText('أريد')).toBe('ارید');
    expect(normalizeCrisisText('كتاب')).toBe(normalizeCrisisText('کتاب'));
    expect(normalizeCrisisText('می‌خواهم')).toBe('میخواهم');
    expect(normalizeCrisisText('ölmek İSTİYORUM')).toBe('olmek istiyorum');
    expect(normalizeCrisisText('मरना')).toBe('मरना');
    expect(normalizeCrisisText('อยากตาย')).toBe('อยากตาย');
    // Width variants fold (NFKD): the full-width comma is a comma.
    expect(normalizeCrisisText('我不想活了，真的')).toBe('我不想活了,真的');
    expect(normalizeCrisisText('殺')).toBe('杀');
    expect(normalizeCrisisText('từ từ', 'vi')).toBe('từ từ');
    expect(normalizeCrisisText('x'.repeat(CRISIS_TEXT_MAX + 100)).length).toBe(CRISIS_TEXT_MAX);
  });

  const cases: [string, string, 'explicit' | 'indirect' | null][] = [
    ['en', 'Honestly I just want to die.', 'explicit'],
    ['en', 'this exam is killing me', null],
    ['en', "I don't want to die, I want things to change", null],
    ['en', 'Everyone would be better off without me.', 'indirect'],
    ['ar', 'أريد أن أموت، لم أعد أحتمل', 'explicit'],
    ['ar', 'موت من الضحك على هذا الفيديو', null],
    ['ja', 'もう死にたい。疲れた', 'explicit'],
    ['ja', '死ぬほど笑った', null],
    ['ja', 'いなくなりたい', 'indirect'],
    ['es', 'Ya no quiero vivir, estoy cansada', 'explicit'],
    ['es', 'Este examen me va a matar', null],
    ['de', 'Ich will nicht mehr leben.', 'explicit'],
    ['de', 'Ich lach mich tot', null],
    ['hi', 'मैं मरना चाहता हूँ', 'explicit'],
    ['zh', '我真的不想活了', 'explicit'],
    ['zh', '笑死我了', null],
    ['zh', '我想自殺', 'explicit'],
    ['ru', 'Я больше не хочу жить', 'explicit'],
    ['tr', 'Artık ölmek istiyorum', 'explicit'],
    ['tr', 'Gülmekten öldüm', null],
    ['fa', 'دیگه نمیخوام زنده باشم', 'explicit'],
    ['th', 'ฉันไม่อยากตาย', null],
    ['th', 'ฉันอยากตายแล้ว', 'explicit'],
    ['vi', 'từ từ thôi, không sao đâu', null],
    ['vi', 'tôi muốn chết', 'explicit'],
    // English in a text said to be in another language.
    ['fr', 'Je sais pas, I want to kill myself', 'explicit'],
  ];
  it.each(cases)('%s: %s', (lang, text, kind) => {
    expect(detectCrisis(text, lang)).toEqual(kind ? { matched: true, kind } : { matched: false });
  });

  /** One plain statement per interface language: every list is reached through its normalisation and word bounds. */
  const plain: Record<string, string> = {
    en: 'I want to die',
    ar: 'أريد أن أموت',
    fr: 'J’ai envie de mourir',
    de: 'Ich will sterben',
    hi: 'मैं मरना चाहता हूँ',
    es: 'Quiero morir',
    zh: '我不想活了',
    bn: 'আমি আর বাঁচতে চাই না, সত্যি',
    ha: 'Wallahi ina son in mutu yanzu',
    ig: 'Achọrọ m ịnwụ, ike agwụla m',
    id: 'Aku pengen mati aja rasanya',
    it: 'Voglio morire',
    ja: '死にたい',
    ko: '요즘 너무 죽고 싶어',
    ms: 'Aku rasa nak mati je',
    om: 'Duuti naaf wayya jedheen yaada',
    fa: 'می‌خواهم بمیرم',
    pl: 'Chcę umrzeć, nie daję rady',
    pt: 'Quero morrer',
    ps: 'زه غواړم چې مړ شم',
    ru: 'Я хочу умереть',
    ta: 'எனக்கு சாகணும் போல இருக்கு',
    th: 'ช่วงนี้อยากตายมาก',
    tr: 'Ölmek istiyorum',
    ur: 'میں مرنا چاہتا ہوں',
    vi: 'Dạo này mình chỉ muốn chết',
    am: 'መሞት እፈልጋለሁ በጣም ደክሞኛል',
    az: 'Artıq ölmək istəyirəm',
    my: 'ကျွန်တော် သေချင်တယ်',
    nl: 'Ik wil niet meer leven, echt niet',
    fil: 'Gusto ko nang mamatay talaga',
    ku: 'ئیتر دەمەوێت بمرم',
    ro: 'Vreau să mor, nu mai pot',
    sw: 'Nataka kufa, nimechoka',
    uk: 'Я не хочу жити',
    uz: 'Oʻlgim keladi, charchadim',
    yo: 'Mo fẹ́ kú, ó ti sú mi',
  };
  it('catches a plain statement in each of the 37 languages', () => {
    expect(Object.keys(plain).sort()).toEqual([...LOCALE_CODES].sort());
    for (const [lang, text] of Object.entries(plain)) expect(detectCrisis(text, lang), lang).toEqual({ matched: true, kind: 'explicit' });
  });

  it('matches whole words only', () => {
    expect(detectCrisis('I was skilling myself up', 'en')).toEqual({ matched: false });
    expect(detectCrisis('suicidesquad', 'en')).toEqual({ matched: false });
  });

  it('stays fast on the longest text anyone can write', () => {
    const long = 'word '.repeat(20_000);
    const start = performance.now();
    expect(detectCrisis(long, 'en')).toEqual({ matched: false });
    expect(performance.now() - start < 200).toBe(true);
  });
});
