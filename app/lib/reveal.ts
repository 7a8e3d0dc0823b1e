/**
 * For the links of a list that scrolls sideways (the header's navigation, the profile's tabs, the search types): on
 * focus the link is brought wholly into view. Chrome leaves a link that is partly shown where it is, so a keyboard
 * user on a phone saw the focus land on a link cut by the edge, its ring with it. The list's `scroll-px-*` keeps a
 * margin at the edge, so the ring drawn inside the link is not on it.
 */
import type { FocusEvent } from 'react';

export function revealOnFocus(event: FocusEvent<HTMLElement>) {
  event.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}
