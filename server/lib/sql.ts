import { type Column, getTableName, type SQL, sql } from 'drizzle-orm';

/**
 * A column named with its table even among the fields of a one-table select, where drizzle writes columns bare: a
 * subquery there that names the outer row's column would otherwise read its own table's column of that name.
 */
export const qualified = (column: Column): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
