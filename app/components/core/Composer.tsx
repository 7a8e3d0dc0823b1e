/**
 * Writing a post or a mood. The counter says where the text will land (SPEC.md section 5: 150 characters
 * decide between the feed and Moods), the posting limits are asked before the composer opens, and the
 * server's answer becomes a toast: the success title, then the notice when the text moved. The open form
 * (ComposerForm) is its own chunk, loaded when a person starts to write: most readers of a feed never open it.
 *
 * While the limits are asked (and the form's chunk loads), the prompt is already a text box holding the focus: someone
 * who pressed it and started typing lost every key typed before the form opened (decision 073). What they type goes
 * into the draft, so it is in the form when it opens, and stays in the draft (shown on the prompt) when posting is
 * refused or the check fails; the focus then goes back to the prompt.
 */
import { type ComponentType, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Feeling } from '../../../core/types.ts';
import type { Created, NoteCheck } from '../../lib/api.ts';
import { boxDir, textDir } from '../../lib/direction.ts';
import { useDraft } from '../../lib/draft.ts';
import { focusLost } from '../../lib/focus.ts';
import { FormattedMessage, FormattedRelativeTime, useIntl } from '../../lib/intl.tsx';
import { secondsFrom } from '../../lib/now.ts';
import { useSession } from '../../lib/session.tsx';
import { useSignIn } from '../../lib/signin.tsx';
import { useToast } from '../../lib/toast.tsx';
import type { ComposerFormProps } from './ComposerForm.tsx';

export type Kind = 'post' | 'mood';

/**
 * The form's chunk, loaded once. Not `lazy`: a lazy part shows its fallback for a moment even when its chunk is
 * loaded already, and a key typed in that moment would have no box to go to.
 */
let formChunk: Promise<ComponentType<ComposerFormProps>> | null = null;
function loadForm(): Promise<ComponentType<ComposerFormProps>> {
  formChunk ??= import('./ComposerForm.tsx').then(
    (m) => m.default,
    (err: unknown) => {
      formChunk = null; // tried again at the next press
      throw err;
    },
  );
  return formChunk;
}

export function Composer({ kind, topicId, onCreated }: { kind: Kind; topicId?: number; onCreated: (res: Created) => void }) {
  const { api, user, locale } = useSession();
  const signIn = useSignIn();
  const toast = useToast();
  const intl = useIntl();
  const [Form, setForm] = useState<ComponentType<ComposerFormProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const [blocked, setBlocked] = useState<Exclude<NoteCheck, { isAllowed: true }> | null>(null);
  const [feelings, setFeelings] = useState<Feeling[] | null>(null);
  const draft = `${kind}:${topicId ?? 'feed'}`;
  const [content, setContent] = useDraft(draft);

  const promptRef = useRef<HTMLButtonElement>(null);
  const earlyRef = useRef<HTMLTextAreaElement>(null);
  const wasOpen = useRef(false);
  // Publishing or cancelling closes the form and removes the focused button, so the focus goes back to the prompt
  // that opened it (the toast says what happened), instead of falling to the top of the page. The open form
  // focuses its own text box.
  useEffect(() => {
    if (!open && wasOpen.current) promptRef.current?.focus();
    wasOpen.current = open;
  }, [open]);
  // In the commit that swaps the prompt and the early box, before any further key can be handled: the early box takes
  // the focus (the caret after the words), and when posting is refused or the check failed the prompt takes it back.
  const wasChecking = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a ref; only the change to `checking` matters.
  useLayoutEffect(() => {
    const ended = wasChecking.current && !checking;
    wasChecking.current = checking;
    if (checking) earlyRef.current?.focus();
    else if (ended && !open && focusLost()) promptRef.current?.focus();
  }, [checking]);

  async function start() {
    if (!user) return signIn.open();
    if (checking) return;
    setChecking(true);
    const form = loadForm();
    form.catch(() => {}); // reported below when it is needed
    try {
      // Moods have no posting limit; posts ask first (SPEC.md section 5: the posting rate check).
      const check = kind === 'post' ? await api.checkNewNote(topicId) : ({ isAllowed: true } as const);
      if (!check.isAllowed) {
        setBlocked(check);
        return;
      }
      const loaded = await form;
      setBlocked(null);
      setForm(() => loaded);
      setOpen(true);
      if (!feelings) setFeelings((await api.feelings(kind)).data);
    } catch (err) {
      toast.failed(err);
    } finally {
      setChecking(false);
    }
  }

  if (checking && !open) {
    const label = intl.formatMessage({ id: kind === 'post' ? 'composer.label_post' : 'composer.label_mood' });
    return (
      <div className="mb-6">
        <textarea
          ref={earlyRef}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          aria-label={label}
          aria-busy
          rows={kind === 'post' ? 5 : 3}
          dir={boxDir(content, locale)}
          placeholder={intl.formatMessage({ id: kind === 'post' ? 'composer.prompt_post' : 'composer.prompt_mood' })}
          className="w-full resize-y rounded-2xl border border-stone-300 bg-white px-4 py-3 dark:border-stone-700 dark:bg-stone-900"
        />
      </div>
    );
  }

  if (!open) {
    return (
      <div className="mb-6">
        <button
          ref={promptRef}
          type="button"
          onClick={start}
          aria-expanded={false}
          className="w-full rounded-2xl border border-stone-300 bg-white px-4 py-3 text-start text-stone-600 hover:border-brand-500 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-300"
        >
          <FormattedMessage id={kind === 'post' ? 'composer.prompt_post' : 'composer.prompt_mood'} />
          {content.trim() ? (
            // The unsent draft, so the person sees that what they wrote is still here.
            <span dir={textDir(content)} className="mt-1 line-clamp-2 block text-stone-900 dark:text-stone-100">
              {content}
            </span>
          ) : null}
        </button>
        {blocked ? (
          <p role="alert" className="mt-2 rounded-xl bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            <FormattedMessage
              id={blocked.code === 'POST_LIMIT' ? 'composer.blocked_limit' : 'composer.blocked_time'}
              values={{
                when: (
                  <FormattedRelativeTime value={secondsFrom(blocked.retry_at, Date.now())} numeric="auto" updateIntervalInSeconds={60} />
                ),
              }}
            />
          </p>
        ) : null}
      </div>
    );
  }

  if (!Form) return null;
  return (
    <Form
      kind={kind}
      topicId={topicId}
      draft={draft}
      feelings={feelings}
      content={content}
      setContent={setContent}
      onCancel={() => setOpen(false)}
      onCreated={(res) => {
        setContent('');
        setOpen(false);
        onCreated(res);
      }}
    />
  );
}
