/**
 * Checks the 37 catalogs against locales/en.json, and the 37 static-page catalogs against
 * locales/pages/en.json: no missing or extra keys, the same ICU placeholders, messages that parse, and no
 * English text left untranslated (apart from the few keys listed as shared).
 */
import { readFileSync } from 'node:fs';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { LOCALE_CODES } from '../core/locales.ts';

/** Keys whose text is the same in every language: the brand, and patterns made only of placeholders. */
const SAME_IN_ALL = new Set(['app.name']);

type Catalog = Record<string, string>;
/** `dir` is '' for the main catalogs, 'pages/' for the static pages' own catalogs. */
const read = (dir: string, code: string): Catalog =>
  JSON.parse(readFileSync(new URL(`../locales/${dir}${code}.json`, import.meta.url), 'utf8'));

function placeholders(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) out.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      out.add(el.value);
      for (const opt of Object.values(el.options)) placeholders(opt.value, out);
    }
    if (el.type === TYPE.tag) {
      out.add(`<${el.value}>`);
      placeholders(el.children, out);
    }
  }
  return out;
}

const onlyPlaceholders = (text: string) => text.replace(/\{[^}]*\}/g, '').replace(/[\s\p{P}]/gu, '') === '';

/** Both catalog sets: the main one every page carries, and the static pages' texts (locales/pages). */
export function verifyLocales(): string[] {
  return [...verifyCatalogs(''), ...verifyCatalogs('pages/')];
}

function verifyCatalogs(dir: string): string[] {
  const problems: string[] = [];
  const en = read(dir, 'en');
  const enPlaceholders = new Map(Object.entries(en).map(([k, v]) => [k, [...placeholders(parse(v))].sort().join(',')]));
  for (const code of LOCALE_CODES) {
    let catalog: Catalog;
    try {
      catalog = read(dir, code);
    } catch (err) {
      problems.push(`${dir}${code}: cannot read locales/${dir}${code}.json (${(err as Error).message})`);
      continue;
    }
    const label = `${dir}${code}`;
    for (const key of Object.keys(en)) if (!(key in catalog)) problems.push(`${label}: missing key ${key}`);
    for (const [key, text] of Object.entries(catalog)) {
      if (!(key in en)) {
        problems.push(`${label}: extra key ${key}`);
        continue;
      }
      let found: string;
      try {
        found = [...placeholders(parse(text))].sort().join(',');
      } catch (err) {
        problems.push(`${label}: ${key} does not parse (${(err as Error).message})`);
        continue;
      }
      if (found !== enPlaceholders.get(key))
        problems.push(`${label}: ${key} has placeholders {${found}}, English has {${enPlaceholders.get(key)}}`);
      if (code !== 'en' && text === en[key] && !SAME_IN_ALL.has(key) && !onlyPlaceholders(text)) {
        problems.push(`${label}: ${key} is the English text, not a translation`);
      }
    }
  }
  return problems;
}

if (import.meta.main) {
  const problems = verifyLocales();
  if (problems.length) {
    console.error(problems.slice(0, 200).join('\n'));
    console.error(`\n${problems.length} problem(s) in the locale catalogs`);
    process.exit(1);
  }
  console.log(`locales: ${LOCALE_CODES.length} catalogs and ${LOCALE_CODES.length} page catalogs agree with their en.json`);
}
