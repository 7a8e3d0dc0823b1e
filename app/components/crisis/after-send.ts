/**
 * The crisis notice of a text sent from a form that closed on sending (a post, a mood, a topic, advice, an edit):
 * the form and its notice are gone, so the notice is pinned above the toasts (CrisisAfterSend) until the person
 * hides it. A tiny store of its own, so the page's first load carries no more than this.
 */
import { useSyncExternalStore } from 'react';

let pinned = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (pinned === next) return;
  pinned = next;
  for (const listener of listeners) listener();
}

/** Pins the notice; one already pinned stays as it is (not announced again). */
export const pinCrisisNotice = () => set(true);
export const unpinCrisisNotice = () => set(false);
export const crisisNoticePinned = () => pinned;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useCrisisNoticePinned(): boolean {
  return useSyncExternalStore(subscribe, crisisNoticePinned, () => false);
}
