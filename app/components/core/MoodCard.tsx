/** A mood: its feeling, the short text, reactions (hug, relate, strength, care), its poll, and the author's edit and delete. */
import { useRef, useState } from 'react';
import { MOOD_INTERACTIONS, moodMax } from '../../../core/limits.ts';
import type { Mood } from '../../../core/types.ts';
import { editDraft, useEditing } from '../../lib/editing.ts';
import { focusFromScript } from '../../lib/focus.ts';
import { itemMark, useHiding } from '../../lib/hiding.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { removeItem, updateItem, useItem } from '../../lib/items.ts';
import { keepPlace } from '../../lib/keep-place.ts';
import { useSession } from '../../lib/session.tsx';
import { useSignIn } from '../../lib/signin.tsx';
import { useToast } from '../../lib/toast.tsx';
import { moodInteraction, useToggle } from '../../lib/toggles.ts';
import { UnderReview } from '../moderation/UnderReview.tsx';
import { buttonClass } from '../ui/Button.tsx';
import { Panel } from '../ui/Panel.tsx';
import { Author } from './Author.tsx';
import { CardHeading, type HeadingLevel } from './CardHeading.tsx';
import { ReportDialog } from './dialogs.tsx';
import { EditText } from './EditText.tsx';
import { HiddenNotice } from './HiddenNotice.tsx';
import { OwnerActions } from './OwnerActions.tsx';
import { PollView } from './PollView.tsx';
import { Reactions } from './Reactions.tsx';
import { RichText } from './RichText.tsx';

const EMOJI: Record<(typeof MOOD_INTERACTIONS)[number], string> = { hug: '🤗', relate: '🫂', strength: '💪', care: '💗' };
const button = buttonClass('ghost', 'action');

export function MoodCard({
  mood: initial,
  onRemoved,
  heading = 2,
}: {
  mood: Mood;
  onRemoved?: () => void;
  /** Under a section's own h2 (the profile's lists), the cards are a level below it. */
  heading?: HeadingLevel;
}) {
  const { api, user, locale } = useSession();
  const signIn = useSignIn();
  const toast = useToast();
  const intl = useIntl();
  const mood = useItem('mood', initial);
  const toggle = useToggle('mood', mood.id);
  const [reporting, setReporting] = useState(false);
  const [hiding, setHiding] = useState(false);
  const setHidden = useHiding('mood');
  const card = useRef<HTMLElement>(null);
  const edit = useEditing(() => card.current, mood.is_mine ? editDraft('mood', mood.id) : null, mood.content);

  function leave() {
    keepPlace(card.current);
    removeItem('mood', mood.id);
    onRemoved?.();
  }

  /** As PostCard's: a hidden mood leaves every list; where one still shows, it says so and offers Unhide. */
  async function changeHidden(hidden: boolean, from: 'footer' | 'notice') {
    if (hiding) return;
    setHiding(true);
    const done = await setHidden(mood, hidden, hidden ? card.current : null);
    setHiding(false);
    if (done) {
      if (hidden) onRemoved?.();
      else if (from === 'notice' && card.current) focusFromScript(card.current);
    }
  }

  async function remove() {
    try {
      const res = await api.deleteMood(mood.id);
      leave();
      toast.success(res.message);
    } catch (err) {
      toast.failed(err);
    }
  }

  return (
    // tabIndex: the "new moods" pill moves the focus to the first card of the reloaded list.
    <Panel ref={card} as="article" aria-labelledby={`mood-${mood.id}-heading`} tabIndex={-1} raised {...itemMark('mood', mood.id)}>
      <CardHeading id={`mood-${mood.id}-heading`} level={heading}>
        <FormattedMessage id="mood.heading" values={{ name: mood.user.nickname }} />
      </CardHeading>
      {mood.is_hidden ? <HiddenNotice kind="mood" busy={hiding} onUnhide={() => changeHidden(false, 'notice')} /> : null}
      <header className="mb-2 flex items-start gap-3">
        {mood.feeling ? (
          <span className="text-3xl leading-none" role="img" aria-label={mood.feeling.name}>
            {mood.feeling.emoji}
          </span>
        ) : null}
        <Author user={mood.user} at={mood.created_at} feeling={mood.feeling} size={24} />
      </header>
      <UnderReview show={mood.under_review} />
      {edit.editing ? (
        <EditText
          label={intl.formatMessage({ id: 'composer.label_mood' })}
          initial={mood.content}
          max={moodMax('mood')}
          failure="warning"
          draft={edit.draft}
          focus={edit.pressed}
          onCancel={edit.stop}
          onSave={async (content) => {
            if (!mood.feeling) return;
            const res = await api.updateMood(mood.id, { content, feeling_id: mood.feeling.id });
            updateItem('mood', mood.id, () => res.data);
            edit.stop();
            toast.success(res.message);
          }}
        />
      ) : (
        <div lang={mood.language}>
          <RichText text={mood.content} locale={locale} language={mood.language} />
        </div>
      )}
      {mood.poll ? <PollView poll={mood.poll} /> : null}
      <footer className="mt-3 flex flex-wrap items-center gap-1 text-sm text-stone-700 dark:text-stone-300">
        <Reactions
          types={MOOD_INTERACTIONS}
          emoji={EMOJI}
          labelPrefix="mood.interaction_"
          counts={mood.interactions}
          mine={mood.my_interaction}
          onPick={(mine) => toggle(moodInteraction(api), mine)}
        />
        <span className="ms-auto flex gap-1">
          {mood.is_mine ? (
            <OwnerActions
              buttonClass={button}
              onEdit={edit.start}
              onDelete={remove}
              deleteTitle={<FormattedMessage id="mood.delete_title" />}
            />
          ) : (
            <>
              <button type="button" className={button} aria-busy={hiding} onClick={() => changeHidden(!mood.is_hidden, 'footer')}>
                <FormattedMessage id={mood.is_hidden ? 'post.unhide' : 'post.hide'} />
              </button>
              <button type="button" className={button} onClick={() => (user ? setReporting(true) : signIn.open())}>
                <FormattedMessage id="post.report" />
              </button>
            </>
          )}
        </span>
      </footer>
      {reporting ? <ReportDialog target="mood" id={mood.id} onClose={() => setReporting(false)} onGone={leave} /> : null}
    </Panel>
  );
}
