/**
 * Checks the 37 catalogs against locales/en.json, and the 37 static-page catalogs against
 * locales/pages/en.json: no missing or extra keys, the same ICU placeholders, messages that parse, and no
 * English text left untranslated (apart from the few keys listed as shared). And the 37 languages' nickname words
 * (locales/nicknames, read by the server only): as many as English has, none twice, none left in English.
 */
import { readFileSync } from 'node:fs';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { LIMITS } from '../core/limits.ts';
import { LOCALE_CODES } from '../core/locales.ts';
import { graphemeLength } from '../core/text.ts';
import { composeNickname, type NicknameWords, nicknamesFile } from '../server/modules/users/nickname-words.ts';

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

/** Both catalog sets: the main one every page carries, and the static pages' texts (locales/pages); and the nickname words. */
export function verifyLocales(): string[] {
  return [...verifyCatalogs(''), ...verifyCatalogs('pages/'), ...verifyNicknames()];
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

const latin = /\p{Script=Latin}/u;

/**
 * Each language's nickname words: a pattern of plain text around `{adjective}` and `{noun}` (the server replaces
 * them without ICU); as many adjectives and nouns as English (word n of every language is one word's number in the
 * suggestions' ids); no empty or padded word; no word twice among its kind, and no two composed nicknames the same
 * without letter case (one would never be offered); none longer than a nickname may be; no word left in English (the
 * same as English's at its place, or Latin letters among a language's other script).
 */
export function verifyNicknames(): string[] {
  const problems: string[] = [];
  const read = (code: string) => JSON.parse(readFileSync(nicknamesFile(code), 'utf8')) as NicknameWords;
  const en = read('en');
  for (const code of LOCALE_CODES) {
    const label = `nicknames/${code}`;
    let words: NicknameWords;
    try {
      words = read(code);
    } catch (err) {
      problems.push(`${label}: cannot read locales/${label}.json (${(err as Error).message})`);
      continue;
    }
    const extra = Object.keys(words).filter((k) => !['pattern', 'adjectives', 'nouns'].includes(k));
    if (extra.length) problems.push(`${label}: extra key ${extra.join(', ')}`);
    const pattern = typeof words.pattern === 'string' ? words.pattern : '';
    const rest = pattern.replace('{adjective}', '').replace('{noun}', '');
    if (/[{}']/.test(rest)) problems.push(`${label}: the pattern must hold {adjective} and {noun} once each and no other ICU syntax`);
    for (const kind of ['adjectives', 'nouns'] as const) {
      const list = words[kind];
      if (!Array.isArray(list)) {
        problems.push(`${label}: ${kind} is not a list`);
        continue;
      }
      if (list.length !== en[kind].length) problems.push(`${label}: ${list.length} ${kind}, English has ${en[kind].length}`);
      const seen = new Map<string, number>();
      for (const [i, word] of list.entries()) {
        const at = `${label}: ${kind} ${i + 1}`;
        if (typeof word !== 'string' || !word.trim()) {
          problems.push(`${at} is empty`);
          continue;
        }
        if (word !== word.trim()) problems.push(`${at} has spaces around it`);
        const key = word.toLocaleLowerCase('und');
        if (seen.has(key)) problems.push(`${at} repeats ${kind} ${(seen.get(key) as number) + 1} (${word})`);
        else seen.set(key, i);
        if (code !== 'en' && word === en[kind][i]) problems.push(`${at} is the English word, not a translation`);
      }
    }
    const all = [pattern.replace(/\{(adjective|noun)\}/g, ''), ...(words.adjectives ?? []), ...(words.nouns ?? [])].filter(
      (w) => typeof w === 'string',
    );
    const inLatin = all.filter((w) => latin.test(w));
    if (inLatin.length && inLatin.length < all.filter((w) => /\p{L}/u.test(w)).length)
      problems.push(`${label}: Latin letters among another script: ${inLatin.join(', ')}`);
    if (!Array.isArray(words.adjectives) || !Array.isArray(words.nouns) || problems.some((p) => p.startsWith(`${label}:`))) continue;
    const composed = new Map<string, string>();
    for (let a = 1; a <= words.adjectives.length; a++) {
      for (let n = 1; n <= words.nouns.length; n++) {
        const name = composeNickname(words, a, n);
        const length = graphemeLength(name);
        if (length < LIMITS.nickname.min || length > LIMITS.nickname.max)
          problems.push(`${label}: "${name}" is ${length} characters, a nickname ${LIMITS.nickname.min} to ${LIMITS.nickname.max}`);
        const key = name.toLocaleLowerCase('und');
        if (composed.has(key)) problems.push(`${label}: "${name}" is composed twice (${composed.get(key)} and adjective ${a}, noun ${n})`);
        else composed.set(key, `adjective ${a}, noun ${n}`);
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
  console.log(
    `locales: ${LOCALE_CODES.length} catalogs, ${LOCALE_CODES.length} page catalogs and ${LOCALE_CODES.length} nickname word lists agree with their en.json`,
  );
}
