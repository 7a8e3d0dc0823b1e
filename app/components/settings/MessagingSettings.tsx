/**
 * The messaging part of the general settings: who may start a conversation with me, typing indicators and read
 * receipts (both off until turned on), and the people I blocked, each with Unblock. Every change is saved at once
 * and confirmed; a refusal puts the control back and says why.
 */
import { useState } from 'react';
import type { WhoCanMessage } from '../../../core/schemas/messages.ts';
import type { MessageSettings, Paged, PublicUser } from '../../../core/types.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { keepPlace } from '../../lib/keep-place.ts';
import { usePaged } from '../../lib/paged.ts';
import { useSavedAtOnce } from '../../lib/saved-at-once.ts';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import { LoadMore } from '../LoadMore.tsx';
import { Button } from '../ui/Button.tsx';
import { Panel } from '../ui/Panel.tsx';

/** The schema's choices, in its order; written out so that no zod reaches the browser. */
const WHO_CAN_MESSAGE: readonly WhoCanMessage[] = ['everyone', 'talked', 'nobody'];

export function MessagingChoices({ initial }: { initial: MessageSettings }) {
  const { api } = useSession();
  // Saved in turn, never disabled while saving: someone arrowing to "Nobody" keeps their place (decision 073).
  const saved = useSavedAtOnce(initial, async (change) => (await api.updateMessageSettings(change)).data);
  const settings = saved.shown;

  return (
    <Panel as="fieldset" padding="lg" aria-busy={saved.saving}>
      <legend className="px-1 font-semibold">
        <FormattedMessage id="settings.messages.heading" />
      </legend>
      <fieldset className="mt-2">
        <legend className="text-sm text-stone-600 dark:text-stone-400">
          <FormattedMessage id="settings.messages.who" />
        </legend>
        <div className="mt-2 flex flex-col gap-2">
          {WHO_CAN_MESSAGE.map((who) => (
            <label key={who} className="flex items-start gap-2">
              <input
                type="radio"
                name="who_can_message"
                value={who}
                checked={settings.who_can_message === who}
                onChange={() => saved.change({ who_can_message: who })}
                className="mt-1 accent-brand-600"
              />
              <FormattedMessage id={`settings.messages.who_${who}`} />
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 flex flex-col gap-3 border-t border-stone-200 pt-4 dark:border-stone-800">
        {(['typing_indicators', 'read_receipts'] as const).map((key) => (
          <label key={key} className="flex items-start gap-3">
            <input
              type="checkbox"
              role="switch"
              checked={settings[key]}
              aria-checked={settings[key]}
              aria-busy={saved.busy(key) || undefined}
              onChange={() => saved.change({ [key]: !settings[key] })}
              className="mt-1 size-5 accent-brand-600"
            />
            <span>
              <span className="block font-medium">
                <FormattedMessage id={`settings.messages.${key}`} />
              </span>
              <span className="block text-sm text-stone-600 dark:text-stone-400">
                <FormattedMessage id={`settings.messages.${key}_hint`} />
              </span>
            </span>
          </label>
        ))}
      </div>
    </Panel>
  );
}

export function BlockedPeople({ first }: { first: Paged<PublicUser> }) {
  const { api } = useSession();
  const intl = useIntl();
  const toast = useToast();
  const list = usePaged(first, (page) => api.blocks(page));
  const [unblocked, setUnblocked] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState<number | null>(null);
  const people = list.items.filter((p) => !unblocked.has(p.id));

  async function unblock(person: PublicUser, button: HTMLElement) {
    setBusy(person.id);
    try {
      await api.unblock(person.id);
      keepPlace(button);
      setUnblocked((s) => new Set(s).add(person.id));
      toast.success(intl.formatMessage({ id: 'settings.blocked.unblocked' }, { nickname: person.nickname }));
    } catch (err) {
      toast.failed(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Panel as="section" padding="lg" aria-labelledby="blocked-heading">
      <h2 id="blocked-heading" className="font-semibold">
        <FormattedMessage id="settings.blocked.heading" />
      </h2>
      <p className="mb-3 text-sm text-stone-600 dark:text-stone-400">
        <FormattedMessage id="settings.blocked.intro" />
      </p>
      {people.length === 0 ? (
        <p data-empty-state className="text-stone-600 dark:text-stone-400">
          <FormattedMessage id="settings.blocked.empty" />
        </p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="blocked-people">
          {people.map((p) => (
            <li key={p.id} className="flex min-w-0 items-center gap-3">
              {p.avatar ? <img src={p.avatar.url} alt="" width={28} height={28} className="shrink-0 rounded-full" /> : null}
              <span className="min-w-0 flex-1 truncate" dir="auto">
                {p.nickname}
              </span>
              <Button
                size="sm"
                busy={busy === p.id}
                onClick={(e) => unblock(p, e.currentTarget)}
                aria-label={intl.formatMessage({ id: 'settings.blocked.unblock_label' }, { nickname: p.nickname })}
              >
                <FormattedMessage id="settings.blocked.unblock" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={list.hasMore} loading={list.loading} failed={list.failed} onMore={list.loadMore} />
    </Panel>
  );
}
