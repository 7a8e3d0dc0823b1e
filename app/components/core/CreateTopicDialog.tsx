/** "Create topic": title, description, category and one of the preset covers, in a modal dialog. */
import { useEffect, useId, useRef, useState } from 'react';
import { LIMITS } from '../../../core/limits.ts';
import type { Category, Topic } from '../../../core/types.ts';
import { boxDir } from '../../lib/direction.ts';
import { useDraft } from '../../lib/draft.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import { CrisisNotice } from '../crisis/CrisisNotice.tsx';
import { useCrisisCheck } from '../crisis/useCrisisCheck.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { controlClass, Field } from '../ui/Field.tsx';
import { fieldErrors } from './errors.ts';

/** The fields whose error is tied to a control that takes the focus. */
const FOCUSED_FIELDS = ['title', 'description', 'category_id'];

export function CreateTopicDialog({
  categories,
  onCreated,
  onClose,
}: {
  categories: Category[];
  onCreated: (t: Topic) => void;
  onClose: () => void;
}) {
  const { api, locale } = useSession();
  const toast = useToast();
  const intl = useIntl();
  const ids = useId();
  const [covers, setCovers] = useState<{ id: number; url: string }[] | null>(null);
  // Kept like every other text written here: Escape, a reload or a lost connection do not lose them.
  const [title, setTitle] = useDraft('topic:title');
  const [description, setDescription] = useDraft('topic:description');
  const [categoryId, setCategoryId] = useState<number | ''>('');
  const [coverId, setCoverId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  // The title and the description are checked as one text.
  const crisis = useCrisisCheck(`${title}\n${description}`);

  useEffect(() => {
    api
      .topicCovers()
      .then((r) => {
        setCovers(r.data);
        setCoverId(r.data[0]?.id ?? null);
      })
      .catch((err) => toast.failed(err));
  }, [api, toast]);

  // Refused (here or by the server), every field at fault says so at once, and the first of them takes the focus:
  // each refusal sets a new errors object, so this runs once per refusal.
  const form = useRef<HTMLFormElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the errors are set; the form is read through its ref.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const required = intl.formatMessage({ id: 'validation.required' });
    const missing: Record<string, string> = {};
    if (title.trim() === '') missing.title = required;
    if (description.trim() === '') missing.description = required;
    if (categoryId === '') missing.category_id = required;
    // The button is busy while the covers load; loaded, there is always one chosen unless none came back.
    if (coverId === null) missing.cover_id = required;
    if (Object.keys(missing).length > 0 || categoryId === '' || coverId === null) return setErrors(missing);
    crisis.sent(`${title}\n${description}`, { closes: true });
    setSending(true);
    try {
      const res = await api.createTopic({ title, description, category_id: categoryId, cover_id: coverId });
      toast.success(res.message);
      setTitle('');
      setDescription('');
      onCreated(res.data);
    } catch (err) {
      const fields = fieldErrors(err);
      if (Object.keys(fields).length > 0) setErrors(fields);
      // The fields that take the focus say what is wrong; a toast beside them would only say it again. Anything else
      // (a cover gone since, a limit) is said by the toast.
      if (!FOCUSED_FIELDS.some((field) => field in fields)) toast.failed(err);
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog title={<FormattedMessage id="topics.create" />} size="lg" onClose={onClose}>
      <form ref={form} onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field label={<FormattedMessage id="topics.field_title" />} error={errors.title}>
          {(control) => (
            <input
              {...control}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={LIMITS.topicTitle.max}
              dir={boxDir(title, locale)}
              required
              className={controlClass}
            />
          )}
        </Field>
        <Field label={<FormattedMessage id="topics.field_description" />} error={errors.description}>
          {(control) => (
            <textarea
              {...control}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              maxLength={LIMITS.topicDescription}
              rows={3}
              dir={boxDir(description, locale)}
              required
              className={controlClass}
            />
          )}
        </Field>
        <Field label={<FormattedMessage id="topics.field_category" />} error={errors.category_id}>
          {(control) => (
            <select
              {...control}
              value={categoryId}
              onChange={(e) => setCategoryId(Number(e.target.value) || '')}
              required
              className={controlClass}
            >
              <option value="">{intl.formatMessage({ id: 'topics.choose_category' })}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset>
          <legend className="mb-2 text-sm">
            <FormattedMessage id="topics.field_cover" />
          </legend>
          {covers ? (
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {covers.map((c, i) => (
                <label
                  key={c.id}
                  className="cursor-pointer rounded-lg has-[:checked]:ring-4 has-[:checked]:ring-brand-500 has-[:focus-visible]:outline-2"
                >
                  <input
                    type="radio"
                    name={`${ids}-cover`}
                    checked={coverId === c.id}
                    onChange={() => setCoverId(c.id)}
                    className="sr-only"
                  />
                  <img
                    src={c.url}
                    alt={intl.formatMessage({ id: 'topics.cover_n' }, { n: i + 1 })}
                    className="aspect-[2/1] w-full rounded-lg object-cover"
                  />
                </label>
              ))}
            </div>
          ) : (
            <p role="status">
              <FormattedMessage id="common.loading" />
            </p>
          )}
          {errors.cover_id ? (
            <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
              {errors.cover_id}
            </p>
          ) : null}
        </fieldset>
        <CrisisNotice check={crisis} />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" variant="primary" busy={sending || covers === null}>
            <FormattedMessage id="topics.create_submit" />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
