/**
 * Posts and moods are written through one path: the length decides where a text lands (SPEC.md section 5),
 * and the posting limits and duplicate rule are decided inside the write transaction, under a per-user
 * lock, so two concurrent requests cannot both pass.
 */
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { MOOD_THRESHOLD, POSTS_PER_DAY, POSTS_WINDOW_MS } from '../../../core/limits.ts';
import { graphemeLength, normalizeForDuplicate } from '../../../core/text.ts';
import type { Mood, Post } from '../../../core/types.ts';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { avatars, feelings, moods, posts, users } from '../../../db/schema.ts';
import { NotFound, Rejected, TooMany } from '../../errors.ts';
import { offset, type PageQuery, paged } from '../../lib/paging.ts';
import { requireFeeling, toFeeling } from '../feelings/service.ts';
import { authorColumns, type Serializer, serializer, toAuthor, type UserRow } from '../users/service.ts';

export interface Viewer {
  id: number | null;
  locale: string;
}

function postQuery(db: DbOrTx) {
  return db
    .select({ post: posts, feeling: feelings, ...authorColumns })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(avatars, eq(avatars.id, users.avatarId))
    .leftJoin(feelings, eq(feelings.id, posts.feelingId));
}

type PostJoin = Awaited<ReturnType<ReturnType<typeof postQuery>['execute']>>[number];

function toPost(row: PostJoin, viewer: Viewer, s: Serializer): Post {
  const p = row.post;
  return {
    id: p.id,
    slug: String(p.id),
    content: p.content,
    language: p.language,
    feeling: row.feeling ? toFeeling(row.feeling, viewer.locale) : null,
    topic_id: p.topicId,
    tags: [],
    poll: null,
    user: toAuthor(row, s),
    supports_count: p.supportsCount,
    comments_count: p.commentsCount,
    is_supported: false,
    is_favorited: false,
    is_hidden: false,
    is_mine: viewer.id === p.userId,
    share_disabled: p.shareDisabled,
    advice_disabled: p.adviceDisabled,
    notifications_disabled: p.notificationsDisabled,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

function moodQuery(db: DbOrTx) {
  return db
    .select({ mood: moods, feeling: feelings, ...authorColumns })
    .from(moods)
    .innerJoin(users, eq(users.id, moods.userId))
    .leftJoin(avatars, eq(avatars.id, users.avatarId))
    .leftJoin(feelings, eq(feelings.id, moods.feelingId));
}

type MoodJoin = Awaited<ReturnType<ReturnType<typeof moodQuery>['execute']>>[number];

function toMood(row: MoodJoin, viewer: Viewer, s: Serializer): Mood {
  const m = row.mood;
  return {
    id: m.id,
    content: m.content,
    language: m.language,
    feeling: row.feeling ? toFeeling(row.feeling, viewer.locale) : null,
    poll: null,
    user: toAuthor(row, s),
    interactions: {},
    my_interaction: null,
    is_hidden: false,
    is_mine: viewer.id === m.userId,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}

export async function listPosts(db: Db, viewer: Viewer, q: PageQuery) {
  const [rows, [{ total }], s] = await Promise.all([
    postQuery(db).orderBy(desc(posts.createdAt), desc(posts.id)).limit(q.per_page).offset(offset(q)),
    db.select({ total: count() }).from(posts),
    serializer(db, viewer.locale),
  ]);
  return paged(
    rows.map((r) => toPost(r, viewer, s)),
    total,
    q,
    '/api/posts',
  );
}

export async function getPost(db: DbOrTx, viewer: Viewer, id: number): Promise<Post> {
  const [row] = await postQuery(db).where(eq(posts.id, id));
  if (!row) throw new NotFound();
  return toPost(row, viewer, await serializer(db, viewer.locale));
}

export async function listMoods(db: Db, viewer: Viewer, q: PageQuery) {
  const [rows, [{ total }], s] = await Promise.all([
    moodQuery(db).orderBy(desc(moods.createdAt), desc(moods.id)).limit(q.per_page).offset(offset(q)),
    db.select({ total: count() }).from(moods),
    serializer(db, viewer.locale),
  ]);
  return paged(
    rows.map((r) => toMood(r, viewer, s)),
    total,
    q,
    '/api/user/get/moods',
  );
}

export async function getMood(db: DbOrTx, viewer: Viewer, id: number): Promise<Mood> {
  const [row] = await moodQuery(db).where(eq(moods.id, id));
  if (!row) throw new NotFound();
  return toMood(row, viewer, await serializer(db, viewer.locale));
}

export interface WriteInput {
  content: string;
  feeling_id?: number;
}

export type Written = { placed: 'post'; post: Post } | { placed: 'mood'; mood: Mood };

/** Serialises a user's writes: the checks below see every earlier write of the same user. */
async function lockUser(tx: Tx, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${userId})`);
}

async function assertNotDuplicate(tx: Tx, userId: number, key: string) {
  const [p] = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.userId, userId), eq(posts.contentKey, key)))
    .limit(1);
  const [m] = p
    ? [p]
    : await tx
        .select({ id: moods.id })
        .from(moods)
        .where(and(eq(moods.userId, userId), eq(moods.contentKey, key)))
        .limit(1);
  if (m) throw new Rejected({ key: 'posts.duplicated' });
}

async function assertDailyLimit(tx: Tx, userId: number) {
  const since = new Date(Date.now() - POSTS_WINDOW_MS);
  const recent = await tx
    .select({ createdAt: posts.createdAt })
    .from(posts)
    .where(and(eq(posts.userId, userId), gte(posts.createdAt, since)))
    .orderBy(posts.createdAt);
  if (recent.length >= POSTS_PER_DAY) {
    const retryAt = new Date(recent[recent.length - POSTS_PER_DAY].createdAt.getTime() + POSTS_WINDOW_MS);
    throw new TooMany({ key: 'posts.limit_reached' }, retryAt, { isAllowed: false, limit: true });
  }
}

/**
 * Writes a text where its length puts it: more than 150 characters is a post, otherwise a mood.
 * `prefer` says what the author asked for; it only matters for which feeling list applies.
 */
export async function write(db: Db, user: UserRow, input: WriteInput, prefer: 'post' | 'mood'): Promise<Written> {
  const content = input.content.trim();
  const asPost = prefer === 'post' ? graphemeLength(content) > MOOD_THRESHOLD : graphemeLength(content) >= MOOD_THRESHOLD;
  const key = normalizeForDuplicate(content);
  // Language detection from the text comes with the content-language work; until then the author's language.
  const language = user.locale;
  return db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    let feelingId: number | null = null;
    if (input.feeling_id !== undefined) {
      const asked = await requireFeeling(tx, input.feeling_id, prefer);
      // A feeling of the other list travels by its key when the text changes list.
      const target = asPost ? 'post' : 'mood';
      const [same] =
        asked.type === target
          ? [asked]
          : await tx
              .select()
              .from(feelings)
              .where(and(eq(feelings.type, target), eq(feelings.key, asked.key)));
      feelingId = same?.id ?? null;
    }
    if (asPost) await assertDailyLimit(tx, user.id);
    await assertNotDuplicate(tx, user.id, key);
    const viewer = { id: user.id, locale: user.locale };
    if (asPost) {
      const [row] = await tx
        .insert(posts)
        .values({ userId: user.id, content, contentKey: key, language, feelingId })
        .returning({ id: posts.id });
      return { placed: 'post' as const, post: await getPost(tx, viewer, row.id) };
    }
    const [row] = await tx
      .insert(moods)
      .values({ userId: user.id, content, contentKey: key, language, feelingId })
      .returning({ id: moods.id });
    return { placed: 'mood' as const, mood: await getMood(tx, viewer, row.id) };
  });
}
