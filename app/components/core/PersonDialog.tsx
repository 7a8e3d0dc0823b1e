/**
 * A person's small card, opened from their name on a post, mood, comment or thought: what everyone may see of them
 * (nickname, avatar, rank, the achievements they earned without dates; nothing that identifies them), and the two
 * things one can do with a person: write to them,
 * or block them. Blocking asks first, and then everything of theirs leaves what this page shows.
 */
import { type RefObject, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { localizedPath } from '../../../core/locales.ts';
import type { EarnedAchievement } from '../../../core/schemas/achievements.ts';
import type { PublicUser } from '../../../core/types.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { removeAuthor } from '../../lib/items.ts';
import { keepPlace } from '../../lib/keep-place.ts';
import { useActivePath } from '../../lib/language.ts';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';

export function PersonDialog({
  person,
  opener,
  onClose,
}: {
  person: PublicUser;
  /** Their name that opened the card: it leaves with their item when they are blocked. */
  opener: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  const { api, locale } = useSession();
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const toActive = useActivePath();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  /** Null while loading; a failure leaves the section out (the card is whole without it). */
  const [achievements, setAchievements] = useState<EarnedAchievement[] | null | 'failed'>(null);

  useEffect(() => {
    let live = true;
    api.personAchievements(person.id).then(
      ({ data }) => live && setAchievements(data),
      () => live && setAchievements('failed'),
    );
    return () => {
      live = false;
    };
  }, [api, person.id]);

  async function message() {
    setBusy(true);
    try {
      const { data } = await api.startConversation(person.id);
      onClose();
      await navigate(toActive(localizedPath(locale, `/chat?c=${data.id}`)));
    } catch (err) {
      toast.failed(err);
      setBusy(false);
    }
  }

  async function block() {
    setBusy(true);
    try {
      await api.block(person.id);
      // Everything of theirs leaves the page, the item whose name opened the card with it: the focus goes to what
      // took that item's place, not to the start of the page.
      keepPlace(opener.current);
      removeAuthor(person.id);
      toast.success(intl.formatMessage({ id: 'person.blocked' }, { nickname: person.nickname }));
      onClose();
    } catch (err) {
      toast.failed(err);
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={
        <span dir="auto">
          {confirming ? intl.formatMessage({ id: 'person.block_title' }, { nickname: person.nickname }) : person.nickname}
        </span>
      }
      size="sm"
      onClose={onClose}
      closeLabel={intl.formatMessage({ id: 'auth.dialog.close' })}
      closeOnBackdrop={!confirming}
    >
      {confirming ? (
        <>
          <p className="text-stone-600 dark:text-stone-300">
            <FormattedMessage id="person.block_text" />
          </p>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button variant="danger" busy={busy} onClick={block}>
              <FormattedMessage id="person.block" />
            </Button>
          </div>
        </>
      ) : (
        <>
          <div className="flex items-center gap-3" data-testid="person-card">
            {person.avatar ? (
              <img src={person.avatar.url} alt="" width={56} height={56} className="shrink-0 rounded-full bg-stone-100 dark:bg-stone-800" />
            ) : null}
            <p className="text-stone-600 dark:text-stone-300">
              <FormattedMessage id="person.rank" values={{ rank: person.rank.name }} />
            </p>
          </div>
          {achievements === 'failed' ? null : (
            <section aria-labelledby="person-achievements" aria-busy={achievements === null} data-testid="person-achievements">
              <h3 id="person-achievements" className="text-sm font-semibold">
                <FormattedMessage id="person.achievements" />
              </h3>
              {achievements === null ? (
                <p className="text-sm text-stone-600 dark:text-stone-400">
                  <FormattedMessage id="common.loading" />
                </p>
              ) : achievements.length === 0 ? (
                <p className="text-sm text-stone-600 dark:text-stone-400">
                  <FormattedMessage id="person.no_achievements" />
                </p>
              ) : (
                <ul className="mt-1 flex flex-wrap gap-1">
                  {achievements.map((a) => (
                    <li
                      key={a.key}
                      title={a.description}
                      className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700 dark:bg-stone-800 dark:text-brand-100"
                    >
                      <span aria-hidden="true">🏅 </span>
                      {a.name}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" disabled={busy} onClick={() => setConfirming(true)}>
              <FormattedMessage id="person.block" />
            </Button>
            <Button variant="primary" busy={busy} onClick={message}>
              <FormattedMessage id="person.message" />
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
