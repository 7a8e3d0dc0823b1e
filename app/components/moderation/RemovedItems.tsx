/**
 * "Removed by moderation" on the profile: one's own items a moderator removed, each with the reason and a way
 * to appeal it once. Self-contained (its first page comes from the page's loader) so a profile tab can hold it.
 */
import { useState } from 'react';
import type { z } from 'zod';
import type { logEntrySchema, violatingItemSchema } from '../../../core/schemas/moderation.ts';
import type { Paged } from '../../../core/types.ts';
import { textDir } from '../../lib/direction.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { usePaged } from '../../lib/paged.ts';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import { LoadMore } from '../LoadMore.tsx';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { controlClass, Field } from '../ui/Field.tsx';
import { Panel } from '../ui/Panel.tsx';

export type ViolatingItem = z.output<typeof violatingItemSchema>;
type LogEntry = z.output<typeof logEntrySchema>;

/** The longest appeal note the server takes (server/modules/moderation/routes.ts APPEAL_NOTE_MAX). */
const APPEAL_NOTE_MAX = 1000;

export function RemovedItems({ first }: { first: Paged<ViolatingItem> }) {
  const intl = useIntl();
  const { api } = useSession();
  const list = usePaged(first, (page) => api.violatingItems(page));
  const [appealed, setAppealed] = useState<Set<number>>(new Set());
  const [appealing, setAppealing] = useState<ViolatingItem | null>(null);

  return (
    <Panel as="section" aria-labelledby="removed-heading" padding="lg" className="mt-8" data-testid="removed-items">
      <h2 id="removed-heading" className="text-lg font-semibold">
        <FormattedMessage id="moderation.removed_heading" />
      </h2>
      {list.items.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">
          <FormattedMessage id="moderation.removed_empty" />
        </p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {list.items.map((item) => {
            const done = item.appealed || appealed.has(item.id);
            return (
              <li key={item.id} className="rounded-xl border border-stone-200 p-3 dark:border-stone-800" data-testid="removed-item">
                <p className="text-xs text-stone-600 dark:text-stone-400">
                  {`${intl.formatMessage({ id: `moderation.kind.${item.type}` })} · ${intl.formatDate(item.removed_at, { year: 'numeric', month: 'long', day: 'numeric' })}`}
                </p>
                <p className="mt-1 line-clamp-3 whitespace-pre-line break-words" dir={textDir(item.content)}>
                  {item.content}
                </p>
                <p className="mt-2 text-sm">
                  <FormattedMessage
                    id="moderation.removed_reason"
                    values={{ reason: item.reason ?? intl.formatMessage({ id: 'moderation.reason.other' }) }}
                  />
                </p>
                <div className="mt-2">
                  {done ? (
                    <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="appealed">
                      <FormattedMessage id="moderation.appealed" />
                    </p>
                  ) : (
                    <Button size="sm" onClick={() => setAppealing(item)}>
                      <FormattedMessage id="moderation.appeal" />
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <LoadMore hasMore={list.hasMore} loading={list.loading} failed={list.failed} onMore={list.loadMore} />
      <History />
      {appealing ? (
        <AppealDialog item={appealing} onClose={() => setAppealing(null)} onSent={(id) => setAppealed((s) => new Set(s).add(id))} />
      ) : null}
    </Panel>
  );
}

/** What moderation did about one's own items, newest first, never naming a moderator; read when first opened. */
function History() {
  const intl = useIntl();
  const { api } = useSession();
  const [first, setFirst] = useState<Paged<LogEntry> | null>(null);
  const [failed, setFailed] = useState(false);
  const list = usePaged(first, (page) => api.moderationHistory(page));

  function open(e: React.SyntheticEvent<HTMLDetailsElement>) {
    if (!e.currentTarget.open || first) return;
    setFailed(false);
    api.moderationHistory().then(setFirst, () => setFailed(true));
  }

  return (
    <details className="mt-6 text-sm" onToggle={open} data-testid="moderation-history">
      <summary className="cursor-pointer font-medium">
        <FormattedMessage id="moderation.history_heading" />
      </summary>
      {failed ? (
        <p role="alert" className="mt-2 text-red-700 dark:text-red-400">
          <FormattedMessage id="list.load_failed" />
        </p>
      ) : !first ? (
        <p role="status" className="mt-2">
          <FormattedMessage id="common.loading" />
        </p>
      ) : list.items.length === 0 ? (
        <p className="mt-2 text-stone-600 dark:text-stone-400">
          <FormattedMessage id="moderation.history_empty" />
        </p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {list.items.map((entry) => (
            <li key={entry.id}>
              {`${intl.formatMessage({ id: `moderation.history.${entry.action}` }, { days: entry.days ?? 0 })}${entry.reason ? ` · ${entry.reason.name}` : ''}`}
              <span className="text-stone-600 dark:text-stone-400">
                {` · ${intl.formatMessage({ id: `moderation.kind.${entry.target}` })} · ${intl.formatDate(entry.created_at, { year: 'numeric', month: 'short', day: 'numeric' })}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {first ? <LoadMore hasMore={list.hasMore} loading={list.loading} failed={list.failed} onMore={list.loadMore} /> : null}
    </details>
  );
}

function AppealDialog({ item, onClose, onSent }: { item: ViolatingItem; onClose: () => void; onSent: (id: number) => void }) {
  const { api } = useSession();
  const toast = useToast();
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSending(true);
    try {
      const res = await api.appeal(item.id, note.trim() || undefined);
      toast.success(res.message);
      onSent(item.id);
      onClose();
    } catch (err) {
      toast.failed(err);
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog title={<FormattedMessage id="moderation.appeal_title" />} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-stone-600 dark:text-stone-300">
          <FormattedMessage id="moderation.appeal_text" />
        </p>
        <Field label={<FormattedMessage id="moderation.appeal_note" />}>
          {(control) => (
            <textarea
              {...control}
              value={note}
              maxLength={APPEAL_NOTE_MAX}
              rows={4}
              onChange={(e) => setNote(e.target.value)}
              className={controlClass}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" variant="primary" busy={sending}>
            <FormattedMessage id="moderation.appeal_send" />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
