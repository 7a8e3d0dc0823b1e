/**
 * The one condition every list, page and write adds to keep two people apart once either blocked the other: a block
 * separates both people both ways, so neither sees what the other wrote, and neither can write on it (it answers
 * 404, as a missing item does, so no one learns of the block). One line per query, beside the query's other
 * filters. Signed out, nothing is filtered (a guest blocks no one), so guest-cached pages are the same for every
 * guest and carry no one's blocks.
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { blocks } from '../../../db/schema.ts';

/**
 * True for rows whose author (`author`, a user id column) neither blocked the viewer nor was blocked by them; always
 * true signed out. Two probes, one per direction, each answered by an index of blocks (its key, blocks_blocked_idx).
 */
export function notBlocked(viewerId: number | Placeholder | null, author: AnyPgColumn): SQL {
  if (viewerId === null) return sql`true`;
  return sql`not exists(select 1 from ${blocks} where ${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${author})
    and not exists(select 1 from ${blocks} where ${blocks.blockerId} = ${author} and ${blocks.blockedId} = ${viewerId})`;
}

/**
 * The people a block separates from the viewer, as a select of one column `person`, each once: those they blocked
 * (from the key of blocks) and those who blocked them (from blocks_blocked_idx).
 */
export const separatedFrom = (viewerId: number | Placeholder): SQL =>
  sql`select ${blocks.blockedId} as person from ${blocks} where ${blocks.blockerId} = ${viewerId}
    union select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId}`;

/**
 * True for rows whose author a block separates from the viewer: the complement of notBlocked, written so that
 * PostgreSQL finds those rows from the viewer's blocks and the author column's index (the suspects of
 * feed/service.ts blockRule).
 */
export function blockedBy(viewerId: number | Placeholder, author: AnyPgColumn): SQL {
  return sql`${author} in (${separatedFrom(viewerId)})`;
}

/** True when either person blocked the other (as notBlocked, for two known people). */
export function blockedEitherWay(a: number, b: AnyPgColumn | number): SQL {
  return sql`exists(select 1 from ${blocks} where (${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b}) or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a}))`;
}

/** True when `blocker` blocked `blocked` (one direction only: for what the blocker alone may be told). */
export function hasBlocked(blocker: number, blocked: AnyPgColumn | number): SQL {
  return sql`exists(select 1 from ${blocks} where ${blocks.blockerId} = ${blocker} and ${blocks.blockedId} = ${blocked})`;
}
