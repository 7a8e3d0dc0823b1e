/**
 * Editing an item in place (a post, comment, thought or mood). The form takes the place of the item's text, or of
 * the whole card on a post's page, and its box takes the focus. Save and Cancel leave with the form, and the browser
 * would put the focus back at the start of the page: when the edit ends, it goes back to the Edit button that
 * opened it, or, when that left with its card, to the new card's Edit button, else to the item itself.
 *
 * An edit not saved yet is a draft like any other (lib/draft.ts, decision 063): its text is kept under `draft` while
 * it is typed, and an item that has one opens in edit mode again, after a reload, Back, or coming back to the page
 * later. Saving or Cancel forgets it; a session that ends for good forgets it with the other drafts and closes the
 * form. Only the author's own item has an edit draft (the caller passes null otherwise), so nobody else ever sees one.
 */
import { useEffect, useRef, useState } from 'react';
import { readDraft, writeDraft } from './draft-store.ts';
import { useSession } from './session.tsx';

/** The draft name of an edit of `kind` `id`; lib/draft-store.ts keeps these with their account on adoption. */
export const editDraft = (kind: 'post' | 'mood' | 'thought' | 'comment', id: number) => `edit:${kind}:${id}`;

/**
 * `base`: the item's text as the server has it now. A kept edit remembers the text it started from; when the item
 * changed since (saved from another device), the kept edit is dropped rather than reopened, where one Save would
 * have put the older words back over the newer.
 */
export function useEditing(item: () => HTMLElement | null, draft: string | null = null, base = '') {
  const owner = useSession().draftOwner;
  const [editing, setEditing] = useState(false);
  /** Opened again from its draft rather than by pressing Edit: the box then leaves the focus where it is. */
  const [kept, setKept] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const ended = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `item` is read once the edit has ended, in that render.
  useEffect(() => {
    if (editing || !ended.current) return;
    ended.current = false;
    const card = item();
    const target = opener.current?.isConnected ? opener.current : (card?.querySelector<HTMLElement>('[data-edit]') ?? card);
    target?.focus();
  }, [editing]);
  // Read after the first render, as useDraft reads, so the server's markup and hydration agree. The base is the one
  // the page opened with: its change later (this person's own save) is no reason to look again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    if (owner === null) {
      // Signed out (an expired session keeps its owner): the drafts are forgotten and the item is not theirs to edit.
      setEditing((was) => {
        if (was) ended.current = true;
        return false;
      });
      return;
    }
    if (draft && readDraft(owner, draft) !== null) {
      if (readDraft(owner, baseOf(draft)) !== base) {
        forget(owner, draft);
        return;
      }
      setKept(true);
      setEditing(true);
    }
  }, [owner, draft]);
  return {
    editing,
    /** Where the form keeps its text (null: not kept). */
    draft,
    /** The form was opened by the person (its box takes the focus), not brought back from a draft. */
    pressed: !kept,
    start() {
      // A click does not focus a button in every browser (Safari): the item's Edit button is then found afresh.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active.matches('[data-edit]') ? active : null;
      if (draft && owner !== null) writeDraft(owner, baseOf(draft), base);
      setKept(false);
      setEditing(true);
    },
    /** Saved or cancelled: the edit's draft goes with the form. */
    stop() {
      if (draft && owner !== null) forget(owner, draft);
      ended.current = true;
      setEditing(false);
    },
  };
}

/** Where a kept edit remembers the text it started from. */
const baseOf = (draft: string) => `${draft}:base`;

function forget(owner: number, draft: string) {
  writeDraft(owner, draft, '');
  writeDraft(owner, baseOf(draft), '');
}
