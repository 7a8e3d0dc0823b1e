/**
 * Content language: which of our 37 languages a post, comment or message is written in.
 *
 * franc-min was chosen by measurement (bench/language-detect.ts, docs/decisions/002-language-detection.md): it knows
 * 36 of our 37 languages (eld 29, tinyld 27), so it is right on more of the bench's short texts (88 % against
 * 78 % and 73 %), and loads in 1.4 MB of heap. eld and tinyld are more accurate on the languages they know, but
 * file Indonesian, Swahili, Hausa, Pashto or Uzbek confidently under a neighbour. franc-min's weak spots (close
 * pairs, a few short Germanic and Romance sentences) mostly show as a small margin, where we fall back instead.
 * When the text says too little, or the detector is unsure, the author's interface language is the better guess.
 */
import { francAll } from 'franc-min';
import { LOCALE_CODES } from '../../core/locales.ts';

/** franc's ISO 639-3 codes → ours. franc-min has no Oromo (om): Oromo text falls back to the author's language. */
// biome-ignore format: a table
const FROM_FRANC: Record<string, string> = {
  eng: 'en', arb: 'ar', fra: 'fr', deu: 'de', hin: 'hi', spa: 'es', cmn: 'zh', ben: 'bn', hau: 'ha', ibo: 'ig', ind: 'id',
  ita: 'it', jpn: 'ja', kor: 'ko', zlm: 'ms', pes: 'fa', pol: 'pl', por: 'pt', pbu: 'ps', rus: 'ru', tam: 'ta', tha: 'th',
  tur: 'tr', urd: 'ur', vie: 'vi', amh: 'am', azj: 'az', mya: 'my', nld: 'nl', tgl: 'fil', ckb: 'ku', ron: 'ro', swh: 'sw',
  ukr: 'uk', uzn: 'uz', yor: 'yo',
};
/** Only our languages compete: a text is never "Sundanese" when no one can read that feed. */
const OURS = Object.keys(FROM_FRANC);

/**
 * Fewer letters than this (links and @mentions aside) say too little. On the bench's texts cut to N letters, detecting
 * beats keeping the author's interface language only if more than ~18 % (12 letters) or ~13 % (16 letters) of texts
 * are written in another language; from 16 letters accuracy levels off until 25.
 */
export const MIN_LETTERS = 16;

/**
 * franc scores the best language 1 and the others by closeness, so 1 − runner-up is how clearly it won. Below this
 * margin the author's interface language is the better guess (the bench's threshold sweep: the knee where the
 * answers kept are 98.5 % right and 84.5 % of texts are still answered).
 */
export const MIN_MARGIN = 0.1;

/**
 * The margin demanded instead when the guess is likely the author's own language mistaken: the author's language is
 * a close sibling of the guess (trigrams barely tell them apart), or one franc-min does not know (in the bench,
 * Oromo text comes out as Hausa with margins up to 0.23).
 */
export const STRICT_MARGIN = 0.3;
const SIBLINGS = new Set(['ru:uk', 'uk:ru', 'id:ms', 'ms:id']);
const KNOWN = new Set(Object.values(FROM_FRANC));

/**
 * Links, e-mail addresses and @mentions, which are no language's words. Every alternative reads a run of non-spaces
 * at most once: an address is only tried from the start of its run, and its domain stops at the next "@". (The
 * former `\S+@\S+\.\S+` retried from every position of a run: 60 KB without a space took 4.6 s, and a run of "@"
 * grew cubically.)
 */
const NOISE = /https?:\/\/\S+|www\.\S+|(?<!\S)[^\s@]+@[^\s@]+\.\S+|@\w+/giu;

/**
 * How much of a text detection reads, in UTF-16 code units. franc reads the first 2,048 of what is left once links
 * and addresses are gone; twice that leaves it enough, and the rest of a long post would only add to the cost.
 */
const READ_UNITS = 4096;

/**
 * Letters that settle the confusions the bench showed, where franc-min cannot tell:
 * - Sorani Kurdish (our ku locale, ckb) is in franc-min only in Latin script, so Arabic-script Kurdish came out as
 *   Persian or Urdu; ە ێ ۆ ڵ ڕ are Sorani letters none of our other Arabic-script languages use.
 * - Russian and Ukrainian are close in trigrams but not in letters: і ї є ґ are only Ukrainian, ы э ъ ё only Russian.
 *   Ukrainian without any of its own letters is unlikely (і alone is ~5 % of its letters), so such a "uk" is unsure.
 * - Short Turkish came out as Hausa; dotless ı and ğ are only in Turkish and Azerbaijani among our languages (two
 *   of them, so a Turkish name in an English sentence does not count).
 */
function settle(code: string, text: string): { code: string; margin: number } | null {
  if ((text.match(/[ەێۆڵڕ]/gu)?.length ?? 0) >= 2 && ['ar', 'fa', 'ur', 'ps', 'ms', 'ku'].includes(code)) return { code: 'ku', margin: 1 };
  if (code === 'ru' || code === 'uk') {
    if (/[іїєґ]/iu.test(text)) return { code: 'uk', margin: 1 };
    if (/[ыэъё]/iu.test(text)) return { code: 'ru', margin: 1 };
    return code === 'uk' ? { code, margin: 0 } : null;
  }
  if ((text.match(/[ıİğĞ]/gu)?.length ?? 0) >= 2 && code !== 'tr' && code !== 'az') {
    const [first] = francAll(text, { only: ['tur', 'azj'], minLength: 1 });
    return { code: FROM_FRANC[first[0]] ?? code, margin: 1 };
  }
  return null;
}

/** franc-min's best guess among our languages and how clearly it won (0..1); null when it finds no language. */
export function guessLanguage(text: string): { code: string; margin: number } | null {
  const [first, second] = francAll(text, { only: OURS, minLength: 1 });
  const code = FROM_FRANC[first[0]]; // undefined for 'und': no letters of a script franc knows
  if (!code) return null;
  return settle(code, text) ?? { code, margin: 1 - (second?.[1] ?? 0) };
}

/**
 * The language `text` is written in, as one of LOCALE_CODES; `fallback` (the author's interface language, one of
 * LOCALE_CODES) when the text is too short, the detector is unsure, or the language is not one of ours.
 */
export function detectLanguage(text: string, fallback: string): string {
  const clean = text.slice(0, READ_UNITS).replace(NOISE, ' ');
  if ((clean.match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) return fallback;
  const guess = guessLanguage(clean);
  if (!guess || !LOCALE_CODES.includes(guess.code)) return fallback;
  const strict = SIBLINGS.has(`${fallback}:${guess.code}`) || !KNOWN.has(fallback);
  return guess.margin >= (strict ? STRICT_MARGIN : MIN_MARGIN) ? guess.code : fallback;
}

/** The language an author's text is stored under: detected, unless the author turned detection off. */
export function languageOfText(author: { autoDetectLanguages: boolean; locale: string }, text: string): string {
  return author.autoDetectLanguages ? detectLanguage(text, author.locale) : author.locale;
}
