/**
 * Keeping a keyboard or screen-reader user's place when an item leaves a list because of what they did (a post or
 * mood hidden or deleted, a comment or thought deleted, a queue item acted on, a person unblocked or blocked, a
 * conversation declined). The control they pressed goes with the item, or with what showed it (a dialog, a
 * conversation's pane), and the browser would put the focus back at the start of the page. Called before
 * the removal, `keepPlace` notes where the item stands; once it has left the page, the focus goes to the item that
 * took its place, or the one before it when it was the last, or, when the list is now empty, to the list's empty
 * state (EmptyState, or any element marked `data-empty-state`) or else the heading above the list. What happened is
 * said by the action's own toast, in the page's polite status region (lib/toast.tsx).
 *
 * An item is the `<li>` (or `[data-list-item]`) holding `from`. Items are watched, not told about: a list can drop
 * one in its own render (the item store), or a revalidation later (the moderation queue). A removal that never
 * comes (the request failed) stops the watch after a while. When the item leaves, the focus may still be on what the
 * action showed, which leaves in its turn: the confirm dialog, whose opener went with the item, hands it to the
 * page's content (ui/Dialog.tsx); the conversation's pane goes with the navigation back to the list. So the watch
 * goes on until the focus is lost, as long as the person does nothing: a key or a click of theirs since, and the
 * focus is where they put it.
 */
import { FOCUSABLE, focusFromScript, focusLost } from './focus.ts';

/** Long enough for a slow revalidation of the list; short enough that a later navigation is not taken for the removal. */
const WATCH_MS = 15_000;

export function keepPlace(from: Element | null | undefined): void {
  const entry = from?.closest('li, [data-list-item]');
  const list = entry?.parentElement;
  const root = list?.parentElement;
  if (!entry || !list || !root) return;
  const index = [...list.children].indexOf(entry);
  const heading = headingBefore(list);

  /** Whether the focus went there: not while the list is hidden (a phone shows a conversation instead of the list). */
  const place = () => {
    const items = list.isConnected ? [...list.children].filter((e) => e !== entry) : [];
    const next = items[Math.min(index, items.length - 1)];
    const empty = root.isConnected ? root.querySelector<HTMLElement>('[data-empty-state]') : null;
    const target = next ? itemTarget(next) : (empty ?? (heading?.isConnected ? heading : null));
    if (target) focusFromScript(target);
    return target !== null && document.activeElement === target;
  };
  const settle = () => {
    if (!entry.isConnected && focusLost() && place()) stop();
  };
  const observer = new MutationObserver(settle);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of ['keydown', 'pointerdown']) document.removeEventListener(type, stop, true);
  };
  const timer = window.setTimeout(stop, WATCH_MS);
  observer.observe(document.body, { childList: true, subtree: true });
  // Listened for from the start: the key that confirmed the action came before this call.
  for (const type of ['keydown', 'pointerdown']) document.addEventListener(type, stop, true);
}

/** Puts the focus on a list's item: the item itself when it can take it, else its first control (also lists' "Show more"). */
export function focusItem(entry: Element): void {
  const target = itemTarget(entry);
  if (target) focusFromScript(target);
}

/** The item itself when it can take the focus (a card with tabIndex -1, read whole by its label), else its first control. */
function itemTarget(entry: Element): HTMLElement | null {
  if (entry.hasAttribute('tabindex')) return entry as HTMLElement;
  const first = entry.firstElementChild;
  if (first?.hasAttribute('tabindex')) return first as HTMLElement;
  return entry.querySelector<HTMLElement>(FOCUSABLE) ?? (entry as HTMLElement);
}

/** The last heading before the list in the document, outside it: the list's own title or the page's. */
function headingBefore(list: Element): HTMLElement | null {
  let found: HTMLElement | null = null;
  for (const h of document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')) {
    if (h.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING && !list.contains(h)) found = h;
    else break;
  }
  return found;
}
