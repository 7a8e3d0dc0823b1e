/**
 * Whether what a person is writing reads as suicide or self-harm language (core/crisis), checked in their
 * interface language, the languages they read, those of the text's scripts, and English (check.ts, decision 078), a
 * moment after they stop typing, and again at the moment the text is sent: a text pasted and sent at once, or typed
 * and sent with Enter, never waits for the pause, and sending empties the box (docs/decisions/016-crisis-detection.md,
 * 072-crisis-notice-after-sending.md). The detector and the lists load, as their own small chunks, on the first
 * input, so the check at sending is immediate.
 *
 *   const crisis = useCrisisCheck(text);
 *   <CrisisNotice check={crisis} />            // near the send button
 *   crisis.sent(text)                          // sending, the form stays (a message, a comment)
 *   crisis.sent(text, { closes: true })        // sending, the form closes once sent (a post, a topic, an edit)
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CrisisMatch } from '../../../core/crisis/detect.ts';
import { useSession } from '../../lib/session.tsx';
import { pinCrisisNotice, useCrisisNoticePinned } from './after-send.ts';
import { afterSend, checkNow, checkText, loadCrisisCheck, MIN_LENGTH, NO_MATCH } from './check.ts';

/** Typing pauses this long before a check: no work on every keystroke, and no notice flickering mid-word. */
const PAUSE_MS = 400;

export interface CrisisCheck {
  /** The notice is up beside the form: the text reads as crisis language (or a sent one did), and it is not hidden. */
  shown: boolean;
  /** The person hid the notice: it comes back only after the text stopped matching and matches again. */
  dismiss(): void;
  /** The text is being sent: checks it now and keeps or shows the notice (pinned, for a form that closes once sent). */
  sent(text: string, options?: { closes?: boolean }): void;
}

export function useCrisisCheck(text: string): CrisisCheck {
  const { locale, user } = useSession();
  // The page's language and the ones the person reads (none listed: all, which says nothing of what they write),
  // kept by value: every revalidation of the root brings a new user object and a new array.
  const key = [locale, ...(user?.content_languages ?? [])].join(',');
  const languages = useMemo(() => key.split(','), [key]);
  const [live, setLive] = useState<CrisisMatch>(NO_MATCH);
  /** A sent text matched and the form stays: the notice stays beside it, the box empty, until it is hidden. */
  const [held, setHeld] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  // One notice at a time: while the pinned one is up (a post just sent, its request still going), the form's stays
  // out of the way, so the person is not told twice.
  const pinned = useCrisisNoticePinned();
  // What the person sees now, read by `sent` at the moment of sending.
  const now = useRef({ languages, shown: false, dismissed: false, mounted: true });
  now.current.languages = languages;
  now.current.shown = live.matched && !dismissed && !pinned;
  now.current.dismissed = live.matched && dismissed;

  useEffect(() => {
    now.current.mounted = true;
    return () => {
      now.current.mounted = false;
    };
  }, []);

  const writing = text.trim().length >= MIN_LENGTH;
  // The first input (or a kept draft) loads the detector, so that the check at sending has it at hand.
  useEffect(() => {
    if (writing) loadCrisisCheck(languages).catch(() => {});
  }, [writing, languages]);

  useEffect(() => {
    if (text.trim().length < MIN_LENGTH) {
      setLive(NO_MATCH);
      return;
    }
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const next = await checkText(text, languages);
        if (!current) return;
        setLive((prev) => (prev.matched === next.matched && prev.kind === next.kind ? prev : next));
      } catch {
        // The chunk could not load (offline): writing goes on; the server checks the text again on sending.
      }
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, languages]);

  useEffect(() => {
    if (!live.matched && !held) setDismissed(false);
  }, [live.matched, held]);

  const dismiss = useCallback(() => {
    setDismissed(true);
    setHeld(false);
  }, []);

  const sent = useCallback((sentText: string, options: { closes?: boolean } = {}) => {
    const seen = { shown: now.current.shown, dismissed: now.current.dismissed };
    const place = (found: CrisisMatch) => {
      const where = afterSend(found, seen, !options.closes);
      // A form that stays but was gone before the lists loaded (another conversation opened): the page shows it.
      if (where === 'beside' && now.current.mounted) setHeld(true);
      else if (where !== 'none') pinCrisisNotice();
    };
    const found = checkNow(sentText, now.current.languages);
    if (found) place(found);
    else
      checkText(sentText, now.current.languages).then(place, () => {
        // Offline: the server still checks the text and queues it for the moderators.
      });
  }, []);

  const shown = (live.matched || held) && !dismissed && !pinned;
  return useMemo(() => ({ shown, dismiss, sent }), [shown, dismiss, sent]);
}
