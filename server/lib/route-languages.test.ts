import type { RouteConfigEntry } from '@react-router/dev/routes';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import routes from '../../app/routes.ts';
import { LOCALE_CODES } from '../../core/locales.ts';
import { handlersByLanguage, routeLanguageOf } from './route-languages.ts';

type Flat = Record<string, { id: string; parentId?: string; path?: string; index?: boolean }>;

/** The app's route config laid flat, as a React Router build lists it. */
function flatten(entries: RouteConfigEntry[], parentId: string, into: Flat = {}): Flat {
  for (const entry of entries) {
    const id = entry.id as string;
    into[id] = { id, parentId, path: entry.path, index: entry.index };
    flatten(entry.children ?? [], id, into);
  }
  return into;
}

function tree(flat: Flat, parentId: string): RouteObject[] {
  return Object.values(flat)
    .filter((r) => r.parentId === parentId)
    .map((r) => {
      const children = tree(flat, r.id);
      return r.index ? { id: r.id, index: true, path: r.path } : { id: r.id, path: r.path, ...(children.length ? { children } : {}) };
    });
}

const flat = flatten(routes, 'root');
const build = { routes: flat, assets: { routes: flat } };
const matcher = (b: typeof build) => {
  const objects = tree(b.routes, 'root');
  return (path: string) => matchRoutes(objects, path)?.at(-1)?.route.id ?? null;
};
const handlerFor = handlersByLanguage(build, matcher);
const everything = matcher(build);

describe('routes narrowed to a language', () => {
  it('are named by the language of the path, and a manifest request needs them all', () => {
    expect(routeLanguageOf('/')).toBe('en');
    expect(routeLanguageOf('/_.data')).toBe('en');
    expect(routeLanguageOf('/mood.data')).toBe('en');
    expect(routeLanguageOf('/ar')).toBe('ar');
    expect(routeLanguageOf('/ar.data')).toBe('ar');
    expect(routeLanguageOf('/de/problem/12.data')).toBe('de');
    expect(routeLanguageOf('/en/mood')).toBe('en');
    expect(routeLanguageOf('/__manifest')).toBeNull();
  });

  it('give every path the route the whole table gives it, in every language, unknown paths included', () => {
    const paths = [
      ...new Set(
        Object.values(flat)
          .map((r) => r.path)
          .filter((p): p is string => p !== undefined && p !== '*'),
      ),
    ].map((p) => `/${p.replace(/:\w+/g, '42')}`.replace(/\/$/, '') || '/');
    const unknown = ['/no/such/page', ...LOCALE_CODES.map((code) => `/${code}/no/such/page`), '/mood/extra', '/ar/problem'];
    expect(paths.length).toBeGreaterThan(LOCALE_CODES.length * 25);
    for (const path of [...paths, ...unknown]) {
      const expected = everything(path);
      expect(expected, path).not.toBeNull();
      expect(handlerFor(path)(path), path).toBe(expected);
    }
    // Each language's table is a small part of the whole.
    expect(Object.keys(flat).length).toBeGreaterThan(1_000);
  });
});
