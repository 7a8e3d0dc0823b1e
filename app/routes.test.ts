import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../core/locales.ts';
import { pageLanguage } from './lib/context.ts';
import routes, { LANGUAGE_ROUTE_ID, LAYOUTS } from './routes.ts';

type Entry = (typeof routes)[number];
const flat = (list: readonly Entry[]): Entry[] => list.flatMap((r) => [r, ...flat(r.children ?? [])]);
const all = flat(routes);
const screens = Object.values(LAYOUTS).flat();

/** The ids of the routes a path renders, outermost first, and the language segment the router read. */
function match(path: string) {
  const found = matchRoutes(routes as unknown as RouteObject[], path);
  return { ids: found?.map((m) => m.route.id), lang: found?.at(-1)?.params.lang };
}

describe('route config', () => {
  it('has one route per screen, plus the language layout, the five layouts and the catch-all', () => {
    expect(all).toHaveLength(screens.length + 1 + 5 + 1);
    expect(screens).toHaveLength(33);
    const ids = all.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [name, , file] of screens) expect(all.filter((r) => r.file === file && r.id === name)).toHaveLength(1);
    expect(ids.filter((id) => id?.includes('___'))).toEqual([]);
  });

  it('puts every screen under the one optional language segment', () => {
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatchObject({ id: LANGUAGE_ROUTE_ID, path: ':lang?' });
    expect(routes[0].children?.map((r) => r.id)).toEqual([
      'layout-home',
      'layout-default',
      'layout-nonavpage',
      'layout-settings',
      'layout-chat',
    ]);
  });

  it('matches a screen with and without a language prefix', () => {
    expect(match('/ar/mood')).toEqual({ ids: ['language', 'layout-home', 'mood'], lang: 'ar' });
    expect(match('/mood')).toEqual({ ids: ['language', 'layout-home', 'mood'], lang: undefined });
    expect(match('/')).toEqual({ ids: ['language', 'layout-home', 'feeds'], lang: undefined });
    expect(match('/ar')).toEqual({ ids: ['language', 'layout-home', 'feeds'], lang: 'ar' });
    expect(match('/topic/5')).toEqual({ ids: ['language', 'layout-nonavpage', 'topic'], lang: undefined });
    expect(match('/fil/topic/5')).toEqual({ ids: ['language', 'layout-nonavpage', 'topic'], lang: 'fil' });
    expect(match('/topic')).toEqual({ ids: ['language', 'layout-home', 'topics'], lang: undefined });
    expect(match('/ku/settings/help')).toEqual({ ids: ['language', 'layout-settings', 'settings-help'], lang: 'ku' });
    expect(match('/FAQ')).toEqual({ ids: ['language', 'layout-default', 'faq'], lang: undefined });
    expect(match('/notfound')).toEqual({ ids: ['language', 'layout-nonavpage', 'notfound'], lang: undefined });
  });

  it('matches every screen path in every language to the same screen', () => {
    for (const [name, path] of screens) {
      const concrete = `/${path.replace(/:\w+/g, '1')}`.replace(/\/$/, '') || '/';
      for (const code of LOCALE_CODES) {
        const prefixed = code === 'en' ? concrete : `/${code}${concrete === '/' ? '' : concrete}`;
        expect(match(prefixed).ids?.at(-1), prefixed).toBe(name);
      }
    }
  });

  it('sends unknown paths to the not-found screen, under the language segment', () => {
    expect(match('/ar/no/such/page')).toEqual({ ids: ['language', 'layout-nonavpage', 'unknown'], lang: 'ar' });
    // An unknown first segment is read as a language and refused by the language layout (below).
    expect(match('/xx/mood')).toEqual({ ids: ['language', 'layout-home', 'mood'], lang: 'xx' });
    expect(match('/en/mood')).toEqual({ ids: ['language', 'layout-home', 'mood'], lang: 'en' });
    expect(match('/no-such-page')).toEqual({ ids: ['language', 'layout-home', 'feeds'], lang: 'no-such-page' });
  });
});

describe('page language', () => {
  const plain = { hostLocale: null, preferredLocale: 'de' };

  it('takes the path prefix, else the cookie or Accept-Language choice', () => {
    expect(pageLanguage(plain, 'ar', '/ar/mood')).toEqual({ locale: 'ar', known: true, path: '/ar/mood' });
    expect(pageLanguage(plain, undefined, '/mood')).toEqual({ locale: 'de', known: true, path: '/mood' });
  });

  it('refuses an unknown code and English as a prefix (the page is a 404, shown in the preferred language)', () => {
    expect(pageLanguage(plain, 'xx', '/xx/mood')).toEqual({ locale: 'de', known: false, path: '/xx/mood' });
    expect(pageLanguage(plain, 'en', '/en/mood')).toEqual({ locale: 'de', known: false, path: '/en/mood' });
  });

  it('lets a language subdomain name the language whatever the path says', () => {
    const host = { hostLocale: 'ja', preferredLocale: 'de' };
    expect(pageLanguage(host, undefined, '/mood')).toEqual({ locale: 'ja', known: true, path: '/mood' });
    expect(pageLanguage(host, 'fr', '/fr/mood')).toEqual({ locale: 'ja', known: true, path: '/fr/mood' });
  });
});
