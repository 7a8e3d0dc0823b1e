/**
 * Who wrote something and when: avatar, nickname, rank, an optional feeling, relative time. Someone else's name
 * opens their card (message, block); a signed-out reader is asked to sign in first. The card's code loads on first use.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import type { Feeling, PublicUser } from '../../../core/types.ts';
import { FormattedRelativeTime } from '../../lib/intl.tsx';
import { agoFrom, useNow } from '../../lib/now.ts';
import { useSession } from '../../lib/session.tsx';
import { useSignIn } from '../../lib/signin.tsx';

const PersonDialog = lazy(() => import('./PersonDialog.tsx').then((m) => ({ default: m.PersonDialog })));

export function Author({ user, at, feeling, size = 32 }: { user: PublicUser; at: string; feeling?: Feeling | null; size?: number }) {
  const now = useNow();
  const { user: me } = useSession();
  const signIn = useSignIn();
  const [open, setOpen] = useState(false);
  const name = useRef<HTMLButtonElement>(null);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      {user.avatar ? (
        <img src={user.avatar.url} alt="" width={size} height={size} className="shrink-0 rounded-full bg-stone-100 dark:bg-stone-800" />
      ) : null}
      {me?.id === user.id ? (
        <span className="font-medium" dir="auto">
          {user.nickname}
        </span>
      ) : (
        <button
          ref={name}
          type="button"
          aria-haspopup="dialog"
          onClick={() => (me ? setOpen(true) : signIn.open())}
          className="min-w-0 font-medium break-words hover:underline"
          dir="auto"
        >
          {user.nickname}
        </button>
      )}
      {/* Adjacent texts are written as one string, or apart by an element: the server's renderer and the browser's
          must see the same text nodes, or hydration rewrites them (decision 050). */}
      <span className="text-stone-500 dark:text-stone-400">{`· ${user.rank.name}`}</span>
      {feeling ? (
        <span className="text-stone-600 dark:text-stone-300">
          · <span aria-hidden="true">{feeling.emoji}</span>
          {` ${feeling.name}`}
        </span>
      ) : null}
      <span className="text-stone-500 dark:text-stone-400">
        {'· '}
        <time dateTime={at}>
          <FormattedRelativeTime value={agoFrom(at, now)} updateIntervalInSeconds={60} numeric="auto" />
        </time>
      </span>
      {open ? (
        <Suspense fallback={null}>
          <PersonDialog person={user} opener={name} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
