/**
 * Search over posts, moods, topics, thoughts and tags (docs/decisions/025-search.md). The query's words
 * (core/search.ts, the same cutting as when the text was written) become a tsquery matched against each kind's
 * `simple` tsvector through its GIN index; results are ranked by ts_rank, then newest first, and leave out what the
 * viewer may not or does not want to see: moderation (shownTo), people they blocked (notBlocked), items they hid,
 * languages outside their content languages. When the words as written find nothing, words spelt like them are
 * looked for with pg_trgm (a typo). Each result carries its text cut into matched and unmatched parts.
 */
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { RecentSearch, SearchPage, SearchResult, SearchType } from '../../../core/schemas/search.ts';
import { highlight, type QueryTerm, queryTerms, SEARCH_COUNT_CAP, toTsquery } from '../../../core/search.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { moodHides, moods, postHides, posts, postTags, recentSearches, tags, thoughts, topics } from '../../../db/schema.ts';
import { Forbidden, NotFound } from '../../errors.ts';
import { offset, type PageQuery, paged } from '../../lib/http.ts';
import { qualified } from '../../lib/sql.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { notBlocked } from '../blocks/filter.ts';
import { newestFirst } from '../feed/service.ts';
import { shownTo } from '../moderation/visibility.ts';
import { moodsByIds } from '../moods/service.ts';
import { postsByIds } from '../posts/service.ts';
import { thoughtsByIds } from '../thoughts/service.ts';
import { topicsByIds } from '../topics/service.ts';
import { SEARCH_TABLES, type SearchKind } from './index.ts';

/** Recent searches kept per person. */
export const RECENT_SEARCHES = 10;
/** How alike a word must be to a query word to count as its misspelling (pg_trgm word_similarity). */
const TYPO_SIMILARITY = 0.5;

interface KindTable {
  table: typeof posts | typeof moods | typeof topics | typeof thoughts;
  id: AnyPgColumn;
  userId: AnyPgColumn;
  language: AnyPgColumn;
  createdAt: AnyPgColumn;
  moderation: AnyPgColumn;
  /** The viewer's "hide this" rows, for the kinds that have them. */
  hidden?: (viewerId: number) => SQL;
}

const KINDS: Record<SearchKind, KindTable> = {
  post: {
    table: posts,
    id: posts.id,
    userId: posts.userId,
    language: posts.language,
    createdAt: posts.createdAt,
    moderation: posts.moderation,
    hidden: (v) => sql`exists(select 1 from ${postHides} where ${postHides.postId} = ${posts.id} and ${postHides.userId} = ${v})`,
  },
  mood: {
    table: moods,
    id: moods.id,
    userId: moods.userId,
    language: moods.language,
    createdAt: moods.createdAt,
    moderation: moods.moderation,
    hidden: (v) => sql`exists(select 1 from ${moodHides} where ${moodHides.moodId} = ${moods.id} and ${moodHides.userId} = ${v})`,
  },
  topic: {
    table: topics,
    id: topics.id,
    userId: topics.userId,
    language: topics.language,
    createdAt: topics.createdAt,
    moderation: topics.moderation,
  },
  thought: {
    table: thoughts,
    id: thoughts.id,
    userId: thoughts.userId,
    language: thoughts.language,
    createdAt: thoughts.createdAt,
    moderation: thoughts.moderation,
  },
};

const TYPE_KINDS: Record<Exclude<SearchType, 'tags'>, SearchKind[]> = {
  all: ['post', 'mood', 'topic', 'thought'],
  posts: ['post'],
  moods: ['mood'],
  topics: ['topic'],
  thoughts: ['thought'],
};

/** How a kind's rows are matched: the words (a tsquery), or, for the typo fallback, words spelt like them. */
type Match = { kind: 'words'; tsquery: string } | { kind: 'typo'; words: string[] };

/** What the viewer sees of a kind: moderation, their blocks and hides, their content languages. */
function visible(k: KindTable, viewer: Viewer): SQL[] {
  const where: SQL[] = [shownTo(k, viewer.id)];
  if (viewer.languages) where.push(inArray(k.language, [...viewer.languages]));
  if (viewer.id !== null) {
    where.push(notBlocked(viewer.id, k.userId));
    if (k.hidden) where.push(sql`not ${k.hidden(viewer.id)}`);
  }
  return where;
}

function matchOf(kind: SearchKind, match: Match): { where: SQL; rank: SQL<number> } {
  const s = SEARCH_TABLES[kind];
  if (match.kind === 'words') {
    const q = sql`${match.tsquery}::tsquery`;
    return { where: sql`${s.search} @@ ${q}`, rank: sql<number>`ts_rank(${s.search}, ${q})` };
  }
  // `<%` is what the trigram index answers; the threshold is set for the transaction (search()).
  const each = match.words.map((w) => sql`${w} <% ${s.searchText}`);
  return {
    where: sql`(${sql.join(each, sql` or `)})`,
    rank: sql<number>`(${sql.join(
      match.words.map((w) => sql`word_similarity(${w}, ${s.searchText})`),
      sql` + `,
    )})`,
  };
}

/**
 * The best `limit` matching rows of one kind: (kind, id, rank, created_at). Ranked by ts_rank when `relevance`
 * (few matches: cheap to score them all), else newest first, the order of the kind's feed index, so that for a
 * word in thousands of items PostgreSQL walks that index and stops after a page instead of scoring every match.
 */
function kindRows(db: DbOrTx, kind: SearchKind, match: Match, viewer: Viewer, relevance: boolean, limit: number) {
  const k = KINDS[kind];
  const s = SEARCH_TABLES[kind];
  const m = matchOf(kind, match);
  const rank = relevance ? sql<number>`${m.rank}::real` : sql<number>`0::real`;
  return db
    .select({ kind: sql<string>`${kind}::text`.as('kind'), id: k.id, rank: rank.as('rank'), createdAt: k.createdAt })
    .from(s)
    .innerJoin(k.table, eq(k.id, s.id))
    .where(and(m.where, ...visible(k, viewer)))
    .orderBy(...(relevance ? [desc(sql`rank`)] : []), ...newestFirst(k.createdAt, k.id))
    .limit(limit);
}

/**
 * The statement counting one kind's matches up to SEARCH_COUNT_CAP + 1, as a scalar subquery of countAll's single
 * statement: a word in 12 % of 200,000 posts is not counted row by row on every search.
 */
function kindCount(db: DbOrTx, kind: SearchKind, match: Match, viewer: Viewer): SQL<number> {
  const k = KINDS[kind];
  const s = SEARCH_TABLES[kind];
  // The matching ids from the GIN index first (`offset 0` keeps PostgreSQL from merging the subquery into the
  // join): with the LIMIT alone it walked the whole primary key testing every row's words, ~150 ms for a word in
  // 4 % of 200,000 posts, against a few ms for the index's bitmap.
  const matched = db.select({ id: s.id }).from(s).where(matchOf(kind, match).where).offset(0).as('matched');
  const q = db
    .select({ one: sql`1` })
    .from(matched)
    .innerJoin(k.table, eq(k.id, matched.id))
    .where(and(...visible(k, viewer)))
    .limit(SEARCH_COUNT_CAP + 1);
  return sql<number>`(select count(*)::int from (${q}) as capped)`;
}

/**
 * Tags whose name is a query word (or starts with one that is long enough), with at least one post the viewer may
 * see; the exact name first, then the most used. `starts_with` rather than LIKE: no character of the query is a pattern.
 */
function tagMatch(terms: readonly QueryTerm[], viewer: Viewer): SQL {
  const names = terms.map((t) => (t.prefix ? sql`starts_with(lower(${tags.name}), ${t.word})` : sql`lower(${tags.name}) = ${t.word}`));
  const post = KINDS.post;
  return and(
    sql`(${sql.join(names, sql` or `)})`,
    sql`exists(select 1 from ${postTags} join ${posts} on ${posts.id} = ${postTags.postId}
      where ${postTags.tagId} = ${tags.id} and ${and(...visible(post, viewer))})`,
  ) as SQL;
}

const tagCount = sql<number>`(select count(*)::int from ${postTags} where ${postTags.tagId} = ${qualified(tags.id)})`;

function tagRows(db: DbOrTx, terms: readonly QueryTerm[], viewer: Viewer) {
  const exact = sql.join(
    terms.map((t) => sql`lower(${tags.name}) = ${t.word}`),
    sql` or `,
  );
  return db
    .select({
      kind: sql<string>`'tag'::text`.as('kind'),
      id: tags.id,
      // Above any ts_rank of a text, so that in "all" the tag named by the query comes first.
      rank: sql<number>`(case when ${exact} then 2 else 1 end)::real`.as('rank'),
      createdAt: tags.createdAt,
    })
    .from(tags)
    .where(tagMatch(terms, viewer))
    .orderBy(desc(sql`rank`), desc(tags.createdAt), desc(tags.id));
}

const tagTotal = (db: DbOrTx, terms: readonly QueryTerm[], viewer: Viewer): SQL<number> =>
  sql<number>`(${db.select({ n: sql<number>`count(*)::int` }).from(tags).where(tagMatch(terms, viewer))})`;

interface Picked {
  kind: string;
  id: number;
}

/** A page of (kind, id), best first, over the kinds of `type`. */
async function pick(
  db: DbOrTx,
  type: SearchType,
  match: Match,
  terms: readonly QueryTerm[],
  viewer: Viewer,
  q: PageQuery,
  relevance: boolean,
): Promise<Picked[]> {
  const upTo = offset(q) + q.per_page;
  const parts: SQL[] = [];
  if (type !== 'tags') for (const kind of TYPE_KINDS[type]) parts.push(sql`(${kindRows(db, kind, match, viewer, relevance, upTo)})`);
  if ((type === 'tags' || type === 'all') && match.kind === 'words') parts.push(sql`(${tagRows(db, terms, viewer).limit(upTo)})`);
  if (parts.length === 0) return [];
  // Each kind gives its best page-and-before; the union is ordered once more across kinds.
  return db
    .select({ kind: sql<string>`u.kind`, id: sql<number>`u.id` })
    .from(sql`(${sql.join(parts, sql` union all `)}) as u`)
    .orderBy(sql`u.rank desc`, sql`u.created_at desc`, sql`u.kind`, sql`u.id desc`)
    .limit(q.per_page)
    .offset(offset(q));
}

/** Each type's number of matches (the "all" tab's is worked out from them). */
type Counts = Omit<SearchPage['counts'], 'all'>;
const NO_COUNTS: Counts = { posts: 0, moods: 0, topics: 0, thoughts: 0, tags: 0 };
const COUNTED: Record<SearchKind, Exclude<keyof Counts, 'tags'>> = { post: 'posts', mood: 'moods', topic: 'topics', thought: 'thoughts' };

/**
 * The counts of the kinds in `kinds` (every kind unless given; the others read 0) in one statement: one round trip,
 * and it runs as well inside the typo fallback's transaction.
 */
async function countAll(
  db: DbOrTx,
  match: Match,
  terms: readonly QueryTerm[],
  viewer: Viewer,
  kinds: readonly SearchKind[] = TYPE_KINDS.all,
): Promise<Counts> {
  const counted = (kind: SearchKind) => (kinds.includes(kind) ? kindCount(db, kind, match, viewer) : sql<number>`0`);
  const [row] = await db
    .select({
      posts: counted('post'),
      moods: counted('mood'),
      topics: counted('topic'),
      thoughts: counted('thought'),
      tags: match.kind === 'words' ? tagTotal(db, terms, viewer) : sql<number>`0`,
    })
    .from(sql`(select 1) as one`);
  return row;
}

/** Counts past the cap read as the cap: "1000" means 1000 or more. */
const capped = (c: Counts): Counts => ({
  posts: Math.min(c.posts, SEARCH_COUNT_CAP),
  moods: Math.min(c.moods, SEARCH_COUNT_CAP),
  topics: Math.min(c.topics, SEARCH_COUNT_CAP),
  thoughts: Math.min(c.thoughts, SEARCH_COUNT_CAP),
  tags: Math.min(c.tags, SEARCH_COUNT_CAP),
});
const totalOf = (type: SearchType, c: Counts) => (type === 'all' ? c.posts + c.moods + c.topics + c.thoughts + c.tags : c[type]);
/**
 * Few enough matches to score them all by ts_rank (the raw counts, before `capped`, are at most the cap); otherwise
 * newest first (kindRows).
 */
const ranked = (type: SearchType, raw: Counts) => totalOf(type, raw) <= SEARCH_COUNT_CAP;

/** The items of the picked ids, each with its highlighted fields, in the picked order. */
async function results(db: DbOrTx, picked: Picked[], terms: readonly QueryTerm[], fuzzy: boolean, viewer: Viewer): Promise<SearchResult[]> {
  const idsOf = (kind: string) => picked.filter((p) => p.kind === kind).map((p) => p.id);
  const tagIds = idsOf('tag');
  const [postList, moodList, topicList, thoughtList, tagList] = await Promise.all([
    postsByIds(db, viewer, idsOf('post')),
    moodsByIds(db, viewer, idsOf('mood')),
    topicsByIds(db, viewer, idsOf('topic')),
    thoughtsByIds(db, viewer, idsOf('thought')),
    tagIds.length === 0
      ? Promise.resolve([])
      : db.select({ id: tags.id, name: tags.name, posts_count: tagCount }).from(tags).where(inArray(tags.id, tagIds)),
  ]);
  const mark = (text: string) => highlight(text, terms, fuzzy);
  const found = new Map<string, SearchResult>();
  for (const item of postList) found.set(`post:${item.id}`, { type: 'post', item, highlight: { content: mark(item.content) } });
  for (const item of moodList) found.set(`mood:${item.id}`, { type: 'mood', item, highlight: { content: mark(item.content) } });
  for (const item of thoughtList) found.set(`thought:${item.id}`, { type: 'thought', item, highlight: { content: mark(item.content) } });
  for (const item of topicList) {
    found.set(`topic:${item.id}`, { type: 'topic', item, highlight: { title: mark(item.title), description: mark(item.description) } });
  }
  for (const item of tagList) found.set(`tag:${item.id}`, { type: 'tag', item, highlight: { name: mark(item.name) } });
  return picked.flatMap((p) => found.get(`${p.kind}:${p.id}`) ?? []);
}

/**
 * Words spelt like the query's (a typo): only for words of spaced scripts of 4 letters or more, where trigrams say
 * something; Chinese, Japanese and Thai pairs already find a word inside a longer one.
 */
const typoWords = (terms: readonly QueryTerm[]) =>
  terms.filter((t) => t.pairs.length === 0 && t.prefix && Array.from(t.word).length >= 4).map((t) => t.word);

export async function search(db: Db, viewer: Viewer, query: string, type: SearchType, q: PageQuery): Promise<SearchPage> {
  const terms = queryTerms(query);
  const tsquery = toTsquery(terms);
  const extra = { q: query, type };
  if (tsquery === null) {
    // Only punctuation or symbols: no word to look for.
    return { ...paged([], 0, q, '/api/search', extra), counts: { ...NO_COUNTS, all: 0 }, fuzzy: false };
  }
  const words: Match = { kind: 'words', tsquery };
  // The counts decide how the page is ordered, so they come first (one statement).
  const exact = await countAll(db, words, terms, viewer);
  // Past the last page there is nothing to read (and page 100,000 would make every kind sort all its matches).
  const beyond = (c: Counts) => offset(q) >= totalOf(type, capped(c));
  const typos = typoWords(terms);
  // A type whose words as written find nothing shows the similarly spelt ones (a typo). Each tab's number is what
  // that tab will show, so the kinds without an exact match are counted by their typos too, whichever tab is open.
  const unmatched = TYPE_KINDS.all.filter((kind) => exact[COUNTED[kind]] === 0);
  const byTypo = totalOf(type, exact) === 0 && typos.length > 0;
  let picked: Picked[] = [];
  let typoCounts = NO_COUNTS;
  if (typos.length > 0 && unmatched.length > 0) {
    const typo: Match = { kind: 'typo', words: typos };
    // The similarity threshold is a setting: set for this transaction only, on the connection that runs the queries.
    [typoCounts, picked] = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
      const c = await countAll(tx, typo, terms, viewer, unmatched);
      return [c, byTypo && !beyond(c) ? await pick(tx, type, typo, terms, viewer, q, ranked(type, c)) : []] as const;
    });
  }
  if (!byTypo && !beyond(exact)) picked = await pick(db, type, words, terms, viewer, q, ranked(type, exact));
  const fuzzy = byTypo && totalOf(type, typoCounts) > 0;
  const allCount = totalOf('all', capped(totalOf('all', exact) > 0 ? exact : typoCounts));
  const tabs = capped({
    posts: exact.posts || typoCounts.posts,
    moods: exact.moods || typoCounts.moods,
    topics: exact.topics || typoCounts.topics,
    thoughts: exact.thoughts || typoCounts.thoughts,
    tags: exact.tags,
  });
  const counts = { ...tabs, all: allCount };
  const data = await results(db, picked, terms, fuzzy, viewer);
  return { ...paged(data, type === 'all' ? allCount : tabs[type], q, '/api/search', extra), counts, fuzzy };
}

const recentJson = (r: typeof recentSearches.$inferSelect): RecentSearch => ({
  id: r.id,
  query: r.query,
  created_at: r.createdAt.toISOString(),
});

/** Keeps a signed-in person's search: the same words again move to the top; only the newest RECENT_SEARCHES stay. */
export async function rememberSearch(db: Db, userId: number, query: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(recentSearches)
      .values({ userId, query, createdAt: new Date() })
      .onConflictDoUpdate({ target: [recentSearches.userId, recentSearches.query], set: { createdAt: new Date() } });
    await tx.execute(sql`delete from ${recentSearches} where ${recentSearches.userId} = ${userId} and ${recentSearches.id} not in (
      select ${recentSearches.id} from ${recentSearches} where ${recentSearches.userId} = ${userId}
      order by ${recentSearches.createdAt} desc, ${recentSearches.id} desc limit ${RECENT_SEARCHES})`);
  });
}

export async function listRecentSearches(db: DbOrTx, userId: number): Promise<RecentSearch[]> {
  const rows = await db
    .select()
    .from(recentSearches)
    .where(eq(recentSearches.userId, userId))
    .orderBy(desc(recentSearches.createdAt), desc(recentSearches.id))
    .limit(RECENT_SEARCHES);
  return rows.map(recentJson);
}

export async function deleteRecentSearch(db: DbOrTx, userId: number, id: number): Promise<void> {
  const [row] = await db.select({ userId: recentSearches.userId }).from(recentSearches).where(eq(recentSearches.id, id));
  if (!row) throw new NotFound();
  if (row.userId !== userId) throw new Forbidden();
  await db.delete(recentSearches).where(eq(recentSearches.id, id));
}

export async function clearRecentSearches(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(recentSearches).where(eq(recentSearches.userId, userId));
}
