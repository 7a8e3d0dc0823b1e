/** Report something: the translated reasons, an optional note, and the SPEC.md thank-you as a toast. */
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { REPORT_NOTE_MAX } from '../../../core/limits.ts';
import type { ReportTarget } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';

export function ReportDialog({ target, id, onClose }: { target: ReportTarget; id: number; onClose: () => void }) {
  const { api } = useSession();
  const toast = useToast();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [types, setTypes] = useState<{ id: number; name: string }[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [choice, setChoice] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    ref.current?.showModal();
    api
      .reportTypes()
      .then((r) => setTypes(r.data))
      .catch(() => setFailed(true));
  }, [api]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (choice === null) return;
    setSending(true);
    try {
      const res = await api.report(target, id, choice, note.trim() || undefined);
      toast.success(res.message, res.description);
      onClose();
    } catch (err) {
      // SPEC.md section 8: a failed report is a "Warning".
      toast.failed(err, 'warning');
      onClose();
    } finally {
      setSending(false);
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-stone-900 backdrop:bg-black/40 dark:bg-stone-900 dark:text-stone-100"
    >
      <form onSubmit={submit} className="flex flex-col gap-4 p-5">
        <h2 id={titleId} className="text-lg font-semibold">
          <FormattedMessage id={`report.title_${target}`} />
        </h2>
        {failed ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            <FormattedMessage id="errors.network" />
          </p>
        ) : !types ? (
          <p role="status">
            <FormattedMessage id="common.loading" />
          </p>
        ) : (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm text-stone-600 dark:text-stone-400">
              <FormattedMessage id="report.reason" />
            </legend>
            {types.map((t) => (
              <label key={t.id} className="flex items-center gap-2">
                <input type="radio" name="report_type" value={t.id} checked={choice === t.id} onChange={() => setChoice(t.id)} required />
                {t.name}
              </label>
            ))}
          </fieldset>
        )}
        <label className="flex flex-col gap-1 text-sm">
          <FormattedMessage id="report.note" />
          <textarea
            value={note}
            maxLength={REPORT_NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
            rows={3}
            className="rounded-lg border border-stone-300 p-2 dark:border-stone-600 dark:bg-stone-800"
          />
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className="rounded-full px-4 py-2">
            <FormattedMessage id="common.cancel" />
          </button>
          <button
            type="submit"
            disabled={choice === null || sending}
            className="rounded-full bg-brand-600 px-4 py-2 font-medium text-white disabled:opacity-50"
          >
            <FormattedMessage id="report.submit" />
          </button>
        </div>
      </form>
    </dialog>
  );
}
