import { readFileSync } from 'node:fs';
import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
import { createIntl, createIntlCache } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { catalogChain, getLocale, LOCALE_CODES } from '../core/locales.ts';
import { catalogAssets, catalogModule, compileCatalog, mergeChain } from './catalogs.ts';

const read = (code: string) =>
  JSON.parse(readFileSync(new URL(`../locales/${code}.json`, import.meta.url), 'utf8')) as Record<string, string>;

/** Values for every argument a message names: numbers where it is counted or formatted as one, tags as functions. */
type Values = Record<string, string | number | ((chunks: string[]) => string)>;

function valuesFor(ast: MessageFormatElement[], out: Values = {}): Values {
  for (const el of ast) {
    if (el.type === TYPE.plural || el.type === TYPE.number) out[el.value] = 3;
    else if (el.type === TYPE.date || el.type === TYPE.time) out[el.value] = Date.UTC(2026, 0, 15, 9, 30);
    else if (el.type === TYPE.argument || el.type === TYPE.select) out[el.value] ??= 'other';
    else if (el.type === TYPE.tag) out[el.value] = (chunks: string[]) => `<${el.value}>${chunks.join('')}</${el.value}>`;
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const option of Object.values(el.options)) valuesFor(option.value, out);
    if (el.type === TYPE.tag) valuesFor(el.children, out);
  }
  return out;
}

const text = (formatted: unknown) => (Array.isArray(formatted) ? formatted.join('') : String(formatted));

describe('compiled catalogs', () => {
  it.each(LOCALE_CODES)('%s: every message formats to the same text from its AST as from its string', (code) => {
    const tag = getLocale(code).tag;
    const strings = mergeChain(code, read);
    const compiled = compileCatalog(strings, tag);
    expect(Object.keys(compiled)).toEqual(Object.keys(strings));
    const fromStrings = createIntl({ locale: tag, messages: strings, onError: () => {} }, createIntlCache());
    const fromAst = createIntl({ locale: tag, messages: compiled, onError: () => {} }, createIntlCache());
    for (const [id, ast] of Object.entries(compiled)) {
      const values = valuesFor(ast);
      expect(text(fromAst.formatMessage({ id }, values)), id).toBe(text(fromStrings.formatMessage({ id }, values)));
    }
  });

  it('fill a language’s gaps from its fallbacks in order, English last', () => {
    const catalogs: Record<string, Record<string, string>> = {
      id: { a: 'id a' },
      ms: { a: 'ms a', b: 'ms b' },
      en: { a: 'en a', b: 'en b', c: 'en c' },
    };
    expect(catalogChain('id')).toEqual(['id', 'ms', 'en']);
    expect(mergeChain('id', (code) => catalogs[code] ?? {})).toEqual({ a: 'id a', b: 'ms b', c: 'en c' });
  });

  it('reject a message that is not valid ICU, naming its key', () => {
    expect(() => compileCatalog({ 'posts.count': '{count, plural, one {# post}' }, 'en-US')).toThrow(/posts\.count in en-US/);
  });

  it('ship as a module whose default export is the compiled catalog', async () => {
    const compiled = compileCatalog({ hello: 'Hello {name}, it’s “{n, number}”' }, 'en-US');
    const source = catalogModule(compiled);
    const module = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as { default: unknown };
    expect(module.default).toEqual(compiled);
  });

  it('are named by their content: one file per language, a changed catalog gets a new URL', () => {
    const assets = catalogAssets(read);
    expect(assets.map((a) => a.code)).toEqual([...LOCALE_CODES]);
    for (const a of assets) {
      expect(a.fileName).toMatch(new RegExp(`^assets/${a.code}-[0-9a-f]{10}\\.js$`));
      expect(a.url).toBe(`/${a.fileName}`);
    }
    expect(catalogAssets(read).map((a) => a.url)).toEqual(assets.map((a) => a.url));
    const changed = catalogAssets((code) => (code === 'en' ? { ...read('en'), 'app.name': 'Kindred!' } : read(code)));
    const byCode = (list: typeof assets) => Object.fromEntries(list.map((a) => [a.code, a.url]));
    // German has its own name for the app, so its catalog, and the copy browsers keep of it, stay as they were.
    expect(byCode(changed).en).not.toBe(byCode(assets).en);
    expect(byCode(changed).de).toBe(byCode(assets).de);
  });
});
