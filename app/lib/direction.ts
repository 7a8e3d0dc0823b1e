/**
 * Which way user text runs. `dir="auto"` takes the first strong letter, so an Arabic, Persian or Urdu sentence
 * that opens with a Latin nickname ("SunnyRiver42 قال لي …") was laid out left to right, scrambled. The direction
 * comes from the text's language instead (the API detects it for posts, moods, comments, thoughts and topics),
 * and, where no language is known, from the script most of its letters are written in.
 */
import { getLocale, isLocale } from '../../core/locales.ts';
import { useSession } from './session.tsx';

export type TextDir = 'ltr' | 'rtl' | 'auto';

/** The scripts written right to left; a letter of theirs (the lookahead leaves out their digits and punctuation). */
const RTL_SCRIPTS = '\\p{sc=Arabic}\\p{sc=Hebrew}\\p{sc=Syriac}\\p{sc=Thaana}\\p{sc=Nko}\\p{sc=Adlam}';
const RTL_LETTER = new RegExp(`(?=\\p{L})[${RTL_SCRIPTS}]`, 'gu');
const LETTER = /\p{L}/gu;
/** One letter of either direction: what the item's language needs to find before it decides (no count, no array). */
const HAS_LETTER = {
  rtl: new RegExp(`(?=\\p{L})[${RTL_SCRIPTS}]`, 'u'),
  ltr: new RegExp(`(?=\\p{L})[^${RTL_SCRIPTS}]`, 'u'),
};

/**
 * The direction of `text` written in `language` (a locale code, when known). The language decides only when the
 * text has letters of its direction: a language the server fell back to (the author's interface language, for a
 * short text) can be wrong, and "ok thanks" by someone on the Arabic interface is English. Otherwise the script
 * of most letters decides; a tie, or no letters at all, is left to the browser (`auto`).
 */
export function textDir(text: string, language?: string): TextDir {
  // Server-rendered cards come with their language: a first letter of its direction decides, without counting a
  // post's every letter twice on each render of each page.
  if (isLocale(language)) {
    const dir = getLocale(language).dir;
    if (HAS_LETTER[dir].test(text)) return dir;
  }
  const letters = text.match(LETTER)?.length ?? 0;
  const rtl = text.match(RTL_LETTER)?.length ?? 0;
  const ltr = letters - rtl;
  if (rtl === ltr) return 'auto';
  return rtl > ltr ? 'rtl' : 'ltr';
}

/**
 * The direction of a box someone types in on a page in `locale`: what they type is taken to be in the page's
 * language (as the server takes a short text to be in its author's interface language), so Arabic typed after a
 * Latin name on an Arabic page runs right to left from its first Arabic letter, and English alone runs left to
 * right. An empty box follows the page, so its placeholder does too.
 */
export function boxDir(text: string, locale: string): 'ltr' | 'rtl' {
  const dir = textDir(text, locale);
  return dir === 'auto' ? getLocale(locale).dir : dir;
}

/** `boxDir` for the page being shown. */
export function useBoxDir(text: string): 'ltr' | 'rtl' {
  return boxDir(text, useSession().locale);
}
