/**
 * The part of trending posts every viewer shares: which posts had the most supports and comments in the window,
 * best first. Counting a week of activity costs more as the tables grow, so it is counted at most once per
 * TRENDING_TTL_MS per database handle; each viewer's rules (languages, hides, blocks, moderation) still apply per
 * request (posts/service.ts trendingPosts). A support or comment written through this process drops the
 * ranking at once, so its writer sees it; other processes see it within TRENDING_TTL_MS.
 */
import type { DbOrTx } from '../../../db/client.ts';

/** How old the shared ranking may be. */
export const TRENDING_TTL_MS = 10_000;

export interface TrendingRanking {
  /** Post ids, best first. */
  ids: number[];
  /** True when `ids` holds every post with activity in the window, not only the best of them. */
  complete: boolean;
}

interface Kept {
  ranking: Promise<TrendingRanking>;
  expires: number;
}

const kept = new WeakMap<DbOrTx, Kept>();

/** The kept ranking of this database handle, or a new one from `count` (one count at a time, however many ask). */
export function trendingRanking(db: DbOrTx, count: () => Promise<TrendingRanking>): Promise<TrendingRanking> {
  const now = Date.now();
  const current = kept.get(db);
  if (current && current.expires > now) return current.ranking;
  const entry: Kept = { ranking: count(), expires: now + TRENDING_TTL_MS };
  kept.set(db, entry);
  // A failed count is not kept: the next request counts again.
  entry.ranking.catch(() => {
    if (kept.get(db) === entry) kept.delete(db);
  });
  return entry.ranking;
}

/** After a write that changes the counts (a support, a comment) has committed: the next request counts again. */
export function trendingChanged(db: DbOrTx): void {
  kept.delete(db);
}
