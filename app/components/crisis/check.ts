/**
 * The crisis check of the browser (core/crisis/detect.ts, loaded as its own chunk with the lists it needs), shared by
 * the check while writing and the check at the moment of sending. A text is checked in the writer's languages (the
 * page's and those they read), in the languages of its scripts (core/crisis/scripts.ts: Hindi written on the English
 * pages), and in English. Once the lists are loaded a check is synchronous (about 20 µs a list for a post), so a
 * text pasted and sent at once is checked as it is sent.
 */
import type { CrisisMatch } from '../../../core/crisis/detect.ts';
import { crisisLanguages } from '../../../core/crisis/scripts.ts';

type Detector = typeof import('../../../core/crisis/detect.ts');

export const NO_MATCH: CrisisMatch = { matched: false };
/** Shorter texts hold no phrase of any list. */
export const MIN_LENGTH = 4;

let detector: Detector | null = null;
let importing: Promise<Detector> | null = null;

/** Loads the detector and the lists of `languages` and English, once; a failed load (offline) is tried again next time. */
export function loadCrisisCheck(languages: readonly string[]): Promise<void> {
  importing ??= import('../../../core/crisis/detect.ts').then(
    (d) => {
      detector = d;
      return d;
    },
    (err: unknown) => {
      importing = null;
      throw err;
    },
  );
  return importing.then(async (d) => {
    await Promise.all(languages.map((code) => d.loadCrisisPhrases(code)));
  });
}

const short = (text: string) => text.trim().length < MIN_LENGTH;

/** The check of `text` now, or null while the detector or a list it needs is still loading. */
export function checkNow(text: string, languages: readonly string[]): CrisisMatch | null {
  if (short(text)) return NO_MATCH;
  const wanted = crisisLanguages(text, languages);
  // A list whose chunk failed (offline) is not loaded: null, so the send goes on to checkText, which tries it again.
  const d = detector;
  if (!d || !wanted.every((code) => d.crisisPhrasesLoaded(code))) return null;
  return d.detectCrisisIn(text, wanted);
}

/** The check of `text`, loading what it needs first. Rejects only when a chunk cannot load. */
export async function checkText(text: string, languages: readonly string[]): Promise<CrisisMatch> {
  if (short(text)) return NO_MATCH;
  const wanted = crisisLanguages(text, languages);
  await loadCrisisCheck(wanted);
  return (detector as Detector).detectCrisisIn(text, wanted);
}

/**
 * Where the notice goes once a text is sent, from what the check of the sent text found and what the person saw
 * while writing (docs/decisions/072-crisis-notice-after-sending.md):
 * - `beside`: the form stays (a message, a comment, a thought): the notice stays or appears beside it;
 * - `page`: the form closes (a post, a mood, a topic, an edit): the notice appears in the page's pinned place,
 *   unless it was already shown while writing (never twice);
 * - `none`: no match, or the person hid the notice for this text.
 */
export type AfterSend = 'none' | 'beside' | 'page';

export function afterSend(found: CrisisMatch, seen: { shown: boolean; dismissed: boolean }, formStays: boolean): AfterSend {
  if (!found.matched || seen.dismissed) return 'none';
  if (formStays) return 'beside';
  return seen.shown ? 'none' : 'page';
}
