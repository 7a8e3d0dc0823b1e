/**
 * What a viewer sees of comments, in one place for the lists of comments and replies and for every count of them
 * (a post's comments_count, a comment's replies_count, the lists' totals): moderation, their blocks, and a reply
 * only under a comment they see (the screens reach replies through their comment).
 */
import { and, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { comments } from '../../../db/schema.ts';
import { blockRule, keepsOf, moderationRule, type Rule } from '../feed/service.ts';

const parent = alias(comments, 'parent');
/** In raw SQL an alias renders as its name only; the FROM item has to say which table it stands for. */
const parentFrom = sql`${comments} as ${sql.identifier('parent')}`;

/** Moderation and blocks, for the comment itself. */
const ownRules = (table: typeof comments | typeof parent, viewerId: number | Placeholder | null): Rule[] =>
  viewerId === null ? [moderationRule(table, null)] : [blockRule(viewerId, table, table.userId), moderationRule(table, viewerId)];

export function commentRules(viewerId: number | Placeholder | null): Rule[] {
  const ofParent = ownRules(parent, viewerId);
  return [
    ...ownRules(comments, viewerId),
    {
      keeps: sql`(${comments.parentId} is null or exists(select 1 from ${parentFrom} where ${parent.id} = ${comments.parentId} and ${and(...keepsOf(ofParent))}))`,
      // The replies under a comment one of the rules above may leave out.
      // One select per rule, each answered by its own index (an `or` of them would read the whole table).
      suspects: sql`${comments.parentId} in (${sql.join(
        ofParent.map((r) => sql`select ${parent.id} from ${parentFrom} where ${r.suspects}`),
        sql` union `,
      )})`,
    },
  ];
}
