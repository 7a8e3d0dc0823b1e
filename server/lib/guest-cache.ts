/**
 * Responses kept for signed-out visitors (the idea of Discourse's anonymous cache). What a guest reads — a feed
 * page, a post, the server-rendered page around them — is the same for every guest with the same language and
 * address, so it is produced once and served from memory for a few seconds. Every successful write clears it, so
 * a guest never waits longer than `ttlMs` to see a change made through another instance, and sees changes made
 * through this one at once. Signed-in readers never go through it: their pages carry their own flags.
 */

export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The body compressed, by content-encoding, made on first demand: compressing a page costs more than rendering it. */
  encoded?: Map<string, Buffer>;
}

interface Entry {
  response: CachedResponse;
  expires: number;
  bytes: number;
}

export interface GuestCacheOptions {
  ttlMs: number;
  /** Upper bound of the bodies kept, in bytes; the oldest entries go first. */
  maxBytes: number;
}

export class GuestCache {
  readonly #entries = new Map<string, Entry>();
  /** Fills under way, so that concurrent misses of one key produce the response once. */
  readonly #filling = new Map<string, Promise<CachedResponse | null>>();
  #bytes = 0;
  /** Bumped by clear(): a fill that began before a write must not store what it read. */
  #generation = 0;
  readonly #options: GuestCacheOptions;

  constructor(options: GuestCacheOptions) {
    this.#options = options;
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.#drop(key, entry);
      return undefined;
    }
    return entry.response;
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
      if (keep) this.#store(key, response);
      settle(keep ? response : null);
    };
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#bytes = 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  #store(key: string, response: CachedResponse) {
    const bytes = response.body.length;
    if (bytes > this.#options.maxBytes) return;
    const previous = this.#entries.get(key);
    if (previous) this.#drop(key, previous);
    this.#entries.set(key, { response, expires: Date.now() + this.#options.ttlMs, bytes });
    this.#bytes += bytes;
    // Maps iterate in insertion order, so the first keys are the oldest.
    for (const [oldKey, oldEntry] of this.#entries) {
      if (this.#bytes <= this.#options.maxBytes) break;
      this.#drop(oldKey, oldEntry);
    }
  }

  #drop(key: string, entry: Entry) {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
