/**
 * The box a message is written in. What is typed is kept as a draft of this conversation until it is sent (a
 * reload or a closed tab keeps it). Enter sends and Shift+Enter starts a new line; while an input method is
 * composing (Japanese, Chinese, Korean…), Enter confirms the composition and sends nothing.
 */
import { type KeyboardEvent, useRef } from 'react';
import { LIMITS } from '../../../core/limits.ts';
import { graphemeLength } from '../../../core/text.ts';
import { useBoxDir } from '../../lib/direction.ts';
import { useDraft } from '../../lib/draft.ts';
import { useFocusFallback } from '../../lib/focus.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { emitTyping } from '../../lib/socket.ts';
import { CrisisNotice } from '../crisis/CrisisNotice.tsx';
import { useCrisisCheck } from '../crisis/useCrisisCheck.ts';
import { Button } from '../ui/Button.tsx';
import { controlClass } from '../ui/Field.tsx';

/** The id of a conversation's message box, which the thread focuses once a request is accepted. */
export const composerId = (conversationId: number) => `composer-${conversationId}`;

/** At most one "typing" signal this often. */
const TYPING_EVERY_MS = 3000;
/** The counter shows once the text comes this close to the limit. */
const COUNTER_FROM = LIMITS.message - 200;

export function MessageComposer({
  conversationId,
  recipient,
  onSend,
}: {
  conversationId: number;
  recipient: string;
  /** The text to send, trimmed and within the limit; the box is emptied. */
  onSend: (content: string) => void;
}) {
  const intl = useIntl();
  const draft = `chat:${conversationId}`;
  const [text, setText] = useDraft(draft);
  const dir = useBoxDir(text);
  const lastTyping = useRef(0);
  const length = graphemeLength(text.trim());
  const tooLong = length > LIMITS.message;
  const crisis = useCrisisCheck(text);

  const box = useRef<HTMLTextAreaElement>(null);

  const cannotSend = !text.trim() || tooLong;
  // Sent with the button, the box is emptied and the button that had the focus is disabled: the focus goes back to
  // the box, where the next message is written, not to the page's start.
  useFocusFallback(cannotSend, box);

  function send() {
    const content = text.trim();
    if (!content || tooLong) return;
    // Checked as it is sent: Enter right after the last key comes before the check of a pause in typing.
    crisis.sent(content);
    onSend(content);
    setText('');
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    // keyCode 229: the key went to an input method (Safari reports isComposing false for the confirming Enter).
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    send();
  }

  function onChange(next: string) {
    setText(next);
    const now = Date.now();
    if (next.trim() && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      emitTyping(conversationId);
    }
  }

  return (
    <form
      className="flex flex-col gap-2 border-t border-stone-200 p-3 dark:border-stone-800"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      {/* Above the box: the composer sits at the bottom of the chat, so the notice grows the form upwards and the
          text box stays where the person is typing. */}
      <CrisisNotice check={crisis} />
      <div className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={composerId(conversationId)} className="sr-only">
            <FormattedMessage id="chat.composer_label" values={{ nickname: recipient }} />
          </label>
          <textarea
            ref={box}
            id={composerId(conversationId)}
            data-draft={draft}
            value={text}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={onKeyDown}
            rows={2}
            dir={dir}
            aria-describedby={`${composerId(conversationId)}-hint`}
            aria-invalid={tooLong || undefined}
            placeholder={intl.formatMessage({ id: 'chat.composer_placeholder' })}
            className={`${controlClass} max-h-40 min-h-11 w-full resize-y`}
          />
          <p id={`${composerId(conversationId)}-hint`} className="flex gap-2 text-xs text-stone-500 dark:text-stone-400">
            <span className="sr-only sm:not-sr-only">
              <FormattedMessage id="chat.composer_hint" />
            </span>
            {length > COUNTER_FROM ? (
              <span className={`ms-auto ${tooLong ? 'font-semibold text-red-700 dark:text-red-400' : ''}`}>
                <FormattedMessage id="composer.counter" values={{ count: length, max: LIMITS.message }} />
              </span>
            ) : null}
          </p>
        </div>
        <Button type="submit" variant="primary" disabled={cannotSend} className="mb-5">
          <FormattedMessage id="chat.send" />
        </Button>
      </div>
    </form>
  );
}
