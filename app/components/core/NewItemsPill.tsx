/**
 * "New posts" pill: listens on the feed's public room for `feed:new` and offers to reload the list, through the
 * app's one socket (lib/socket), which loads after the page is interactive, so it is not part of the first load.
 * It sits in a polite live region, so screen readers hear it appear, and leaves out what the reader published
 * themselves (lib/own-writes) and what the list will not show them: items in languages they chose not to read.
 */
import { useEffect, useRef, useState } from 'react';
import { COOKIE } from '../../../core/limits.ts';
import { readerLanguages } from '../../../core/locales.ts';
import { parseCookies } from '../../lib/i18n.ts';
import { FormattedMessage } from '../../lib/intl.tsx';
import { type Published, useOwnWrites } from '../../lib/own-writes.ts';
import { useSession } from '../../lib/session.tsx';
import { useRoom, useSocketEvent } from '../../lib/socket.ts';
import { Button } from '../ui/Button.tsx';

const ROOM_ITEM: Record<'feed:posts' | 'feed:moods', Published> = { 'feed:posts': 'post', 'feed:moods': 'mood' };

export function NewItemsPill({ room, onShow }: { room: 'feed:posts' | 'feed:moods'; onShow: () => void }) {
  const [ids, setIds] = useState<number[]>([]);
  const { writing, isOwn } = useOwnWrites();
  const kind = ROOM_ITEM[room];

  useRoom(room);
  const { user } = useSession();
  useSocketEvent('feed:new', (item) => {
    // The shared socket may be in other feeds' rooms too. The languages are read when an item arrives: the reader
    // may have chosen others since the page loaded (the guest's choice is a cookie the list's loader reads too).
    if (item.type !== kind) return;
    const languages = readerLanguages(user?.content_languages ?? null, parseCookies(document.cookie)[COOKIE.contentLanguages]);
    if (languages && !languages.includes(item.language)) return;
    setIds((known) => (known.includes(item.id) ? known : [...known, item.id]));
  });

  // While the reader's own write is on its way, its announcement cannot be told apart from others' yet.
  const count = writing ? 0 : ids.filter((id) => !isOwn(kind, id)).length;
  return (
    <div aria-live="polite" className="sticky top-16 z-10 flex justify-center">
      {count > 0 ? (
        <Button
          onClick={() => {
            setIds([]);
            onShow();
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
          variant="primary"
          className="mb-3 text-sm shadow-lg"
        >
          <FormattedMessage id={room === 'feed:posts' ? 'feed.new_posts' : 'feed.new_moods'} values={{ count }} />
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The pill disappears when pressed, taking the focus with it: once the reloaded list is shown, the focus goes to
 * its first item, the newest one the reader asked to see. `shown` is the list's first page on screen: the list
 * is reloaded when that is a new object (the router commits revalidated data in a transition, possibly after
 * other updates, and the list takes it over one render later).
 */
export function useFocusFirstAfter(reload: () => Promise<void>, shown: unknown) {
  const list = useRef<HTMLOListElement>(null);
  const before = useRef<unknown>(NOTHING);
  useEffect(() => {
    if (before.current === NOTHING || before.current === shown) return;
    before.current = NOTHING;
    list.current?.querySelector<HTMLElement>('article')?.focus();
  }, [shown]);
  const show = () => {
    before.current = shown;
    void reload();
  };
  return { list, show };
}

const NOTHING = Symbol('nothing asked');
