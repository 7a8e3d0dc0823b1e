/**
 * Measures the crisis detector (core/crisis) on labelled samples (bench/crisis-samples.ts), per language and
 * category, checked as the app checks them (the language's list, English's and those of the text's scripts): recall on explicit statements (target ≥ 90 %), recall on indirect ones (reported), false alarms on
 * ordinary sad posts and on idioms (target ≤ 5 %), and the time one check takes.
 *
 *   npm run bench:crisis
 */
import { readFileSync } from 'node:fs';
import { detectCrisisIn, loadCrisisPhrases } from '../core/crisis/detect.ts';
import { crisisLanguages } from '../core/crisis/scripts.ts';
import { LOCALE_CODES } from '../core/locales.ts';
import { type Category, HELD_OUT, SAMPLES } from './crisis-samples.ts';

for (const code of LOCALE_CODES) await loadCrisisPhrases(code);

/** The check the app runs on a text in `lang`: that list, English's, and those of the text's scripts (078, 079). */
const detectCrisis = (text: string, lang: string) => detectCrisisIn(text, crisisLanguages(text, [lang]));

const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(0)} %`);
const CATEGORIES: Category[] = ['explicit', 'indirect', 'sad', 'idiom'];
const totals = Object.fromEntries(CATEGORIES.map((c) => [c, { hit: 0, all: 0 }])) as Record<Category, { hit: number; all: number }>;
const rows: string[][] = [];
const misses: string[] = [];

for (const [lang, byCategory] of Object.entries(SAMPLES)) {
  const row = [lang];
  for (const category of CATEGORIES) {
    const texts = byCategory[category];
    let hit = 0;
    for (const text of texts) {
      const matched = detectCrisis(text, lang).matched;
      if (matched) hit++;
      const wrong = category === 'explicit' || category === 'indirect' ? !matched : matched;
      if (wrong) misses.push(`  ${lang} ${category.padEnd(8)} ${matched ? 'false alarm' : 'missed     '}  ${text}`);
    }
    totals[category].hit += hit;
    totals[category].all += texts.length;
    row.push(`${pct(hit, texts.length)} (${hit}/${texts.length})`);
  }
  rows.push(row);
}

// Time per check: every sample many times, and the longest text anyone can write.
const all = Object.entries(SAMPLES).flatMap(([lang, c]) => CATEGORIES.flatMap((k) => c[k].map((text) => ({ lang, text }))));
const ROUNDS = 200;
let start = performance.now();
for (let r = 0; r < ROUNDS; r++) for (const { lang, text } of all) detectCrisis(text, lang);
const perCheck = ((performance.now() - start) * 1000) / (ROUNDS * all.length);
const long = 'Some days are heavier than others and I write to get it out of my head. '.repeat(70).slice(0, 5000);
start = performance.now();
for (let r = 0; r < 100; r++) detectCrisis(long, 'en');
const perLong = (performance.now() - start) / 100;

const header = ['lang', 'explicit recall', 'indirect recall', 'sad: false alarms', 'idioms: false alarms'];
const table = [
  header,
  ...rows,
  ['all', ...CATEGORIES.map((c) => `${pct(totals[c].hit, totals[c].all)} (${totals[c].hit}/${totals[c].all})`)],
];
const widths = header.map((_, i) => Math.max(...table.map((r) => r[i].length)));
for (const [i, r] of table.entries()) {
  console.log(r.map((cell, j) => cell.padEnd(widths[j])).join('  '));
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
console.log(`\ntime per check: ${perCheck.toFixed(1)} µs on these samples; ${perLong.toFixed(2)} ms on a 5,000-character text`);
if (misses.length) console.log(`\nwrong answers:\n${misses.join('\n')}`);

// The held-out set: written after the lists were last changed (bench/crisis-samples.ts).
const held = Object.fromEntries(CATEGORIES.map((c) => [c, { hit: 0, all: 0 }])) as Record<Category, { hit: number; all: number }>;
const heldMisses: string[] = [];
for (const [lang, byCategory] of Object.entries(HELD_OUT)) {
  for (const category of CATEGORIES) {
    for (const text of byCategory[category]) {
      const matched = detectCrisis(text, lang).matched;
      if (matched) held[category].hit++;
      held[category].all++;
      if ((category === 'explicit' || category === 'indirect') !== matched)
        heldMisses.push(`  ${lang} ${category.padEnd(8)} ${matched ? 'false alarm' : 'missed     '}  ${text}`);
    }
  }
}
console.log(
  `\nheld-out set (${Object.keys(HELD_OUT).length} languages): ${CATEGORIES.map((c) => `${c} ${pct(held[c].hit, held[c].all)} (${held[c].hit}/${held[c].all})`).join(', ')}`,
);
if (heldMisses.length) console.log(heldMisses.join('\n'));

// Ordinary posts in every language (bench/fixtures/language-samples.json, the language detector's samples).
const ordinary = Object.entries(
  JSON.parse(readFileSync(new URL('./fixtures/language-samples.json', import.meta.url), 'utf8')) as Record<string, string[]>,
).flatMap(([lang, texts]) => texts.map((text) => ({ lang, text })));
const alarms = ordinary.filter(({ lang, text }) => detectCrisis(text, lang).matched);
console.log(`\nordinary posts (language samples): ${pct(alarms.length, ordinary.length)} matched (${alarms.length}/${ordinary.length})`);
for (const { lang, text } of alarms) console.log(`  ${lang} ${text}`);

const explicitRecall = totals.explicit.hit / totals.explicit.all;
const falseAlarms = totals.sad.hit / totals.sad.all;
const idiomAlarms = totals.idiom.hit / totals.idiom.all;
const ok = explicitRecall >= 0.9 && falseAlarms <= 0.05 && idiomAlarms <= 0.05;
console.log(
  `\ntargets: explicit recall ${pct(totals.explicit.hit, totals.explicit.all)} (≥ 90 %), false alarms on sad posts ${pct(totals.sad.hit, totals.sad.all)} and idioms ${pct(totals.idiom.hit, totals.idiom.all)} (≤ 5 %): ${ok ? 'met' : 'NOT met'}`,
);
process.exitCode = ok ? 0 : 1;
