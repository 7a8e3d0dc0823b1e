/**
 * Writing a post or a mood. The counter says where the text will land (SPEC.md section 5: 150 characters
 * decide between the feed and Moods), the posting limits are asked before the composer opens, and the
 * server's answer becomes a toast: the success title, then the notice when the text moved. The open form
 * (ComposerForm) is its own chunk, loaded when a person starts to write: most readers of a feed never open it.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Feeling } from '../../../core/types.ts';
import type { Created, NoteCheck } from '../../lib/api.ts';
import { textDir } from '../../lib/direction.ts';
import { useDraft } from '../../lib/draft.ts';
import { FormattedMessage, FormattedRelativeTime } from '../../lib/intl.tsx';
import { secondsFrom } from '../../lib/now.ts';
import { useSession } from '../../lib/session.tsx';
import { useSignIn } from '../../lib/signin.tsx';
import { useToast } from '../../lib/toast.tsx';
import { Panel } from '../ui/Panel.tsx';

export type Kind = 'post' | 'mood';

const ComposerForm = lazy(() => import('./ComposerForm.tsx'));

export function Composer({ kind, topicId, onCreated }: { kind: Kind; topicId?: number; onCreated: (res: Created) => void }) {
  const { api, user } = useSession();
  const signIn = useSignIn();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const [blocked, setBlocked] = useState<Exclude<NoteCheck, { isAllowed: true }> | null>(null);
  const [feelings, setFeelings] = useState<Feeling[] | null>(null);
  const draft = `${kind}:${topicId ?? 'feed'}`;
  const [content, setContent] = useDraft(draft);

  const promptRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Publishing or cancelling closes the form and removes the focused button, so the focus goes back to the prompt
  // that opened it (the toast says what happened), instead of falling to the top of the page. The open form
  // focuses its own text box.
  useEffect(() => {
    if (!open && wasOpen.current) promptRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  async function start() {
    if (!user) return signIn.open();
    setChecking(true);
    try {
      // Moods have no posting limit; posts ask first (SPEC.md section 5: the posting rate check).
      const check = kind === 'post' ? await api.checkNewNote(topicId) : ({ isAllowed: true } as const);
      if (!check.isAllowed) {
        setBlocked(check);
        return;
      }
      setBlocked(null);
      setOpen(true);
      if (!feelings) setFeelings((await api.feelings(kind)).data);
    } catch (err) {
      toast.failed(err);
    } finally {
      setChecking(false);
    }
  }

  if (!open) {
    return (
      <div className="mb-6">
        <button
          ref={promptRef}
          type="button"
          onClick={start}
          disabled={checking}
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

  return (
    <Suspense
      fallback={
        <Panel className="mb-6">
          <p role="status" className="text-sm">
            <FormattedMessage id="common.loading" />
          </p>
        </Panel>
      }
    >
      <ComposerForm
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
    </Suspense>
  );
}
