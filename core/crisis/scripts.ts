/**
 * The languages a text may be written in beside the ones its writer is known to use, read from the scripts of its
 * letters: someone on the English pages may write in Hindi or Arabic, and the browser's check (which loads only the
 * lists it needs) would otherwise look in English alone (docs/decisions/078-crisis-check-in-the-writers-languages.md).
 * Latin letters stand for every list with phrases in them: twenty languages share the script, Hindi and Urdu are
 * often written in it, and a short text cannot say which (decision 079). Each test is one character class over a
 * bounded slice of the text: linear, nothing to backtrack.
 */
import { LIMITS } from '../limits.ts';
import { isLocale } from '../locales.ts';

/** The languages whose lists hold phrases in Latin letters: one chunk, core/crisis/phrases/latin.ts. */
// biome-ignore format: a list
export const LATIN_SCRIPT_LISTS: readonly string[] = [
  'az', 'de', 'en', 'es', 'fil', 'fr', 'ha', 'hi', 'id', 'ig', 'it', 'ms', 'nl', 'om', 'pl', 'pt', 'ro', 'sw', 'tr', 'ur',
  'uz', 'vi', 'yo',
];

// biome-ignore format: a table
const SCRIPTS: readonly (readonly [RegExp, readonly string[]])[] = [
  [/\p{Script=Arabic}/u, ['ar', 'fa', 'ur', 'ps', 'ku']],
  [/\p{Script=Devanagari}/u, ['hi']],
  [/\p{Script=Bengali}/u, ['bn']],
  [/\p{Script=Tamil}/u, ['ta']],
  [/\p{Script=Thai}/u, ['th']],
  [/\p{Script=Myanmar}/u, ['my']],
  [/\p{Script=Ethiopic}/u, ['am']],
  [/\p{Script=Hangul}/u, ['ko']],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, ['ja']],
  [/\p{Script=Han}/u, ['zh', 'ja']],
  [/\p{Script=Cyrillic}/u, ['ru', 'uk', 'uz']],
  [/\p{Script=Latin}/u, LATIN_SCRIPT_LISTS],
];

/** Our languages written in the scripts that occur in `text`. */
export function languagesOfScripts(text: string): string[] {
  // As far as the detector reads (CRISIS_TEXT_MAX, not imported: normalize.ts would come into the forms' chunk).
  const head = text.slice(0, LIMITS.post);
  return SCRIPTS.flatMap(([script, languages]) => (script.test(head) ? languages : []));
}

/**
 * The lists to check `text` against: the languages given (the item's, or the page's and those its writer reads),
 * then those of its scripts; each once, ours only. English is always checked besides (detect.ts).
 */
export function crisisLanguages(text: string, languages: readonly string[]): string[] {
  return [...new Set([...languages, ...languagesOfScripts(text)])].filter((code) => isLocale(code));
}
