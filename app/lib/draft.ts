/**
 * What someone is writing outlives a reload, a closed tab or a forced full page load (a new build): the text is
 * kept in this browser's localStorage under the box's key until it is sent or emptied. It is read after the
 * first render, so the server's markup and hydration agree; without storage (some privacy modes) the box simply
 * keeps nothing. Drafts belong to the signed-in person, so someone else signing in on a shared device never sees
 * them.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSession } from './session.tsx';

const PREFIX = 'kindred:draft:';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A text box's value, kept under `name` for the signed-in person (nothing is kept when the name is null). */
export function useDraft(name: string | null, initial = ''): [string, (text: string) => void] {
  const { user } = useSession();
  const key = name && user ? `${user.id}:${name}` : null;
  const [text, setText] = useState(initial);
  // A change of person (sign-out, another sign-in) swaps the text for theirs, or empties the box.
  useEffect(() => {
    setText((key && storage()?.getItem(PREFIX + key)) || initial);
  }, [key, initial]);
  const update = useCallback(
    (next: string) => {
      setText(next);
      if (!key) return;
      try {
        if (next.trim()) storage()?.setItem(PREFIX + key, next);
        else storage()?.removeItem(PREFIX + key);
      } catch {
        // A full storage loses only the copy; the text is still in the box.
      }
    },
    [key],
  );
  return [text, update];
}
