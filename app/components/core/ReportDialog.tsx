/** Report something: the translated reasons, an optional note, and the SPEC.md thank-you as a toast. */
import { useEffect, useRef, useState } from 'react';
import { REPORT_NOTE_MAX } from '../../../core/limits.ts';
import { ApiError, type ReportTarget } from '../../lib/api.ts';
import { FormattedMessage } from '../../lib/intl.tsx';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { controlClass, Field } from '../ui/Field.tsx';

export function ReportDialog({
  target,
  id,
  onClose,
  onGone,
}: {
  target: ReportTarget;
  id: number;
  onClose: () => void;
  /** The item is no longer there for this person (deleted, removed, or behind a block): the server answered 404. */
  onGone?: () => void;
}) {
  const { api } = useSession();
  const toast = useToast();
  const [types, setTypes] = useState<{ id: number; name: string }[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [choice, setChoice] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const reasons = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    api
      .reportTypes()
      .then((r) => setTypes(r.data))
      .catch(() => setFailed(true));
  }, [api]);

  // The dialog opens while the reasons load, so its first control would be the optional note: once the reasons
  // are there, the required choice takes the focus.
  useEffect(() => {
    if (types) reasons.current?.querySelector('input')?.focus();
  }, [types]);

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
      // Its card goes too, as when it is deleted in front of them: nothing left to support, answer or report.
      if (err instanceof ApiError && err.code === 'NOT_FOUND') onGone?.();
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog title={<FormattedMessage id={`report.title_${target}`} />} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        {failed ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            <FormattedMessage id="errors.network" />
          </p>
        ) : !types ? (
          <p role="status">
            <FormattedMessage id="common.loading" />
          </p>
        ) : (
          <fieldset ref={reasons} className="flex flex-col gap-2">
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
        <Field label={<FormattedMessage id="report.note" />}>
          {(control) => (
            <textarea
              {...control}
              value={note}
              maxLength={REPORT_NOTE_MAX}
              onChange={(e) => setNote(e.target.value)}
              rows={3}
              className={controlClass}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" variant="primary" disabled={choice === null} busy={sending}>
            <FormattedMessage id="report.submit" />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
