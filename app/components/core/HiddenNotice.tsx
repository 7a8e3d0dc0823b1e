/** A hidden post's or mood's mark on its card (decision 066): the reader hid it from their feeds, and Unhide shows it again. */
import type { HiddenKind } from '../../lib/hiding.ts';
import { FormattedMessage } from '../../lib/intl.tsx';
import { Button } from '../ui/Button.tsx';

export function HiddenNotice({ kind, busy, onUnhide }: { kind: HiddenKind; busy: boolean; onUnhide: () => void }) {
  return (
    <div
      className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-stone-100 px-3 py-2 text-sm dark:bg-stone-800"
      data-testid="hidden-notice"
    >
      <p className="min-w-0 flex-1">
        <FormattedMessage id={`${kind}.hidden_notice`} />
      </p>
      <Button size="sm" busy={busy} onClick={onUnhide}>
        <FormattedMessage id="post.unhide" />
      </Button>
    </div>
  );
}
