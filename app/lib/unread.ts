/**
 * The signed-in person's unread messages and waiting requests, shown by the header's Chat link and in the document
 * title as "(3) …". The server keeps the counts on rows; a page asks for them once and then follows the socket:
 * `unread` whenever they change, and `conversation:read` when any tab or device reads a conversation, so a read
 * in one tab clears the badge in the others.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { Unread } from '../../core/types.ts';
import { useIntl } from './intl.tsx';
import { useSession } from './session.tsx';
import { useSocketConnect, useSocketEvent } from './socket.ts';

let counts: Unread | null = null;
let owner: number | null = null;
const listeners = new Set<() => void>();

/** New counts from the server (an answer or an event). */
export function setUnread(next: Unread) {
  if (counts && counts.unread_total === next.unread_total && counts.requests_count === next.requests_count) return;
  counts = { unread_total: next.unread_total, requests_count: next.requests_count };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The counts, or null until known (and always during server rendering). */
export function useUnread(): Unread | null {
  return useSyncExternalStore(
    subscribe,
    () => counts,
    () => null,
  );
}

/**
 * Keeps the counts current while a signed-in page is shown, and puts the total in the document title; returns that
 * total (unread messages and waiting requests), 0 while unknown or signed out.
 */
export function useUnreadWatch() {
  const { api, user } = useSession();
  const userId = user?.id ?? null;
  const signedIn = userId !== null;

  const refresh = useCallback(() => {
    api.unreadMessages().then(setUnread, () => {
      // Without the counts the badge stays as it was; the next page or event brings them.
    });
  }, [api]);
  useEffect(() => {
    if (userId === null) return;
    if (owner !== userId) {
      owner = userId;
      counts = null;
    }
    refresh();
  }, [refresh, userId]);

  // Counts that changed before the socket was listening (or while it was away) are asked for again.
  useSocketConnect(refresh, signedIn);
  useSocketEvent('unread', setUnread, signedIn);
  useSocketEvent('conversation:read', setUnread, signedIn);
  const shown = useUnread();
  const total = signedIn && shown ? shown.unread_total + shown.requests_count : 0;
  useUnreadTitle(total);
  return total;
}

/** The prefix this page put before the route's title, so it can take it off again. */
let shownPrefix = '';

function useUnreadTitle(total: number) {
  const intl = useIntl();
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page sets its own title, which needs the prefix again.
  useEffect(() => {
    const base = shownPrefix && document.title.startsWith(shownPrefix) ? document.title.slice(shownPrefix.length) : document.title;
    shownPrefix = total > 0 ? `(${intl.formatNumber(total)}) ` : '';
    setTitle(`${shownPrefix}${base}`);
  }, [total, intl, location.pathname, location.search]);
}

/**
 * Writes the title into the text the `<title>` element holds, not through `document.title`: that setter replaces
 * the element's text node, and Preact (the browser's renderer, decision 052) goes on writing each route's title into
 * the node it created, now out of the document, so every later page kept this one's title. Unchanged, nothing is
 * written.
 */
function setTitle(next: string) {
  if (document.title === next) return;
  const text = document.querySelector('head > title')?.firstChild;
  if (text?.nodeType === Node.TEXT_NODE) (text as Text).data = next;
  else document.title = next;
}
