/**
 * Hiding a post or mood from one's feeds, and taking it back (SPEC.md section 4, decision 066). A hide takes the item
 * out of every list at once (items.ts removeItem) and says so in a toast whose Undo shows it again where it was; a
 * hidden item's card says it is hidden and offers Unhide, and settings list everything one hid (HiddenItems).
 * Each change waits for the server: a refusal is said in a toast and nothing moves.
 */
import type { Mood, Post } from '../../core/types.ts';
import { focusFromScript } from './focus.ts';
import { useIntl } from './intl.tsx';
import { removeItem, restoreItem, updateItem } from './items.ts';
import { keepPlace } from './keep-place.ts';
import { useSession } from './session.tsx';
import { useSignIn } from './signin.tsx';
import { useToast } from './toast.tsx';

export type HiddenKind = 'post' | 'mood';

/** The element every card of the item carries (PostCard, MoodCard, a row of HiddenItems), to find it again. */
export const itemMark = (kind: HiddenKind, id: number) => ({ 'data-item': `${kind}-${id}` });

/** What the toast says after each change. */
const SAID = {
  post: { hidden: 'post.hidden', shown: 'post.unhidden' },
  mood: { hidden: 'mood.hidden', shown: 'mood.unhidden' },
} as const;

/**
 * Puts the focus on the item shown again: in the list it left when that list is still on the page (a feed beside
 * its trending column can show one post twice), else wherever it shows. It comes back at the list's next render.
 */
function focusShownAgain(kind: HiddenKind, id: number, list: Element | null) {
  requestAnimationFrame(() => {
    const selector = `[data-item="${kind}-${id}"]`;
    const target = (list?.isConnected ? list.querySelector<HTMLElement>(selector) : null) ?? document.querySelector<HTMLElement>(selector);
    if (target) focusFromScript(target);
  });
}

export function useHiding(kind: HiddenKind) {
  const { api, user } = useSession();
  const signIn = useSignIn();
  const toast = useToast();
  const intl = useIntl();

  /**
   * Hides the item or shows it again. `leaving` is the element of a list entry that goes with the change (a card
   * in a feed, a row of the hidden list): the focus then goes to the entry that takes its place. Resolves whether the
   * server agreed.
   */
  async function setHidden(item: Post | Mood, hidden: boolean, leaving: Element | null = null): Promise<boolean> {
    if (!user) {
      signIn.open();
      return false;
    }
    let answer: { is_hidden: boolean };
    try {
      answer = kind === 'post' ? await api.hidePost(item.id, hidden) : await api.hideMood(item.id, hidden);
    } catch (err) {
      toast.failed(err);
      return false;
    }
    const list = leaving?.closest('ol, ul') ?? null;
    if (leaving) keepPlace(leaving);
    if (answer.is_hidden) removeItem(kind, item.id);
    else restoreItem(kind, item.id);
    updateItem(kind, item.id, () => answer);
    toast.success(intl.formatMessage({ id: SAID[kind][answer.is_hidden ? 'hidden' : 'shown'] }), undefined, {
      label: intl.formatMessage({ id: 'alert.undo' }),
      run: async () => {
        if (await setHidden(item, !answer.is_hidden)) focusShownAgain(kind, item.id, list);
      },
    });
    return true;
  }

  return setHidden;
}
