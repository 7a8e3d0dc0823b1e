/**
 * Polls on posts and moods: 2–6 options, one vote per user per poll that can be moved or removed. Vote
 * counts are kept on the options and the poll in the same transaction as the vote.
 */
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Poll } from '../../../core/types.ts';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { pollOptions, polls, pollVotes } from '../../../db/schema.ts';
import { NotFound } from '../../errors.ts';
import { activeUser } from '../users/service.ts';

export interface PollInput {
  question?: string | null;
  options: string[];
}

export type PollOwner = { postId: number } | { moodId: number };

export async function createPoll(tx: Tx, owner: PollOwner, input: PollInput): Promise<void> {
  const [poll] = await tx
    .insert(polls)
    .values({ ...owner, question: input.question?.trim() || null })
    .returning({ id: polls.id });
  await tx.insert(pollOptions).values(input.options.map((text, position) => ({ pollId: poll.id, text: text.trim(), position })));
}

type ViewerId = number | Placeholder | null;

/** The current `polls` row as a JSON value shaped like `Poll`, with its options and the viewer's vote. */
function pollObject(viewerId: ViewerId): SQL<Poll> {
  const myVote =
    viewerId === null
      ? sql`null`
      : sql`(select ${pollVotes.optionId} from ${pollVotes} where ${pollVotes.pollId} = ${polls.id} and ${pollVotes.userId} = ${viewerId})`;
  const options = sql`coalesce((select json_agg(json_build_object('id', ${pollOptions.id}, 'text', ${pollOptions.text}, 'votes_count', ${pollOptions.votesCount}) order by ${pollOptions.position})
    from ${pollOptions} where ${pollOptions.pollId} = ${polls.id}), '[]'::json)`;
  return sql<Poll>`json_build_object('id', ${polls.id}, 'question', ${polls.question}, 'options', ${options},
    'votes_count', ${polls.votesCount}, 'my_vote_option_id', ${myVote})`;
}

/**
 * The poll of the current post or mood row (null when it has none) with the vote of the viewer (an id, a prepared
 * statement's placeholder, or null when signed out), so a page of items reads its polls in the same statement.
 */
export function pollJson(kind: 'post' | 'mood', owner: AnyPgColumn, viewerId: ViewerId): SQL<Poll | null> {
  const ownerColumn = kind === 'post' ? polls.postId : polls.moodId;
  return sql<Poll | null>`(select ${pollObject(viewerId)} from ${polls} where ${ownerColumn} = ${owner})`;
}

async function getPoll(db: DbOrTx, pollId: number, viewerId: number | null): Promise<Poll> {
  const [row] = await db
    .select({ poll: pollObject(viewerId) })
    .from(polls)
    .where(eq(polls.id, pollId));
  if (!row) throw new NotFound();
  return row.poll;
}

/** One voter at a time per poll, so a double click cannot count twice. */
const lockVoter = (tx: Tx, pollId: number, userId: number) => tx.execute(sql`select pg_advisory_xact_lock(${pollId}, ${userId})`);

const bump = (tx: Tx, optionId: number, by: number) =>
  tx
    .update(pollOptions)
    .set({ votesCount: sql`${pollOptions.votesCount} + ${by}` })
    .where(eq(pollOptions.id, optionId));

const bumpPoll = (tx: Tx, pollId: number, by: number) =>
  tx
    .update(polls)
    .set({ votesCount: sql`${polls.votesCount} + ${by}` })
    .where(eq(polls.id, pollId));

/**
 * Sets the user's vote in the option's poll, or moves it there. `shown` is a condition on `polls`: whether the voter
 * may open the post or mood the poll is on (moods/service.ts pollShownTo); a poll of one they may not answers 404.
 */
export async function vote(db: Db, userId: number, optionId: number, shown: SQL): Promise<Poll> {
  return db.transaction(async (tx) => {
    await activeUser(tx, userId);
    const [option] = await tx
      .select({ pollId: pollOptions.pollId })
      .from(pollOptions)
      .innerJoin(polls, eq(polls.id, pollOptions.pollId))
      .where(and(eq(pollOptions.id, optionId), shown));
    if (!option) throw new NotFound();
    await lockVoter(tx, option.pollId, userId);
    const [current] = await tx
      .select({ optionId: pollVotes.optionId })
      .from(pollVotes)
      .where(and(eq(pollVotes.pollId, option.pollId), eq(pollVotes.userId, userId)));
    if (!current) {
      await tx.insert(pollVotes).values({ pollId: option.pollId, userId, optionId });
      await bump(tx, optionId, 1);
      await bumpPoll(tx, option.pollId, 1);
    } else if (current.optionId !== optionId) {
      await tx
        .update(pollVotes)
        .set({ optionId, createdAt: new Date() })
        .where(and(eq(pollVotes.pollId, option.pollId), eq(pollVotes.userId, userId)));
      await bump(tx, current.optionId, -1);
      await bump(tx, optionId, 1);
    }
    return getPoll(tx, option.pollId, userId);
  });
}

/** Takes the user's vote back; `shown` as for vote. */
export async function removeVote(db: Db, userId: number, pollId: number, shown: SQL): Promise<Poll> {
  return db.transaction(async (tx) => {
    await activeUser(tx, userId);
    const [poll] = await tx
      .select({ id: polls.id })
      .from(polls)
      .where(and(eq(polls.id, pollId), shown));
    if (!poll) throw new NotFound();
    await lockVoter(tx, pollId, userId);
    const [removed] = await tx
      .delete(pollVotes)
      .where(and(eq(pollVotes.pollId, pollId), eq(pollVotes.userId, userId)))
      .returning({ optionId: pollVotes.optionId });
    if (removed) {
      await bump(tx, removed.optionId, -1);
      await bumpPoll(tx, pollId, -1);
    }
    return getPoll(tx, pollId, userId);
  });
}
