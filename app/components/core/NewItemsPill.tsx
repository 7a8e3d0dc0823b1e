/**
 * "New posts" pill: listens on the feed's public room for `feed:new` and offers to reload the list, through the
 * app's one socket (lib/socket), which loads after the page is interactive, so it is not part of the first load.
 */
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { FeedNew } from '../../../core/realtime.ts';
import { useRoom, useSocketEvent } from '../../lib/socket.ts';
import { Button } from '../ui/Button.tsx';

const ROOM_ITEM: Record<'feed:posts' | 'feed:moods', FeedNew['type']> = { 'feed:posts': 'post', 'feed:moods': 'mood' };

export function NewItemsPill({
  room,
  ownIds,
  onShow,
}: {
  room: 'feed:posts' | 'feed:moods';
  ownIds?: ReadonlySet<number>;
  onShow: () => void;
}) {
  const [count, setCount] = useState(0);

  useRoom(room);
  useSocketEvent('feed:new', (item) => {
    // The shared socket may be in other feeds' rooms too.
    if (item.type === ROOM_ITEM[room] && !ownIds?.has(item.id)) setCount((n) => n + 1);
  });

  if (count === 0) return null;
  return (
    <div className="sticky top-16 z-10 mb-3 flex justify-center">
      <Button
        onClick={() => {
          setCount(0);
          onShow();
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
        variant="primary"
        className="text-sm shadow-lg"
      >
        <FormattedMessage id={room === 'feed:posts' ? 'feed.new_posts' : 'feed.new_moods'} values={{ count }} />
      </Button>
    </div>
  );
}
