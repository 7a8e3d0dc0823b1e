/**
 * The one condition every list adds to leave out what people the viewer blocked wrote: one line per query, beside
 * the query's other filters. Signed out, nothing is filtered (a guest blocks no one), so guest-cached pages are the
 * same for every guest and carry no one's blocks.
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { blocks } from '../../../db/schema.ts';

/** True for rows whose author (`author`, a user id column) the viewer did not block; always true signed out. */
export function notBlocked(viewerId: number | Placeholder | null, author: AnyPgColumn): SQL {
  if (viewerId === null) return sql`true`;
  return sql`not exists(select 1 from ${blocks} where ${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${author})`;
}

/**
 * True for rows whose author the viewer blocked: the complement of notBlocked, written so that PostgreSQL finds those
 * rows from the viewer's blocks and the author column's index (the suspects of feed/service.ts blockRule).
 */
export function blockedBy(viewerId: number | Placeholder, author: AnyPgColumn): SQL {
  return sql`${author} in (select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewerId})`;
}

/** True when either person blocked the other (messages and advice are refused both ways). */
export function blockedEitherWay(a: number, b: AnyPgColumn | number): SQL {
  return sql`exists(select 1 from ${blocks} where (${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b}) or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a}))`;
}
