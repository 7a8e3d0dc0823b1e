/**
 * The one visibility rule of moderation: an item hidden pending review (3 reports) is seen only by its author
 * and by moderators; a removed item by nobody in lists (its author finds it under GET /api/get/user-violating).
 * Every service query over a moderated table adds `shownTo(table, viewerId)` as one more condition, writes included:
 * a comment, reply, vote, support, favorite, advice, reaction, interaction or poll vote on an item its writer may not
 * open answers 404 as its page does, writing nothing and telling no one (each kind's item rules, e.g.
 * posts/service.ts postItemRules); its author keeps what their page allows them on their own item under review.
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isModeratorRole, type ModeratedTarget } from '../../../core/moderation.ts';
import { advices, comments, messages, moods, posts, thoughts, topics, users } from '../../../db/schema.ts';
import type { UserRow } from '../users/service.ts';

/** The columns moderation reads and writes on a moderated table: its id, its author and its state. */
export interface Moderated {
  moderation: AnyPgColumn;
  userId: AnyPgColumn;
}

/** What moderation needs of a kind: its table, id, author, state, text and language, and what it belongs to. */
export interface ModeratedTable extends Moderated {
  table: PgTable;
  id: AnyPgColumn;
  text: SQL<string> | AnyPgColumn;
  language: SQL<string> | AnyPgColumn;
  createdAt: AnyPgColumn;
  /** The item this one belongs to, shown beside it in the queue (the post of a comment, the topic of a post). */
  context?: { target: ModeratedTarget; id: AnyPgColumn };
}

type Row = PgTable & Moderated & { id: AnyPgColumn; language: AnyPgColumn; createdAt: AnyPgColumn };
const entry = <T extends Row>(table: T, text: ModeratedTable['text'], context?: ModeratedTable['context']): ModeratedTable => ({
  table,
  id: table.id,
  userId: table.userId,
  moderation: table.moderation,
  text,
  language: table.language,
  createdAt: table.createdAt,
  context,
});

/** The language of a text that has none of its own (messages, advice): its sender's interface language. */
const senderLocale = (senderId: AnyPgColumn) => sql<string>`(select ${users.locale} from ${users} where ${users.id} = ${senderId})`;

/**
 * Each moderated kind. Messages and advice are private: the queue shows the one message or advice reported or
 * matched, never the conversation around it, so they have no context.
 */
export const MODERATED: Record<ModeratedTarget, ModeratedTable> = {
  post: entry(posts, posts.content, { target: 'topic', id: posts.topicId }),
  mood: entry(moods, moods.content),
  comment: entry(comments, comments.content, { target: 'post', id: comments.postId }),
  thought: entry(thoughts, thoughts.content),
  topic: entry(topics, sql<string>`${topics.title} || E'\n\n' || ${topics.description}`),
  message: {
    table: messages,
    id: messages.id,
    userId: messages.senderId,
    moderation: messages.moderation,
    text: messages.content,
    language: senderLocale(messages.senderId),
    createdAt: messages.createdAt,
  },
  advice: {
    table: advices,
    id: advices.id,
    userId: advices.senderId,
    moderation: advices.moderation,
    text: advices.content,
    language: senderLocale(advices.senderId),
    createdAt: advices.createdAt,
  },
};

/**
 * The condition under which a row of `table` is shown to the viewer (an id, a prepared statement's placeholder, or
 * null when signed out). Moderators are recognised by a lookup that runs only for rows that are not visible.
 */
export function shownTo(table: Moderated, viewerId: number | Placeholder | null): SQL {
  if (viewerId === null) return sql`${table.moderation} = 'visible'`;
  return sql`(${table.moderation} = 'visible' or (${table.moderation} = 'hidden' and (${table.userId} = ${viewerId}
    or exists(select 1 from ${users} where ${users.id} = ${viewerId} and ${users.role} in ('moderator', 'admin')))))`;
}

/** Whether the viewer may act as a moderator. */
export const isModerator = (user: Pick<UserRow, 'role'> | null | undefined): boolean => Boolean(user && isModeratorRole(user.role));

/** The `under_review` flag of an API object: only ever true, and only its author and moderators receive the item then. */
export const underReview = (state: string): { under_review?: true } => (state === 'hidden' ? { under_review: true } : {});
