/** A thought: the text, its reaction bar (one reaction per reader; the same again takes it back), edit and delete for the author. */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LIMITS, THOUGHT_REACTIONS } from '../../../core/limits.ts';
import { localizedPath } from '../../../core/locales.ts';
import { graphemeLength } from '../../../core/text.ts';
import type { Thought } from '../../../core/types.ts';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import { AppLink } from '../AppLink.tsx';
import { Author } from './Author.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { errorMessage } from './errors.ts';
import { Reactions } from './Reactions.tsx';
import { RichText } from './RichText.tsx';

const EMOJI: Record<(typeof THOUGHT_REACTIONS)[number], string> = { love: '❤️', insightful: '💡', relate: '🤝', hope: '🌱' };
const button = 'inline-flex items-center gap-1 rounded-full px-3 py-1.5 hover:bg-stone-100 dark:hover:bg-stone-800';

export function ThoughtCard({ thought: initial, page = false, onRemoved }: { thought: Thought; page?: boolean; onRemoved?: () => void }) {
  const { api, locale } = useSession();
  const toast = useToast();
  const intl = useIntl();
  const [thought, setThought] = useState(initial);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (editing === null) return;
    try {
      const res = await api.updateThought(thought.id, editing);
      setThought(res.data);
      setEditing(null);
    } catch (err) {
      toast.error(errorMessage(err, intl));
    }
  }

  async function remove() {
    try {
      await api.deleteThought(thought.id);
      onRemoved?.();
      toast.success(intl.formatMessage({ id: 'thoughts.deleted' }));
    } catch (err) {
      toast.error(errorMessage(err, intl));
    }
  }

  return (
    <article className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm dark:border-stone-800 dark:bg-stone-900">
      <header className="mb-2">
        <Author user={thought.user} at={thought.created_at} size={24} />
      </header>
      {editing !== null ? (
        <form onSubmit={save} className="flex flex-col gap-2">
          <label htmlFor={`thought-${thought.id}-edit`} className="sr-only">
            <FormattedMessage id="thoughts.label" />
          </label>
          <textarea
            id={`thought-${thought.id}-edit`}
            value={editing}
            onChange={(e) => setEditing(e.target.value)}
            rows={3}
            dir="auto"
            className="rounded-xl border border-stone-300 p-2 dark:border-stone-600 dark:bg-stone-800"
          />
          <p className="text-sm text-stone-600 dark:text-stone-400">
            <FormattedMessage id="composer.counter" values={{ count: graphemeLength(editing.trim()), max: LIMITS.thought }} />
          </p>
          <div className="flex justify-end gap-2">
            <button type="button" className="rounded-full px-4 py-2" onClick={() => setEditing(null)}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="submit" className="rounded-full bg-brand-600 px-4 py-2 text-white">
              <FormattedMessage id="common.save" />
            </button>
          </div>
        </form>
      ) : page ? (
        <div lang={thought.language}>
          <RichText text={thought.content} locale={locale} className="text-lg" />
        </div>
      ) : (
        <AppLink to={localizedPath(locale, `/thought/${thought.id}`)} className="block hover:opacity-90" lang={thought.language}>
          <RichText text={thought.content} locale={locale} />
        </AppLink>
      )}
      <footer className="mt-3 flex flex-wrap items-center gap-1 text-sm text-stone-700 dark:text-stone-300">
        <Reactions
          types={THOUGHT_REACTIONS}
          emoji={EMOJI}
          labelPrefix="thoughts.reaction_"
          initial={{ counts: thought.reactions, mine: thought.my_reaction }}
          send={async (type) => {
            // The server takes the type picked: the same again removes it.
            const res = await api.reactToThought(thought.id, type);
            return { counts: res.reactions, mine: res.my_reaction };
          }}
        />
        {thought.is_mine ? (
          <span className="ms-auto flex gap-1">
            <button type="button" className={button} onClick={() => setEditing(thought.content)}>
              <FormattedMessage id="common.edit" />
            </button>
            <button type="button" className={`${button} text-red-700 dark:text-red-400`} onClick={() => setConfirmDelete(true)}>
              <FormattedMessage id="common.delete" />
            </button>
          </span>
        ) : null}
      </footer>
      {confirmDelete ? (
        <ConfirmDialog
          title={<FormattedMessage id="thoughts.delete_title" />}
          confirm={<FormattedMessage id="common.delete" />}
          onConfirm={remove}
          onClose={() => setConfirmDelete(false)}
        />
      ) : null}
    </article>
  );
}
