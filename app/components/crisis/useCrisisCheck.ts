/**
 * Whether what a person is writing reads as suicide or self-harm language (core/crisis), checked in their
 * interface language (or the one given) and in English, a moment after they stop typing. The detector and the
 * language's phrase list load on the first text long enough to check, as their own small chunks.
 *
 * Two lines add it to any text box (docs/decisions/016-crisis-detection.md):
 *   const crisis = useCrisisCheck(text);
 *   <CrisisNotice match={crisis} />            // near the send button
 */
import { useEffect, useState } from 'react';
import type { CrisisMatch } from '../../../core/crisis/detect.ts';
import { useSession } from '../../lib/session.tsx';

const NONE: CrisisMatch = { matched: false };
/** Typing pauses this long before a check: no work on every keystroke, and no notice flickering mid-word. */
const PAUSE_MS = 400;
/** Shorter texts hold no phrase of any list. */
const MIN_LENGTH = 4;

export function useCrisisCheck(text: string, language?: string): CrisisMatch {
  const { locale } = useSession();
  const lang = language ?? locale;
  const [match, setMatch] = useState<CrisisMatch>(NONE);

  useEffect(() => {
    if (text.trim().length < MIN_LENGTH) {
      setMatch(NONE);
      return;
    }
    let live = true;
    const timer = setTimeout(async () => {
      try {
        const detector = await import('../../../core/crisis/detect.ts');
        await detector.loadCrisisPhrases(lang);
        if (!live) return;
        const next = detector.detectCrisis(text, lang);
        setMatch((prev) => (prev.matched === next.matched && prev.kind === next.kind ? prev : next));
      } catch {
        // The chunk could not load (offline): writing goes on; the server checks the text again on sending.
      }
    }, PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, lang]);

  return match;
}
