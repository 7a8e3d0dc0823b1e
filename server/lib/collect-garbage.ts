/**
 * Memory-reducing collections that V8 does not run by itself in this Node (decision 046).
 *
 * V8 keeps the pages a collection frees in a pool, committed and resident, and gives them back only in a
 * memory-reducing collection. Its memory reducer starts one once the allocation rates are low, but in Node 24
 * (V8 13.6) it never finds them low: Node attaches a C++ heap that allocates nothing, an allocation speed of 0 counts
 * as a mutator utilization of 0, and so the embedder's rate always reads as high (--trace-memory-reducer: "high
 * alloc" at every check of an idle server). Under load the pool grows to ~40 MB and the young generation to its
 * maximum, and both stay resident for as long as the process lives.
 *
 * So the process runs that collection itself (V8's "last resort" flavour: full, compacting, pool released, young
 * generation shrunk): once at start, and each time it goes quiet after work. It is a pause of the main thread
 * (tens to a few hundred ms), which is why it waits for an interval in which the event loop was nearly idle: a
 * request arriving during it waits, as it would behind V8's own memory reducer.
 */
import { performance } from 'node:perf_hooks';

/**
 * Share of an interval the event loop may be busy in and still count as quiet. An idle server's own timers (job
 * polling, pool checks) keep it at ~0.3 %; one server-rendered page a second is ~0.5 %.
 */
const QUIET_SHARE = 0.02;

/** How long the event loop must have been nearly idle, after work, before the process gives memory back. */
export const QUIET_INTERVAL_MS = 5_000;
/** The shortest time between two of those collections: each pauses the server for tens to hundreds of ms. */
export const QUIET_COLLECTION_GAP_MS = 60_000;

export type Collect = () => void;

/** The collection, when Node exposes `gc` (the start script's --expose-gc); without it there is none. */
export function memoryReducingCollection(): Collect | undefined {
  const gc = globalThis.gc;
  if (!gc) return undefined;
  return () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** The share of the time since its previous call that the event loop was busy. */
function eventLoopBusyShare(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return share;
  };
}

/**
 * Every `intervalMs`, runs `collect` if the event loop was quiet through the interval and busy at some point since
 * the last collection: once per spell of work, between one and two intervals after it ends, and at most once per
 * `minGapMs`, so a server whose traffic comes and goes every few seconds pauses for it at most that often (what a
 * shorter gap would give back is that spell's garbage, not the pool of a long load). Returns the function that stops
 * it; its timer does not keep the process alive.
 */
export function collectWhenQuiet(
  collect: Collect,
  options: { intervalMs: number; minGapMs: number; busyShare?: () => number },
): () => void {
  const busyShare = options.busyShare ?? eventLoopBusyShare();
  let worked = false;
  let last = Number.NEGATIVE_INFINITY;
  const timer = setInterval(() => {
    if (busyShare() > QUIET_SHARE) {
      worked = true;
      return;
    }
    if (!worked || Date.now() - last < options.minGapMs) return;
    worked = false;
    last = Date.now();
    collect();
    // The collection's own pause is not work: the next interval starts after it.
    busyShare();
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
