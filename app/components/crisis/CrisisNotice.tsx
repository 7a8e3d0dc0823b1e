/**
 * The inline notice beside a send button when the text being written reads as crisis language (useCrisisCheck).
 * It never blocks sending and never takes the focus from the text box: it appears in a polite live region, so a
 * screen reader says it once the person pauses, and offers "Talk to someone now", which opens the panel (a dialog,
 * loaded then). It can be dismissed; it comes back only after the text stopped matching and matches again.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { CrisisMatch } from '../../../core/crisis/detect.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { Button } from '../ui/Button.tsx';

const CrisisPanel = lazy(() => import('./CrisisPanel.tsx'));

export function CrisisNotice({ match }: { match: CrisisMatch }) {
  const intl = useIntl();
  const [dismissed, setDismissed] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!match.matched) setDismissed(false);
  }, [match.matched]);

  const shown = match.matched && !dismissed;
  return (
    <>
      {/* The live region is always in the page, so what appears in it is announced; empty, it takes no room in the
          form's layout (sr-only is absolutely placed, so no flex gap either). */}
      <div role="status" aria-live="polite" className={shown ? 'w-full' : 'sr-only'}>
        {shown ? (
          <div
            data-testid="crisis-notice"
            className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-brand-100 bg-brand-50 p-3 text-sm text-stone-800 dark:border-stone-700 dark:bg-stone-800 dark:text-stone-100"
          >
            <p className="min-w-0 flex-1 basis-48">
              <FormattedMessage id="crisis.notice" />
            </p>
            <Button size="sm" variant="primary" onClick={() => setOpen(true)}>
              <FormattedMessage id="crisis.talk_now" />
            </Button>
            <button
              type="button"
              onClick={() => setDismissed(true)}
              aria-label={intl.formatMessage({ id: 'crisis.notice_dismiss' })}
              className="rounded-full px-2 text-lg leading-none text-stone-500 hover:text-stone-900 dark:text-stone-400 dark:hover:text-stone-100"
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ) : null}
      </div>
      {open ? (
        <Suspense fallback={null}>
          <CrisisPanel onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
