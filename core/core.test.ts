import { describe, expect, it } from 'vitest';
import { parseConfig } from '../server/config.ts';
import { commentAnchor, commentPath } from './comment-anchor.ts';
import {
  browserLanguages,
  catalogChain,
  LOCALES,
  localeFromAcceptLanguage,
  localeFromHost,
  localizedPath,
  pickLocale,
  suggestedLanguages,
} from './locales.ts';
import { rankForPoints } from './ranks.ts';
import { graphemeLength, normalizeForDuplicate, repeatedOptions } from './text.ts';

describe('locales', () => {
  it('has the 37 languages of SPEC.md, five right-to-left', () => {
    expect(LOCALES.map((l) => l.code).join(' ')).toBe(
      'en ar fr de hi es zh bn ha ig id it ja ko ms om fa pl pt ps ru ta th tr ur vi am az my nl fil ku ro sw uk uz yo',
    );
    expect(LOCALES.filter((l) => l.dir === 'rtl').map((l) => l.code)).toEqual(['ar', 'fa', 'ps', 'ur', 'ku']);
  });

  it('reads Accept-Language by quality and primary tag', () => {
    expect(localeFromAcceptLanguage('pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt');
    expect(localeFromAcceptLanguage('xx, de;q=0.5, fr;q=0.7')).toBe('fr');
    expect(localeFromAcceptLanguage('ckb-IQ')).toBe('ku');
    // Kurmanji (Latin script) is not our Sorani: the browser's next language wins, or none.
    expect(localeFromAcceptLanguage('kmr, tr;q=0.8')).toBe('tr');
    expect(localeFromAcceptLanguage('ku-TR, ku;q=0.9, de;q=0.5')).toBe('de');
    expect(localeFromAcceptLanguage('ku')).toBeNull();
    expect(localeFromAcceptLanguage('ku-Arab-IQ')).toBe('ku');
    expect(localeFromAcceptLanguage('tl')).toBe('fil');
    expect(localeFromAcceptLanguage('xx-YY')).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
  });

  it("reads a browser's languages from Accept-Language, best first, and suggests the page's then those", () => {
    expect(browserLanguages('fr-FR,fr;q=0.9,ja;q=0.95,de;q=0')).toEqual(['fr-FR', 'ja', 'fr']);
    expect(browserLanguages(undefined)).toEqual([]);
    expect(suggestedLanguages('ja', browserLanguages('fr-FR,fr;q=0.9,ja;q=0.8,xx;q=0.7'))).toEqual(['ja', 'fr']);
  });

  it('picks subdomain, then X-Locale, then cookie, then Accept-Language', () => {
    const base = { appHost: 'example.org', acceptLanguage: 'es', cookie: 'de', explicit: 'fr', host: 'ja.example.org' };
    expect(pickLocale(base)).toBe('ja');
    expect(pickLocale({ ...base, host: 'example.org' })).toBe('fr');
    expect(pickLocale({ ...base, host: 'example.org', explicit: undefined })).toBe('de');
    expect(pickLocale({ ...base, host: 'example.org', explicit: undefined, cookie: undefined })).toBe('es');
    expect(pickLocale({})).toBe('en');
    expect(localeFromHost('xx.example.org', 'example.org')).toBeNull();
  });

  it('writes English paths unprefixed and the others under their code', () => {
    expect(localizedPath('en', '/mood')).toBe('/mood');
    expect(localizedPath('ar', '/mood')).toBe('/ar/mood');
    expect(localizedPath('ar', '/')).toBe('/ar');
  });

  it('falls back through related languages to English', () => {
    expect(catalogChain('ms')).toEqual(['ms', 'id', 'en']);
    expect(catalogChain('en')).toEqual(['en']);
  });
});

describe('comment addresses (decision 075)', () => {
  const read = (path: string) => commentAnchor(new URL(path, 'http://x').searchParams);
  it('reads back what it writes, a comment and a reply in its thread', () => {
    expect(commentPath(50, 123)).toBe('/problem/50?comment=123');
    expect(commentPath(50, 123, 456)).toBe('/problem/50?comment=123&reply=456');
    expect(read(commentPath(50, 123))).toEqual({ comment: 123, reply: null });
    expect(read(commentPath(50, 123, 456))).toEqual({ comment: 123, reply: 456 });
  });
  it('names nothing for what is not an id: the page opens as it always did', () => {
    for (const path of [
      '/problem/50',
      '/problem/50?comment=',
      '/problem/50?comment=abc',
      '/problem/50?comment=0',
      '/problem/50?comment=-3',
      '/problem/50?comment=1e3',
      `/problem/50?comment=${'9'.repeat(16)}`,
    ])
      expect(read(path)).toBeNull();
    expect(read('/problem/50?comment=7&reply=x')).toEqual({ comment: 7, reply: null });
  });
});

describe('text', () => {
  it('counts user-perceived characters', () => {
    expect(graphemeLength('abc')).toBe(3);
    expect(graphemeLength('👨‍👩‍👧')).toBe(1);
    expect(graphemeLength('🇯🇵é')).toBe(2);
    expect(graphemeLength('नमस्ते')).toBe(3);
  });

  it('normalises case, width and spacing for duplicate checks', () => {
    expect(normalizeForDuplicate('  Hello   WORLD ')).toBe(normalizeForDuplicate('hello world'));
    expect(normalizeForDuplicate('ＡＢＣ')).toBe('abc');
  });

  it('names the poll options that repeat an earlier one, whatever their case, width or spacing, and not empty ones', () => {
    expect(repeatedOptions(['Кофе', 'Прогулка', ' КОФЕ '])).toEqual([2]);
    expect(repeatedOptions(['İstanbul', 'i̇stanbul', 'Ａ', 'a', 'a'])).toEqual([1, 3, 4]);
    expect(repeatedOptions(['', ' ', 'Tea', 'Coffee'])).toEqual([]);
  });
});

describe('ranks', () => {
  it('maps points to ranks', () => {
    expect(rankForPoints(0).key).toBe('newcomer');
    expect(rankForPoints(199).key).toBe('listener');
    expect(rankForPoints(5000).key).toBe('beacon');
  });
});

describe('configuration', () => {
  it('applies defaults and names every bad value', () => {
    expect(parseConfig({})).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data', SEED_DEMO: true });
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(parseConfig({ SEED_DEMO: '0', DATABASE_URL: '' })).toMatchObject({ SEED_DEMO: false, DATABASE_URL: undefined });
  });
});
