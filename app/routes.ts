/**
 * Every screen exists once per language: English at its own path, the others under /{code}. Route ids are
 * the base name, three underscores and the language code (SPEC.md section 2).
 */
import { type RouteConfig, type RouteConfigEntry, route } from '@react-router/dev/routes';
import { LOCALE_CODES } from '../core/locales.ts';

const screens: [name: string, path: string, file: string][] = [['feeds', '', 'routes/feeds.tsx']];

function localized(): RouteConfigEntry[] {
  return LOCALE_CODES.flatMap((code) => {
    const prefix = code === 'en' ? '' : code;
    return screens.map(([name, path, file]) => route([prefix, path].filter(Boolean).join('/') || '/', file, { id: `${name}___${code}` }));
  });
}

export default [...localized(), route('*', 'routes/notfound.tsx', { id: 'notfound' })] satisfies RouteConfig;
