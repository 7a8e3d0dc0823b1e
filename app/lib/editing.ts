/**
 * Editing an item in place (a post, comment, thought or mood). The form takes the place of the item's text, or of
 * the whole card on a post's page, and its box takes the focus. Save and Cancel leave with the form, and the browser
 * would put the focus back at the start of the page: when the edit ends, it goes back to the Edit button that
 * opened it, or, when that left with its card, to the new card's Edit button, else to the item itself.
 */
import { useEffect, useRef, useState } from 'react';

export function useEditing(item: () => HTMLElement | null) {
  const [editing, setEditing] = useState(false);
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
  return {
    editing,
    start() {
      // A click does not focus a button in every browser (Safari): the item's Edit button is then found afresh.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active.matches('[data-edit]') ? active : null;
      setEditing(true);
    },
    stop() {
      ended.current = true;
      setEditing(false);
    },
  };
}
