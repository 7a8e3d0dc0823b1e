/**
 * Every screen exists once per language (SPEC.md section 2), so the app has some 1,300 routes, and React Router
 * finds a path's route by trying them in turn, several times per page (server match, data query, router, the
 * manifest sent to the browser): that was most of a page's CPU. A path can only match its own language's routes
 * (English paths have no prefix), so each language gets its own handler over the build narrowed to its routes,
 * the language-neutral ones (root, layouts, the catch-all not-found) included: the server's route modules and the
 * browser's route manifest alike. The manifest requests of client navigations (`/__manifest`) may name paths in any
 * language and keep the whole build.
 */
import { DEFAULT_LOCALE, LOCALE_CODES, localeFromPath } from '../../core/locales.ts';

/** Route ids end in three underscores and the language code; ids without one belong to every language. */
export function routeInLanguage(id: string, code: string): boolean {
  const at = id.lastIndexOf('___');
  return at < 0 || id.slice(at + 3) === code;
}

/** The language whose routes can match a page or data request, or null for requests that need them all. */
export function routeLanguageOf(pathname: string): string | null {
  if (pathname.startsWith('/__manifest')) return null;
  const path = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname;
  return localeFromPath(path) ?? DEFAULT_LOCALE;
}

/** One handler per language and one over everything, made once per build. */
export function handlersByLanguage<Build extends RouterBuild, Handler>(
  build: Build,
  create: (build: Build) => Handler,
): (pathname: string) => Handler {
  const all = create(build);
  const byLanguage = new Map(LOCALE_CODES.map((code) => [code, create(narrowed(build, code))]));
  return (pathname) => byLanguage.get(routeLanguageOf(pathname) ?? '') ?? all;
}

/** The parts of a React Router server build that list routes: the server's modules and the browser's manifest. */
type RouterBuild = { routes: Record<string, unknown>; assets: { routes: Record<string, unknown> } };

function narrowed<Build extends RouterBuild>(build: Build, code: string): Build {
  const only = <T>(routes: Record<string, T>) => Object.fromEntries(Object.entries(routes).filter(([id]) => routeInLanguage(id, code)));
  return { ...build, routes: only(build.routes), assets: { ...build.assets, routes: only(build.assets.routes) } };
}
