/**
 * Chat (chat layout): the member's conversations and message requests, and the conversation chosen (`?c=ID`; the
 * requests list is `?tab=requests`), one route as every screen (decision 006). On a desktop the list and the
 * conversation sit side by side; on a phone one of them fills the screen and the conversation has a way back.
 * Messages arrive through the page's one socket: the list moves a conversation that got one to the top.
 */
import { useEffect, useRef, useState } from 'react';
import { localizedPath } from '../../core/locales.ts';
import type { Conversation, Paged } from '../../core/types.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Thread } from '../components/chat/Thread.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { EmptyState } from '../components/Status.tsx';
import { CountBadge } from '../components/ui/CountBadge.tsx';
import { Panel } from '../components/ui/Panel.tsx';
import { ApiError } from '../lib/api.ts';
import { textDir } from '../lib/direction.ts';
import { useKeptScroll } from '../lib/entries.ts';
import { focusLost } from '../lib/focus.ts';
import { loaderApi, requireUser } from '../lib/guard.ts';
import { FormattedMessage, useIntl } from '../lib/intl.tsx';
import { focusItem, keepPlace } from '../lib/keep-place.ts';
import { pageMeta } from '../lib/meta.ts';
import { usePaged } from '../lib/paged.ts';
import { failed, required } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import { useSocketConnect, useSocketEvent, useViewingConversation } from '../lib/socket.ts';
import { useUnread } from '../lib/unread.ts';
import type { Route } from './+types/chat';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireUser(context);
  const url = new URL(request.url);
  const requests = url.searchParams.get('tab') === 'requests';
  const raw = url.searchParams.get('c');
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const api = loaderApi(context);
  const openThread = async () => {
    if (id === null) return null;
    try {
      const [conversation, messages] = await Promise.all([api.conversation(id), api.conversationMessages(id)]);
      return { conversation: conversation.data, messages };
    } catch (err) {
      // Someone else's conversation (403), or one that is gone (404), is a conversation this person does not have.
      if (err instanceof ApiError && (err.code === 'FORBIDDEN' || err.code === 'NOT_FOUND')) return 'missing' as const;
      failed(request, err);
    }
  };
  const [list, thread] = await Promise.all([
    required(request, requests ? api.messageRequests() : api.conversations()),
    raw === null ? null : id === null ? ('missing' as const) : openThread(),
  ]);
  return { requests, list, thread };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'chat', { noindex: true });

export default function Chat({ loaderData }: Route.ComponentProps) {
  const { requests, thread } = loaderData;
  const { locale } = useSession();
  const selected = thread && thread !== 'missing' ? thread.conversation.id : null;
  const list = useConversations(loaderData.list, requests);
  // On a phone the list is hidden while a conversation is open.
  const scroll = useKeptScroll<HTMLDivElement>(listName(requests), Boolean(thread));
  // A message in the conversation on screen needs no notification.
  useViewingConversation(selected);
  const chatPath = (query: string) => localizedPath(locale, `/chat${query}`);

  // Back to the list on a phone, the focus that was in the conversation goes to the conversation's row.
  const open = useRef(selected);
  useEffect(() => {
    const closed = open.current;
    open.current = selected;
    if (closed === null || selected !== null || !focusLost()) return;
    const row = document.querySelector(`[data-conversation="${closed}"]`);
    if (row) focusItem(row);
  }, [selected]);

  return (
    <div className="grid min-h-chat flex-1 basis-0 grid-cols-1 gap-4 md:h-[calc(100dvh-10rem)] grid-rows-[minmax(0,1fr)] md:grid-cols-[18rem_minmax(0,1fr)]">
      <Panel as="section" aria-labelledby="conversations-heading" className={`flex min-h-0 flex-col ${thread ? 'hidden md:flex' : 'flex'}`}>
        <h1 id="conversations-heading" className="mb-3 text-lg font-semibold">
          <FormattedMessage id="chat.heading" />
        </h1>
        <Tabs requests={requests} to={chatPath} />
        <div {...scroll} className="-mx-2 min-h-0 flex-1 overflow-y-auto px-2">
          {list.items.length === 0 ? (
            <EmptyState>
              <FormattedMessage id={requests ? 'chat.requests_empty' : 'chat.empty'} />
            </EmptyState>
          ) : (
            <ul className="flex flex-col gap-1" aria-busy={list.loading}>
              {list.items.map((c) => (
                <li key={c.id} data-conversation={c.id}>
                  <ConversationLink
                    conversation={c}
                    current={c.id === selected}
                    to={chatPath(`?${requests ? 'tab=requests&' : ''}c=${c.id}`)}
                  />
                </li>
              ))}
            </ul>
          )}
          <LoadMore hasMore={list.hasMore} loading={list.loading} failed={list.failed} onMore={list.loadMore} />
        </div>
      </Panel>
      {thread === 'missing' ? (
        <Panel as="section" className="flex flex-col items-center justify-center gap-3 text-center" aria-labelledby="thread-missing">
          <h2 id="thread-missing" className="font-semibold">
            <FormattedMessage id="chat.missing" />
          </h2>
          <AppLink to={chatPath('')} className="text-brand-700 underline dark:text-brand-100">
            <FormattedMessage id="chat.back" />
          </AppLink>
        </Panel>
      ) : thread ? (
        <Thread
          key={thread.conversation.id}
          conversation={thread.conversation}
          first={thread.messages}
          backTo={chatPath(requests ? '?tab=requests' : '')}
          acceptedTo={chatPath(`?c=${thread.conversation.id}`)}
          onChange={list.update}
          onLeave={list.drop}
        />
      ) : (
        <section className="hidden items-center justify-center rounded-2xl border border-stone-200 p-6 text-center text-stone-600 md:flex dark:border-stone-800 dark:text-stone-400">
          <p>
            <FormattedMessage id={list.items.length === 0 ? 'chat.how' : 'chat.select'} />
          </p>
        </section>
      )}
    </div>
  );
}

function Tabs({ requests, to }: { requests: boolean; to: (query: string) => string }) {
  const intl = useIntl();
  const tab = (on: boolean) =>
    // A row, so that a count's badge stays beside the word while there is room; in a column too narrow for both tabs
    // (long words, a count) the badge goes under it rather than past the rounded border.
    `flex min-w-0 flex-1 flex-wrap items-center justify-center rounded-full px-2 py-1.5 text-center text-sm ${on ? 'bg-brand-600 font-semibold text-white' : 'hover:bg-stone-100 dark:hover:bg-stone-800'}`;
  return (
    <nav aria-label={intl.formatMessage({ id: 'chat.lists' })} className="mb-3">
      <ul className="flex gap-1 rounded-full border border-stone-200 p-1 dark:border-stone-800">
        <li className="flex min-w-0 flex-1">
          <AppLink to={to('')} aria-current={requests ? undefined : 'page'} className={tab(!requests)}>
            <FormattedMessage id="chat.tab_conversations" />
          </AppLink>
        </li>
        <li className="flex min-w-0 flex-1">
          <AppLink to={to('?tab=requests')} aria-current={requests ? 'page' : undefined} className={tab(requests)}>
            <FormattedMessage id="chat.tab_requests" />
            <RequestsCount onTab={requests} />
          </AppLink>
        </li>
      </ul>
    </nav>
  );
}

/** The requests waiting, beside the Requests tab: a badge for the eye, "1 message request" for screen readers. */
function RequestsCount({ onTab }: { onTab: boolean }) {
  const intl = useIntl();
  const count = useUnread()?.requests_count ?? 0;
  return (
    <CountBadge
      count={count}
      label={intl.formatMessage({ id: 'chat.requests_count' }, { count })}
      tone={onTab ? 'inverse' : 'brand'}
      testId="requests-count"
    />
  );
}

function ConversationLink({ conversation: c, current, to }: { conversation: Conversation; current: boolean; to: string }) {
  const intl = useIntl();
  const { user } = useSession();
  const name = c.other_user?.nickname ?? intl.formatMessage({ id: 'chat.deleted_account' });
  const last = c.last_message;
  // A request's words stay folded until its reader accepts it.
  const preview =
    c.status === 'request'
      ? intl.formatMessage({ id: 'chat.request_preview' })
      : !last
        ? intl.formatMessage({ id: 'chat.no_messages' })
        : last.sender_id === user?.id
          ? intl.formatMessage({ id: 'chat.you_wrote' }, { text: last.content })
          : last.content;
  return (
    <AppLink
      to={to}
      aria-current={current ? 'page' : undefined}
      data-testid="conversation"
      className="flex min-w-0 items-center gap-3 rounded-xl px-2 py-2 hover:bg-stone-100 aria-[current=page]:bg-brand-50 dark:hover:bg-stone-800 dark:aria-[current=page]:bg-stone-800"
    >
      {c.other_user?.avatar ? (
        <img src={c.other_user.avatar.url} alt="" width={36} height={36} className="shrink-0 rounded-full bg-stone-100 dark:bg-stone-800" />
      ) : (
        <span aria-hidden="true" className="size-9 shrink-0 rounded-full bg-stone-200 dark:bg-stone-700" />
      )}
      <span className="min-w-0 flex-1">
        <span className={`block truncate ${c.unread_count > 0 ? 'font-semibold' : 'font-medium'}`} dir="auto">
          {name}
        </span>
        <span className="block truncate text-sm text-stone-600 dark:text-stone-400" dir={preview ? textDir(preview) : undefined}>
          {preview}
        </span>
      </span>
      {c.unread_count > 0 ? (
        // relative: the screen-reader text is placed inside the scrolling list, not beyond the page's edge.
        <span className="relative shrink-0">
          <span
            aria-hidden="true"
            className="inline-block min-w-5 rounded-full bg-brand-600 px-1.5 text-center text-xs leading-5 font-semibold text-white"
          >
            {intl.formatNumber(c.unread_count)}
          </span>
          <span className="sr-only">{intl.formatMessage({ id: 'chat.unread' }, { count: c.unread_count })}</span>
        </span>
      ) : null}
    </AppLink>
  );
}

/**
 * The list on screen: the loader's first page, more pages on demand, and what happened since: a conversation with
 * a new message moves to the top (one not yet listed is fetched), one read anywhere loses its badge, and one that
 * left this list (accepted, declined, blocked) goes.
 */
function useConversations(first: Paged<Conversation>, requests: boolean) {
  const { api, user } = useSession();
  // It stays while a conversation is opened beside it, or on a phone over it, and Back finds it (decision 061).
  const load = (page?: number) => (requests ? api.messageRequests(page) : api.conversations(page));
  const paged = usePaged(first, load, listName(requests), {
    stays: true,
  });
  // What happened since the server's answer on screen (the list's first page), kept with the answer it happened
  // since. A new answer (another tab of the list, a revalidation) is the server's word on all of it, except on what
  // happened after the server read it: a message that arrived while the answer was on its way (the router changes the
  // address before it renders the new data) stays. Worked out in the render that shows the answer, and by each change
  // with the newest answer, never in an effect, which runs after paint and after a message that came meanwhile
  // (commit 50272b1). The answer on screen, not the loader's: the pages take the loader's one render later, and a
  // conversation dropped since would come back for that render.
  const shown = paged.shown ?? first;
  const [state, setState] = useState<Since>(() => ({ first: shown, changed: new Map(), dropped: new Set() }));
  const newest = useRef(shown);
  newest.current = shown;
  const { changed, dropped } = since(state, shown);
  const change = (next: (s: Since) => Since) => setState((s) => next(since(s, newest.current)));

  const update = (c: Conversation) => change((s) => ({ ...s, changed: new Map(s.changed).set(c.id, c) }));
  const drop = (id: number) => {
    // Declined or blocked from its pane: the focus goes to the conversation that takes its place in the list.
    keepPlace(document.querySelector(`[data-conversation="${id}"]`));
    change((s) => ({ ...s, dropped: new Set(s.dropped).add(id) }));
  };

  useSocketEvent(
    'message',
    (m) => {
      const known = changed.get(m.conversation_id) ?? paged.items.find((c) => c.id === m.conversation_id);
      if (known) {
        const mine = m.sender_id === user?.id;
        update({
          ...known,
          last_message: m,
          updated_at: m.created_at,
          unread_count: mine ? known.unread_count : known.unread_count + 1,
        });
        return;
      }
      api.conversation(m.conversation_id).then(
        ({ data }) => {
          if ((data.status === 'request') === requests && data.status !== 'declined') update(data);
        },
        () => {},
      );
    },
    user !== null,
  );
  useSocketEvent('conversation:read', (e) => {
    const known = changed.get(e.conversation_id) ?? paged.items.find((c) => c.id === e.conversation_id);
    if (known && known.unread_count > 0) update({ ...known, unread_count: 0 });
  });
  // What came while the socket was away (a phone asleep, a lost network) reached no handler above: on connecting,
  // the newest conversations as the server has them replace the ones shown that are not newer.
  useSocketConnect(() => {
    load().then(
      ({ data }) => {
        for (const c of data) {
          const shownNow = items.current.find((x) => x.id === c.id);
          if (!shownNow || c.updated_at >= shownNow.updated_at) update(c);
        }
      },
      () => {},
    );
  }, user !== null);

  const listed = new Set(paged.items.map((c) => c.id));
  const shownItems = [...paged.items.map((c) => changed.get(c.id) ?? c), ...[...changed.values()].filter((c) => !listed.has(c.id))]
    .filter((c) => !dropped.has(c.id) && (c.status === 'request') === requests)
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  const items = useRef(shownItems);
  items.current = shownItems;
  return { ...paged, items: shownItems, update, drop };
}

const listName = (requests: boolean) => (requests ? 'requests' : 'conversations');

/** What happened to the list since the server's answer `first`. */
interface Since {
  first: Paged<Conversation>;
  /** Conversations with news since (a message, read), by id. */
  changed: Map<number, Conversation>;
  /** Conversations that left the list since (declined, blocked). */
  dropped: Set<number>;
}

/** `s` as of the server's answer `first`: the same when it is the answer `s` is about. */
function since(s: Since, first: Paged<Conversation>): Since {
  return s.first === first ? s : { first, changed: newerThan(s.changed, first.data), dropped: new Set() };
}

/**
 * The conversations of `changed` that are newer than the server's copy in its list: a message that came after the
 * server read it. One the server does not list is its word (declined, blocked, here or elsewhere).
 */
function newerThan(changed: Map<number, Conversation>, listed: Conversation[]): Map<number, Conversation> {
  const server = new Map(listed.map((c) => [c.id, c]));
  const kept = new Map<number, Conversation>();
  for (const [id, c] of changed) {
    const copy = server.get(id);
    if (copy && c.updated_at > copy.updated_at) kept.set(id, c);
  }
  return kept;
}
