/**
 * Keeping the search words of what people write: every service that writes or edits a post, mood, topic or thought
 * calls indexText in the same transaction, so an item is findable exactly when it exists, with its current words.
 * Deleting the item deletes its row (on delete cascade). Rows written before search existed, or by bulk loads
 * (bench/fill.ts), are filled by backfillSearch at start.
 */
import { sql } from 'drizzle-orm';
import { searchText } from '../../../core/search.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { moodSearch, moods, postSearch, posts, thoughtSearch, thoughts, topicSearch, topics } from '../../../db/schema.ts';

export type SearchKind = 'post' | 'mood' | 'topic' | 'thought';

export const SEARCH_TABLES = { post: postSearch, mood: moodSearch, topic: topicSearch, thought: thoughtSearch } as const;

/** The text a topic is found by: its title and description. */
export const topicText = (title: string, description: string) => `${title}\n${description}`;

/** Stores (or replaces) the words of an item's text. */
export async function indexText(tx: DbOrTx, kind: SearchKind, id: number, text: string): Promise<void> {
  const table = SEARCH_TABLES[kind];
  const words = searchText(text);
  await tx
    .insert(table)
    .values({ id, searchText: words })
    .onConflictDoUpdate({ target: table.id, set: { searchText: words } });
}

const SOURCES = {
  post: { table: posts, id: posts.id, text: posts.content },
  mood: { table: moods, id: moods.id, text: moods.content },
  topic: { table: topics, id: topics.id, text: sql<string>`${topics.title} || E'\n' || ${topics.description}` },
  thought: { table: thoughts, id: thoughts.id, text: thoughts.content },
} as const;

/** Items read per statement while backfilling: bounded memory, short statements. */
const BATCH = 2000;

/**
 * Writes the search words of every item that has none yet, in batches; quick when there is nothing to do (one
 * anti-join per kind). Returns how many items were indexed.
 */
export async function backfillSearch(db: DbOrTx, log?: (line: string) => void): Promise<number> {
  let total = 0;
  for (const kind of Object.keys(SOURCES) as SearchKind[]) {
    const source = SOURCES[kind];
    const table = SEARCH_TABLES[kind];
    for (;;) {
      const rows = await db
        .select({ id: source.id, text: source.text })
        .from(source.table)
        .where(sql`not exists(select 1 from ${table} where ${table.id} = ${source.id})`)
        .orderBy(source.id)
        .limit(BATCH);
      if (rows.length === 0) break;
      const values = rows.map((r) => ({ id: r.id, searchText: searchText(r.text) }));
      // An item deleted meanwhile fails its foreign key: insert only ids that still exist.
      await db.execute(sql`insert into ${table} (id, search_text)
        select v.id, v.t from unnest(${sql.param(values.map((v) => v.id))}::int[], ${sql.param(values.map((v) => v.searchText))}::text[]) as v(id, t)
        where exists(select 1 from ${source.table} where ${source.id} = v.id)
        on conflict (id) do nothing`);
      total += rows.length;
      log?.(`search: ${kind} ${total}`);
      if (rows.length < BATCH) break;
    }
  }
  return total;
}
