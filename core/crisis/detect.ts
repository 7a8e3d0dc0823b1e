/**
 * Suicide and self-harm language in what a person writes (issue 14; docs/decisions/016-crisis-detection.md).
 * Used by the browser while a person composes and by the server on every write; it never hides or blocks anything:
 * a match shows the person a calm panel with helplines, and (at merge) queues the item for a human.
 *
 *   await loadCrisisPhrases('ja');            // once: the language's list and English (the browser loads only these)
 *   detectCrisis('もう死にたい', 'ja');        // { matched: true, kind: 'explicit' }
 *
 * Text is checked against the list of the language it is said to be in AND the English list (people mix).
 * A phrase matches only as whole words (word bounds from Intl.Segmenter), on normalised text (normalize.ts), with
 * plain `indexOf`: no regular expression ever runs over the text, and work is bounded by CRISIS_TEXT_MAX.
 * The phrase lists are data for detection only: never shown to anyone.
 */
import { normalFormOf, normalizeCrisisText, wordBounds } from './normalize.ts';
import { LATIN_SCRIPT_LISTS } from './scripts.ts';

export type CrisisKind = 'explicit' | 'indirect';

export interface CrisisMatch {
  matched: boolean;
  /** explicit: wanting to die, to kill or harm oneself; indirect: no way on, others better off, no reason to live. */
  kind?: CrisisKind;
}

/** One language's phrases, as written in `phrases/{code}.ts`. */
export interface PhraseList {
  /** Statements of wanting to die, to kill or to harm oneself. */
  explicit: readonly string[];
  /** "I can't go on", "everyone would be better off without me", "no reason to live". */
  indirect: readonly string[];
  /** Longer phrases that contain a phrase above and mean something else ("don't want to die", idioms): a match inside one is not a match. */
  except?: readonly string[];
}

interface Compiled {
  explicit: string[];
  indirect: string[];
  except: string[];
}

const compiled = new Map<string, Compiled>();
const loading = new Map<string, Promise<void>>();
const LATIN = new Set(LATIN_SCRIPT_LISTS);

const norm = (language: string, list: readonly string[] = []) => [
  ...new Set(list.map((p) => normalizeCrisisText(p, language)).filter((p) => p.length > 0)),
];

/** Puts a language's list in place (the server and the bench load every list; tests may give their own). */
export function setCrisisPhrases(language: string, list: PhraseList): void {
  compiled.set(language, {
    explicit: norm(language, list.explicit),
    indirect: norm(language, list.indirect),
    except: norm(language, list.except),
  });
}

/**
 * Loads the list of a language and the English one, once; a language without a list is checked in English only.
 * The lists with phrases in Latin letters, English's among them, come in one chunk (phrases/latin.ts, decision 079).
 */
export function loadCrisisPhrases(language: string): Promise<void> {
  const wanted = [...new Set(['en', language])].filter((code) => !compiled.has(code));
  return Promise.all([...new Set(wanted.map((code) => (LATIN.has(code) ? 'latin' : code)))].map(loadChunk)).then(() => undefined);
}

/** One chunk's lists, once at a time; a chunk that failed to load (offline) is asked again by the next load. */
function loadChunk(chunk: string): Promise<void> {
  let pending = loading.get(chunk);
  if (!pending) {
    // One chunk per file (Vite splits these imports by file): a browser loads English's group and its language's.
    const lists: Promise<Record<string, PhraseList>> =
      chunk === 'latin'
        ? import('./phrases/latin.ts').then((mod) => mod.default)
        : import(`./phrases/${chunk}.ts`).then((mod) => ({ [chunk]: mod.default as PhraseList }));
    pending = lists.then(
      (byCode) => {
        for (const [code, list] of Object.entries(byCode)) setCrisisPhrases(code, list);
      },
      () => {},
    );
    loading.set(chunk, pending);
    pending.finally(() => loading.delete(chunk));
  }
  return pending;
}

export function crisisPhrasesLoaded(language: string): boolean {
  return compiled.has(language) && compiled.has('en');
}

/** Whether `phrase` occurs in `text` as whole words, outside every `except` occurrence. */
function occurs(text: string, bounds: Uint8Array, phrase: string, except: [number, number][]): boolean {
  for (let i = text.indexOf(phrase); i !== -1; i = text.indexOf(phrase, i + 1)) {
    const end = i + phrase.length;
    if (bounds[i] && bounds[end] && !except.some(([a, b]) => a <= i && end <= b)) return true;
  }
  return false;
}

function ranges(text: string, phrases: readonly string[]): [number, number][] {
  const out: [number, number][] = [];
  for (const p of phrases) for (let i = text.indexOf(p); i !== -1; i = text.indexOf(p, i + 1)) out.push([i, i + p.length]);
  return out;
}

/**
 * Checks a text in `language` and in English, with the lists already loaded (`loadCrisisPhrases`); a list not
 * loaded yet is skipped. Explicit wins over indirect.
 */
export function detectCrisis(text: string, language: string): CrisisMatch {
  return detectCrisisIn(text, [language]);
}

/**
 * Checks a text against several languages' lists and English's, with the lists already loaded (a list not loaded
 * yet is skipped): explicit in any wins, else indirect in any. For a text whose language is not known for sure
 * (crisisLanguages in scripts.ts). The text is normalised and split into words once per form (normalFormOf), so
 * five Arabic-script lists cost one pass over a post, not five.
 */
export function detectCrisisIn(text: string, languages: readonly string[]): CrisisMatch {
  if (text.length === 0) return { matched: false };
  const forms = new Map<string, string[]>();
  for (const code of new Set([...languages, 'en'])) {
    if (!compiled.has(code)) continue;
    const form = normalFormOf(code);
    const group = forms.get(form);
    if (group) group.push(code);
    else forms.set(form, [code]);
  }
  let indirect = false;
  for (const group of forms.values()) {
    // The first language asked sets the text's normal form and word bounds for its whole group.
    const normal = normalizeCrisisText(text, group[0]);
    if (normal.length === 0) continue;
    const bounds = wordBounds(normal, group[0]);
    for (const code of group) {
      const list = compiled.get(code) as Compiled;
      const except = ranges(normal, list.except);
      if (list.explicit.some((p) => occurs(normal, bounds, p, except))) return { matched: true, kind: 'explicit' };
      if (!indirect) indirect = list.indirect.some((p) => occurs(normal, bounds, p, except));
    }
  }
  return indirect ? { matched: true, kind: 'indirect' } : { matched: false };
}
