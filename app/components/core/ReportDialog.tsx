/**
 * Report something: the translated reasons, an optional note, and the SPEC.md thank-you as a toast. A refusal or a
 * lost connection keeps the dialog open with the reason chosen, the note and the error under them, as AdviceDialog
 * does: the focus stays on "Send report" (busy, not disabled), so trying again is one press. As the advice's text, the
 * reason and the note are drafts (lib/draft.ts): closed with Escape or Cancel and opened again, or after a reload,
 * the dialog shows them; they are forgotten once the report is taken or the item is gone.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { REPORT_NOTE_MAX } from '../../../core/limits.ts';
import { ApiError, type ReportTarget } from '../../lib/api.ts';
import { useDraft, useDraftValue } from '../../lib/draft.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { controlClass, Field } from '../ui/Field.tsx';
import { reportedMarkId } from './dialogs.tsx';
import { ErrorAlert } from './ErrorAlert.tsx';
import { errorMessage, fieldErrors } from './errors.ts';

/** What the server said of a report it took: its thanks and what happens next. */
export interface ReportSent {
  message: string;
  description?: string;
}

const isReason = (value: unknown): value is number => Number.isInteger(value);

export function ReportDialog({
  target,
  id,
  onClose,
  onGone,
  onSent,
  onReported,
}: {
  target: ReportTarget;
  id: number;
  onClose: () => void;
  /** Sent: the server's thanks, for the owner to say together with what follows (else the dialog says it). */
  onSent?: (sent: ReportSent) => void;
  /** The item now stands reported by this person: this report was taken, or one sent before (another tab) refused it. */
  onReported?: () => void;
  /** The item is no longer there for this person (deleted, removed, or behind a block): the server answered 404. */
  onGone?: () => void;
}) {
  const { api } = useSession();
  const intl = useIntl();
  const toast = useToast();
  const errorId = useId();
  const [types, setTypes] = useState<{ id: number; name: string }[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [kept, setChoice] = useDraftValue(`report:${target}:${id}:reason`, isReason);
  // A reason kept from before that is no longer offered is not chosen.
  const choice = types?.some((t) => t.id === kept) ? kept : null;
  const [note, setNote] = useDraft(`report:${target}:${id}`);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasons = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    api
      .reportTypes()
      .then((r) => setTypes(r.data))
      .catch(() => setFailed(true));
  }, [api]);

  // The dialog opens while the reasons load, so its first control would be the optional note: once the reasons
  // are there, the required choice takes the focus: the reason kept from before, as arrows and Tab would reach it.
  useEffect(() => {
    if (types) (reasons.current?.querySelector<HTMLInputElement>('input:checked') ?? reasons.current?.querySelector('input'))?.focus();
  }, [types]);

  function forget() {
    setChoice(null);
    setNote('');
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (choice === null) return;
    setSending(true);
    setError(null);
    try {
      const res = await api.report(target, id, choice, note.trim() || undefined);
      forget();
      onReported?.();
      if (onSent) onSent({ message: res.message, description: res.description });
      else toast.success(res.message, res.description);
      onClose();
    } catch (err) {
      setSending(false);
      if (err instanceof ApiError && err.code === 'NOT_FOUND') {
        // The item is gone (deleted, removed, behind a block): nothing is left to report, so the dialog closes with
        // the server's words as a "Warning" (SPEC.md section 8), and its card goes too, as when it is deleted in
        // front of them.
        toast.failed(err, 'warning');
        forget();
        onClose();
        onGone?.();
        return;
      }
      if (err instanceof ApiError && err.code === 'ALREADY_REPORTED') {
        // Reported before (another tab): the dialog will not open again for it, so what it kept goes.
        forget();
        onReported?.();
      }
      // Anything else can be tried again: what they chose and wrote stays, with the reason beside it.
      const fields = fieldErrors(err);
      setError(fields.note ?? fields.report_type_id ?? errorMessage(err, intl));
    }
  }

  return (
    <Dialog
      title={<FormattedMessage id={`report.title_${target}`} />}
      onClose={onClose}
      // Reported, the item's Report gave way to words saying so (reportedMarkId): the focus goes there.
      focusAfter={() => document.getElementById(reportedMarkId(target, id))}
    >
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
              aria-describedby={[control['aria-describedby'], error ? errorId : null].filter(Boolean).join(' ') || undefined}
              maxLength={REPORT_NOTE_MAX}
              onChange={(e) => setNote(e.target.value)}
              rows={3}
              className={controlClass}
            />
          )}
        </Field>
        {error ? <ErrorAlert id={errorId}>{error}</ErrorAlert> : null}
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
