/**
 * Writing posts and moods. One path for both: the length decides where a text lands (SPEC.md section 5),
 * and the posting limits and the duplicate rule are decided inside the write transaction under a per-user
 * lock, so two concurrent requests cannot both pass.
 */
import { and, eq, ne } from 'drizzle-orm';
import { moodMax, POINTS, placement, TOPIC_INTERVAL_MS } from '../../../core/limits.ts';
import { graphemeLength, normalizeForDuplicate } from '../../../core/text.ts';
import type { Mood, NoteCheck, Post } from '../../../core/types.ts';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { comments, feelings, moods, posts, supports } from '../../../db/schema.ts';
import { Invalid, ownedBy, Rejected, TooMany } from '../../errors.ts';
import { languageOfText } from '../../lib/language.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { awardAchievements } from '../achievements/service.ts';
import { takeBackAdvicePoints } from '../advices/service.ts';
import { takeBackCommentPoints } from '../comments/service.ts';
import { isCrisisText } from '../crisis/check.ts';
import type { FeedNews } from '../feed/announce.ts';
import { bumpCount } from '../feed/service.ts';
import { requireFeeling } from '../feelings/service.ts';
import { queueIfCrisis } from '../moderation/service.ts';
import { getMood } from '../moods/service.ts';
import { createPoll, type PollInput } from '../polls/service.ts';
import { indexText } from '../search/index.ts';
import { tagPost } from '../tags/service.ts';
import { bumpTopicPosts, topicExists } from '../topics/service.ts';
import { activeUser, awardPoints, type UserRow } from '../users/service.ts';
import { lastPostInTopic, lockWriter, nextWriteAt, recordWrite, takeWriteSlot } from '../writes/service.ts';
import { getPost } from './service.ts';

export interface WriteInput {
  content: string;
  feeling_id?: number;
  topic_id?: number;
  poll?: PollInput;
}

export type Written = { placed: 'post'; post: Post } | { placed: 'mood'; mood: Mood };

/** What the open lists of its feed hear of a new post or mood (their "new posts" pill): the room and `feed:new`. */
export function feedNews(w: Written): FeedNews {
  const { id, language } = w.placed === 'post' ? w.post : w.mood;
  return { room: w.placed === 'post' ? 'feed:posts' : 'feed:moods', item: { type: w.placed, id, language } };
}

/** The same user already has a post or mood with this normalised text (other than `except`). */
async function assertNotDuplicate(tx: Tx, userId: number, key: string, except?: { post?: number; mood?: number }) {
  const [p] = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.userId, userId), eq(posts.contentKey, key), except?.post ? ne(posts.id, except.post) : undefined))
    .limit(1);
  const [m] = p
    ? [p]
    : await tx
        .select({ id: moods.id })
        .from(moods)
        .where(and(eq(moods.userId, userId), eq(moods.contentKey, key), except?.mood ? ne(moods.id, except.mood) : undefined))
        .limit(1);
  if (m) throw new Rejected('DUPLICATE', { key: 'posts.duplicated' });
}

/**
 * The posting limits (API.md "Creating", step 2) as an answer; `write` turns a refusal into a 429. A refusal names
 * its rule twice: `limit`/`time` as API.md fixes them, and the error code that 429 carries.
 */
export async function checkNewNote(db: DbOrTx, userId: number, topicId?: number): Promise<NoteCheck> {
  const retryAt = await nextWriteAt(db, userId, 'post');
  if (retryAt) return { isAllowed: false, code: 'POST_LIMIT', limit: true, retry_at: retryAt.toISOString() };
  if (topicId !== undefined) {
    const last = await lastPostInTopic(db, userId, topicId);
    if (last && last.getTime() + TOPIC_INTERVAL_MS > Date.now()) {
      return {
        isAllowed: false,
        code: 'TOPIC_INTERVAL',
        time: true,
        retry_at: new Date(last.getTime() + TOPIC_INTERVAL_MS).toISOString(),
      };
    }
  }
  return { isAllowed: true };
}

async function assertMayPost(tx: Tx, userId: number, topicId?: number) {
  const check = await checkNewNote(tx, userId, topicId);
  if (check.isAllowed) return;
  const { code, retry_at, ...flags } = check;
  const message = code === 'POST_LIMIT' ? { key: 'posts.limit_reached' } : { key: 'posts.wait_topic' };
  throw new TooMany(code, message, new Date(retry_at), flags);
}

/** A feeling asked for in one list travels to the other list by its key when the text changes list. */
async function feelingFor(tx: Tx, id: number | undefined, asked: 'post' | 'mood', target: 'post' | 'mood'): Promise<number | null> {
  if (id === undefined) return null;
  const feeling = await requireFeeling(tx, id, asked);
  if (feeling.type === target) return feeling.id;
  const [same] = await tx
    .select({ id: feelings.id })
    .from(feelings)
    .where(and(eq(feelings.type, target), eq(feelings.key, feeling.key)));
  return same?.id ?? null;
}

/**
 * Writes a text where its length puts it: more than 150 characters is a post, otherwise a mood.
 * `prefer` is what the author asked for: it decides the boundary (a mood of exactly 150 becomes a post)
 * and which feeling list the feeling id belongs to.
 */
/** `locale` is the page's (X-Locale): the language of the feeling and rank names the answer carries. */
export async function write(db: Db, user: UserRow, input: WriteInput, prefer: 'post' | 'mood', locale: string): Promise<Written> {
  const content = input.content.trim();
  const length = graphemeLength(content);
  // A post in a topic stays in its topic whatever its length.
  const asPost = input.topic_id !== undefined || placement(prefer, length) === 'post';
  const key = normalizeForDuplicate(content);
  const language = languageOfText(user, content);
  const viewer: Viewer = { id: user.id, locale, languages: null };
  const crisis = await isCrisisText(content, language);
  return db.transaction(async (tx) => {
    await lockWriter(tx, user.id);
    if (input.topic_id !== undefined && !(await topicExists(tx, input.topic_id, user.id))) {
      throw new Invalid({ topic_id: { key: 'validation.invalid' } });
    }
    const feelingId = await feelingFor(tx, input.feeling_id, prefer, asPost ? 'post' : 'mood');
    if (asPost) await assertMayPost(tx, user.id, input.topic_id);
    else await takeWriteSlot(tx, user.id, 'mood');
    await assertNotDuplicate(tx, user.id, key);
    if (asPost) {
      // Written, not edited: one time for both (updated_at's default is the transaction's start, before the lock's wait).
      const now = new Date();
      const [row] = await tx
        .insert(posts)
        .values({
          userId: user.id,
          content,
          contentKey: key,
          language,
          feelingId,
          topicId: input.topic_id ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: posts.id, createdAt: posts.createdAt });
      await recordWrite(tx, user.id, 'post', input.topic_id ?? null, row.createdAt);
      await indexText(tx, 'post', row.id, content);
      if (input.poll) await createPoll(tx, { postId: row.id }, input.poll);
      if (input.topic_id !== undefined) await bumpTopicPosts(tx, input.topic_id, 1);
      await tagPost(tx, { id: row.id, language, createdAt: row.createdAt }, content);
      await bumpCount(tx, 'post', language, 1);
      await awardPoints(tx, user.id, POINTS.post);
      await awardAchievements(tx, user.id, { type: 'post' });
      await queueIfCrisis(tx, crisis, { target: 'post', targetId: row.id, authorId: user.id });
      return { placed: 'post' as const, post: await getPost(tx, viewer, row.id) };
    }
    const [row] = await tx
      .insert(moods)
      .values({ userId: user.id, content, contentKey: key, language, feelingId })
      .returning({ id: moods.id });
    if (input.poll) await createPoll(tx, { moodId: row.id }, input.poll);
    await indexText(tx, 'mood', row.id, content);
    await bumpCount(tx, 'mood', language, 1);
    await awardAchievements(tx, user.id, { type: 'mood' });
    await queueIfCrisis(tx, crisis, { target: 'mood', targetId: row.id, authorId: user.id });
    return { placed: 'mood' as const, mood: await getMood(tx, viewer, row.id) };
  });
}

async function ownPost(tx: Tx, userId: number, id: number) {
  const [row] = await tx.select().from(posts).where(eq(posts.id, id)).for('update');
  return ownedBy(row, userId);
}

export async function updatePost(
  db: Db,
  user: UserRow,
  id: number,
  input: { content: string; feeling_id?: number },
  locale: string,
): Promise<Post> {
  const content = input.content.trim();
  const key = normalizeForDuplicate(content);
  const language = languageOfText(user, content);
  const crisis = await isCrisisText(content, language);
  return db.transaction(async (tx) => {
    await lockWriter(tx, user.id);
    const before = await ownPost(tx, user.id, id);
    await assertNotDuplicate(tx, user.id, key, { post: id });
    const feelingId = input.feeling_id === undefined ? before.feelingId : await feelingFor(tx, input.feeling_id, 'post', 'post');
    await tx.update(posts).set({ content, contentKey: key, language, feelingId, updatedAt: new Date() }).where(eq(posts.id, id));
    await indexText(tx, 'post', id, content);
    if (language !== before.language) {
      await bumpCount(tx, 'post', before.language, -1);
      await bumpCount(tx, 'post', language, 1);
    }
    await tagPost(tx, { id, language, createdAt: before.createdAt }, content);
    await queueIfCrisis(tx, crisis, { target: 'post', targetId: id, authorId: user.id });
    return getPost(tx, { id: user.id, locale, languages: null }, id);
  });
}

/**
 * Points count what stands: the post's own and its supports' go with it (the author's and each supporter's, as
 * withdrawing a support would take them), and so do those of the comments and advice deleted with it (their authors').
 */
export async function deletePost(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await activeUser(tx, userId);
    const row = await ownPost(tx, userId, id);
    await takeBackCommentPoints(tx, eq(comments.postId, id));
    await takeBackAdvicePoints(tx, id);
    // A support of one's own post earned nothing (actions.ts), so it takes nothing back.
    const supporters = await tx
      .select({ userId: supports.userId })
      .from(supports)
      .where(and(eq(supports.postId, id), ne(supports.userId, userId)));
    for (const s of supporters) await awardPoints(tx, s.userId, -POINTS.supportGiven);
    await tx.delete(posts).where(eq(posts.id, id));
    await awardPoints(tx, userId, -POINTS.post - supporters.length * POINTS.supportReceived);
    await bumpCount(tx, 'post', row.language, -1);
    if (row.topicId !== null) await bumpTopicPosts(tx, row.topicId, -1);
  });
}

async function ownMood(tx: Tx, userId: number, id: number) {
  const [row] = await tx.select().from(moods).where(eq(moods.id, id)).for('update');
  return ownedBy(row, userId);
}

/** A mood stays a mood when edited: text of 150 characters or more is refused rather than moved. */
export async function updateMood(
  db: Db,
  user: UserRow,
  id: number,
  input: { content: string; feeling_id: number },
  locale: string,
): Promise<Mood> {
  const content = input.content.trim();
  if (graphemeLength(content) > moodMax('mood')) {
    throw new Invalid({ content: { key: 'validation.too_long', values: { max: moodMax('mood') } } });
  }
  const key = normalizeForDuplicate(content);
  const language = languageOfText(user, content);
  const crisis = await isCrisisText(content, language);
  return db.transaction(async (tx) => {
    await lockWriter(tx, user.id);
    const before = await ownMood(tx, user.id, id);
    await assertNotDuplicate(tx, user.id, key, { mood: id });
    const feeling = await requireFeeling(tx, input.feeling_id, 'mood');
    await tx
      .update(moods)
      .set({ content, contentKey: key, language, feelingId: feeling.id, updatedAt: new Date() })
      .where(eq(moods.id, id));
    await indexText(tx, 'mood', id, content);
    if (language !== before.language) {
      await bumpCount(tx, 'mood', before.language, -1);
      await bumpCount(tx, 'mood', language, 1);
    }
    await queueIfCrisis(tx, crisis, { target: 'mood', targetId: id, authorId: user.id });
    return getMood(tx, { id: user.id, locale, languages: null }, id);
  });
}

export async function deleteMood(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await activeUser(tx, userId);
    const row = await ownMood(tx, userId, id);
    await tx.delete(moods).where(eq(moods.id, id));
    await bumpCount(tx, 'mood', row.language, -1);
  });
}
