/**
 * Settings saved as they are changed (switches, radio buttons, checkboxes), queued as the item store queues toggles
 * (lib/items.ts): one request at a time, and when it returns, one more with the changes picked meanwhile, merged, until
 * the server holds the last state picked. The controls are never `disabled` while saving: a disabled control drops the
 * keyboard focus to the page's start, and someone arrowing from "Everyone" to "Nobody" in a radio group lost their
 * place after the first arrow (decision 073). `busy(field)` is for `aria-busy`.
 *
 * A failure shows the server's state again (every change not yet saved is dropped) and is reported once; a queue that
 * drains says "Saved" once.
 */
import { useReducer, useRef } from 'react';
import { useIntl } from './intl.tsx';
import { useToast } from './toast.tsx';

export interface SavedAtOnce<T> {
  /** The server's state with the changes not saved yet on top: what the controls show. */
  shown: T;
  /** Picks new values; they show at once and are saved in turn. */
  change(fields: Partial<T>): void;
  /** Whether a change of `field` is waiting or being saved. */
  busy(field: keyof T): boolean;
  /** Whether anything is waiting or being saved. */
  saving: boolean;
}

/** The fields of `wanted` whose values the server does not hold, or null when it holds them all. */
export function unsaved<T extends object>(wanted: Partial<T>, server: T): Partial<T> | null {
  const diff: Partial<T> = {};
  let any = false;
  for (const key of Object.keys(wanted) as (keyof T)[]) {
    if (!Object.is(wanted[key], server[key])) {
      diff[key] = wanted[key];
      any = true;
    }
  }
  return any ? diff : null;
}

/** The queue itself, without React: `changed` is called whenever what it shows changes. */
export function saveQueue<T extends object>(
  initial: T,
  send: (change: Partial<T>, server: T) => Promise<T>,
  changed: () => void,
): {
  readonly shown: T;
  readonly saving: boolean;
  busy(field: keyof T): boolean;
  /** Resolves when the server holds every change picked, rejects on a failure; only for the change that started a run. */
  change(fields: Partial<T>): Promise<void> | null;
} {
  let server = initial;
  let pending: Partial<T> = {};
  let sending: Partial<T> | null = null;

  async function drain() {
    try {
      for (;;) {
        const change = unsaved(pending, server);
        if (!change) break;
        sending = change;
        changed();
        const answer = await send(change, server);
        server = answer;
        // The server holds another value than the one sent (a change from another tab, a rule of its own) and
        // nothing was picked since: its word stands, rather than sending the same change again.
        const next = { ...pending };
        for (const key of Object.keys(change) as (keyof T)[]) {
          if (Object.is(next[key], change[key]) && !Object.is(answer[key], change[key])) delete next[key];
        }
        pending = next;
      }
    } finally {
      // A failure drops every change not saved: the controls show the server's state again.
      pending = {};
      sending = null;
      changed();
    }
  }

  return {
    get shown() {
      return { ...server, ...pending };
    },
    get saving() {
      return sending !== null;
    },
    busy: (field) => sending !== null && (field in sending || field in pending),
    change(fields) {
      const idle = sending === null;
      pending = { ...pending, ...fields };
      if (idle && !unsaved(pending, server)) pending = {};
      if (!idle || Object.keys(pending).length === 0) {
        changed();
        return null;
      }
      // Marked before the first await, so a second change in the same event waits for this request.
      sending = {};
      return drain();
    },
  };
}

/**
 * `send(change, server)` moves the server from `server` by `change` (the fields it does not hold yet) and resolves
 * to its new state. A call that flips a value (the server's toggles) reads the value it holds from `server`.
 */
export function useSavedAtOnce<T extends object>(initial: T, send: (change: Partial<T>, server: T) => Promise<T>): SavedAtOnce<T> {
  const intl = useIntl();
  const toast = useToast();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const sendRef = useRef(send);
  sendRef.current = send;
  const queue = useRef<ReturnType<typeof saveQueue<T>> | null>(null);
  queue.current ??= saveQueue(initial, (change, server) => sendRef.current(change, server), rerender);
  const q = queue.current;
  return {
    shown: q.shown,
    saving: q.saving,
    busy: q.busy,
    change(fields) {
      q.change(fields)?.then(
        () => toast.success(intl.formatMessage({ id: 'settings.saved' })),
        (err: unknown) => toast.failed(err),
      );
    },
  };
}
