/** Who wrote something and when: avatar, nickname, rank, an optional feeling, relative time. */
import { FormattedRelativeTime } from 'react-intl';
import type { Feeling, PublicUser } from '../../../core/types.ts';
import { secondsFrom, useNow } from '../../lib/now.ts';

export function Author({ user, at, feeling, size = 32 }: { user: PublicUser; at: string; feeling?: Feeling | null; size?: number }) {
  const now = useNow();
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      {user.avatar ? (
        <img src={user.avatar.url} alt="" width={size} height={size} className="shrink-0 rounded-full bg-stone-100 dark:bg-stone-800" />
      ) : null}
      <span className="font-medium" dir="auto">
        {user.nickname}
      </span>
      <span className="text-stone-500 dark:text-stone-400">· {user.rank.name}</span>
      {feeling ? (
        <span className="text-stone-600 dark:text-stone-300">
          · <span aria-hidden="true">{feeling.emoji}</span> {feeling.name}
        </span>
      ) : null}
      <time className="text-stone-500 dark:text-stone-400" dateTime={at}>
        · <FormattedRelativeTime value={secondsFrom(at, now)} updateIntervalInSeconds={60} numeric="auto" />
      </time>
    </div>
  );
}
