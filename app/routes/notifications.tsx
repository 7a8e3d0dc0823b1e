/**
 * Notifications (default layout, a page rather than a panel so it works the same on a phone): what happened to the
 * member's posts, comments and messages, newest activity first, each a link to its item. New and grown notifications
 * arrive through the socket and go to the top; opening one marks it seen, and "mark all as seen" clears the bell in
 * every tab (the server's `notifications:seen`).
 */
import { useEffect, useRef, useState } from 'react';
import { localizedPath } from '../../core/locales.ts';
import type { Notification } from '../../core/notifications.ts';
import { AppLink } from '../components/AppLink.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { EmptyState, PageHeading } from '../components/Status.tsx';
import { Button } from '../components/ui/Button.tsx';
import { useBurst } from '../lib/burst.ts';
import { textDir } from '../lib/direction.ts';
import { loaderApi, requireUser } from '../lib/guard.ts';
import { FormattedMessage, FormattedRelativeTime, useIntl } from '../lib/intl.tsx';
import { pageMeta } from '../lib/meta.ts';
import { NOTIFICATION_BURST_MS, setUnseen, useNewNotifications, useUnseen } from '../lib/notifications.ts';
import { agoFrom, useNow } from '../lib/now.ts';
import { usePaged } from '../lib/paged.ts';
import { required } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import { useToast } from '../lib/toast.tsx';
import type { Route } from './+types/notifications';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireUser(context);
  return { page: await required(request, loaderApi(context).notifications()) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'notifications', { noindex: true });

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { api } = useSession();
  const toast = useToast();
  const list = usePaged(loaderData.page, (page) => api.notifications(page), 'notifications');
  /** Arrived through the socket since the page loaded, newest first; they replace the same ids further down. */
  const [arrived, setArrived] = useState<Notification[]>([]);
  /** Ids marked seen here since they were loaded. */
  const [seen, setSeen] = useState<Set<number> | 'all'>(new Set());
  const [busy, setBusy] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const unseen = useUnseen() ?? loaderData.page.meta.unseen_count;

  // New loader data (a revalidation) already holds what arrived and what was marked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the loader data is the trigger, not an input.
  useEffect(() => {
    setArrived([]);
    setSeen(new Set());
  }, [loaderData.page]);
  const announcement = useArrivalAnnouncement();
  useNewNotifications((n) => {
    setArrived((old) => [n, ...old.filter((o) => o.id !== n.id)]);
    setSeen((old) => (old === 'all' ? new Set() : new Set([...old].filter((id) => id !== n.id))));
    announcement.add(n);
  });
  // A mark made in another tab clears this list too.
  useEffect(() => {
    if (unseen === 0) setSeen('all');
  }, [unseen]);

  const fresh = new Set(arrived.map((n) => n.id));
  const items = [...arrived, ...list.items.filter((n) => !fresh.has(n.id))];
  const isSeen = (n: Notification) => n.seen || seen === 'all' || seen.has(n.id);

  async function markAll(button: HTMLButtonElement) {
    setBusy(true);
    try {
      const res = await api.markNotificationsSeen();
      setUnseen(res.unseen_count);
      // With nothing left to mark the button is disabled, and its focus would fall to the start of the document:
      // it goes to the newest notification, where the reading goes on.
      if (document.activeElement === button) listRef.current?.querySelector<HTMLElement>('[data-testid="notification"]')?.focus();
      setSeen('all');
    } catch (err) {
      toast.failed(err);
    } finally {
      setBusy(false);
    }
  }

  function open(n: Notification) {
    if (isSeen(n)) return;
    setSeen((old) => (old === 'all' ? old : new Set([...old, n.id])));
    // The page follows the link meanwhile; the bell hears the new count from the server.
    api.markNotificationsSeen([n.id]).then(
      (res) => setUnseen(res.unseen_count),
      () => {},
    );
  }

  return (
    <>
      <PageHeading>
        <FormattedMessage id="notifications.title" />
      </PageHeading>
      {items.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="notifications.empty" />
        </EmptyState>
      ) : (
        <>
          <div className="mb-3 flex justify-end">
            <Button
              size="sm"
              onClick={(e) => markAll(e.currentTarget)}
              busy={busy}
              disabled={!busy && items.every(isSeen)}
              data-testid="mark-all-seen"
            >
              <FormattedMessage id="notifications.mark_all_seen" />
            </Button>
          </div>
          <ol ref={listRef} className="flex flex-col gap-2" aria-busy={list.loading} data-testid="notifications">
            {items.map((n) => (
              <li key={n.id}>
                <NotificationRow notification={n} seen={isSeen(n)} onOpen={() => open(n)} />
              </li>
            ))}
          </ol>
        </>
      )}
      {/* Present from the first render, so that what is written into it later is announced. */}
      <p role="status" className="sr-only" data-testid="notifications-arrived">
        {announcement.text ? <span key={announcement.key}>{announcement.text}</span> : null}
      </p>
      <LoadMore hasMore={list.hasMore} loading={list.loading} failed={list.failed} onMore={list.loadMore} showEnd={items.length > 0} />
    </>
  );
}

/**
 * What a screen reader hears when notifications arrive through the socket: once per burst (a post supported by
 * several people at once is one event per support), the sentence when one came, else how many. Each announcement
 * is a new node, so the same words twice are read twice.
 */
function useArrivalAnnouncement() {
  const intl = useIntl();
  const [said, setSaid] = useState<{ key: number; text: string } | null>(null);
  const arrivals = useBurst<Notification>(NOTIFICATION_BURST_MS, (batch) => {
    // A grown notification comes again in the same burst: its latest sentence, counted once.
    const byId = [...new Map(batch.map((n) => [n.id, n])).values()];
    const text =
      byId.length === 1
        ? `${intl.formatMessage({ id: 'notifications.new' })}: ${byId[0].data.text}`
        : intl.formatMessage({ id: 'notifications.bell' }, { count: byId.length });
    setSaid((old) => ({ key: (old?.key ?? 0) + 1, text }));
  });
  return { add: arrivals.add, text: said?.text ?? null, key: said?.key ?? 0 };
}

function NotificationRow({ notification: n, seen, onOpen }: { notification: Notification; seen: boolean; onOpen: () => void }) {
  const { locale } = useSession();
  const intl = useIntl();
  const now = useNow();
  return (
    <AppLink
      to={localizedPath(locale, n.data.url)}
      onClick={onOpen}
      data-testid="notification"
      data-seen={seen}
      className={`flex items-start gap-3 rounded-lg border px-4 py-3 hover:border-brand-500 ${
        seen
          ? 'border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900'
          : 'border-brand-100 bg-brand-50 dark:border-brand-700 dark:bg-stone-800'
      }`}
    >
      <span aria-hidden="true" className={`mt-2 size-2 shrink-0 rounded-full ${seen ? 'bg-transparent' : 'bg-brand-600'}`} />
      <span className="min-w-0 flex-1">
        {seen ? null : <span className="sr-only">{`${intl.formatMessage({ id: 'notifications.new' })}: `}</span>}
        <span dir={textDir(n.data.text)} className={`block break-words ${seen ? '' : 'font-semibold'}`}>
          {n.data.text}
        </span>
        <time className="text-sm text-stone-600 dark:text-stone-400" dateTime={n.created_at}>
          <FormattedRelativeTime value={agoFrom(n.created_at, now)} updateIntervalInSeconds={60} numeric="auto" />
        </time>
      </span>
    </AppLink>
  );
}
