/**
 * Erasing a person (POST /api/deactivate; DESIGN.md "erase on deactivate"): everything they wrote and did goes, in
 * one transaction, and every count kept on someone else's row is made right as if they had undone each act
 * themselves. The plan is one step per table, in order; a table added later (messages, advice, blocks, moderation)
 * is one more step. Decisions: docs/decisions/018-erase-and-export.md.
 *
 * Points count what stands, as everywhere else (posts/write.ts deletePost): a support the person gave takes back
 * the +2 its post's author received; their posts take back what others earned on them (+1 per support, +2 per
 * comment), as deleting the post would; others' replies removed with the person's comments take back their +2.
 *
 * Concurrency: the person's row is locked FOR UPDATE first. Every write a person makes holds their own row FOR KEY
 * SHARE first (users/service.ts activeUser), so it runs wholly before the erasure or is refused after it with 401,
 * and never adds a row whose counts the erasure has already settled.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MOOD_INTERACTIONS, POINTS, THOUGHT_REACTIONS } from '../../../core/limits.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { appeals, careNotices, moderationItems, moderationLog, posts, postTags, tags, tokens, users } from '../../../db/schema.ts';
import { NotFound } from '../../errors.ts';
import { forgetMessagesOf } from '../messages/service.ts';
import { trendingChanged } from '../posts/trending-cache.ts';

export interface EraseContext {
  userId: number;
  /** Digests of the tokens deleted (the tokens step), whose sockets the caller disconnects. */
  revoked: string[];
}

export interface EraseStep {
  /** The table the step empties of the person's rows. */
  table: string;
  run(tx: Tx, ctx: EraseContext): Promise<void>;
}

/** Takes `points` per row of `counted` (a query of `user_id, n`) from each user it names. */
const takePoints = (tx: Tx, points: number, counted: ReturnType<typeof sql>) =>
  tx.execute(sql`
    update users x set points = greatest(0, x.points - ${points} * g.n)
    from (${counted}) g where x.id = g.user_id`);

/** Lowers a kept per-type count (hug_count, love_count…) for each reaction row of the person on someone else's item. */
const reactionCounts = (types: readonly string[], alias: string) =>
  sql.raw(types.map((t) => `${t}_count = greatest(0, ${alias}.${t}_count - (r.type = '${t}')::int)`).join(', '));

/** Comments that go with the person's comments on other people's posts: theirs, and the replies under them. */
const theirThreads = (u: number) => sql`
  select c.id, c.post_id, c.user_id from comments c join posts p on p.id = c.post_id
  where p.user_id <> ${u} and (c.user_id = ${u} or c.parent_id in (select id from comments where user_id = ${u}))`;

export const ERASE_PLAN: EraseStep[] = [
  {
    // Their messages leave other people's unread and request counts before the cascade takes them (issue 13).
    table: 'messages',
    run: (tx, { userId }) => forgetMessagesOf(tx, userId),
  },
  {
    // Reports the person made, and every report of an item that goes with them (first, while the items exist).
    table: 'reports',
    async run(tx, { userId: u }) {
      await tx.execute(sql`
        delete from reports where user_id = ${u}
          or (target = 'post' and target_id in (select id from posts where user_id = ${u}))
          or (target = 'mood' and target_id in (select id from moods where user_id = ${u}))
          or (target = 'thought' and target_id in (select id from thoughts where user_id = ${u}))
          or (target = 'topic' and target_id in (select id from topics where user_id = ${u}))
          or (target = 'message' and target_id in (select id from messages where sender_id = ${u}))
          or (target = 'advice' and target_id in (select id from advices where sender_id = ${u} or recipient_id = ${u}))
          or (target = 'comment' and target_id in (
            select c.id from comments c join posts p on p.id = c.post_id
            where c.user_id = ${u} or p.user_id = ${u} or c.parent_id in (select id from comments where user_id = ${u})))`);
    },
  },
  {
    // Advice they sent, and advice to them (all on their posts, which go below): the senders of the latter lose the
    // +3 each earned, as when the post is deleted (advices/service.ts takeBackAdvicePoints).
    table: 'advices',
    async run(tx, { userId: u }) {
      await takePoints(
        tx,
        POINTS.advice,
        sql`select sender_id as user_id, count(*)::int as n from advices where recipient_id = ${u} and sender_id <> ${u} group by sender_id`,
      );
      await tx.execute(sql`delete from advices where sender_id = ${u} or recipient_id = ${u}`);
    },
  },
  {
    table: 'supports',
    async run(tx, { userId: u }) {
      await tx.execute(sql`
        update posts p set supports_count = greatest(0, p.supports_count - 1)
        from supports s where s.post_id = p.id and s.user_id = ${u} and p.user_id <> ${u}`);
      await takePoints(
        tx,
        POINTS.supportReceived,
        sql`select p.user_id, count(*)::int as n from supports s join posts p on p.id = s.post_id
            where s.user_id = ${u} and p.user_id <> ${u} group by p.user_id`,
      );
      await tx.execute(sql`delete from supports where user_id = ${u}`);
    },
  },
  {
    table: 'comment_votes',
    async run(tx, { userId: u }) {
      await tx.execute(sql`
        update comments c set votes_score = c.votes_score - v.vote
        from comment_votes v where v.comment_id = c.id and v.user_id = ${u} and c.user_id <> ${u}`);
      await tx.execute(sql`delete from comment_votes where user_id = ${u}`);
    },
  },
  {
    table: 'poll_votes',
    async run(tx, { userId: u }) {
      await tx.execute(sql`
        update poll_options o set votes_count = greatest(0, o.votes_count - 1)
        from poll_votes v where v.option_id = o.id and v.user_id = ${u}`);
      await tx.execute(sql`
        update polls p set votes_count = greatest(0, p.votes_count - 1)
        from poll_votes v where v.poll_id = p.id and v.user_id = ${u}`);
      await tx.execute(sql`delete from poll_votes where user_id = ${u}`);
    },
  },
  {
    table: 'mood_interactions',
    async run(tx, { userId: u }) {
      await tx.execute(sql`
        update moods m set ${reactionCounts(MOOD_INTERACTIONS, 'm')}
        from mood_interactions r where r.mood_id = m.id and r.user_id = ${u} and m.user_id <> ${u}`);
      await tx.execute(sql`delete from mood_interactions where user_id = ${u}`);
    },
  },
  {
    table: 'thought_reactions',
    async run(tx, { userId: u }) {
      await tx.execute(sql`
        update thoughts t set ${reactionCounts(THOUGHT_REACTIONS, 't')}
        from thought_reactions r where r.thought_id = t.id and r.user_id = ${u} and t.user_id <> ${u}`);
      await tx.execute(sql`delete from thought_reactions where user_id = ${u}`);
    },
  },
  {
    // Their comments and replies on other people's posts; replies by others under their comments go with them (as
    // when they delete a comment). Comments on their own posts go with the posts.
    table: 'comments',
    async run(tx, { userId: u }) {
      await tx.execute(sql`
        update comments parent set replies_count = greatest(0, parent.replies_count - g.n)
        from (select c.parent_id, count(*)::int as n from comments c
              join comments par on par.id = c.parent_id join posts p on p.id = c.post_id
              where c.user_id = ${u} and par.user_id <> ${u} and p.user_id <> ${u} group by c.parent_id) g
        where parent.id = g.parent_id`);
      await tx.execute(sql`
        update posts p set comments_count = greatest(0, p.comments_count - g.n)
        from (select post_id, count(*)::int as n from (${theirThreads(u)}) r group by post_id) g
        where p.id = g.post_id`);
      await takePoints(
        tx,
        POINTS.comment,
        sql`select user_id, count(*)::int as n from (${theirThreads(u)}) r where user_id <> ${u} group by user_id`,
      );
      await tx.execute(sql`delete from comments where user_id = ${u}`);
    },
  },
  {
    // Their posts, with everything on them. Tags named only by their posts go too: a tag's name is their text.
    table: 'posts',
    async run(tx, { userId: u }) {
      await tx.execute(sql`
        update content_counts cc set n = cc.n - g.n
        from (select language, count(*)::int as n from posts where user_id = ${u} group by language) g
        where cc.kind = 'post' and cc.language = g.language`);
      await tx.execute(sql`
        update topics t set posts_count = greatest(0, t.posts_count - g.n)
        from (select topic_id, count(*)::int as n from posts where user_id = ${u} and topic_id is not null group by topic_id) g
        where t.id = g.topic_id`);
      await takePoints(
        tx,
        POINTS.supportGiven,
        sql`select s.user_id, count(*)::int as n from supports s join posts p on p.id = s.post_id
            where p.user_id = ${u} and s.user_id <> ${u} group by s.user_id`,
      );
      await takePoints(
        tx,
        POINTS.comment,
        sql`select c.user_id, count(*)::int as n from comments c join posts p on p.id = c.post_id
            where p.user_id = ${u} and c.user_id <> ${u} group by c.user_id`,
      );
      const named = await tx
        .selectDistinct({ id: postTags.tagId })
        .from(postTags)
        .innerJoin(posts, eq(posts.id, postTags.postId))
        .where(eq(posts.userId, u));
      await tx.execute(sql`delete from posts where user_id = ${u}`);
      if (named.length > 0) {
        const ids = named.map((t) => t.id);
        await tx.delete(tags).where(and(inArray(tags.id, ids), sql`not exists (select 1 from post_tags pt where pt.tag_id = ${tags.id})`));
      }
    },
  },
  {
    table: 'moods',
    async run(tx, { userId: u }) {
      await tx.execute(sql`
        update content_counts cc set n = cc.n - g.n
        from (select language, count(*)::int as n from moods where user_id = ${u} group by language) g
        where cc.kind = 'mood' and cc.language = g.language`);
      await tx.execute(sql`delete from moods where user_id = ${u}`);
    },
  },
  {
    table: 'thoughts',
    async run(tx, { userId: u }) {
      await tx.execute(sql`
        update content_counts cc set n = cc.n - g.n
        from (select language, count(*)::int as n from thoughts where user_id = ${u} group by language) g
        where cc.kind = 'thought' and cc.language = g.language`);
      await tx.execute(sql`delete from thoughts where user_id = ${u}`);
    },
  },
  {
    // Other people's posts in their topics stay, outside any topic: what others wrote is not theirs to take.
    table: 'topics',
    async run(tx, { userId: u }) {
      await tx.execute(sql`update posts set topic_id = null where topic_id in (select id from topics where user_id = ${u})`);
      await tx.execute(sql`delete from topics where user_id = ${u}`);
    },
  },
  ...['favorites', 'post_hides', 'mood_hides', 'writes'].map(
    (table): EraseStep => ({
      table,
      async run(tx, { userId: u }) {
        await tx.execute(sql`delete from ${sql.identifier(table)} where user_id = ${u}`);
      },
    }),
  ),
  {
    // What moderation holds about the person: notices sent to them, their queue entries and the log of what was
    // done about their items (appeals go with their log rows). Named here rather than left to the cascade from
    // users, so the plan says what is erased. A moderator's own actions on others stay, without their name
    // (moderator_id set null by the users row's deletion).
    table: 'moderation',
    async run(tx, { userId: u }) {
      await tx.delete(careNotices).where(eq(careNotices.userId, u));
      // Notices they sent stay with their recipients, no longer tied to anyone.
      await tx.update(careNotices).set({ senderId: null }).where(eq(careNotices.senderId, u));
      await tx.delete(moderationItems).where(eq(moderationItems.authorId, u));
      await tx.delete(appeals).where(eq(appeals.userId, u));
      await tx.delete(moderationLog).where(eq(moderationLog.authorId, u));
    },
  },
  {
    table: 'qr_logins',
    async run(tx, { userId: u }) {
      await tx.execute(sql`delete from qr_logins where approved_user_id = ${u}`);
    },
  },
  {
    table: 'tokens',
    async run(tx, ctx) {
      const rows = await tx.delete(tokens).where(eq(tokens.userId, ctx.userId)).returning({ hash: tokens.tokenHash });
      ctx.revoked = rows.map((r) => r.hash);
    },
  },
  {
    // Last: the account itself (username, nickname, email, password hash, push token, settings).
    table: 'users',
    async run(tx, { userId: u }) {
      await tx.execute(sql`delete from users where id = ${u}`);
    },
  },
];

/** SQLSTATE of a deadlock: two erasures of people who supported each other can meet one; the loser runs again. */
const DEADLOCK = '40P01';
const ATTEMPTS = 3;

function isDeadlock(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ((e as { code?: unknown }).code === DEADLOCK) return true;
  }
  return false;
}

/** Runs the plan in one transaction; answers the digests of the tokens revoked. */
export async function eraseUser(db: Db, userId: number, plan: EraseStep[] = ERASE_PLAN): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      const revoked = await db.transaction(async (tx) => {
        const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        if (!row) throw new NotFound();
        const ctx: EraseContext = { userId, revoked: [] };
        for (const step of plan) await step.run(tx, ctx);
        return ctx.revoked;
      });
      // The person's supports and comments went with them.
      trendingChanged(db);
      return revoked;
    } catch (err) {
      if (attempt < ATTEMPTS && isDeadlock(err)) continue;
      throw err;
    }
  }
}
