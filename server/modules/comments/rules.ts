/**
 * What a viewer sees of comments, in one place for the lists of comments and replies and for every count of them
 * (a post's comments_count, a comment's replies_count, the lists' totals): moderation, their blocks, and a reply
 * only under a comment they see (the screens reach replies through their comment). The same relation, blocks only,
 * is what keeps a person from reporting a comment (reports/service.ts).
 */
import { and, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { comments, posts } from '../../../db/schema.ts';
import { itemRules, keepsOf, type Rule } from '../feed/service.ts';

const parent = alias(comments, 'parent');
/** In raw SQL an alias renders as its name only; the FROM item has to say which table it stands for. */
const parentFrom = sql`${comments} as ${sql.identifier('parent')}`;

type Own = typeof itemRules;

/** A comment's own rules and, for a reply, the same rules of the comment it answers. */
function withParent(own: Own, viewerId: number | Placeholder | null): Rule[] {
  const ofParent = own(parent, viewerId);
  return [
    ...own(comments, viewerId),
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

export const commentRules = (viewerId: number | Placeholder | null): Rule[] => withParent(itemRules, viewerId);

/**
 * A comment in its thread: the rules of `own` for the comment, the comment it answers and its post. With itemRules,
 * what a person may write on (reply to, vote on): a comment they see under a post they may open. With blockRules, what
 * no block separates them from, whatever moderation did (a comment under review stays reportable).
 */
export const inThread = (own: Own, viewerId: number): SQL[] => [
  ...keepsOf(withParent(own, viewerId)),
  sql`exists(select 1 from ${posts} where ${posts.id} = ${comments.postId} and ${and(...keepsOf(own(posts, viewerId)))})`,
];
