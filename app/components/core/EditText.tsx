/**
 * Editing a text in place: the box, a counter against its limit, Cancel and Save. A refused save keeps the
 * box open with the server's field message under it and its message in a toast. The text is kept as the edit's
 * draft (lib/editing.ts) until it is saved or cancelled.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { graphemeLength } from '../../../core/text.ts';
import { useBoxDir } from '../../lib/direction.ts';
import { useDraft } from '../../lib/draft.ts';
import { FormattedMessage } from '../../lib/intl.tsx';
import { useToast } from '../../lib/toast.tsx';
import { CrisisNotice } from '../crisis/CrisisNotice.tsx';
import { useCrisisCheck } from '../crisis/useCrisisCheck.ts';
import { Button } from '../ui/Button.tsx';
import { fieldErrors } from './errors.ts';

export function EditText({
  label,
  initial,
  max,
  rows = 3,
  boxed = false,
  failure = 'error',
  draft = null,
  focus = true,
  onSave,
  onCancel,
}: {
  label: string;
  initial: string;
  max: number;
  rows?: number;
  /** A form of its own on the page (shown label, border), rather than inside a card. */
  boxed?: boolean;
  /** The toast title of a refusal (SPEC.md section 8: "Warning" for moods). */
  failure?: 'error' | 'warning';
  /** Where the unsaved text is kept (useEditing's `draft`). */
  draft?: string | null;
  /** The box takes the focus: the person pressed Edit (not when a kept edit is shown again with the page). */
  focus?: boolean;
  onSave: (text: string) => Promise<void>;
  onCancel: () => void;
}) {
  const toast = useToast();
  const id = useId();
  const [text, setText] = useDraft(draft, initial);
  const dir = useBoxDir(text);
  const [error, setError] = useState<string | null>(null);
  const crisis = useCrisisCheck(text);
  const length = graphemeLength(text.trim());
  // Over the limit (or emptied), Save waits: the counter says why, rather than a refusal after sending.
  const cannotSave = length === 0 || length > max;
  // Shown because the person pressed Edit: the box is where they are going.
  const box = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the form is shown.
  useEffect(() => {
    if (focus) box.current?.focus();
  }, []);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    // Saving closes the box: a text changed and saved at once shows the notice above the toasts.
    crisis.sent(text, { closes: true });
    try {
      await onSave(text);
    } catch (err) {
      setError(fieldErrors(err).content ?? null);
      toast.failed(err, failure);
    }
  }

  return (
    <form
      onSubmit={submit}
      className={`flex flex-col gap-2 ${boxed ? 'rounded-2xl border border-stone-300 p-4 dark:border-stone-700' : ''}`}
    >
      <label htmlFor={id} className={boxed ? 'font-medium' : 'sr-only'}>
        {label}
      </label>
      <textarea
        ref={box}
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={rows}
        dir={dir}
        aria-invalid={Boolean(error) || length > max}
        aria-describedby={`${id}-count`}
        className="rounded-xl border border-stone-300 p-2 dark:border-stone-600 dark:bg-stone-800"
      />
      <p
        id={`${id}-count`}
        className={`text-sm ${length > max ? 'font-semibold text-red-700 dark:text-red-400' : 'text-stone-600 dark:text-stone-400'}`}
      >
        <FormattedMessage id="composer.counter" values={{ count: length, max }} />
      </p>
      {error ? <p className="text-sm text-red-700 dark:text-red-400">{error}</p> : null}
      <CrisisNotice check={crisis} />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          <FormattedMessage id="common.cancel" />
        </Button>
        <Button type="submit" variant="primary" disabled={cannotSave}>
          <FormattedMessage id="common.save" />
        </Button>
      </div>
    </form>
  );
}
