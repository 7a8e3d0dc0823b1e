/** Ranks by points (DESIGN.md). Names are translated through the `rank.{key}` messages. */
export const RANKS = [
  { key: 'newcomer', level: 1, minPoints: 0 },
  { key: 'listener', level: 2, minPoints: 50 },
  { key: 'supporter', level: 3, minPoints: 200 },
  { key: 'companion', level: 4, minPoints: 500 },
  { key: 'guardian', level: 5, minPoints: 1500 },
  { key: 'beacon', level: 6, minPoints: 5000 },
] as const;

export type RankKey = (typeof RANKS)[number]['key'];

export function rankForPoints(points: number): (typeof RANKS)[number] {
  let current: (typeof RANKS)[number] = RANKS[0];
  for (const r of RANKS) if (points >= r.minPoints) current = r;
  return current;
}
