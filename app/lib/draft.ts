/**
 * What someone is writing outlives a reload, a closed tab or a forced full page load (a new build): the text is
 * kept (draft-store.ts) until it is sent or emptied, and read after the first render, so the server's markup and
 * hydration agree. Drafts belong to the signed-in person: someone else signing in on a shared device never sees
 * them, and a session that ends for good (signing out, erasing the account; in any tab) forgets them. A session that
 * only expired keeps them, on screen too, for whoever signs in next in the tab (session.tsx `draftOwner`).
 */
import { useCallback, useEffect, useState } from 'react';
import { readDraft, readKept, writeDraft, writeKept } from './draft-store.ts';
import { useSession } from './session.tsx';
import { takeTypedBeforeHydration } from './typed-early.ts';

/** A text box's value, kept under `name` for the signed-in person (nothing is kept when the name is null). */
export function useDraft(name: string | null, initial = ''): [string, (text: string) => void] {
  const owner = useSession().draftOwner;
  const [text, setText] = useState(initial);
  // A change of person (sign-out, another sign-in) swaps the text for theirs, or empties the box. On the first run,
  // words typed before the page hydrated (lib/typed-early.ts; the box carries `data-draft={name}`) are the newest.
  useEffect(() => {
    const early = name ? takeTypedBeforeHydration(name) : undefined;
    if (early !== undefined) {
      setText(early);
      if (name && owner !== null) writeDraft(owner, name, early);
      return;
    }
    setText((name && owner !== null && readDraft(owner, name)) || initial);
  }, [name, owner, initial]);
  const update = useCallback(
    (next: string) => {
      setText(next);
      if (name && owner !== null) writeDraft(owner, name, next);
    },
    [name, owner],
  );
  return [text, update];
}

/**
 * A draft's other parts (a poll, a chosen feeling), kept as JSON under `name` the way useDraft keeps a text; `valid`
 * checks what is read back (written by an older build, or by hand). `null` is "nothing to keep".
 */
export function useDraftValue<T>(name: string, valid: (value: unknown) => value is T): [T | null, (next: T | null) => void] {
  const owner = useSession().draftOwner;
  const [value, setValue] = useState<T | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `valid` is a fixed check, not a reason to read again.
  useEffect(() => {
    const kept = owner === null ? null : readKept<unknown>(owner, name);
    setValue(valid(kept) ? kept : null);
  }, [name, owner]);
  const update = useCallback(
    (next: T | null) => {
      setValue(next);
      if (owner !== null) writeKept(owner, name, next);
    },
    [name, owner],
  );
  return [value, update];
}
