/** A poll: one vote per person, which can be moved to another option or taken back. */
import { useState } from 'react';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import type { Poll } from '../../../core/types.ts';
import { useSession } from '../../lib/session.tsx';
import { useSignIn } from '../../lib/signin.tsx';
import { useToast } from '../../lib/toast.tsx';

export function PollView({ poll: initial }: { poll: Poll }) {
  const { api, user } = useSession();
  const signIn = useSignIn();
  const toast = useToast();
  const [poll, setPoll] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function run(call: () => Promise<{ data: Poll }>) {
    if (!user) return signIn.open();
    setBusy(true);
    try {
      setPoll((await call()).data);
    } catch (err) {
      toast.failed(err);
    } finally {
      setBusy(false);
    }
  }

  const voted = poll.my_vote_option_id !== null;
  return (
    <fieldset className="mt-3 rounded-xl border border-stone-200 p-3 dark:border-stone-700" aria-busy={busy}>
      <legend className="px-1 text-sm font-medium" dir="auto">
        {poll.question ?? <FormattedMessage id="poll.legend" />}
      </legend>
      <ul className="flex flex-col gap-2">
        {poll.options.map((o) => {
          const share = poll.votes_count > 0 ? o.votes_count / poll.votes_count : 0;
          const mine = poll.my_vote_option_id === o.id;
          return (
            <li key={o.id}>
              <button
                type="button"
                aria-pressed={mine}
                disabled={busy}
                onClick={() => run(() => (mine ? api.removeVote(poll.id) : api.vote(o.id)))}
                className={`relative w-full overflow-hidden rounded-lg border px-3 py-2 text-start ${mine ? 'border-brand-600 font-medium' : 'border-stone-300 dark:border-stone-600'}`}
              >
                {voted ? (
                  <span
                    aria-hidden="true"
                    className="absolute inset-y-0 start-0 bg-brand-100 dark:bg-brand-900/50"
                    style={{ width: `${share * 100}%` }}
                  />
                ) : null}
                <span className="relative flex justify-between gap-2">
                  <span dir="auto">{o.text}</span>
                  {voted ? (
                    <span className="text-sm text-stone-600 dark:text-stone-300">
                      <FormattedNumber value={share} style="percent" />
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 flex items-center justify-between text-sm text-stone-600 dark:text-stone-400">
        <FormattedMessage id="poll.votes" values={{ count: poll.votes_count }} />
        {voted ? (
          <button type="button" className="underline" disabled={busy} onClick={() => run(() => api.removeVote(poll.id))}>
            <FormattedMessage id="poll.remove_vote" />
          </button>
        ) : null}
      </p>
    </fieldset>
  );
}
