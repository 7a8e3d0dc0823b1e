/**
 * The words a guest's nickname is composed of, per language (locales/nicknames/{code}.json: a pattern, adjectives,
 * nouns), and the ids that name the nicknames they compose. Only the server composes nicknames, so the words live
 * outside the message catalogs the browser loads (decision 070). Pure: which names are taken is the service's.
 */
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEFAULT_LOCALE, LOCALE_CODES } from '../../../core/locales.ts';

export interface NicknameWords {
  /** Where the two words go: `{adjective}` and `{noun}`, once each, and plain text (scripts/verify-locales.ts). */
  pattern: string;
  /** Word n is at n − 1; words are only ever added at the end, so a word keeps its number. */
  adjectives: string[];
  nouns: string[];
}

export interface Nickname {
  id: number;
  nickname: string;
}

/**
 * An id is language × 1,000,000 + adjective × 1,000 + noun, each numbered from 1 (the language by its place in
 * LOCALE_CODES): the same words keep the same id when a language gains words, and an id from before there were
 * 1,000,000 (12 × 12 words per language, numbered through) names no nickname, so a page of suggestions kept across
 * that change is refused (422), never given another name.
 */
const LANGUAGE = 1_000_000;
const WORD = 1_000;
/** Words a language may have of each kind, so that the id stays readable as three numbers. */
export const MAX_NICKNAME_WORDS = WORD - 1;

export const nicknamesFile = (code: string) => new URL(`../../../locales/nicknames/${code}.json`, import.meta.url);

const loaded = new Map<string, NicknameWords>();
/** Callers pass a request's language, always one of LOCALE_CODES; anything else composes English. */
const known = (locale: string) => (LOCALE_CODES.includes(locale) ? locale : DEFAULT_LOCALE);

/** A language's words; a language whose file cannot be read composes English ones, since a guest must get a name. */
export function nicknameWords(code: string): NicknameWords {
  const locale = known(code);
  let words = loaded.get(locale);
  if (!words) {
    try {
      words = JSON.parse(readFileSync(nicknamesFile(locale), 'utf8')) as NicknameWords;
      if (!words.pattern || !words.adjectives?.length || !words.nouns?.length) throw new Error('no words');
      words = { ...words, adjectives: words.adjectives.slice(0, MAX_NICKNAME_WORDS), nouns: words.nouns.slice(0, MAX_NICKNAME_WORDS) };
    } catch (err) {
      if (locale === DEFAULT_LOCALE) throw err;
      console.error(`Failed nickname words loading: ${locale}`, err);
      words = nicknameWords(DEFAULT_LOCALE);
    }
    loaded.set(locale, words);
  }
  return words;
}

/** The pattern is plain text around two placeholders (verified), so replacing them is what ICU formatting would give. */
export function composeNickname(words: NicknameWords, adjective: number, noun: number): string {
  return words.pattern.replace('{adjective}', () => words.adjectives[adjective - 1]).replace('{noun}', () => words.nouns[noun - 1]);
}

/** How many nicknames the language's words compose: its own counts, whatever another language has. */
export function nicknameCount(locale: string): number {
  const w = nicknameWords(locale);
  return w.adjectives.length * w.nouns.length;
}

/** The language's nickname number `index` (0 ≤ index < nicknameCount), nouns varying fastest. */
function nicknameAt(code: string, index: number): Nickname {
  const locale = known(code);
  const words = nicknameWords(locale);
  const adjective = Math.floor(index / words.nouns.length) + 1;
  const noun = (index % words.nouns.length) + 1;
  return { id: nicknameId(locale, adjective, noun), nickname: composeNickname(words, adjective, noun) };
}

/** The id of the nickname of a language's adjective and noun by their numbers (from 1). */
export function nicknameId(locale: string, adjective: number, noun: number): number {
  return (LOCALE_CODES.indexOf(known(locale)) + 1) * LANGUAGE + adjective * WORD + noun;
}

/** The nickname an id names, or null for an id no language's words give (unknown language, word past the last). */
export function nicknameById(id: number): string | null {
  if (!Number.isSafeInteger(id) || id < LANGUAGE) return null;
  const locale = LOCALE_CODES[Math.floor(id / LANGUAGE) - 1];
  if (!locale) return null;
  const words = nicknameWords(locale);
  const adjective = Math.floor(id / WORD) % WORD;
  const noun = id % WORD;
  if (adjective < 1 || adjective > words.adjectives.length || noun < 1 || noun > words.nouns.length) return null;
  return composeNickname(words, adjective, noun);
}

/** `count` different nicknames of the language drawn at random, in random order (all of them when it has fewer). */
export function randomNicknames(locale: string, count: number): Nickname[] {
  const size = nicknameCount(locale);
  if (count >= size) return shuffle(allNicknames(locale).slice());
  const drawn = new Set<number>();
  while (drawn.size < count) drawn.add(randomInt(size));
  return [...drawn].map((i) => nicknameAt(locale, i));
}

const pools = new Map<string, readonly Nickname[]>();

/** Every nickname of the language, composed once per process (a few thousand short strings per language). */
export function allNicknames(code: string): readonly Nickname[] {
  const locale = known(code);
  let pool = pools.get(locale);
  if (!pool) {
    pool = Array.from({ length: nicknameCount(locale) }, (_, i) => nicknameAt(locale, i));
    pools.set(locale, pool);
  }
  return pool;
}

/** Any nickname of the language, taken or not. */
export function anyNickname(locale: string): string {
  return nicknameAt(locale, randomInt(nicknameCount(locale))).nickname;
}

export function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}
