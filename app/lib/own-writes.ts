/**
 * What this tab has published, so the feeds' "new posts" pill does not announce the reader's own post back to
 * them. The server announces a new post to the feed's room as soon as it is written, and that event can arrive
 * before the answer that tells this tab the post's id; while a write is on its way the pill therefore holds
 * what arrives, and once the answer is in, it leaves the reader's own item out.
 */
import { useSyncExternalStore } from 'react';

export type Published = 'post' | 'mood';

const own = new Set<string>();
let writing = 0;
let version = 0;
const listeners = new Set<() => void>();

function changed() {
  version++;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs a post or mood write, remembering what it created (a text may land in the other feed: `placed_as`). */
export async function publishing<T extends { data: { id: number }; placed_as?: Published }>(
  kind: Published,
  write: Promise<T>,
): Promise<T> {
  writing++;
  changed();
  try {
    const res = await write;
    own.add(`${res.placed_as ?? kind}:${res.data.id}`);
    return res;
  } finally {
    writing--;
    changed();
  }
}

/** Whether a write is on its way, and whether an item is one of the reader's own; re-renders when either changes. */
export function useOwnWrites(): { writing: boolean; isOwn: (kind: Published, id: number) => boolean } {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  return { writing: writing > 0, isOwn: (kind, id) => own.has(`${kind}:${id}`) };
}
