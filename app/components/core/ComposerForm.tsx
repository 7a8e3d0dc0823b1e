/**
 * The open composer (Composer.tsx): the text with where it will land, the feeling, an optional poll, and sending.
 * Loaded when a person starts to write. The text, the feeling and the poll are the composer's draft, so closing
 * this form or reloading the page keeps them.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { LIMITS, moodMax, placement } from '../../../core/limits.ts';
import { graphemeLength, repeatedOptions } from '../../../core/text.ts';
import type { Feeling } from '../../../core/types.ts';
import type { Created } from '../../lib/api.ts';
import { boxDir } from '../../lib/direction.ts';
import { useDraftValue } from '../../lib/draft.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { publishing } from '../../lib/own-writes.ts';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import { CrisisNotice } from '../crisis/CrisisNotice.tsx';
import { useCrisisCheck } from '../crisis/useCrisisCheck.ts';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { Panel } from '../ui/Panel.tsx';
import type { Kind } from './Composer.tsx';
import { fieldErrors } from './errors.ts';

interface Poll {
  question: string;
  options: string[];
}
const emptyPoll = (): Poll => ({ question: '', options: ['', ''] });
const isPoll = (v: unknown): v is Poll =>
  typeof (v as Poll | null)?.question === 'string' &&
  Array.isArray((v as Poll).options) &&
  (v as Poll).options.every((o) => typeof o === 'string');
const isId = (v: unknown): v is number => Number.isInteger(v);

/** Whether a refusal's field error is shown at its field here: a poll option's (poll.options.N) or the poll's own too. */
const shownAtField = (field: string) => ['content', 'feeling_id', 'poll.options'].includes(field) || /^poll\.options\.\d+$/.test(field);

export interface ComposerFormProps {
  kind: Kind;
  topicId?: number;
  /** The composer's draft name: the feeling and the poll are kept beside its text. */
  draft: string;
  feelings: Feeling[] | null;
  content: string;
  setContent(content: string): void;
  onCancel(): void;
  onCreated(res: Created): void;
}

export default function ComposerForm({ kind, topicId, draft, feelings, content, setContent, onCancel, onCreated }: ComposerFormProps) {
  const { api, locale } = useSession();
  const toast = useToast();
  const intl = useIntl();
  const ids = useId();
  const [keptFeeling, setFeelingId] = useDraftValue(`${draft}:feeling`, isId);
  // A feeling kept from before that is no longer offered is not chosen.
  const feelingId = feelings && !feelings.some((f) => f.id === keptFeeling) ? null : keptFeeling;
  const [poll, setPoll] = useDraftValue(`${draft}:poll`, isPoll);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const crisis = useCrisisCheck(content);

  const textRef = useRef<HTMLTextAreaElement>(null);
  // The poll's buttons come and go with what they do (Add a poll, Remove, ×): the focus goes where the person goes on
  // writing, once the poll is shown as changed, instead of falling to the page's start.
  const pollBox = useRef<HTMLFieldSetElement>(null);
  const addPoll = useRef<HTMLDivElement>(null);
  const focusNext = useRef<(() => HTMLElement | null | undefined) | null>(null);
  const options = () => [...(pollBox.current?.querySelectorAll<HTMLInputElement>('input[required]') ?? [])];
  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    next?.()?.focus();
  });
  function changePoll(change: typeof poll, focus: () => HTMLElement | null | undefined) {
    focusNext.current = focus;
    setPoll(change);
  }
  // The person opened the composer to write: the text box takes the focus, in the commit that shows it (Composer's
  // early box held it until then, and a key typed before a later effect would have gone nowhere).
  useLayoutEffect(() => {
    textRef.current?.focus();
  }, []);

  // Refused (here or by the server), every field at fault says so at once, and the first of them takes the focus
  // (as in Create topic): each refusal sets a new errors object, so this runs once per refusal.
  const form = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the errors are set; the form is read through its ref.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const length = graphemeLength(content.trim());
  const lands = topicId ? 'post' : placement(kind, length);
  const needsFeeling = kind === 'mood';

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    // What the server would refuse in the form's own fields is said here, without a round trip.
    const invalid: Record<string, string> = {};
    if (needsFeeling && feelingId === null) invalid.feeling_id = intl.formatMessage({ id: 'composer.feeling_required' });
    if (poll) {
      const required = intl.formatMessage({ id: 'validation.required' });
      const repeated = intl.formatMessage({ id: 'validation.poll_option_repeated' });
      poll.options.forEach((option, i) => {
        if (option.trim() === '') invalid[`poll.options.${i}`] = required;
      });
      for (const i of repeatedOptions(poll.options)) invalid[`poll.options.${i}`] = repeated;
    }
    if (Object.keys(invalid).length > 0) return setErrors(invalid);
    // The form closes on sending: a text sent before the pause's check shows the notice above the toasts, from now.
    crisis.sent(content, { closes: true });
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
      setFeelingId(null);
      setPoll(null);
      onCreated(res);
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      // The fields say what is wrong; a toast beside them ("The given data was invalid.") would only say it again.
      // Anything not shown at a field is said by the toast: SPEC.md section 8, a failed mood is a "Warning"; a
      // duplicate is shown as the server's notice.
      const keys = Object.keys(fields);
      if (keys.length === 0 || !keys.every(shownAtField)) toast.failed(err, kind === 'mood' ? 'warning' : 'error');
    } finally {
      setSending(false);
    }
  }

  const counterId = `${ids}-counter`;
  return (
    <Panel as="form" ref={form} onSubmit={submit} className="mb-6 flex flex-col gap-3" noValidate>
      <label htmlFor={`${ids}-text`} className="sr-only">
        <FormattedMessage id={kind === 'post' ? 'composer.label_post' : 'composer.label_mood'} />
      </label>
      <textarea
        id={`${ids}-text`}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        rows={kind === 'post' ? 5 : 3}
        dir={boxDir(content, locale)}
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
          <FormattedMessage id={lands === 'post' ? 'composer.lands_feed' : 'composer.lands_moods'} values={{ max: moodMax(kind) }} />
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
                  aria-invalid={errors.feeling_id ? true : undefined}
                  aria-describedby={errors.feeling_id ? `${ids}-feeling-error` : undefined}
                  className="sr-only"
                />
                <span aria-hidden="true">{f.emoji}</span>
                {` ${f.name}`}
              </label>
            ))}
          </div>
        ) : (
          <p role="status" className="text-sm">
            <FormattedMessage id="common.loading" />
          </p>
        )}
        {errors.feeling_id ? (
          <p id={`${ids}-feeling-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
            {errors.feeling_id}
          </p>
        ) : null}
      </fieldset>

      {poll ? (
        <fieldset ref={pollBox} className="flex flex-col gap-2 rounded-xl border border-stone-200 p-3 dark:border-stone-700">
          <legend className="px-1 text-sm font-medium">
            <FormattedMessage id="composer.poll" />
          </legend>
          <input
            value={poll.question}
            onChange={(e) => setPoll({ ...poll, question: e.target.value })}
            maxLength={LIMITS.pollQuestion}
            dir={boxDir(poll.question, locale)}
            aria-label={intl.formatMessage({ id: 'composer.poll_question' })}
            placeholder={intl.formatMessage({ id: 'composer.poll_question' })}
            className="rounded-lg border border-stone-300 p-2 dark:border-stone-600 dark:bg-stone-800"
          />
          {poll.options.map((option, i) => (
            // Each option's own error under it (the server names them poll.options.N), tied to it as any field's.
            <Field
              // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; their position is their identity.
              key={i}
              label={intl.formatMessage({ id: 'composer.poll_option' }, { n: i + 1 })}
              labelClassName="sr-only"
              error={errors[`poll.options.${i}`]}
            >
              {(control) => (
                <div className="flex gap-2">
                  <input
                    {...control}
                    value={option}
                    onChange={(e) => setPoll({ ...poll, options: poll.options.map((o, j) => (j === i ? e.target.value : o)) })}
                    maxLength={LIMITS.pollOptionText}
                    dir={boxDir(option, locale)}
                    required
                    placeholder={intl.formatMessage({ id: 'composer.poll_option' }, { n: i + 1 })}
                    className="min-w-0 flex-1 rounded-lg border border-stone-300 p-2 aria-[invalid=true]:border-red-600 dark:border-stone-600 dark:bg-stone-800"
                  />
                  {poll.options.length > LIMITS.pollOptions.min ? (
                    <button
                      type="button"
                      // The option that takes its place, or the one before it when it was the last.
                      onClick={() =>
                        changePoll({ ...poll, options: poll.options.filter((_, j) => j !== i) }, () =>
                          options().at(Math.min(i, poll.options.length - 2)),
                        )
                      }
                      aria-label={intl.formatMessage({ id: 'composer.poll_remove_option' }, { n: i + 1 })}
                      className="rounded-full px-3"
                    >
                      ×
                    </button>
                  ) : null}
                </div>
              )}
            </Field>
          ))}
          {errors['poll.options'] ? <p className="text-sm text-red-700 dark:text-red-400">{errors['poll.options']}</p> : null}
          <div className="flex justify-between text-sm">
            {poll.options.length < LIMITS.pollOptions.max ? (
              <Button variant="link" onClick={() => changePoll({ ...poll, options: [...poll.options, ''] }, () => options().at(-1))}>
                <FormattedMessage id="composer.poll_add_option" />
              </Button>
            ) : (
              <span />
            )}
            <Button variant="link" onClick={() => changePoll(null, () => addPoll.current?.querySelector('button'))}>
              <FormattedMessage id="composer.poll_remove" />
            </Button>
          </div>
        </fieldset>
      ) : null}

      <CrisisNotice check={crisis} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div ref={addPoll}>
          {poll ? null : (
            <Button
              variant="link"
              className="text-sm"
              onClick={() => changePoll(emptyPoll(), () => pollBox.current?.querySelector('input'))}
            >
              <FormattedMessage id="composer.poll_add" />
            </Button>
          )}
        </div>
        <div className="flex gap-2">
          {/* Closing keeps the text: it stays as the draft shown on the closed composer. */}
          <Button onClick={onCancel} variant="ghost">
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
