/**
 * Polls on posts and moods: 2–6 options, one vote per user per poll that can be moved or removed. Vote
 * counts are kept on the options and the poll in the same transaction as the vote.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Poll } from '../../../core/types.ts';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { pollOptions, polls, pollVotes } from '../../../db/schema.ts';
import { NotFound } from '../../errors.ts';
import { prepared } from '../feed/service.ts';

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

/** The polls of these posts or moods, keyed by the owner's id, with the viewer's vote. */
export async function pollsFor(db: DbOrTx, kind: 'post' | 'mood', ownerIds: number[], viewerId: number | null) {
  const out = new Map<number, Poll>();
  if (ownerIds.length === 0) return out;
  const ownerColumn = kind === 'post' ? polls.postId : polls.moodId;
  const rows = await prepared(db, `polls_for_${kind}`, (name) =>
    db
      .select()
      .from(polls)
      .where(sql`${ownerColumn} = any(${sql.placeholder('ids')}::int[])`)
      .prepare(name),
  ).execute({ ids: ownerIds });
  if (rows.length === 0) return out;
  const byId = await assemble(db, rows, viewerId);
  for (const r of rows) {
    const poll = byId.get(r.id);
    const ownerId = kind === 'post' ? r.postId : r.moodId;
    if (poll && ownerId !== null) out.set(ownerId, poll);
  }
  return out;
}

/** These polls (rows already read) with their options and the viewer's vote, keyed by poll id. */
export async function pollsOf(db: DbOrTx, rows: (typeof polls.$inferSelect)[], viewerId: number | null): Promise<Map<number, Poll>> {
  return rows.length === 0 ? new Map() : assemble(db, rows, viewerId);
}

/** These polls with their options and the viewer's vote. */
async function assemble(db: DbOrTx, rows: (typeof polls.$inferSelect)[], viewerId: number | null): Promise<Map<number, Poll>> {
  const pollIds = rows.map((r) => r.id);
  const [options, votes] = await Promise.all([
    prepared(db, 'poll_options_for', (name) =>
      db
        .select()
        .from(pollOptions)
        .where(sql`${pollOptions.pollId} = any(${sql.placeholder('ids')}::int[])`)
        .orderBy(asc(pollOptions.position))
        .prepare(name),
    ).execute({ ids: pollIds }),
    viewerId === null
      ? Promise.resolve([])
      : prepared(db, 'poll_votes_of_viewer', (name) =>
          db
            .select({ pollId: pollVotes.pollId, optionId: pollVotes.optionId })
            .from(pollVotes)
            .where(and(sql`${pollVotes.pollId} = any(${sql.placeholder('ids')}::int[])`, eq(pollVotes.userId, sql.placeholder('viewerId'))))
            .prepare(name),
        ).execute({ ids: pollIds, viewerId }),
  ]);
  const mine = new Map(votes.map((v) => [v.pollId, v.optionId]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        question: r.question,
        options: options.filter((o) => o.pollId === r.id).map((o) => ({ id: o.id, text: o.text, votes_count: o.votesCount })),
        votes_count: r.votesCount,
        my_vote_option_id: mine.get(r.id) ?? null,
      },
    ]),
  );
}

async function getPoll(db: DbOrTx, pollId: number, viewerId: number | null): Promise<Poll> {
  const rows = await db.select().from(polls).where(eq(polls.id, pollId));
  const poll = (await assemble(db, rows, viewerId)).get(pollId);
  if (!poll) throw new NotFound();
  return poll;
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

/** Sets the user's vote in the option's poll, or moves it there. */
export async function vote(db: Db, userId: number, optionId: number): Promise<Poll> {
  return db.transaction(async (tx) => {
    const [option] = await tx.select({ pollId: pollOptions.pollId }).from(pollOptions).where(eq(pollOptions.id, optionId));
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

export async function removeVote(db: Db, userId: number, pollId: number): Promise<Poll> {
  return db.transaction(async (tx) => {
    const [poll] = await tx.select({ id: polls.id }).from(polls).where(eq(polls.id, pollId));
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
