/**
 * The crisis detector for the server (core/crisis, docs/decisions/016-crisis-detection.md): every write can ask
 * whether its text reads as suicide or self-harm language, to queue it for a human with crisis priority. It never
 * hides, blocks or changes anything by itself. Work is bounded: the detector reads at most CRISIS_TEXT_MAX
 * characters with plain substring search, so one check stays well under a millisecond (npm run bench:crisis).
 *
 *   const match = await isCrisisText(content, language);   // { matched: true, kind: 'explicit' }
 */
import { type CrisisMatch, detectCrisisIn, loadCrisisPhrases } from '../../../core/crisis/detect.ts';
import { crisisLanguages } from '../../../core/crisis/scripts.ts';
import { isLocale, LOCALE_CODES } from '../../../core/locales.ts';

let loaded: Promise<void> | null = null;

/** Every language's list, loaded once per process (about 40 KB of strings). */
export function loadAllCrisisPhrases(): Promise<void> {
  loaded ??= Promise.all(LOCALE_CODES.map((code) => loadCrisisPhrases(code))).then(() => undefined);
  return loaded;
}

/**
 * Checks a text written in `language` (the item's language: the writer's choice or the detected one), in English,
 * and in the languages of its scripts (an item filed under the writer's interface language may be written in
 * another). A text whose language is not known is checked against every list: the server would rather show a
 * moderator one text too many than miss one.
 */
export async function isCrisisText(text: string, language: string | null | undefined): Promise<CrisisMatch> {
  await loadAllCrisisPhrases();
  return detectCrisisIn(text, isLocale(language) ? crisisLanguages(text, [language]) : LOCALE_CODES);
}
