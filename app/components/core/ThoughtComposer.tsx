/** Writing a thought: up to 500 characters, with a live counter. */
import { useId, useRef, useState } from 'react';
import { LIMITS } from '../../../core/limits.ts';
import { graphemeLength } from '../../../core/text.ts';
import { boxDir } from '../../lib/direction.ts';
import { useDraft } from '../../lib/draft.ts';
import { useFocusFallback } from '../../lib/focus.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { useSession } from '../../lib/session.tsx';
import { useSignIn } from '../../lib/signin.tsx';
import { useToast } from '../../lib/toast.tsx';
import { CrisisNotice } from '../crisis/CrisisNotice.tsx';
import { useCrisisCheck } from '../crisis/useCrisisCheck.ts';
import { Button } from '../ui/Button.tsx';
import { Panel } from '../ui/Panel.tsx';

export function ThoughtComposer({ onCreated }: { onCreated: () => void }) {
  const { api, user, locale } = useSession();
  const signIn = useSignIn();
  const toast = useToast();
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useDraft('thought');
  const [sending, setSending] = useState(false);
  const length = graphemeLength(text.trim());
  const crisis = useCrisisCheck(text);
  const box = useRef<HTMLTextAreaElement>(null);
  const cannotSend = length === 0 || length > LIMITS.thought;
  // Published, the box is emptied and the button that had the focus is disabled: the focus goes back to the box.
  useFocusFallback(cannotSend, box);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!user) return signIn.open();
    // Checked as it is sent (a thought pasted and sent at once): the notice stays beside the emptied box.
    crisis.sent(text);
    setSending(true);
    try {
      await api.createThought(text);
      setText('');
      toast.success(intl.formatMessage({ id: 'thoughts.created' }));
      onCreated();
    } catch (err) {
      toast.failed(err);
    } finally {
      setSending(false);
    }
  }

  return (
    <Panel as="form" onSubmit={submit} className="mb-6 flex flex-col gap-2">
      <label htmlFor={id} className="font-medium">
        <FormattedMessage id="thoughts.label" />
      </label>
      <textarea
        ref={box}
        id={id}
        data-draft="thought"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onFocus={() => !user && signIn.open()}
        rows={3}
        dir={boxDir(text, locale)}
        aria-describedby={`${id}-count`}
        placeholder={intl.formatMessage({ id: 'thoughts.placeholder' })}
        className="rounded-xl border border-stone-300 p-3 dark:border-stone-600 dark:bg-stone-800"
      />
      <CrisisNotice check={crisis} />
      <div className="flex items-center justify-between gap-2">
        <span
          id={`${id}-count`}
          className={`text-sm ${length > LIMITS.thought ? 'text-red-700 dark:text-red-400' : 'text-stone-600 dark:text-stone-400'}`}
        >
          <FormattedMessage id="composer.counter" values={{ count: length, max: LIMITS.thought }} />
        </span>
        <Button type="submit" busy={sending} disabled={cannotSend} variant="primary" size="lg">
          <FormattedMessage id="composer.share" />
        </Button>
      </div>
    </Panel>
  );
}
