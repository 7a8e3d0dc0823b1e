/**
 * Advice to a post's author: private words only they will read. The text is kept as a draft until it is sent;
 * a refusal keeps the dialog open with the reason, and the text, so nothing written is lost.
 */
import { useId, useRef, useState } from 'react';
import { LIMITS } from '../../../core/limits.ts';
import { graphemeLength } from '../../../core/text.ts';
import { boxDir } from '../../lib/direction.ts';
import { useDraft } from '../../lib/draft.ts';
import { useFocusFallback } from '../../lib/focus.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import { CrisisNotice } from '../crisis/CrisisNotice.tsx';
import { useCrisisCheck } from '../crisis/useCrisisCheck.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { controlClass } from '../ui/Field.tsx';
import { ErrorAlert } from './ErrorAlert.tsx';
import { errorMessage, fieldErrors } from './errors.ts';

export function AdviceDialog({ postId, author, onClose }: { postId: number; author: string; onClose: () => void }) {
  const { api, locale } = useSession();
  const intl = useIntl();
  const toast = useToast();
  const id = useId();
  const [text, setText] = useDraft(`advice:${postId}`);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const length = graphemeLength(text.trim());
  const tooLong = length > LIMITS.advice;
  // Advice is often written by someone who is struggling too: the same gentle notice as in the post composer.
  const crisis = useCrisisCheck(text);
  const box = useRef<HTMLTextAreaElement>(null);
  const cannotSend = !text.trim() || tooLong;
  // A refusal keeps the focus on Send (busy, not disabled); if the text is then emptied (an ended session takes the
  // draft), Send is disabled and the focus would fall out of the dialog: it goes to the box.
  useFocusFallback(cannotSend, box);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (cannotSend) return;
    crisis.sent(text, { closes: true });
    setSending(true);
    setError(null);
    try {
      await api.sendAdvice(postId, text.trim());
      setText('');
      toast.success(intl.formatMessage({ id: 'advice.sent' }, { nickname: author }));
      onClose();
    } catch (err) {
      setError(fieldErrors(err).content ?? errorMessage(err, intl));
      setSending(false);
    }
  }

  return (
    <Dialog title={<FormattedMessage id="advice.dialog_title" values={{ nickname: author }} />} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <label htmlFor={id} className="text-sm text-stone-600 dark:text-stone-300">
          <FormattedMessage id="advice.dialog_hint" values={{ nickname: author }} />
        </label>
        <textarea
          ref={box}
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={6}
          dir={boxDir(text, locale)}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          aria-invalid={tooLong || Boolean(error) || undefined}
          className={controlClass}
        />
        <p
          id={`${id}-count`}
          className={`text-sm ${tooLong ? 'font-semibold text-red-700 dark:text-red-400' : 'text-stone-600 dark:text-stone-400'}`}
        >
          <FormattedMessage id="composer.counter" values={{ count: length, max: LIMITS.advice }} />
        </p>
        {error ? (
          <ErrorAlert id={`${id}-error`} className="text-sm">
            {error}
          </ErrorAlert>
        ) : null}
        <CrisisNotice check={crisis} />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" variant="primary" busy={sending} disabled={cannotSend}>
            <FormattedMessage id={sending ? 'chat.sending' : 'advice.send'} />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
