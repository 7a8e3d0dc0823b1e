/**
 * A row of reactions where each reader holds at most one: choosing another moves it, choosing the same
 * again takes it back. The counts change at once and are replaced by the server's, or restored on failure.
 */
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSession } from '../../lib/session.tsx';
import { useSignIn } from '../../lib/signin.tsx';
import { useToast } from '../../lib/toast.tsx';
import { buttonClass } from '../ui/Button.tsx';

export interface ReactionState {
  counts: Record<string, number>;
  mine: string | null;
}

/** What the counts become when the reader picks `type`. */
export function pick(state: ReactionState, type: string): ReactionState {
  const mine = state.mine === type ? null : type;
  const counts = { ...state.counts };
  if (state.mine) counts[state.mine] = Math.max(0, (counts[state.mine] ?? 1) - 1);
  if (mine) counts[mine] = (counts[mine] ?? 0) + 1;
  return { counts, mine };
}

const button = buttonClass('ghost', 'action');

export function Reactions({
  types,
  emoji,
  labelPrefix,
  initial,
  send,
}: {
  types: readonly string[];
  emoji: Record<string, string>;
  /** Message key prefix; the label of `hug` is `{labelPrefix}hug`. */
  labelPrefix: string;
  initial: ReactionState;
  /** Sends the reader's choice (the type picked, and the resulting own reaction) and returns the server's state. */
  send: (type: string, mine: string | null) => Promise<ReactionState>;
}) {
  const { user } = useSession();
  const signIn = useSignIn();
  const toast = useToast();
  const [state, setState] = useState(initial);

  async function choose(type: string) {
    if (!user) return signIn.open();
    const before = state;
    const next = pick(state, type);
    setState(next);
    try {
      setState(await send(type, next.mine));
    } catch (err) {
      setState(before);
      toast.failed(err);
    }
  }

  return (
    <>
      {types.map((type) => (
        <button key={type} type="button" className={button} aria-pressed={state.mine === type} onClick={() => choose(type)}>
          <span aria-hidden="true">{emoji[type]}</span>
          <FormattedMessage id={`${labelPrefix}${type}`} />
          <span className="text-stone-500 dark:text-stone-400">{state.counts[type] ?? 0}</span>
        </button>
      ))}
    </>
  );
}
