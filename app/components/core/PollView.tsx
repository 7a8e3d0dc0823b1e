/**
 * A poll: one vote per person, which can be moved to another option or taken back. The vote shows at once in
 * every view of the poll; quick changes are queued and the last one is what the server keeps.
 */

import type { Poll } from '../../../core/types.ts';
import { textDir } from '../../lib/direction.ts';
import { FormattedMessage, FormattedNumber } from '../../lib/intl.tsx';
import { useItem } from '../../lib/items.ts';
import { useSession } from '../../lib/session.tsx';
import { pollVote, useToggle } from '../../lib/toggles.ts';
import { Button } from '../ui/Button.tsx';

export function PollView({ poll: initial }: { poll: Poll }) {
  const { api } = useSession();
  const poll = useItem('poll', initial);
  const toggle = useToggle('poll', poll.id);
  const vote = (option: number | null) => toggle(pollVote(api), option);

  const voted = poll.my_vote_option_id !== null;
  return (
    <fieldset className="mt-3 rounded-xl border border-stone-200 p-3 dark:border-stone-700">
      <legend className="px-1 text-sm font-medium" dir={poll.question ? textDir(poll.question) : undefined}>
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
                onClick={() => vote(mine ? null : o.id)}
                className={`relative w-full overflow-hidden rounded-lg border px-3 py-2 text-start ${mine ? 'border-brand-600 font-medium' : 'border-stone-300 dark:border-stone-600'}`}
              >
                {voted ? (
                  // An SVG attribute, not a `style`, sizes the bar: the Content-Security-Policy refuses inline styles.
                  <svg aria-hidden="true" className="absolute inset-0 h-full w-full rtl:-scale-x-100" preserveAspectRatio="none">
                    <rect width={`${share * 100}%`} height="100%" className="fill-brand-100 dark:fill-brand-700/50" />
                  </svg>
                ) : null}
                <span className="relative flex justify-between gap-2">
                  <span dir={textDir(o.text)}>{o.text}</span>
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
          <Button variant="link" onClick={() => vote(null)}>
            <FormattedMessage id="poll.remove_vote" />
          </Button>
        ) : null}
      </p>
    </fieldset>
  );
}
