/**
 * Measures the content-language detectors named in DESIGN.md (franc-min / franc, eld, tinyld) on the short texts
 * people write here, in our 37 languages (bench/fixtures/language-samples.json), then checks the shipped
 * `detectLanguage` (server/lib/language.ts) end to end. docs/decisions/002-language-detection.md records the figures.
 *
 *   npm run bench:language
 *
 * Only the winner stays installed; to measure the others again: npm install --no-save franc eld tinyld
 * Every library is restricted to our languages where it supports that, as the app would use it.
 */
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { LOCALE_CODES } from '../core/locales.ts';

type Samples = Record<string, string[]>;
const samples: Samples = JSON.parse(readFileSync(new URL('./fixtures/language-samples.json', import.meta.url), 'utf8'));
const cases = Object.entries(samples).flatMap(([lang, texts]) => texts.map((text) => ({ lang, text })));
const SHORT = 60;
const chars = (text: string) => [...text].length;

/** A library's best guess mapped to our codes (null: none of ours / no answer) and how sure it is, 0..1. */
interface Guess {
  code: string | null;
  confidence: number;
}
interface Detector {
  detect: (text: string) => Guess;
  /** Which of our 37 codes the library can answer at all. */
  covers: string[];
}
interface Candidate {
  name: string;
  load: () => Promise<Detector>;
}

// Code maps: library code -> our code. Several library codes can mean one of ours (macrolanguage and variety).
// biome-ignore format: a table
const FRANC: Record<string, string> = {
  eng: 'en', arb: 'ar', ara: 'ar', fra: 'fr', deu: 'de', hin: 'hi', spa: 'es', cmn: 'zh', ben: 'bn', hau: 'ha', ibo: 'ig',
  ind: 'id', ita: 'it', jpn: 'ja', kor: 'ko', zlm: 'ms', zsm: 'ms', msa: 'ms', gaz: 'om', orm: 'om', pes: 'fa', prs: 'fa',
  fas: 'fa', pol: 'pl', por: 'pt', pbu: 'ps', pst: 'ps', pus: 'ps', rus: 'ru', tam: 'ta', tha: 'th', tur: 'tr', urd: 'ur',
  vie: 'vi', amh: 'am', azj: 'az', aze: 'az', mya: 'my', nld: 'nl', tgl: 'fil', fil: 'fil', ckb: 'ku', kmr: 'ku', kur: 'ku',
  ron: 'ro', swh: 'sw', swa: 'sw', ukr: 'uk', uzn: 'uz', uzb: 'uz', yor: 'yo',
};
/** eld and tinyld answer ISO 639-1; only Tagalog differs from our code. */
const iso1 = (code: string) => (code === 'tl' ? 'fil' : LOCALE_CODES.includes(code) ? code : null);
const ISO1_OURS = LOCALE_CODES.map((c) => (c === 'fil' ? 'tl' : c));

// Libraries are imported by a computed name so this file still type-checks once the losers are uninstalled.
const load = <T>(specifier: string): Promise<T> => import(specifier);

function franc(pkg: string): Candidate {
  return {
    name: pkg,
    async load() {
      const lib = await load<{ francAll: (t: string, o?: { only?: string[]; minLength?: number }) => [string, number][] }>(pkg);
      const data = await load<{ data: Record<string, Record<string, string>> }>(`${pkg}/data.js`);
      const expressions = await load<{ expressions: Record<string, RegExp> }>(`${pkg}/expressions.js`);
      const known = [...Object.values(data.data).flatMap((x) => Object.keys(x)), ...Object.keys(expressions.expressions)];
      const only = Object.keys(FRANC);
      return {
        covers: [...new Set(known.map((k) => FRANC[k]).filter(Boolean))],
        detect(text) {
          // Scores are normalised distances: the best is 1, so 1 - second is the margin over the runner-up.
          const [first, second] = lib.francAll(text, { only, minLength: 1 });
          return { code: FRANC[first[0]] ?? null, confidence: first[0] === 'und' ? 0 : 1 - (second?.[1] ?? 0) };
        },
      };
    },
  };
}

function eld(size: string): Candidate {
  return {
    name: `eld/${size}`,
    async load() {
      const { eld: lib } = await load<{
        eld: {
          info: () => { Languages: Record<string, string> };
          setLanguageSubset: (languages: string[]) => unknown;
          detect: (text: string) => { language: string; getScores: () => Record<string, number> };
        };
      }>(`eld/${size}`);
      const info = lib.info();
      lib.setLanguageSubset(ISO1_OURS);
      return {
        covers: Object.values(info.Languages)
          .map(iso1)
          .filter((c): c is string => c !== null),
        detect(text) {
          const result = lib.detect(text);
          // Relative margin of the best score over the runner-up.
          const [s1 = 0, s2 = 0] = Object.values(result.getScores()).sort((a, b) => b - a);
          return { code: result.language ? iso1(result.language) : null, confidence: s1 > 0 ? (s1 - s2) / s1 : 0 };
        },
      };
    },
  };
}

function tinyld(entry: string): Candidate {
  return {
    name: entry,
    async load() {
      const lib = await load<{
        detectAll: (t: string, o?: { only?: string[] }) => { lang: string; accuracy: number }[];
        supportedLanguages: string[];
        toISO2: (c: string) => string;
      }>(entry);
      return {
        covers: lib.supportedLanguages.map((c) => iso1(lib.toISO2(c))).filter((c): c is string => c !== null),
        detect(text) {
          const [first] = lib.detectAll(text, { only: ISO1_OURS });
          // tinyld's own "accuracy" of its best guess (1 when a word only one language has was found).
          return { code: first ? iso1(first.lang) : null, confidence: first?.accuracy ?? 0 };
        },
      };
    },
  };
}

const candidates = [franc('franc-min'), franc('franc'), eld('extrasmall'), eld('large'), tinyld('tinyld'), tinyld('tinyld/heavy')];

// Heap after loading a library, with garbage collected first (gc is not exposed by default).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

const pct = (n: number, d: number) => (d === 0 ? '  -  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);
const THRESHOLDS = [0, 0.01, 0.02, 0.03, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5];
const PREFIXES = [8, 12, 16, 20, 30];

/**
 * The start of `text` with at least `n` letters, cut after a whole word: how the detectors do on shorter messages.
 * Scripts written without spaces (zh, ja, th, my) are cut at `n` letters.
 */
const prefix = (text: string, n: number) => {
  let letters = 0;
  let out = '';
  for (const ch of text) {
    if (
      letters >= n &&
      (/[\s\p{P}]/u.test(ch) ||
        /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Myanmar}]/u.test(out.at(-1) ?? ''))
    )
      break;
    out += ch;
    if (/\p{L}/u.test(ch)) letters++;
  }
  return out;
};
const prefixLine = (detect: (text: string) => string | null) =>
  PREFIXES.map((n) => {
    const long = cases.filter((c) => prefix(c.text, n) !== c.text);
    return `${n}: ${pct(long.filter((c) => detect(prefix(c.text, n)) === c.lang).length, long.length).trim()}`;
  }).join('  ');

// Threshold sweep: answer only when confidence >= t, else fall back to the author's interface language.
// "fallback right": the author wrote in their interface language (falling back is correct).
// "fallback wrong": they wrote in another language (falling back is an error, like a wrong guess).
// "right, strict": fallback right, but authors whose language the library cannot detect need >= STRICT to be
// overridden, as server/lib/language.ts does (it gives every library the same help for its missing languages).
const STRICT = 0.3;
function sweep(guesses: { lang: string; guess: Guess }[], covers: string[]) {
  console.log('  threshold  answered  precision  fallback-right  right, strict  fallback-wrong');
  for (const t of THRESHOLDS) {
    const answered = guesses.filter((g) => g.guess.code !== null && g.guess.confidence >= t);
    const ok = answered.filter((g) => g.guess.code === g.lang).length;
    const strictWrong = answered.filter((g) => g.guess.code !== g.lang && (covers.includes(g.lang) || g.guess.confidence >= STRICT));
    console.log(
      `  ${t.toFixed(2).padStart(9)}  ${pct(answered.length, guesses.length)}    ${pct(ok, answered.length)}         ${pct(ok + guesses.length - answered.length, guesses.length)}         ${pct(guesses.length - strictWrong.length, guesses.length)}          ${pct(ok, guesses.length)}`,
    );
  }
}

console.log(
  `${cases.length} samples, ${Object.keys(samples).length} languages, ${cases.filter((c) => chars(c.text) < SHORT).length} under ${SHORT} characters\n`,
);

for (const candidate of candidates) {
  const before = heapMb();
  let detector: Detector;
  try {
    detector = await candidate.load();
  } catch {
    console.log(`== ${candidate.name}: not installed (npm install --no-save ${candidate.name.split('/')[0]})\n`);
    continue;
  }
  const heap = heapMb() - before;

  const guesses = cases.map((c) => ({ ...c, guess: detector.detect(c.text) }));
  const right = guesses.filter((g) => g.guess.code === g.lang);
  const short = guesses.filter((g) => chars(g.text) < SHORT);

  // Mean time per call: one warm-up pass above, then 5 timed passes.
  const t0 = performance.now();
  for (let i = 0; i < 5; i++) for (const c of cases) detector.detect(c.text);
  const usPerCall = ((performance.now() - t0) * 1000) / (5 * cases.length);

  const missing = LOCALE_CODES.filter((c) => !detector.covers.includes(c));
  console.log(`== ${candidate.name}`);
  console.log(`  covers ${detector.covers.length}/37 of our languages; missing: ${missing.join(' ') || '-'}`);
  console.log(`  overall accuracy   ${pct(right.length, guesses.length)}  (${right.length}/${guesses.length})`);
  console.log(
    `  under ${SHORT} chars     ${pct(short.filter((g) => g.guess.code === g.lang).length, short.length)}  (${short.length} samples)`,
  );
  const covered = guesses.filter((g) => detector.covers.includes(g.lang));
  const coveredShort = covered.filter((g) => chars(g.text) < SHORT);
  console.log(
    `  on its ${detector.covers.length} languages ${pct(covered.filter((g) => g.guess.code === g.lang).length, covered.length)}  (under ${SHORT} chars ${pct(coveredShort.filter((g) => g.guess.code === g.lang).length, coveredShort.length).trim()})`,
  );
  console.log(`  time per call      ${usPerCall.toFixed(1)} µs`);
  console.log(`  heap after load    ${heap.toFixed(1)} MB`);

  const perLang = Object.keys(samples).map((lang) => {
    const mine = guesses.filter((g) => g.lang === lang);
    const wrong = mine.filter((g) => g.guess.code !== lang).map((g) => g.guess.code ?? '?');
    return { lang, ok: mine.length - wrong.length, n: mine.length, wrong };
  });
  const weakest = perLang.filter((l) => l.ok < l.n).sort((a, b) => a.ok / a.n - b.ok / b.n);
  console.log(`  weakest: ${weakest.map((l) => `${l.lang} ${l.ok}/${l.n} (→${[...new Set(l.wrong)].join(',')})`).join('; ') || 'none'}`);

  console.log(`  first N letters    ${prefixLine((text) => detector.detect(text).code)}`);
  sweep(guesses, detector.covers);
  console.log();
}

// The shipped function, as the server calls it: franc-min plus the letter hints, then the length and margin rules.
// Imported last so that loading franc-min above is measured on its own.
const { detectLanguage, guessLanguage, MIN_LETTERS, MIN_MARGIN, STRICT_MARGIN } = await import('../server/lib/language.ts');
const other = (lang: string) => (lang === 'en' ? 'fr' : 'en');
const e2e = (fallbackOf: (lang: string) => string) => {
  const all = cases.filter((c) => detectLanguage(c.text, fallbackOf(c.lang)) === c.lang).length;
  const short = cases.filter((c) => chars(c.text) < SHORT);
  const shortOk = short.filter((c) => detectLanguage(c.text, fallbackOf(c.lang)) === c.lang).length;
  return `${pct(all, cases.length)} overall, ${pct(shortOk, short.length)} under ${SHORT} chars`;
};
const asGuess = (text: string): Guess => {
  const g = guessLanguage(text);
  return { code: g?.code ?? null, confidence: g?.margin ?? 0 };
};
const shipped = cases.map((c) => ({ ...c, guess: asGuess(c.text) }));
const t0 = performance.now();
for (let i = 0; i < 5; i++) for (const c of cases) detectLanguage(c.text, 'en');
const usPerCall = ((performance.now() - t0) * 1000) / (5 * cases.length);
console.log(
  `== detectLanguage (server/lib/language.ts): MIN_LETTERS ${MIN_LETTERS}, MIN_MARGIN ${MIN_MARGIN}, STRICT_MARGIN ${STRICT_MARGIN}`,
);
console.log(
  `  guess accuracy     ${pct(shipped.filter((g) => g.guess.code === g.lang).length, cases.length)}  (franc-min + letter hints, no threshold)`,
);
console.log(`  fallback = the author's language: ${e2e((lang) => lang)}`);
console.log(`  fallback = another language:      ${e2e(other)}`);
console.log(`  time per call      ${usPerCall.toFixed(1)} µs`);
const wrong = cases
  .map((c) => ({ ...c, got: detectLanguage(c.text, other(c.lang)) }))
  .filter((c) => c.got !== c.lang && c.got !== other(c.lang));
console.log(`  wrong answers (neither the language nor the fallback): ${wrong.map((c) => `${c.lang}→${c.got}`).join(' ') || 'none'}`);
console.log(`  'hi!' with fallback sw: ${detectLanguage('hi!', 'sw')}`);
// How short is too short: the guess at MIN_MARGIN on the first N letters, with no length minimum. Always falling
// back scores 100 % when the author wrote in their interface language and 0 % when not; detecting pays off from the
// length where p × right + (1 − p) × wrong beats p, p being the share of authors writing in their interface language.
console.log('  letters  fallback-right  fallback-wrong  (guess at MIN_MARGIN on the first N letters, no minimum)');
for (const n of [8, 10, 12, 14, 16, 20, 25, 30]) {
  const cut = cases.filter((c) => prefix(c.text, n) !== c.text).map((c) => ({ lang: c.lang, guess: asGuess(prefix(c.text, n)) }));
  const answered = cut.filter((g) => g.guess.code && g.guess.confidence >= MIN_MARGIN);
  const ok = answered.filter((g) => g.guess.code === g.lang).length;
  console.log(`  ${String(n).padStart(7)}  ${pct(ok + cut.length - answered.length, cut.length)}          ${pct(ok, cut.length)}`);
}
sweep(
  shipped,
  LOCALE_CODES.filter((c) => c !== 'om'),
);
