/**
 * What every feed shares: the viewer's content-language filter, the rules of what a viewer sees, and the kept
 * totals. A feed total is the sum of a few content_counts rows minus the rows the viewer's rules leave out, counted
 * among the few suspects of each rule (leftOut), so it costs the same at any size and matches the list exactly.
 */
import { and, eq, inArray, not, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { contentCounts } from '../../../db/schema.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { blockedBy, notBlocked, separatedFrom } from '../blocks/filter.ts';
import { type Moderated, shownTo } from '../moderation/visibility.ts';

export type Kind = 'post' | 'mood' | 'thought';

export async function bumpCount(tx: Tx, kind: Kind, language: string, by: number): Promise<void> {
  await tx
    .insert(contentCounts)
    .values({ kind, language, n: by })
    .onConflictDoUpdate({ target: [contentCounts.kind, contentCounts.language], set: { n: sql`${contentCounts.n} + ${by}` } });
}

/**
 * One reason a viewer does not see a row, split so that a list's total can be counted cheaply and still match the
 * list: the list keeps the rows where `keeps` holds, and `suspects` is a condition on the same table that holds for
 * every row the reason leaves out and that an index answers for few rows (the items moderation took out, one
 * person's hides, the rows of the people they blocked). A list's filter is its rules' `keeps` (keepsOf), and its
 * total the kept count minus leftOut of the same rules, so the two cannot drift apart.
 */
export interface Rule {
  keeps: SQL;
  suspects: SQL;
  /** `suspects` holds for exactly the rows the rule leaves out, so they need no second test. */
  exact?: boolean;
  /** Counts the rows within `where` the rule leaves out, when a plain count of the suspects would be slow. */
  count?: (where: SQL | undefined) => SQL;
}

/** The conditions a list adds for these rules. */
export const keepsOf = (rules: Rule[]): SQL[] => rules.map((r) => r.keeps);

/** Moderation (shownTo): only the rows not `visible` can be left out; a partial index on each table holds them. */
export const moderationRule = (table: Moderated, viewerId: number | Placeholder | null): Rule => ({
  keeps: shownTo(table, viewerId),
  suspects: sql`${table.moderation} <> 'visible'`,
});

/**
 * Blocks (notBlocked): exactly the rows of the people a block separates from the viewer, whichever of the two blocked
 * the other. Counted person by person through the author column's index, each person once even when both blocked
 * the other (as one `in (…)` PostgreSQL may choose to walk that whole index); put it first in a list of rules, so
 * that its count has no other rule's condition to test.
 */
export const blockRule = (viewerId: number | Placeholder, table: PgTable, author: AnyPgColumn): Rule => ({
  keeps: notBlocked(viewerId, author),
  suspects: blockedBy(viewerId, author),
  exact: true,
  count: (where) =>
    sql`(select coalesce(sum((select count(*) from ${table} where ${and(sql`${author} = separated.person`, where)})), 0)
      from (${separatedFrom(viewerId)}) separated)`,
});

/** A block between the viewer and an item's author (none signed out: a guest blocks no one). */
export const blockRules = (table: PgTable & Moderated, viewerId: number | Placeholder | null): Rule[] =>
  viewerId === null ? [] : [blockRule(viewerId, table, table.userId)];

/** What keeps an item from a viewer on its own: their blocks first (blockRule's count), then moderation. */
export const itemRules = (table: PgTable & Moderated, viewerId: number | Placeholder | null): Rule[] => [
  ...blockRules(table, viewerId),
  moderationRule(table, viewerId),
];

/**
 * How many rows of `table` within `scope` the rules leave out, as a scalar subquery (its rows shadow any outer ones
 * of the same table; `scope` and the rules name the table's own columns). Each row left out is counted once, by the
 * first rule that leaves it out: rule i counts its suspects within the scope that it leaves out and that every rule
 * before it keeps, with the very conditions the list uses.
 */
export function leftOut(table: PgTable, scope: SQL | undefined, rules: Rule[]): SQL<number> {
  if (rules.length === 0) return sql<number>`0`;
  const terms = rules.map((rule, i) => {
    const where = and(scope, ...keepsOf(rules.slice(0, i)), rule.exact ? undefined : not(rule.keeps));
    return rule.count ? rule.count(where) : sql`(select count(*) from ${table} where ${and(rule.suspects, where)})`;
  });
  return sql<number>`(${sql.join(terms, sql` + `)})`;
}

/**
 * Rows of `kind` in the viewer's languages (the kept counts), minus `left` (leftOut of the list's rules over the
 * same languages): exactly the rows the feed pages through.
 */
export async function feedTotal(db: DbOrTx, kind: Kind, viewer: Viewer, left: SQL<number>): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`(coalesce(sum(${contentCounts.n}), 0) - ${left})::int` })
    .from(contentCounts)
    .where(and(eq(contentCounts.kind, kind), viewer.languages ? inArray(contentCounts.language, [...viewer.languages]) : undefined));
  return Math.max(0, row.total);
}

/**
 * Newest first, in the exact order of the feed indexes: drizzle-kit writes `.desc()` index columns as
 * DESC NULLS LAST, while `desc()` in a query means NULLS FIRST, and PostgreSQL only walks an index whose
 * order matches. With the plain form every page sorted the whole table.
 */
export const newestFirst = (createdAt: AnyPgColumn, id: AnyPgColumn) => [sql`${createdAt} desc nulls last`, sql`${id} desc nulls last`];

/** The start of a window of `days` days ending now (trending, popular, latest). */
export const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
