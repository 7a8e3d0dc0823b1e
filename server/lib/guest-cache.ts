/**
 * Responses kept for signed-out visitors (the idea of Discourse's anonymous cache). What a guest reads — a feed
 * page, a post, the server-rendered page around them — is the same for every guest with the same language and
 * address, so it is produced once and served from memory for a few seconds. Writes that change what guests see
 * clear it, so a guest never waits longer than `ttlMs` to see a change made through another instance, and sees
 * changes made through this one at once. Signed-in readers never go through it: their pages carry their own flags.
 *
 * The store is lru-cache (size-bounded, least recently used out first, per-entry time to live); what is ours is
 * the coordination around it: one fill per key at a time, and no fill kept that began before a clear.
 */
import { LRUCache } from 'lru-cache';

export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /**
   * The body compressed, by content-encoding, made on first demand (compressing a page costs more than rendering
   * it) by GuestCache.encoded, which keeps it counted toward the cache's bound.
   */
  readonly encoded?: ReadonlyMap<string, Buffer>;
}

/** What an entry holds in memory: its body and every compressed copy of it. */
function bytesOf(response: CachedResponse): number {
  let bytes = response.body.length;
  for (const copy of response.encoded?.values() ?? []) bytes += copy.length;
  return Math.max(1, bytes);
}

export interface GuestCacheOptions {
  ttlMs: number;
  /** Upper bound of the bodies and their compressed copies kept, in bytes; the least recently used entries go first. */
  maxBytes: number;
  /** The clock entries expire by, in milliseconds; tests move it instead of sleeping. */
  now?: () => number;
}

export class GuestCache {
  readonly #entries: LRUCache<string, CachedResponse>;
  /** Fills under way, so that concurrent misses of one key produce the response once. */
  readonly #filling = new Map<string, Promise<CachedResponse | null>>();
  /** Bumped by clear(): a fill that began before a write must not store what it read. */
  #generation = 0;

  constructor(options: GuestCacheOptions) {
    this.#entries = new LRUCache<string, CachedResponse>({
      maxSize: options.maxBytes,
      sizeCalculation: bytesOf,
      ttl: options.ttlMs,
      // With an injected clock, read it on every check rather than lru-cache's once-per-millisecond reading.
      ttlResolution: options.now ? 0 : 1,
      ...(options.now && { perf: { now: options.now } }),
    });
  }

  get(key: string): CachedResponse | undefined {
    return this.#entries.get(key);
  }

  /** A fill of this key under way, if any: waiting for it is cheaper than producing the response again. */
  pending(key: string): Promise<CachedResponse | null> | undefined {
    return this.#filling.get(key);
  }

  /**
   * Claims the fill of `key`: returns the function that ends it with the produced response (or null when the
   * response must not be kept). The response is stored only if nothing was written meanwhile.
   */
  begin(key: string): (response: CachedResponse | null) => void {
    const generation = this.#generation;
    let settle!: (response: CachedResponse | null) => void;
    const filled = new Promise<CachedResponse | null>((resolve) => {
      settle = resolve;
    });
    this.#filling.set(key, filled);
    return (response) => {
      if (this.#filling.get(key) === filled) this.#filling.delete(key);
      const keep = response !== null && generation === this.#generation;
      // A body larger than the whole cache is refused by lru-cache; the waiters still get it.
      if (keep) this.#entries.set(key, response);
      settle(keep ? response : null);
    };
  }

  /**
   * The body of `response` (the entry of `key`) compressed as `encoding`: the kept copy, or one made by `compress`
   * and kept with the entry. lru-cache measures an entry when it is set, so the copy goes into a new entry set in
   * place of the old one, keeping its time to live; it is not kept when the entry was cleared or replaced meanwhile.
   */
  encoded(key: string, response: CachedResponse, encoding: string, compress: (body: Buffer) => Buffer): Buffer {
    const kept = response.encoded?.get(encoding);
    if (kept) return kept;
    const made = compress(response.body);
    if (this.#entries.peek(key) === response) {
      const encoded = new Map(response.encoded).set(encoding, made);
      this.#entries.set(key, { ...response, encoded }, { noUpdateTTL: true });
    }
    return made;
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
