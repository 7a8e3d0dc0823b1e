/** A thought: the text, its reaction bar (one reaction per reader; the same again takes it back), edit and delete for the author. */
import { useRef, useState } from 'react';
import { LIMITS, THOUGHT_REACTIONS } from '../../../core/limits.ts';
import { localizedPath } from '../../../core/locales.ts';
import type { Thought } from '../../../core/types.ts';
import { editDraft, useEditing } from '../../lib/editing.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { removeItem, updateItem, useItem } from '../../lib/items.ts';
import { keepPlace } from '../../lib/keep-place.ts';
import { useSession } from '../../lib/session.tsx';
import { useSignIn } from '../../lib/signin.tsx';
import { useToast } from '../../lib/toast.tsx';
import { thoughtReaction, useToggle } from '../../lib/toggles.ts';
import { AppLink } from '../AppLink.tsx';
import { UnderReview } from '../moderation/UnderReview.tsx';
import { buttonClass } from '../ui/Button.tsx';
import { Panel } from '../ui/Panel.tsx';
import { Author } from './Author.tsx';
import { CardHeading, type HeadingLevel } from './CardHeading.tsx';
import { ReportDialog } from './dialogs.tsx';
import { EditText } from './EditText.tsx';
import { OwnerActions } from './OwnerActions.tsx';
import { Reactions } from './Reactions.tsx';
import { RichText } from './RichText.tsx';

const EMOJI: Record<(typeof THOUGHT_REACTIONS)[number], string> = { love: '❤️', insightful: '💡', relate: '🤝', hope: '🌱' };
const button = buttonClass('ghost', 'action');

export function ThoughtCard({
  thought: initial,
  page = false,
  heading = 2,
  onRemoved,
}: {
  thought: Thought;
  /** On the thought's own page, which has its own h1: no heading. */
  page?: boolean;
  heading?: HeadingLevel;
  onRemoved?: () => void;
}) {
  const { api, locale, user } = useSession();
  const signIn = useSignIn();
  const toast = useToast();
  const intl = useIntl();
  const thought = useItem('thought', initial);
  const [reporting, setReporting] = useState(false);
  const toggle = useToggle('thought', thought.id);
  const card = useRef<HTMLElement>(null);
  const edit = useEditing(() => card.current, thought.is_mine ? editDraft('thought', thought.id) : null, thought.content);

  function leave() {
    keepPlace(card.current);
    removeItem('thought', thought.id);
    onRemoved?.();
  }

  async function remove() {
    try {
      await api.deleteThought(thought.id);
      leave();
      toast.success(intl.formatMessage({ id: 'thoughts.deleted' }));
    } catch (err) {
      toast.failed(err);
    }
  }

  return (
    // tabIndex: the focus comes to the card when the one before it leaves the list (lib/keep-place.ts).
    <Panel ref={card} as="article" aria-labelledby={page ? undefined : `thought-${thought.id}-heading`} tabIndex={-1} raised>
      {page ? null : (
        <CardHeading id={`thought-${thought.id}-heading`} level={heading}>
          <FormattedMessage id="thoughts.page_heading" values={{ name: thought.user.nickname }} />
        </CardHeading>
      )}
      <header className="mb-2">
        <UnderReview show={thought.under_review} />
        <Author user={thought.user} at={thought.created_at} size={24} />
      </header>
      {edit.editing ? (
        <EditText
          label={intl.formatMessage({ id: 'thoughts.label' })}
          initial={thought.content}
          max={LIMITS.thought}
          draft={edit.draft}
          focus={edit.pressed}
          onCancel={edit.stop}
          onSave={async (content) => {
            const res = await api.updateThought(thought.id, content);
            updateItem('thought', thought.id, () => res.data);
            edit.stop();
          }}
        />
      ) : page ? (
        <div lang={thought.language}>
          <RichText text={thought.content} locale={locale} language={thought.language} className="text-lg" />
        </div>
      ) : (
        <AppLink to={localizedPath(locale, `/thought/${thought.id}`)} className="block hover:opacity-90" lang={thought.language}>
          <RichText text={thought.content} locale={locale} language={thought.language} />
        </AppLink>
      )}
      <footer className="mt-3 flex flex-wrap items-center gap-1 text-sm text-stone-700 dark:text-stone-300">
        <Reactions
          types={THOUGHT_REACTIONS}
          emoji={EMOJI}
          labelPrefix="thoughts.reaction_"
          counts={thought.reactions}
          mine={thought.my_reaction}
          onPick={(mine) => toggle(thoughtReaction(api), mine)}
        />
        {thought.is_mine ? (
          <span className="ms-auto flex gap-1">
            <OwnerActions
              buttonClass={button}
              onEdit={edit.start}
              onDelete={remove}
              deleteTitle={<FormattedMessage id="thoughts.delete_title" />}
            />
          </span>
        ) : (
          <button type="button" className={`${button} ms-auto`} onClick={() => (user ? setReporting(true) : signIn.open())}>
            <FormattedMessage id="post.report" />
          </button>
        )}
      </footer>
      {reporting ? <ReportDialog target="thought" id={thought.id} onClose={() => setReporting(false)} onGone={leave} /> : null}
    </Panel>
  );
}
