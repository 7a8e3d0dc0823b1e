/**
 * The running app's job queue, for `notify()` and other senders that are handed a transaction but not the app.
 * A process runs one app; tests build more than one at a time (a second app on its own database, closed while the
 * first goes on), so the queues are kept in the order they started and the newest still running is the current one:
 * closing the second gives the first its queue back. `send` writes into the caller's transaction, so the job lands in
 * the caller's database whichever app's queue object sends it.
 */
import type { JobQueue } from './queue.ts';

const running: JobQueue[] = [];

export const currentQueue = (): JobQueue | null => running.at(-1) ?? null;

export function setCurrentQueue(queue: JobQueue) {
  running.push(queue);
}

/** Forgets this queue (its app is closing); an app started before it becomes current again. */
export function releaseQueue(queue: JobQueue) {
  const at = running.lastIndexOf(queue);
  if (at >= 0) running.splice(at, 1);
}
