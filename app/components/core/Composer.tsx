/**
 * Writing a post or a mood. The counter says where the text will land (SPEC.md section 5: 150 characters
 * decide between the feed and Moods), the posting limits are asked before the composer opens, and the
 * server's answer becomes a toast: the success title, then the notice when the text moved.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, FormattedRelativeTime, useIntl } from 'react-intl';
import { LIMITS, MOOD_THRESHOLD } from '../../../core/limits.ts';
import { graphemeLength } from '../../../core/text.ts';
import type { Feeling } from '../../../core/types.ts';
import type { Created, NoteCheck } from '../../lib/api.ts';
import { useDraft } from '../../lib/draft.ts';
import { secondsFrom } from '../../lib/now.ts';
import { publishing } from '../../lib/own-writes.ts';
import { useSession } from '../../lib/session.tsx';
import { useSignIn } from '../../lib/signin.tsx';
import { useToast } from '../../lib/toast.tsx';
import { Button } from '../ui/Button.tsx';
import { Panel } from '../ui/Panel.tsx';
import { fieldErrors } from './errors.ts';

type Kind = 'post' | 'mood';

/** Where a text of this length lands, by the rules of the composer it is written in. */
export function destination(kind: Kind, length: number): Kind {
  return kind === 'post' ? (length > MOOD_THRESHOLD ? 'post' : 'mood') : length >= MOOD_THRESHOLD ? 'post' : 'mood';
}

const emptyPoll = () => ({ question: '', options: ['', ''] });

export function Composer({ kind, topicId, onCreated }: { kind: Kind; topicId?: number; onCreated: (res: Created) => void }) {
  const { api, user } = useSession();
  const signIn = useSignIn();
  const toast = useToast();
  const intl = useIntl();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const [blocked, setBlocked] = useState<Exclude<NoteCheck, { isAllowed: true }> | null>(null);
  const [feelings, setFeelings] = useState<Feeling[] | null>(null);
  const [content, setContent] = useDraft(`${kind}:${topicId ?? 'feed'}`);
  const [feelingId, setFeelingId] = useState<number | null>(null);
  const [poll, setPoll] = useState<{ question: string; options: string[] } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const textRef = useRef<HTMLTextAreaElement>(null);
  const promptRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // The person opened the composer to write: the text box takes the focus. Publishing or cancelling closes it
  // and removes the focused button, so the focus goes back to the prompt that opened it (the toast says what
  // happened), instead of falling to the top of the page.
  useEffect(() => {
    if (open) textRef.current?.focus();
    else if (wasOpen.current) promptRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const length = graphemeLength(content.trim());
  const lands = topicId ? 'post' : destination(kind, length);
  const needsFeeling = kind === 'mood';

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

  function reset() {
    setContent('');
    setFeelingId(null);
    setPoll(null);
    setErrors({});
    setOpen(false);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (needsFeeling && feelingId === null) {
      setErrors({ feeling_id: intl.formatMessage({ id: 'composer.feeling_required' }) });
      return;
    }
    setSending(true);
    setErrors({});
    const body = {
      content,
      ...(feelingId !== null ? { feeling_id: feelingId } : {}),
      ...(poll ? { poll: { ...(poll.question.trim() ? { question: poll.question } : {}), options: poll.options } } : {}),
    };
    try {
      // One await of either call: a conditional of two awaited answers would fold the placed-elsewhere answers
      // (they only add fields) into the plain ones, and their notice with them.
      const res = await (kind === 'post'
        ? publishing('post', api.createPost(topicId ? { ...body, topic_id: topicId } : body))
        : publishing('mood', api.createMood(body)));
      toast.success(res.message, 'notice' in res ? res.notice : undefined);
      reset();
      onCreated(res);
    } catch (err) {
      setErrors(fieldErrors(err));
      // SPEC.md section 8: a failed mood is a "Warning"; a duplicate is shown as the server's notice.
      toast.failed(err, kind === 'mood' ? 'warning' : 'error');
    } finally {
      setSending(false);
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
            <span dir="auto" className="mt-1 line-clamp-2 block text-stone-900 dark:text-stone-100">
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

  const counterId = `${ids}-counter`;
  return (
    <Panel as="form" onSubmit={submit} className="mb-6 flex flex-col gap-3" noValidate>
      <label htmlFor={`${ids}-text`} className="sr-only">
        <FormattedMessage id={kind === 'post' ? 'composer.label_post' : 'composer.label_mood'} />
      </label>
      <textarea
        id={`${ids}-text`}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        rows={kind === 'post' ? 5 : 3}
        dir="auto"
        ref={textRef}
        aria-describedby={counterId}
        aria-invalid={Boolean(errors.content)}
        placeholder={intl.formatMessage({ id: kind === 'post' ? 'composer.placeholder_post' : 'composer.placeholder_mood' })}
        className="w-full resize-y rounded-xl border border-stone-300 p-3 dark:border-stone-600 dark:bg-stone-800"
      />
      {/* Read with the text box (aria-describedby); only where the text will land is announced as it changes, not
          the count on every keystroke. */}
      <p id={counterId} className="flex flex-wrap justify-between gap-2 text-sm text-stone-600 dark:text-stone-400">
        <span aria-live="polite">
          <FormattedMessage id={lands === 'post' ? 'composer.lands_feed' : 'composer.lands_moods'} />
        </span>
        <span className={length > LIMITS.post ? 'text-red-700 dark:text-red-400' : undefined}>
          <FormattedMessage id="composer.counter" values={{ count: length, max: LIMITS.post }} />
        </span>
      </p>
      {errors.content ? <p className="text-sm text-red-700 dark:text-red-400">{errors.content}</p> : null}

      <fieldset>
        <legend className="mb-2 text-sm font-medium">
          <FormattedMessage id={needsFeeling ? 'composer.feeling_mood' : 'composer.feeling_post'} />
        </legend>
        {feelings ? (
          <div className="flex flex-wrap gap-2">
            {feelings.map((f) => (
              <label
                key={f.id}
                className={`cursor-pointer rounded-full border px-3 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${feelingId === f.id ? 'border-brand-600 bg-brand-50 dark:bg-brand-700/40' : 'border-stone-300 dark:border-stone-600'}`}
              >
                <input
                  type="radio"
                  name={`${ids}-feeling`}
                  value={f.id}
                  checked={feelingId === f.id}
                  onChange={() => setFeelingId(f.id)}
                  onClick={() => !needsFeeling && feelingId === f.id && setFeelingId(null)}
                  className="sr-only"
                />
                <span aria-hidden="true">{f.emoji}</span> {f.name}
              </label>
            ))}
          </div>
        ) : (
          <p role="status" className="text-sm">
            <FormattedMessage id="common.loading" />
          </p>
        )}
        {errors.feeling_id ? <p className="mt-1 text-sm text-red-700 dark:text-red-400">{errors.feeling_id}</p> : null}
      </fieldset>

      {poll ? (
        <fieldset className="flex flex-col gap-2 rounded-xl border border-stone-200 p-3 dark:border-stone-700">
          <legend className="px-1 text-sm font-medium">
            <FormattedMessage id="composer.poll" />
          </legend>
          <input
            value={poll.question}
            onChange={(e) => setPoll({ ...poll, question: e.target.value })}
            maxLength={LIMITS.pollQuestion}
            dir="auto"
            aria-label={intl.formatMessage({ id: 'composer.poll_question' })}
            placeholder={intl.formatMessage({ id: 'composer.poll_question' })}
            className="rounded-lg border border-stone-300 p-2 dark:border-stone-600 dark:bg-stone-800"
          />
          {poll.options.map((option, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; their position is their identity.
            <div key={i} className="flex gap-2">
              <input
                value={option}
                onChange={(e) => setPoll({ ...poll, options: poll.options.map((o, j) => (j === i ? e.target.value : o)) })}
                maxLength={LIMITS.pollOptionText}
                dir="auto"
                required
                aria-label={intl.formatMessage({ id: 'composer.poll_option' }, { n: i + 1 })}
                placeholder={intl.formatMessage({ id: 'composer.poll_option' }, { n: i + 1 })}
                aria-invalid={Boolean(errors[`poll.options.${i}`])}
                className="min-w-0 flex-1 rounded-lg border border-stone-300 p-2 dark:border-stone-600 dark:bg-stone-800"
              />
              {poll.options.length > LIMITS.pollOptions.min ? (
                <button
                  type="button"
                  onClick={() => setPoll({ ...poll, options: poll.options.filter((_, j) => j !== i) })}
                  aria-label={intl.formatMessage({ id: 'composer.poll_remove_option' }, { n: i + 1 })}
                  className="rounded-full px-3"
                >
                  ×
                </button>
              ) : null}
            </div>
          ))}
          {errors['poll.options'] ? <p className="text-sm text-red-700 dark:text-red-400">{errors['poll.options']}</p> : null}
          <div className="flex justify-between text-sm">
            {poll.options.length < LIMITS.pollOptions.max ? (
              <Button variant="link" onClick={() => setPoll({ ...poll, options: [...poll.options, ''] })}>
                <FormattedMessage id="composer.poll_add_option" />
              </Button>
            ) : (
              <span />
            )}
            <Button variant="link" onClick={() => setPoll(null)}>
              <FormattedMessage id="composer.poll_remove" />
            </Button>
          </div>
        </fieldset>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-2">
        {poll ? (
          <span />
        ) : (
          <Button variant="link" className="text-sm" onClick={() => setPoll(emptyPoll())}>
            <FormattedMessage id="composer.poll_add" />
          </Button>
        )}
        <div className="flex gap-2">
          {/* Closing keeps the text: it stays as the draft shown on the closed composer. */}
          <Button onClick={() => setOpen(false)} variant="ghost">
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" busy={sending} disabled={length === 0 || length > LIMITS.post} variant="primary" size="lg">
            <FormattedMessage id={sending ? 'composer.sending' : 'composer.share'} />
          </Button>
        </div>
      </div>
    </Panel>
  );
}
