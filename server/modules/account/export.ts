/**
 * "Download my data" (GET /api/export): everything the person wrote and did, and their settings, as one JSON
 * document written piece by piece. Each list is read in pages of EXPORT_PAGE rows by key, so a large account is a
 * series of short queries and small writes, never one long query or one large string. Other people appear only by
 * the ids of public items (the post a comment is on, the mood a hug went to), never by who they are.
 */
import { and, asc, eq, gt, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import {
  advices,
  categories,
  comments,
  commentVotes,
  conversationMembers,
  favorites,
  feelings,
  messages,
  moodHides,
  moodInteractions,
  moods,
  notifications,
  pollOptions,
  polls,
  pollVotes,
  postHides,
  posts,
  postTags,
  pushSubscriptions,
  recentSearches,
  reports,
  reportTypes,
  supports,
  tags,
  thoughtReactions,
  thoughts,
  topics,
  userAchievements,
} from '../../../db/schema.ts';
import { translate } from '../../i18n.ts';
import { shownTo } from '../moderation/visibility.ts';
import { getSettings as getNotificationKinds } from '../notifications/service.ts';
import { getPushSettings } from '../push/service.ts';
import { getUser, serializer, toUser } from '../users/service.ts';

export const EXPORT_PAGE = 200;

type Row = Record<string, unknown>;

/**
 * A list read by key: `read(after)` answers up to EXPORT_PAGE rows whose key (`key(row)`) is above `after`, in key
 * order; the list ends at a short page.
 */
async function* paged<T>(read: (after: number) => Promise<T[]>, key: (row: T) => number): AsyncGenerator<T[]> {
  let after = 0;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE) return;
    after = key(rows[rows.length - 1]);
  }
}

/** One page of `table` rows of the person, by the integer column `by`. */
const pageOf = (by: PgColumn, mine: SQL) => (after: number) => ({ where: and(mine, gt(by, after)), orderBy: asc(by), limit: EXPORT_PAGE });

async function pollsOf(db: DbOrTx, owner: 'post' | 'mood', ids: number[]) {
  if (ids.length === 0) return new Map<number, Row>();
  const column = owner === 'post' ? polls.postId : polls.moodId;
  const rows = await db.select().from(polls).where(inArray(column, ids));
  const options = rows.length
    ? await db
        .select()
        .from(pollOptions)
        .where(
          inArray(
            pollOptions.pollId,
            rows.map((p) => p.id),
          ),
        )
        .orderBy(asc(pollOptions.position))
    : [];
  return new Map(
    rows.map((p) => [
      (owner === 'post' ? p.postId : p.moodId) as number,
      {
        question: p.question,
        votes_count: p.votesCount,
        options: options.filter((o) => o.pollId === p.id).map((o) => ({ id: o.id, text: o.text, votes_count: o.votesCount })),
      },
    ]),
  );
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The sections of the document, in order: a name and the pages of its rows as they go into the file. */
function sections(db: DbOrTx, userId: number, locale: string): [string, () => AsyncGenerator<Row[]>][] {
  const feeling = (key: string | null) => (key ? translate(locale, `feeling.${key}`) : null);
  return [
    [
      'posts',
      async function* () {
        for await (const rows of paged(
          async (after) => {
            const p = pageOf(posts.id, eq(posts.userId, userId))(after);
            return db
              .select({ post: posts, feeling: feelings.key })
              .from(posts)
              .leftJoin(feelings, eq(feelings.id, posts.feelingId))
              .where(p.where)
              .orderBy(p.orderBy)
              .limit(p.limit);
          },
          (r) => r.post.id,
        )) {
          const ids = rows.map((r) => r.post.id);
          const [tagRows, pollMap] = await Promise.all([
            db
              .select({ postId: postTags.postId, name: tags.name })
              .from(postTags)
              .innerJoin(tags, eq(tags.id, postTags.tagId))
              .where(inArray(postTags.postId, ids)),
            pollsOf(db, 'post', ids),
          ]);
          yield rows.map(({ post, feeling: key }) => ({
            id: post.id,
            content: post.content,
            language: post.language,
            feeling: feeling(key),
            topic_id: post.topicId,
            tags: tagRows.filter((t) => t.postId === post.id).map((t) => t.name),
            poll: pollMap.get(post.id) ?? null,
            supports_count: post.supportsCount,
            comments_count: post.commentsCount,
            share_disabled: post.shareDisabled,
            advice_disabled: post.adviceDisabled,
            notifications_disabled: post.notificationsDisabled,
            created_at: iso(post.createdAt),
            updated_at: iso(post.updatedAt),
          }));
        }
      },
    ],
    [
      'moods',
      async function* () {
        for await (const rows of paged(
          async (after) => {
            const p = pageOf(moods.id, eq(moods.userId, userId))(after);
            return db
              .select({ mood: moods, feeling: feelings.key })
              .from(moods)
              .leftJoin(feelings, eq(feelings.id, moods.feelingId))
              .where(p.where)
              .orderBy(p.orderBy)
              .limit(p.limit);
          },
          (r) => r.mood.id,
        )) {
          const pollMap = await pollsOf(
            db,
            'mood',
            rows.map((r) => r.mood.id),
          );
          yield rows.map(({ mood, feeling: key }) => ({
            id: mood.id,
            content: mood.content,
            language: mood.language,
            feeling: feeling(key),
            poll: pollMap.get(mood.id) ?? null,
            interactions: { hug: mood.hugCount, relate: mood.relateCount, strength: mood.strengthCount, care: mood.careCount },
            created_at: iso(mood.createdAt),
            updated_at: iso(mood.updatedAt),
          }));
        }
      },
    ],
    [
      'comments',
      () =>
        rowsOf(
          (after) => {
            const p = pageOf(comments.id, eq(comments.userId, userId))(after);
            return db.select().from(comments).where(p.where).orderBy(p.orderBy).limit(p.limit);
          },
          (c) => c.id,
          (c) => ({
            id: c.id,
            post_id: c.postId,
            parent_id: c.parentId,
            content: c.content,
            language: c.language,
            votes_score: c.votesScore,
            created_at: iso(c.createdAt),
            updated_at: iso(c.updatedAt),
          }),
        ),
    ],
    [
      'thoughts',
      () =>
        rowsOf(
          (after) => {
            const p = pageOf(thoughts.id, eq(thoughts.userId, userId))(after);
            return db.select().from(thoughts).where(p.where).orderBy(p.orderBy).limit(p.limit);
          },
          (t) => t.id,
          (t) => ({
            id: t.id,
            content: t.content,
            language: t.language,
            reactions: { love: t.loveCount, insightful: t.insightfulCount, relate: t.relateCount, hope: t.hopeCount },
            created_at: iso(t.createdAt),
            updated_at: iso(t.updatedAt),
          }),
        ),
    ],
    [
      'topics',
      () =>
        rowsOf(
          (after) => {
            const p = pageOf(topics.id, eq(topics.userId, userId))(after);
            return db
              .select({ topic: topics, category: categories.key })
              .from(topics)
              .innerJoin(categories, eq(categories.id, topics.categoryId))
              .where(p.where)
              .orderBy(p.orderBy)
              .limit(p.limit);
          },
          (r) => r.topic.id,
          ({ topic, category }) => ({
            id: topic.id,
            title: topic.title,
            description: topic.description,
            language: topic.language,
            category: translate(locale, `category.${category}`),
            posts_count: topic.postsCount,
            created_at: iso(topic.createdAt),
          }),
        ),
    ],
    [
      'poll_votes',
      () =>
        rowsOf(
          (after) => {
            const p = pageOf(pollVotes.pollId, eq(pollVotes.userId, userId))(after);
            return db
              .select({ vote: pollVotes, option: pollOptions.text })
              .from(pollVotes)
              .innerJoin(pollOptions, eq(pollOptions.id, pollVotes.optionId))
              .where(p.where)
              .orderBy(p.orderBy)
              .limit(p.limit);
          },
          (r) => r.vote.pollId,
          ({ vote, option }) => ({ poll_id: vote.pollId, option_id: vote.optionId, option, created_at: iso(vote.createdAt) }),
        ),
    ],
    ...(
      [
        ['supports', supports],
        ['favorites', favorites],
        ['hidden_posts', postHides],
      ] as const
    ).map(([name, table]): [string, () => AsyncGenerator<Row[]>] => [
      name,
      () =>
        rowsOf(
          (after) => {
            const p = pageOf(table.postId, eq(table.userId, userId))(after);
            return db.select().from(table).where(p.where).orderBy(p.orderBy).limit(p.limit);
          },
          (r) => r.postId,
          (r) => ({ post_id: r.postId, created_at: iso(r.createdAt) }),
        ),
    ]),
    [
      'hidden_moods',
      () =>
        rowsOf(
          (after) => {
            const p = pageOf(moodHides.moodId, eq(moodHides.userId, userId))(after);
            return db.select().from(moodHides).where(p.where).orderBy(p.orderBy).limit(p.limit);
          },
          (r) => r.moodId,
          (r) => ({ mood_id: r.moodId, created_at: iso(r.createdAt) }),
        ),
    ],
    [
      'mood_interactions',
      () =>
        rowsOf(
          (after) => {
            const p = pageOf(moodInteractions.moodId, eq(moodInteractions.userId, userId))(after);
            return db.select().from(moodInteractions).where(p.where).orderBy(p.orderBy).limit(p.limit);
          },
          (r) => r.moodId,
          (r) => ({ mood_id: r.moodId, type: r.type, created_at: iso(r.createdAt) }),
        ),
    ],
    [
      'thought_reactions',
      () =>
        rowsOf(
          (after) => {
            const p = pageOf(thoughtReactions.thoughtId, eq(thoughtReactions.userId, userId))(after);
            return db.select().from(thoughtReactions).where(p.where).orderBy(p.orderBy).limit(p.limit);
          },
          (r) => r.thoughtId,
          (r) => ({ thought_id: r.thoughtId, type: r.type, created_at: iso(r.createdAt) }),
        ),
    ],
    [
      'comment_votes',
      () =>
        rowsOf(
          (after) => {
            const p = pageOf(commentVotes.commentId, eq(commentVotes.userId, userId))(after);
            return db.select().from(commentVotes).where(p.where).orderBy(p.orderBy).limit(p.limit);
          },
          (r) => r.commentId,
          (r) => ({ comment_id: r.commentId, vote: r.vote }),
        ),
    ],
    [
      'reports',
      () =>
        rowsOf(
          (after) => {
            const p = pageOf(reports.id, eq(reports.userId, userId))(after);
            return db
              .select({ report: reports, type: reportTypes.key })
              .from(reports)
              .innerJoin(reportTypes, eq(reportTypes.id, reports.reportTypeId))
              .where(p.where)
              .orderBy(p.orderBy)
              .limit(p.limit);
          },
          (r) => r.report.id,
          ({ report, type }) => ({
            target: report.target,
            target_id: report.targetId,
            reason: translate(locale, `report_type.${type}`),
            note: report.note,
            created_at: iso(report.createdAt),
          }),
        ),
    ],
    [
      'messages',
      () =>
        rowsOf(
          (after) => {
            // Every message of the person's conversations (their side joins them), as far as they may see it.
            const p = pageOf(messages.id, shownTo({ moderation: messages.moderation, userId: messages.senderId }, userId))(after);
            return db
              .select({ message: messages })
              .from(messages)
              .innerJoin(
                conversationMembers,
                and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.userId, userId)),
              )
              .where(p.where)
              .orderBy(p.orderBy)
              .limit(p.limit);
          },
          (r) => r.message.id,
          ({ message: m }) => ({
            id: m.id,
            conversation_id: m.conversationId,
            direction: m.senderId === userId ? 'sent' : 'received',
            content: m.content,
            created_at: iso(m.createdAt),
            seen_at: iso(m.seenAt),
          }),
        ),
    ],
    [
      'advice',
      () =>
        rowsOf(
          (after) => {
            const mine = or(
              eq(advices.senderId, userId),
              and(eq(advices.recipientId, userId), shownTo({ moderation: advices.moderation, userId: advices.senderId }, userId)),
            ) as SQL;
            const p = pageOf(advices.id, mine)(after);
            return db.select().from(advices).where(p.where).orderBy(p.orderBy).limit(p.limit);
          },
          (a) => a.id,
          (a) => ({
            id: a.id,
            post_id: a.postId,
            direction: a.senderId === userId ? 'sent' : 'received',
            content: a.content,
            created_at: iso(a.createdAt),
          }),
        ),
    ],
    [
      'recent_searches',
      () =>
        rowsOf(
          (after) => {
            const p = pageOf(recentSearches.id, eq(recentSearches.userId, userId))(after);
            return db.select().from(recentSearches).where(p.where).orderBy(p.orderBy).limit(p.limit);
          },
          (r) => r.id,
          (r) => ({ query: r.query, created_at: iso(r.createdAt) }),
        ),
    ],
    [
      // What the person was told, without the sentence: it names the people who acted.
      'notifications',
      () =>
        rowsOf(
          (after) => {
            const p = pageOf(notifications.id, eq(notifications.userId, userId))(after);
            return db.select().from(notifications).where(p.where).orderBy(p.orderBy).limit(p.limit);
          },
          (n) => n.id,
          (n) => ({
            type: n.type,
            item_kind: n.itemKind,
            item_id: n.itemId,
            url: n.url,
            people_count: n.actorCount,
            seen: n.seen,
            created_at: iso(n.createdAt),
            updated_at: iso(n.updatedAt),
          }),
        ),
    ],
    [
      'achievements',
      async function* () {
        // A person holds at most one row per achievement: one short page.
        const rows = await db
          .select()
          .from(userAchievements)
          .where(eq(userAchievements.userId, userId))
          .orderBy(asc(userAchievements.earnedAt));
        if (rows.length > 0) yield rows.map((a) => ({ achievement: a.achievement, earned_at: iso(a.earnedAt) }));
      },
    ],
    [
      // The browsers that receive the person's pushes; their keys are the browser's secrets and stay out.
      'push_subscriptions',
      () =>
        rowsOf(
          (after) => {
            const p = pageOf(pushSubscriptions.id, eq(pushSubscriptions.userId, userId))(after);
            return db.select().from(pushSubscriptions).where(p.where).orderBy(p.orderBy).limit(p.limit);
          },
          (s) => s.id,
          (s) => ({ endpoint: s.endpoint, created_at: iso(s.createdAt) }),
        ),
    ],
  ];
}

async function* rowsOf<T>(read: (after: number) => Promise<T[]>, key: (row: T) => number, shape: (row: T) => Row): AsyncGenerator<Row[]> {
  for await (const rows of paged(read, key)) yield rows.map(shape);
}

/** The names of the document's lists, in order (the OpenAPI schema and the tests name the same). */
export const EXPORT_SECTIONS = [
  'posts',
  'moods',
  'comments',
  'thoughts',
  'topics',
  'poll_votes',
  'supports',
  'favorites',
  'hidden_posts',
  'hidden_moods',
  'mood_interactions',
  'thought_reactions',
  'comment_votes',
  'reports',
  'messages',
  'advice',
  'recent_searches',
  'notifications',
  'achievements',
  'push_subscriptions',
] as const;

/** The document as pieces of JSON text: the account first, then each list a page at a time. */
export async function* exportData(db: DbOrTx, userId: number, locale: string): AsyncGenerator<string> {
  const user = toUser(await getUser(db, userId), await serializer(db, locale));
  const [kinds, push] = await Promise.all([getNotificationKinds(db, userId), getPushSettings(db, userId)]);
  yield `{"exported_at":${JSON.stringify(new Date().toISOString())},"account":${JSON.stringify(user)}`;
  yield `,"notification_kinds":${JSON.stringify(kinds)},"quiet_hours":${JSON.stringify(push.quiet_hours)}`;
  for (const [name, pages] of sections(db, userId, locale)) {
    yield `,${JSON.stringify(name)}:[`;
    let first = true;
    for await (const rows of pages()) {
      const json = rows.map((r) => JSON.stringify(r)).join(',');
      yield first ? json : `,${json}`;
      first = false;
    }
    yield ']';
  }
  yield '}\n';
}
