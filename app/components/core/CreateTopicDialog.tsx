/** "Create topic": title, description, category and one of the preset covers, in a modal dialog. */
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LIMITS } from '../../../core/limits.ts';
import type { Category, Topic } from '../../../core/types.ts';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import { fieldErrors } from './errors.ts';

export function CreateTopicDialog({
  categories,
  onCreated,
  onClose,
}: {
  categories: Category[];
  onCreated: (t: Topic) => void;
  onClose: () => void;
}) {
  const { api } = useSession();
  const toast = useToast();
  const intl = useIntl();
  const ref = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const [covers, setCovers] = useState<{ id: number; url: string }[] | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [categoryId, setCategoryId] = useState<number | ''>('');
  const [coverId, setCoverId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  useEffect(() => {
    ref.current?.showModal();
    api
      .topicCovers()
      .then((r) => {
        setCovers(r.data);
        setCoverId(r.data[0]?.id ?? null);
      })
      .catch((err) => toast.failed(err));
  }, [api, toast]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (categoryId === '' || coverId === null) {
      setErrors({ category_id: intl.formatMessage({ id: 'validation.required' }) });
      return;
    }
    setSending(true);
    try {
      const res = await api.createTopic({ title, description, category_id: categoryId, cover_id: coverId });
      toast.success(res.message);
      onCreated(res.data);
    } catch (err) {
      setErrors(fieldErrors(err));
      toast.failed(err);
    } finally {
      setSending(false);
    }
  }

  const field = 'rounded-lg border border-stone-300 p-2 dark:border-stone-600 dark:bg-stone-800';
  const error = (name: string) => (errors[name] ? <span className="text-sm text-red-700 dark:text-red-400">{errors[name]}</span> : null);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${ids}-title`}
      onClose={onClose}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-stone-900 backdrop:bg-black/40 dark:bg-stone-900 dark:text-stone-100"
    >
      <form onSubmit={submit} className="flex max-h-[90vh] flex-col gap-4 overflow-y-auto p-5" noValidate>
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          <FormattedMessage id="topics.create" />
        </h2>
        <label className="flex flex-col gap-1 text-sm">
          <FormattedMessage id="topics.field_title" />
          <input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={LIMITS.topicTitle.max}
            dir="auto"
            required
            className={field}
          />
          {error('title')}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <FormattedMessage id="topics.field_description" />
          <textarea
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={LIMITS.topicDescription}
            rows={3}
            dir="auto"
            required
            className={field}
          />
          {error('description')}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <FormattedMessage id="topics.field_category" />
          <select value={categoryId} onChange={(e) => setCategoryId(Number(e.target.value) || '')} required className={field}>
            <option value="">{intl.formatMessage({ id: 'topics.choose_category' })}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {error('category_id')}
        </label>
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
          {error('cover_id')}
        </fieldset>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className="rounded-full px-4 py-2">
            <FormattedMessage id="common.cancel" />
          </button>
          <button
            type="submit"
            disabled={sending}
            className="rounded-full bg-brand-600 px-4 py-2 font-medium text-white disabled:opacity-50"
          >
            <FormattedMessage id="topics.create_submit" />
          </button>
        </div>
      </form>
    </dialog>
  );
}
