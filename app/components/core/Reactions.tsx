/**
 * A row of reactions where each reader holds at most one: choosing another moves it, choosing the same
 * again takes it back. The card owns the state (the item's one state in app/lib/items.ts) and the request.
 */
import { FormattedMessage, FormattedNumber } from '../../lib/intl.tsx';
import { buttonClass } from '../ui/Button.tsx';

const button = buttonClass('ghost', 'action');

export function Reactions<T extends string>({
  types,
  emoji,
  labelPrefix,
  counts,
  mine,
  onPick,
}: {
  types: readonly T[];
  emoji: Record<T, string>;
  /** Message key prefix; the label of `hug` is `{labelPrefix}hug`. */
  labelPrefix: string;
  counts: Partial<Record<T, number>>;
  /** The reader's own reaction (a mood's is any string in the contract). */
  mine: string | null;
  /** The reader's own reaction after this choice: the type, or none when it was already theirs. */
  onPick: (mine: T | null) => void;
}) {
  return (
    <>
      {types.map((type) => (
        <button
          key={type}
          type="button"
          className={button}
          aria-pressed={mine === type}
          onClick={() => onPick(mine === type ? null : type)}
        >
          <span aria-hidden="true">{emoji[type]}</span>
          <FormattedMessage id={`${labelPrefix}${type}`} />
          <span className="text-stone-500 dark:text-stone-400">
            <FormattedNumber value={counts[type] ?? 0} />
          </span>
        </button>
      ))}
    </>
  );
}
