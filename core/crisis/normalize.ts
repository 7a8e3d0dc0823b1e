/**
 * The one form text takes before crisis phrases are looked for in it (docs/decisions/016-crisis-detection.md).
 * Phrases are put through the same function when their list is compiled, so both sides always agree.
 *
 * - Only the first CRISIS_TEXT_MAX characters are read: the longest field anyone can write. Work is linear in them.
 * - Lower case; NFKD, then combining marks are dropped after Latin, Greek, Cyrillic, Arabic and Hebrew letters only
 *   (accents, harakat, niqqud, hamza seats): in Indic, Thai, Burmese, Khmer or Ethiopic scripts marks are vowels and
 *   are kept; NFC puts the text back together.
 * - Letters people swap for one another depending on their keyboard become one: Arabic/Persian/Urdu yeh and kaf,
 *   teh marbuta and the heh forms, tatweel and zero-width joiners dropped; Hebrew final forms; ß, ı, ł, đ, ə and the
 *   Hausa hooked letters; a small Traditional → Simplified table for the characters our Chinese phrases use.
 * - Apostrophes of every kind are dropped ("don't" = "dont"), dashes and every run of spaces become one space.
 */
import { LIMITS } from '../limits.ts';

/** The longest text anyone can write in one field: the detector never reads more than this. */
export const CRISIS_TEXT_MAX = LIMITS.post;

const STRIP_AFTER = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Hebrew}]/u;
const MARK = /\p{M}/u;
const SPACE = /[\s\p{Zs}]/u;

/** Traditional characters of our Chinese phrases and samples, to their Simplified forms (both are written). */
const TRADITIONAL =
  '殺杀輕轻結结東东傷伤訣诀別别離离開开個个沒没義义無无續续撐撑們们負负擔担會会時时麼么這这讓让點点邊边種种絕绝過过還还難难對对來来說说樣样後后為为' +
  '覺觉兒儿氣气頭头裡里裏里愛爱從从見见夠够壓压隨随嗎吗歲岁課课試试題题鬆松聽听';

const MAP = new Map<string, string>([
  ['ي', 'ی'],
  ['ى', 'ی'],
  ['ك', 'ک'],
  ['ة', 'ه'],
  ['ہ', 'ه'],
  ['ە', 'ه'],
  ['ۀ', 'ه'],
  ['ـ', ''],
  ['\u200c', ''],
  ['\u200d', ''],
  ['\u200b', ''],
  ['\u00ad', ''],
  ['ך', 'כ'],
  ['ם', 'מ'],
  ['ן', 'נ'],
  ['ף', 'פ'],
  ['ץ', 'צ'],
  ['ß', 'ss'],
  ['ı', 'i'],
  ['ł', 'l'],
  ['đ', 'd'],
  ['ə', 'e'],
  ['ɗ', 'd'],
  ['ƙ', 'k'],
  ['ɓ', 'b'],
  ['ƴ', 'y'],
  ["'", ''],
  ['’', ''],
  ['‘', ''],
  ['ʻ', ''],
  ['ʼ', ''],
  ['`', ''],
  ['´', ''],
  ['-', ' '],
  ['‐', ' '],
  ['‑', ' '],
  ['–', ' '],
  ['—', ' '],
]);
for (let i = 0; i + 1 < TRADITIONAL.length; i += 2) MAP.set(TRADITIONAL[i], TRADITIONAL[i + 1]);

/**
 * Languages whose accents tell words apart so often that dropping them would make new matches: Vietnamese
 * ("tự tử" and "từ từ", "slowly", would both become "tu tu"). Their lists hold the unaccented forms people type
 * where those are unambiguous.
 */
const KEEP_MARKS = new Set(['vi']);

/**
 * Languages of one form normalise a text alike (normalizeCrisisText depends on the language only through
 * KEEP_MARKS), and `Intl.Segmenter` finds words by their script's rules and dictionaries, not by the language asked:
 * so a text checked in several languages of one form is normalised and split into words once (detectCrisisIn).
 */
export const normalFormOf = (language: string): string => (KEEP_MARKS.has(language) ? 'marks' : 'plain');

export function normalizeCrisisText(text: string, language = 'en'): string {
  const keep = KEEP_MARKS.has(language);
  const folded = text
    .slice(0, CRISIS_TEXT_MAX)
    .toLowerCase()
    .normalize(keep ? 'NFC' : 'NFKD');
  let out = '';
  let stripMarks = false;
  let space = true;
  for (const ch of folded) {
    if (MARK.test(ch)) {
      if (!stripMarks) out += ch;
      continue;
    }
    const mapped = MAP.get(ch) ?? ch;
    if (mapped === ' ' || SPACE.test(mapped)) {
      if (!space) out += ' ';
      space = true;
      stripMarks = false;
      continue;
    }
    if (mapped === '') continue;
    stripMarks = !keep && STRIP_AFTER.test(ch);
    space = false;
    out += mapped;
  }
  return (space && out.endsWith(' ') ? out.slice(0, -1) : out).normalize('NFC');
}

/** Characters written without spaces between words where every character may start one (Han, kana). */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(language: string): Intl.Segmenter {
  let s = segmenters.get(language);
  if (!s) {
    s = new Intl.Segmenter(language, { granularity: 'word' });
    segmenters.set(language, s);
  }
  return s;
}

/**
 * Where words start and end in a normalised text, by `Intl.Segmenter` (dictionary-based for Thai, Burmese, Khmer,
 * Chinese and Japanese): `bounds[i]` is 1 when a word may start or end at index i. Between Han or kana characters
 * every position counts, since the dictionary may join a phrase's last character with the next one ("死了").
 */
export function wordBounds(text: string, language: string): Uint8Array {
  const bounds = new Uint8Array(text.length + 1);
  for (const seg of segmenter(language).segment(text)) {
    bounds[seg.index] = 1;
    bounds[seg.index + seg.segment.length] = 1;
  }
  bounds[0] = 1;
  bounds[text.length] = 1;
  for (let i = 1; i < text.length; i++) {
    if (!bounds[i] && (CJK.test(text[i - 1]) || CJK.test(text[i]))) bounds[i] = 1;
  }
  return bounds;
}
