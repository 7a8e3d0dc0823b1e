/**
 * The browser's one copy of each post, mood, thought, comment and poll, so that every view of an item (a card
 * in the feed, the post's own page, trending beside the feed, related posts, a tag or topic list) shows the
 * same state after any action. Loader data and fetched pages seed it; the server's answers to actions update
 * it. Toggles (support, favorite, reactions, votes, switches) are queued per item and group: one request at a
 * time, and when it returns, one more with the last state the reader picked, so five quick clicks end in the
 * fifth click's state with the server agreeing, and nothing flickers back in between. Why a hand-written
 * store and not TanStack Query: docs/decisions/007-client-item-store.md.
 *
 * During server rendering every view renders its own props (`getServerSnapshot`) and the store is never
 * touched, so one visitor's state cannot reach another visitor's page.
 */
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Comment, Mood, Poll, Post, Thought } from '../../core/types.ts';

export interface Items {
  post: Post;
  mood: Mood;
  thought: Thought;
  comment: Comment;
  poll: Poll;
}
export type Kind = keyof Items;

/** How one toggle of an item works. */
export interface Toggle<T, V> {
  /** An item can have several toggles (a post's support and favorite); each group queues on its own. */
  group: string;
  /** The toggle's value in a state of the item. */
  valueOf: (item: T) => V;
  /** The fields that show `value` until the server confirms it, computed over the server's last state. */
  show: (value: V, server: T) => Partial<T>;
  /** Moves the server from the state `server` to `value`; resolves to the fields of the server's answer. */
  send: (value: V, server: T) => Promise<Partial<T>>;
}

type Item = { id: number };

interface Entry {
  /** The server's last known state of the item. */
  server: Item;
  /** When `server` became known, on `clock`. */
  at: number;
  /** The values the reader picked that the server has not confirmed yet, by toggle group. */
  pending: Map<string, { value: unknown; show: (server: Item) => Partial<Item> }>;
  /** `server` with the pending values on top: the object every view reads. */
  shown: Item;
}

/**
 * Orders what the browser learnt: each server object is stamped when a view first sees it, each answer to an
 * action when it arrives. A view holding an object older than the entry (a page appended before the action)
 * shows the entry; a newer object (a revalidation, a client navigation) replaces it.
 */
let clock = 0;
const stamps = new WeakMap<object, number>();
const entries = new Map<string, Entry>();
const listeners = new Map<string, Set<() => void>>();
/** Items the reader hid or deleted, with when: only a server object fresher than that brings one back. */
let removed: ReadonlyMap<string, number> = new Map();
const removedListeners = new Set<() => void>();
const NOTHING_REMOVED: ReadonlyMap<string, number> = new Map();

const keyOf = (kind: Kind, id: number) => `${kind}:${id}`;

function stampOf(item: object): number {
  let at = stamps.get(item);
  if (at === undefined) {
    at = ++clock;
    stamps.set(item, at);
  }
  return at;
}

function recompute(entry: Entry) {
  let shown = entry.server;
  for (const { show } of entry.pending.values()) shown = { ...shown, ...show(entry.server) };
  // A view may pass the shown object back in as its props (the post page hands it to PostCard); stamped as
  // known no later than the entry, it never replaces the server's state with the reader's pending picks.
  if (shown !== entry.server) stamps.set(shown, 0);
  entry.shown = shown;
}

function notify(key: string) {
  for (const listener of listeners.get(key) ?? []) listener();
}

/** The server answered: its fields become the entry's server state. */
function confirm(key: string, entry: Entry, fields: Partial<Item>) {
  entry.server = { ...entry.server, ...fields };
  entry.at = ++clock;
  stamps.set(entry.server, entry.at);
  recompute(entry);
  notify(key);
}

/** The item as every view shows it, seeding the store with `item` when that is the freshest state known. */
export function readItem<K extends Kind>(kind: K, item: Items[K]): Items[K] {
  const key = keyOf(kind, item.id);
  const at = stampOf(item);
  const entry = entries.get(key);
  if (!entry) {
    entries.set(key, { server: item, at, pending: new Map(), shown: item });
    return item;
  }
  if (at > entry.at) {
    entry.server = item;
    entry.at = at;
    recompute(entry);
    // Called while a view renders: the other views of the item learn of it once that render is over.
    queueMicrotask(() => notify(key));
  }
  return entry.shown as Items[K];
}

export function subscribeItem(kind: Kind, id: number, listener: () => void): () => void {
  const key = keyOf(kind, id);
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(key);
  };
}

/** The item from the store, seeded by `item` (loader data, a fetched page); re-renders on every change. */
export function useItem<K extends Kind>(kind: K, item: Items[K]): Items[K] {
  const subscribe = useCallback((listener: () => void) => subscribeItem(kind, item.id, listener), [kind, item.id]);
  return useSyncExternalStore(
    subscribe,
    () => readItem(kind, item),
    () => item,
  );
}

/** Whether requests of one toggle of the item are in flight (for `aria-busy`). */
export function useToggling(kind: Kind, id: number, { group }: Pick<Toggle<unknown, unknown>, 'group'>): boolean {
  const subscribe = useCallback((listener: () => void) => subscribeItem(kind, id, listener), [kind, id]);
  return useSyncExternalStore(
    subscribe,
    () => entries.get(keyOf(kind, id))?.pending.has(group) ?? false,
    () => false,
  );
}

/** Records a change the server confirmed (an edit's answer, a new comment counted on its post). */
export function updateItem<K extends Kind>(kind: K, id: number, change: (server: Items[K]) => Partial<Items[K]>) {
  const key = keyOf(kind, id);
  const entry = entries.get(key);
  if (entry) confirm(key, entry, change(entry.server as Items[K]));
}

/**
 * Picks `value` for one toggle of the item: every view shows it at once. When no request of the group is in
 * flight one starts, and when it returns, the last value picked meanwhile is sent in turn until the server
 * holds it. If a request fails, the views fall back to the server's last state and the returned promise
 * rejects; only the call that started the requests gets it, so one failure is reported once.
 */
export function toggleItem<K extends Kind, V>(kind: K, id: number, value: V, how: Toggle<Items[K], V>): Promise<void> {
  const key = keyOf(kind, id);
  const entry = entries.get(key);
  if (!entry) return Promise.resolve();
  const inFlight = entry.pending.has(how.group);
  entry.pending.set(how.group, { value, show: (server) => how.show(value, server as Items[K]) });
  recompute(entry);
  notify(key);
  return inFlight ? Promise.resolve() : send(key, entry, how);
}

async function send<T extends Item, V>(key: string, entry: Entry, how: Toggle<T, V>) {
  try {
    for (;;) {
      const wanted = entry.pending.get(how.group)?.value as V;
      if (Object.is(how.valueOf(entry.server as T), wanted)) break;
      confirm(key, entry, await how.send(wanted, entry.server as T));
      // The server holds another value than the one sent (a change from another tab): its word stands.
      if (!Object.is(how.valueOf(entry.server as T), wanted)) break;
    }
  } finally {
    entry.pending.delete(how.group);
    recompute(entry);
    notify(key);
  }
}

/** The item is gone for this reader (hidden, deleted): every list leaves it out. */
export function removeItem(kind: Kind, id: number) {
  removed = new Map(removed).set(keyOf(kind, id), ++clock);
  for (const listener of removedListeners) listener();
}

/**
 * The reader took a hide back: the item shows again in every list that still holds it, where it was. A list read
 * since the hide (without it) stays as it is.
 */
export function restoreItem(kind: Kind, id: number) {
  const key = keyOf(kind, id);
  if (!removed.has(key)) return;
  const next = new Map(removed);
  next.delete(key);
  removed = next;
  for (const listener of removedListeners) listener();
}

function subscribeRemoved(listener: () => void) {
  removedListeners.add(listener);
  return () => {
    removedListeners.delete(listener);
  };
}

/**
 * The reader blocked this person: everything of theirs leaves every list at once, as it leaves what the server
 * sends from then on. A server object fresher than the block (sent after an unblock) shows again.
 */
export function removeAuthor(userId: number) {
  authorsRemoved++;
  removed = new Map(removed).set(`user:${userId}`, ++clock);
  for (const listener of removedListeners) listener();
}

let authorsRemoved = 0;

/**
 * How many people the reader blocked on this page's life: a count that includes their writing (a post's comments,
 * pages not loaded too) is the server's to say again after each.
 */
export function useAuthorsRemoved(): number {
  return useSyncExternalStore(
    subscribeRemoved,
    () => authorsRemoved,
    () => 0,
  );
}

/** Whether a list should leave out this server object of the item (it, or its author, was removed after it was sent). */
export function isRemoved(kind: Kind, item: Item, gone: ReadonlyMap<string, number> = removed): boolean {
  const at = gone.get(keyOf(kind, item.id));
  const author = 'user' in item && item.user && typeof item.user === 'object' ? gone.get(`user:${(item.user as Item).id}`) : undefined;
  const since = Math.max(at ?? -1, author ?? -1);
  return since >= 0 && since > stampOf(item);
}

/** The items of a list without those the reader hid or deleted in any view. */
export function useVisible<K extends Kind>(kind: K, items: Items[K][]): Items[K][] {
  const gone = useSyncExternalStore(
    subscribeRemoved,
    () => removed,
    () => NOTHING_REMOVED,
  );
  return gone.size === 0 ? items : items.filter((item) => !isRemoved(kind, item, gone));
}

/**
 * Each item of a list as every view shows it now, re-rendering when any of them changes: for a list that keeps to
 * a state the reader changes in any view (the posts and moods they hid, decision 066).
 */
export function useItems<K extends Kind>(kind: K, items: Items[K][]): Items[K][] {
  const latest = useRef(items);
  latest.current = items;
  const shown = useRef<Items[K][]>([]);
  const ids = items.map((item) => item.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the subscription follows the ids; the items are read through the ref.
  const subscribe = useCallback(
    (listener: () => void) => {
      const offs = latest.current.map((item) => subscribeItem(kind, item.id, listener));
      return () => {
        for (const off of offs) off();
      };
    },
    [kind, ids],
  );
  return useSyncExternalStore(
    subscribe,
    () => {
      const next = latest.current.map((item) => readItem(kind, item));
      const before = shown.current;
      // The same objects as last time: the same array, so React sees no change.
      if (next.length === before.length && next.every((item, i) => item === before[i])) return before;
      shown.current = next;
      return next;
    },
    () => items,
  );
}
