/**
 * What someone is writing outlives a reload, a closed tab or a forced full page load (a new build): the text is
 * kept (draft-store.ts) until it is sent or emptied, and read after the first render, so the server's markup and
 * hydration agree. Drafts belong to the signed-in person: someone else signing in on a shared device never sees
 * them, and a session that ends for good (signing out, erasing the account; in any tab) forgets them.
 */
import { useCallback, useEffect, useState } from 'react';
import { readDraft, writeDraft } from './draft-store.ts';
import { useSession } from './session.tsx';
import { takeTypedBeforeHydration } from './typed-early.ts';

/** A text box's value, kept under `name` for the signed-in person (nothing is kept when the name is null). */
export function useDraft(name: string | null, initial = ''): [string, (text: string) => void] {
  const userId = useSession().user?.id;
  const [text, setText] = useState(initial);
  // A change of person (sign-out, another sign-in) swaps the text for theirs, or empties the box. On the first run,
  // words typed before the page hydrated (lib/typed-early.ts; the box carries `data-draft={name}`) are the newest.
  useEffect(() => {
    const early = name ? takeTypedBeforeHydration(name) : undefined;
    if (early !== undefined) {
      setText(early);
      if (name && userId !== undefined) writeDraft(userId, name, early);
      return;
    }
    setText((name && userId !== undefined && readDraft(userId, name)) || initial);
  }, [name, userId, initial]);
  const update = useCallback(
    (next: string) => {
      setText(next);
      if (name && userId !== undefined) writeDraft(userId, name, next);
    },
    [name, userId],
  );
  return [text, update];
}
