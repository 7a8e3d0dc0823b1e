/** Whether a person reported an item, as a column of a query over the items (a message's or a comment's mark). */
import { getTableName, type Placeholder, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ModeratedTarget } from '../../../core/moderation.ts';
import { reports } from '../../../db/schema.ts';

/**
 * Whether `userId` reported the item whose id is `id` (one probe of the reports' unique index). The column is named
 * with its table: a query of one table names its columns bare, and a bare "id" in here would be the report's.
 */
export const reportedBy = (userId: number | Placeholder, target: ModeratedTarget, id: AnyPgColumn) =>
  sql<boolean>`exists(select 1 from ${reports} r where r.user_id = ${userId} and r.target = ${target}
    and r.target_id = ${sql.identifier(getTableName(id.table))}.${sql.identifier(id.name)})`;
