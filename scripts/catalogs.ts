/**
 * The web app's message catalogs as build output (decision 026). Each language's catalog is merged with its
 * fallback chain (core/locales.ts catalogChain), compiled to the ICU message AST, and written as one hashed,
 * immutable ES module per language (`/assets/{code}-{hash}.js`), which pages announce in their head and the
 * browser awaits before hydrating: no page carries its catalog in its data, and the browser formats without
 * the ICU parser (app/lib/intl.tsx formats the ASTs, decision 032). The server renders from the same
 * compiled catalogs, bundled into its build.
 *
 * Modules this plugin provides:
 * - `virtual:kindred/catalog-files`: `{ [code]: url }`, on both sides.
 * - `virtual:kindred/catalogs-server`: `{ [code]: () => import(catalog) }`, for the server's own copy.
 * - `virtual:kindred/page-texts-server`: the static pages' catalogs (locales/pages), compiled the same way but
 *   kept per language (app/lib/pages.server.ts fills their gaps itself, marking what is shown in English).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin, ResolvedConfig } from 'vite';
import { catalogChain, getLocale, LOCALE_CODES } from '../core/locales.ts';

export type CompiledCatalog = Record<string, MessageFormatElement[]>;
type Catalog = Record<string, string>;

const localesDir = new URL('../locales/', import.meta.url);

/**
 * ICU messages to their AST, parsed as react-intl would parse them at run time for this language tag (the tag
 * decides how a date skeleton's `j` reads), so the compiled catalog formats to the very same text.
 */
export function compileCatalog(messages: Catalog, tag: string): CompiledCatalog {
  const locale = new Intl.Locale(tag);
  const out: CompiledCatalog = {};
  for (const [key, message] of Object.entries(messages)) {
    try {
      out[key] = parse(message, { locale });
    } catch (err) {
      throw new Error(`locales: ${key} in ${tag} is not a valid ICU message: ${(err as Error).message}`);
    }
  }
  return out;
}

/** A language's messages with the gaps filled from its fallbacks and, last, English: the first in the chain wins. */
export function mergeChain(code: string, read: (code: string) => Catalog): Catalog {
  return Object.assign({}, ...catalogChain(code).map(read).reverse());
}

/** The module a catalog ships as: JSON.parse of one string literal is parsed faster than an object literal. */
export function catalogModule(compiled: CompiledCatalog): string {
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});\n`;
}

export interface CatalogAsset {
  code: string;
  /** Relative to the client build directory. */
  fileName: string;
  url: string;
  source: string;
}

/** Every language's catalog module, named by its content: a changed catalog is a new URL, an unchanged one stays cached. */
export function catalogAssets(read: (code: string) => Catalog, base = '/', assetsDir = 'assets'): CatalogAsset[] {
  return LOCALE_CODES.map((code) => {
    const source = catalogModule(compileCatalog(mergeChain(code, read), getLocale(code).tag));
    const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
    const fileName = `${assetsDir}/${code}-${hash}.js`;
    return { code, fileName, url: `${base}${fileName}`, source };
  });
}

function readCatalog(code: string): Catalog {
  return JSON.parse(readFileSync(new URL(`${code}.json`, localesDir), 'utf8')) as Catalog;
}

/** The static pages' catalog of a language, compiled; null for a language whose page texts are not written yet. */
function pageTextsModule(code: string): string | null {
  const file = new URL(`pages/${code}.json`, localesDir);
  if (!existsSync(file)) return null;
  const texts = JSON.parse(readFileSync(file, 'utf8')) as Catalog;
  return catalogModule(compileCatalog(texts, getLocale(code).tag));
}

const FILES = 'virtual:kindred/catalog-files';
const SERVER = 'virtual:kindred/catalogs-server';
const ONE = 'virtual:kindred/catalog/';
const PAGES = 'virtual:kindred/page-texts-server';
const PAGE = 'virtual:kindred/page-texts/';

export function catalogs(): Plugin {
  let config: ResolvedConfig;
  let assets: CatalogAsset[] | null = null;
  const current = () => {
    assets ??= catalogAssets(readCatalog, config.base, config.build.assetsDir);
    return assets;
  };
  return {
    name: 'kindred-catalogs',
    enforce: 'pre',
    configResolved(resolved) {
      config = resolved;
    },
    resolveId(id) {
      if (id === FILES || id === SERVER || id === PAGES || id.startsWith(ONE) || id.startsWith(PAGE)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (!id.startsWith('\0virtual:kindred/')) return null;
      if (id === `\0${PAGES}`) {
        const codes = LOCALE_CODES.filter((code) => existsSync(new URL(`pages/${code}.json`, localesDir)));
        return `export default {\n${codes.map((code) => `  ${JSON.stringify(code)}: () => import(${JSON.stringify(PAGE + code)}),`).join('\n')}\n};\n`;
      }
      if (id.startsWith(`\0${PAGE}`)) {
        const code = id.slice(PAGE.length + 1);
        this.addWatchFile(new URL(`pages/${code}.json`, localesDir).pathname);
        return pageTextsModule(code);
      }
      for (const code of LOCALE_CODES) this.addWatchFile(new URL(`${code}.json`, localesDir).pathname);
      const list = current();
      if (id === `\0${FILES}`) return `export default ${JSON.stringify(Object.fromEntries(list.map((a) => [a.code, a.url])))};\n`;
      if (id === `\0${SERVER}`)
        return `export default {\n${list.map((a) => `  ${JSON.stringify(a.code)}: () => import(${JSON.stringify(ONE + a.code)}),`).join('\n')}\n};\n`;
      const asset = list.find((a) => `\0${ONE}${a.code}` === id);
      return asset ? asset.source : null;
    },
    watchChange(id) {
      if (id.startsWith(localesDir.pathname)) assets = null;
    },
    generateBundle() {
      // The browser's copies: plain files beside the other assets, outside the module graph, so their names are
      // the ones the server announces.
      if (this.environment.name !== 'client') return;
      for (const asset of current()) this.emitFile({ type: 'asset', fileName: asset.fileName, source: asset.source });
    },
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (file.startsWith(localesDir.pathname)) assets = null;
      });
      // Development serves the same URLs from memory.
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split('?')[0];
        const asset = path ? current().find((a) => a.url === path) : undefined;
        if (!asset) return next();
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.end(asset.source);
      });
    },
  };
}
