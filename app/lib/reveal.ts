/**
 * For the links of a list that scrolls sideways (the header's navigation, the profile's tabs, the search types): on
 * focus the link is brought wholly into view. Chrome leaves a link that is partly shown where it is, so a keyboard
 * user on a phone saw the focus land on a link cut by the edge, its ring with it. The list's `scroll-px-*` keeps a
 * margin at the edge, so the ring drawn inside the link is not on it.
 */
import { type FocusEvent, useLayoutEffect, useRef } from 'react';

export function revealOnFocus(event: FocusEvent<HTMLElement>) {
  event.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/**
 * Scrolls a sideways-scrolling list so that `item` is wholly in it, within the list's `scroll-px-*` margin, and
 * nothing else: unlike scrollIntoView, the page does not move up or down (the header may be out of view when a page
 * is opened at a kept scroll position). Growing scrollLeft shows what is further right in both directions of text
 * (in right-to-left lists it runs from 0 down to negative values).
 */
function revealSideways(list: HTMLElement, item: HTMLElement) {
  const style = getComputedStyle(list);
  const box = list.getBoundingClientRect();
  const at = item.getBoundingClientRect();
  const start = box.left + (Number.parseFloat(style.scrollPaddingLeft) || 0);
  const end = box.right - (Number.parseFloat(style.scrollPaddingRight) || 0);
  const by = at.left < start ? at.left - start : at.right > end ? at.right - end : 0;
  if (by !== 0) list.scrollLeft += by;
}

/**
 * For a list that scrolls sideways on a phone: a ref for the list, which is scrolled (revealSideways) to its current
 * item (`aria-current="page"` or a tab's `aria-selected="true"`) before the browser paints, once the page is
 * interactive and whenever `current` changes. Without it the current page's link or tab could sit off the screen
 * (the header's Chat or Profile, the search's Tags, the profile's Removed).
 */
export function useRevealCurrent<T extends HTMLElement>(current: unknown) {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` names what marks another item as the current one.
  useLayoutEffect(() => {
    const list = ref.current;
    const item = list?.querySelector<HTMLElement>('[aria-current="page"], [aria-selected="true"]');
    if (list && item) revealSideways(list, item);
  }, [current]);
  return ref;
}
