import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../core/locales.ts';
import { alternates, canonicalUrl } from './alternates.ts';
import { mayReload, RELOAD_GUARD_MS } from './build-check.ts';
import { groupBlocks, sectionsOf } from './page-structure.ts';
import { basePath, localeUrl } from './paths.ts';
import { connectionAllowsPrefetch } from './prefetch.ts';

describe('paths', () => {
  it('strips only a real language prefix', () => {
    expect(basePath('/ar/mood')).toBe('/mood');
    expect(basePath('/ar')).toBe('/');
    expect(basePath('/ar/')).toBe('/');
    expect(basePath('/mood')).toBe('/mood');
    expect(basePath('/')).toBe('/');
    // "arts" is not Arabic, and English never has a prefix.
    expect(basePath('/arts/x')).toBe('/arts/x');
    expect(basePath('/en/mood')).toBe('/en/mood');
  });

  it('puts the language in the path, or in the host when subdomains are on', () => {
    expect(localeUrl('de', '/mood', 'https://kindred.example', null)).toBe('https://kindred.example/de/mood');
    expect(localeUrl('en', '/', 'https://kindred.example', null)).toBe('https://kindred.example/');
    expect(localeUrl('de', '/mood', 'https://kindred.example', 'kindred.example')).toBe('https://de.kindred.example/mood');
    expect(localeUrl('ja', '/', 'http://localhost:3000', 'localhost:3000')).toBe('http://ja.localhost:3000/');
  });
});

describe('canonical and hreflang', () => {
  const page = { origin: 'https://kindred.example', appHost: null, locale: 'ar', pathname: '/ar/problem/7' };

  it('gives the canonical URL of the page in its own language', () => {
    expect(canonicalUrl(page)).toBe('https://kindred.example/ar/problem/7');
    expect(canonicalUrl({ ...page, locale: 'en', pathname: '/problem/7' })).toBe('https://kindred.example/problem/7');
  });

  it('lists all 37 languages once, plus x-default pointing at English', () => {
    const list = alternates(page);
    expect(list).toHaveLength(LOCALES.length + 1);
    expect(new Set(list.map((a) => a.hrefLang)).size).toBe(list.length);
    expect(list.find((a) => a.hrefLang === 'x-default')?.href).toBe('https://kindred.example/problem/7');
    expect(list.find((a) => a.hrefLang === 'en')?.href).toBe('https://kindred.example/problem/7');
    expect(list.find((a) => a.hrefLang === 'ja')?.href).toBe('https://kindred.example/ja/problem/7');
    // hreflang names the language written: Sorani Kurdish is ckb, Filipino fil.
    expect(list.find((a) => a.hrefLang === 'ckb')?.href).toBe('https://kindred.example/ku/problem/7');
    expect(list.some((a) => a.hrefLang === 'fil')).toBe(true);
  });

  it('uses language subdomains when APP_HOST is set', () => {
    const list = alternates({ ...page, appHost: 'kindred.example' });
    expect(list.find((a) => a.hrefLang === 'de')?.href).toBe('https://de.kindred.example/problem/7');
    expect(list.find((a) => a.hrefLang === 'x-default')?.href).toBe('https://en.kindred.example/problem/7');
    expect(canonicalUrl({ ...page, appHost: 'kindred.example' })).toBe('https://ar.kindred.example/problem/7');
  });
});

describe('reload guard', () => {
  function store() {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
  }

  it('reloads a path at most once per 10 seconds', () => {
    const s = store();
    expect(mayReload('/mood', 1_000, s)).toBe(true);
    expect(mayReload('/mood', 1_000 + RELOAD_GUARD_MS - 1, s)).toBe(false);
    expect(mayReload('/topic', 1_500, s)).toBe(true);
    expect(mayReload('/mood', 1_000 + RELOAD_GUARD_MS, s)).toBe(true);
  });
});

describe('prefetch policy', () => {
  it('skips Save-Data and 2g connections', () => {
    expect(connectionAllowsPrefetch(undefined)).toBe(true);
    expect(connectionAllowsPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(connectionAllowsPrefetch({ effectiveType: '3g' })).toBe(true);
    expect(connectionAllowsPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(connectionAllowsPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(connectionAllowsPrefetch({ saveData: true, effectiveType: '4g' })).toBe(false);
  });
});

describe('static page structure', () => {
  it('groups keys into sections with headings, paragraphs and lists', () => {
    const keys = ['x.title', 'x.intro', 'x.a.heading', 'x.a.p1', 'x.a.item1', 'x.a.item2', 'x.a.p2', 'x.q.question', 'x.q.answer'];
    const sections = sectionsOf(keys);
    expect(sections.map((s) => [s.id, s.heading])).toEqual([
      ['a', 'x.a.heading'],
      ['q', 'x.q.question'],
    ]);
    expect(groupBlocks(sections[0].blocks)).toEqual([
      { kind: 'p', key: 'x.a.p1' },
      { kind: 'list', keys: ['x.a.item1', 'x.a.item2'] },
      { kind: 'p', key: 'x.a.p2' },
    ]);
  });
});
