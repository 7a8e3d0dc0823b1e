/**
 * Limits route prefetching (SPEC.md section 2): about 5 at a time, and none on Save-Data or 2g connections,
 * where the bytes matter more than the head start.
 */
export const MAX_CONCURRENT_PREFETCHES = 5;
/** How long a prefetch counts as running; the browser fetches a route's chunks and data well within this. */
export const PREFETCH_SLOT_MS = 3000;

interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

export function connectionAllowsPrefetch(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}

let running = 0;

/** Takes one of the slots, or returns null when all are busy; the slot frees itself after a while. */
export function takePrefetchSlot(): boolean {
  const connection = typeof navigator === 'undefined' ? undefined : (navigator as { connection?: ConnectionInfo }).connection;
  if (!connectionAllowsPrefetch(connection) || running >= MAX_CONCURRENT_PREFETCHES) return false;
  running++;
  setTimeout(() => {
    running--;
  }, PREFETCH_SLOT_MS);
  return true;
}
