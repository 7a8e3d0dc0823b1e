/**
 * "New posts" pill: listens on the feed's public room for `feed:new` and offers to reload the list. The
 * socket client loads after the page is interactive, so it is not part of the first load.
 */
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../ui/Button.tsx';

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

  useEffect(() => {
    let closed = false;
    let disconnect = () => {};
    import('socket.io-client')
      .then(({ io }) => {
        if (closed) return;
        // The session cookie authenticates the socket; only public rooms are joined here.
        const socket = io({ path: '/socket.io', transports: ['websocket', 'polling'], withCredentials: true });
        socket.on('connect', () => socket.emit('subscribe', room));
        socket.on('feed:new', (event: { id: number }) => {
          if (!ownIds?.has(event.id)) setCount((n) => n + 1);
        });
        disconnect = () => socket.disconnect();
      })
      .catch(() => {
        // Without realtime the list still works; it just does not announce new items.
      });
    return () => {
      closed = true;
      disconnect();
    };
  }, [room, ownIds]);

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
