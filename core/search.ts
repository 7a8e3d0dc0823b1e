/**
 * Search words, shared by the server (what is stored when text is written, what a query asks for) and the web app
 * (nothing here touches the database). Text is cut into words with Intl.Segmenter, which knows where words end in
 * scripts written without spaces (Chinese, Japanese, Thai, Lao, Khmer, Burmese) from ICU's dictionaries. A
 * dictionary cuts a text and a short query differently now and then (「友達」 inside 「友達と」, a Thai compound), so
 * runs in those scripts are also stored as overlapping pairs of characters (and single characters for Chinese and
 * Japanese): a 1–2 character query is then one stored token, and a longer one all of its pairs. Design and
 * measurements: docs/decisions/025-search.md.
 */

/** What GET /api/search?type= may ask for. */
export const SEARCH_TYPES = ['all', 'posts', 'moods', 'topics', 'thoughts', 'tags'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** The longest query, in user-perceived characters (API.md: over 200 is 422). */
export const SEARCH_QUERY_MAX = 200;
/** Only this much of an item's text is read for words: bounded work and a bounded stored row, whatever is written. */
export const SEARCH_TEXT_MAX = 20_000;
/**
 * Matches are counted up to this many per type; a count of SEARCH_COUNT_CAP means "this many or more" (the
 * screen shows 1,000+). Bounded work: a common word is not counted over every post on every search.
 */
export const SEARCH_COUNT_CAP = 1000;
/** At most this many words of a query count; more only slows the query down. */
export const SEARCH_TERMS_MAX = 12;
/** Words longer than this (a pasted hash, a line of one letter) are not stored: nobody searches for them. */
const WORD_MAX = 64;

const wordSegmenter = new Intl.Segmenter('en', { granularity: 'word' });
const graphemeSegmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Scripts written without spaces between words, and Ethiopic, whose words take prefixes written onto them
 * (የ, በ, ለ, ከ: ጭንቀት inside የጭንቀት): their runs are also stored as character pairs.
 */
const NGRAM_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Ethiopic}]/u;
/** Of those, the ones where one character is a word (a 1-character Chinese or Japanese query must find it). */
const SINGLE_CHAR_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** An emoji is searched for as a word of its own (Segmenter does not call it word-like). */
const EMOJI = /\p{Extended_Pictographic}/u;
/** Arabic short vowels, other marks people may or may not write, and the tatweel that only stretches a line. */
const ARABIC_OPTIONAL = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/gu;

/**
 * Arabic writes "and", "with", "for", "like" and "the" onto the word (بالوحدة = with the loneliness): the word is
 * also stored without them, so وحدة and الوحدة find it. Only when at least 3 letters remain, to keep short words whole.
 */
const ARABIC_PROCLITIC = /^(?:[وف]?(?:بال|كال|لل|ال)|[وف])(?=\p{Script=Arabic}{3})/u;
function arabicStems(word: string): string[] {
  const m = ARABIC_PROCLITIC.exec(word);
  if (!m) return [];
  const rest = word.slice(m[0].length);
  // بالوحدة → الوحدة and وحدة; وحدة alone for و/ف.
  return m[0].endsWith('ال') || m[0].endsWith('لل') ? [`ال${rest}`, rest] : [rest];
}

/** The one form a word is stored and looked up in: compatibility forms folded, lower case, Arabic vowel marks dropped. */
export function normalizeWord(word: string): string {
  return word.normalize('NFKC').toLocaleLowerCase('und').replace(ARABIC_OPTIONAL, '').trim();
}

export interface Segment {
  /** Where the segment starts in the text, in UTF-16 code units. */
  index: number;
  segment: string;
  /** A word (or an emoji): what is stored and matched. */
  word: boolean;
}

/** The text's segments, words marked. */
export function segments(text: string): Segment[] {
  const out: Segment[] = [];
  for (const s of wordSegmenter.segment(text)) {
    out.push({ index: s.index, segment: s.segment, word: Boolean(s.isWordLike) || EMOJI.test(s.segment) });
  }
  return out;
}

/** The character pairs (and, for Chinese and Japanese, the single characters) of the no-space runs of a word. */
function ngrams(word: string, into: Set<string>): void {
  let run: string[] = [];
  const flush = () => {
    for (let i = 0; i < run.length; i++) {
      if (SINGLE_CHAR_SCRIPT.test(run[i]) && run[i].length <= WORD_MAX) into.add(run[i]);
      // A "character" may carry any number of combining marks; a tsvector lexeme may not exceed 2 KB.
      if (i + 1 < run.length && run[i].length + run[i + 1].length <= WORD_MAX) into.add(run[i] + run[i + 1]);
    }
    run = [];
  };
  for (const { segment } of graphemeSegmenter.segment(word)) {
    if (NGRAM_SCRIPT.test(segment)) run.push(segment);
    else flush();
  }
  flush();
}

/**
 * The distinct words stored for a text (posts, moods, topics, thoughts): its words and emoji, normalized, plus the
 * character pairs of runs in no-space scripts. Space-joined, it is the `search_text` column.
 */
export function searchWords(text: string): string[] {
  const bounded = text.slice(0, SEARCH_TEXT_MAX);
  const words = new Set<string>();
  for (const s of segments(bounded)) {
    if (!s.word) continue;
    // A word never holds a space (the stored form is space-separated), whatever the segmenter groups.
    for (const part of normalizeWord(s.segment).split(/\s+/u)) {
      if (part === '' || part.length > WORD_MAX) continue;
      words.add(part);
      for (const stem of arabicStems(part)) words.add(stem);
    }
  }
  // Pairs over the whole text, not word by word: where the dictionary put a break inside the word someone looks
  // for (友 | 達が), or left a long run whole, the pairs are still there.
  ngrams(normalizeWord(bounded), words);
  return [...words];
}

/** What is stored in the `search_text` column for a text. */
export const searchText = (text: string): string => searchWords(text).join(' ');

/** One word of a query and how it is looked up. */
export interface QueryTerm {
  /** The normalized word. */
  word: string;
  /** Also match stored words that start with it ("help" finds "helped"; Korean and Turkish endings). */
  prefix: boolean;
  /** For a longer word in a no-space script: the pairs that must all be present (the word inside a longer one). */
  pairs: string[];
}

const graphemes = (word: string) => Array.from(graphemeSegmenter.segment(word), (g) => g.segment);

/** The words of a query, at most SEARCH_TERMS_MAX, each once. Punctuation, operators and quotes are not words. */
export function queryTerms(query: string): QueryTerm[] {
  const seen = new Set<string>();
  const terms: QueryTerm[] = [];
  const add = (word: string) => {
    if (word === '' || word.length > WORD_MAX || seen.has(word) || terms.length >= SEARCH_TERMS_MAX) return;
    seen.add(word);
    const chars = graphemes(word);
    const ngram = NGRAM_SCRIPT.test(word);
    const pairs: string[] = [];
    if (ngram && chars.length > 2) for (let i = 0; i + 1 < chars.length; i++) pairs.push(chars[i] + chars[i + 1]);
    // A 1–2 letter Latin or Cyrillic prefix matches half the table; in no-space scripts the pairs do the work.
    terms.push({
      word,
      prefix: !EMOJI.test(word) && (ngram ? chars.length === 1 && !SINGLE_CHAR_SCRIPT.test(word) : chars.length >= 3),
      pairs,
    });
  };
  // Adjacent words of a no-space script are one term: 集中で is looked for as written (its pairs), not as 集中 and で
  // anywhere in the text, however the dictionary cuts the query.
  let run: string[] = [];
  let runEnd = -1;
  // A run too long to be one lexeme is looked for word by word.
  const flush = () => {
    const joined = run.join('');
    if (joined.length <= WORD_MAX) add(joined);
    else for (const word of run) add(word);
    run = [];
  };
  for (const s of segments(query.slice(0, SEARCH_QUERY_MAX * 8))) {
    const whole = s.word ? normalizeWord(s.segment) : '';
    const noSpace = whole !== '' && Array.from(graphemeSegmenter.segment(whole)).every((g) => NGRAM_SCRIPT.test(g.segment));
    if (noSpace && s.index === runEnd) {
      run.push(whole);
      runEnd = s.index + s.segment.length;
      continue;
    }
    flush();
    runEnd = -1;
    if (noSpace) {
      run = [whole];
      runEnd = s.index + s.segment.length;
      continue;
    }
    if (s.word) for (const word of whole.split(/\s+/u)) add(word);
  }
  flush();
  return terms;
}

/** A tsquery lexeme, quoted, so that no character of the query is tsquery syntax. */
const lexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The query as tsquery text (every word, each as a whole word, a prefix, or its character pairs), or null when
 * the query has no word. It is passed as a bound parameter and cast, so it is never SQL either.
 */
export function toTsquery(terms: readonly QueryTerm[]): string | null {
  if (terms.length === 0) return null;
  return terms
    .map((t) => {
      const whole = t.prefix ? `${lexeme(t.word)}:*` : lexeme(t.word);
      return t.pairs.length > 0 ? `(${whole} | (${t.pairs.map(lexeme).join(' & ')}))` : whole;
    })
    .join(' & ');
}

/** A piece of a text, marked when it is (part of) a word the query asked for. */
export interface HighlightPart {
  text: string;
  match: boolean;
}

/** pg_trgm's trigrams of one word, to mark the words a misspelt query found. */
function trigrams(word: string): Set<string> {
  const chars = Array.from(`  ${word} `);
  const out = new Set<string>();
  for (let i = 0; i + 2 < chars.length; i++) out.add(chars[i] + chars[i + 1] + chars[i + 2]);
  return out;
}

function similar(a: string, b: string): boolean {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared) >= 0.4;
}

/**
 * The text cut into parts, the words the query matched marked: whole words and prefixes, the query word inside a
 * no-space run, and (with `fuzzy`, when the results came from the misspelling fallback) words spelt like it.
 * The client renders each part as text, marked parts in <mark>; no HTML is made here.
 */
export function highlight(text: string, terms: readonly QueryTerm[], fuzzy = false): HighlightPart[] {
  if (text === '') return [];
  const bounded = text.slice(0, SEARCH_TEXT_MAX);
  const marks: [number, number][] = [];
  const inside = terms.filter((t) => NGRAM_SCRIPT.test(t.word));
  for (const s of segments(bounded)) {
    if (!s.word) continue;
    const normalized = normalizeWord(s.segment);
    // As stored: the word, and an Arabic word without what is written onto it.
    const forms = [normalized, ...arabicStems(normalized)];
    const hit = terms.some((t) =>
      forms.some(
        (word) =>
          word === t.word || (t.prefix && word.startsWith(t.word)) || (fuzzy && !NGRAM_SCRIPT.test(t.word) && similar(word, t.word)),
      ),
    );
    if (hit) marks.push([s.index, s.index + s.segment.length]);
  }
  // A word of a no-space script may sit inside a longer segment, or across two.
  for (const t of inside) {
    for (let from = bounded.indexOf(t.word); from !== -1; from = bounded.indexOf(t.word, from + t.word.length)) {
      marks.push([from, from + t.word.length]);
    }
  }
  marks.sort((a, b) => a[0] - b[0]);
  const parts: HighlightPart[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    if (from > at) parts.push({ text: text.slice(at, from), match: false });
    if (end > from) parts.push({ text: text.slice(from, end), match: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}
