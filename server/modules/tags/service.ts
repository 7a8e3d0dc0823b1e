/** Tags come from #hashtags in a post's text; a tag is found by its name in any letter case. */
import { eq, inArray, sql } from 'drizzle-orm';
import { extractHashtags } from '../../../core/text.ts';
import type { Tag } from '../../../core/types.ts';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { postTags, tags } from '../../../db/schema.ts';
import { NotFound } from '../../errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { countTagPosts } from '../posts/service.ts';

/**
 * Replaces the post's tags with the hashtags of its text. Called on every write of the post's text, which is when
 * its language may change, so the copies of its language and creation time beside its tags stay the post's.
 */
export async function tagPost(tx: Tx, post: { id: number; language: string; createdAt: Date }, content: string): Promise<void> {
  const postId = post.id;
  await tx.delete(postTags).where(eq(postTags.postId, postId));
  const names = extractHashtags(content);
  if (names.length === 0) return;
  await tx
    .insert(tags)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const lower = names.map((n) => n.toLocaleLowerCase('und'));
  const rows = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(inArray(sql`lower(${tags.name})`, lower));
  await tx
    .insert(postTags)
    .values(rows.map((r) => ({ postId, tagId: r.id, postLanguage: post.language, postCreatedAt: post.createdAt })))
    .onConflictDoNothing();
}

/** A tag with the number of its posts the viewer sees: the total of its page of posts (countTagPosts). */
export async function getTag(db: DbOrTx, viewer: Viewer, id: number): Promise<Tag & { posts_count: number }> {
  const [row] = await db.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.id, id));
  if (!row) throw new NotFound();
  return { id: row.id, name: row.name, posts_count: await countTagPosts(db, viewer, id) };
}

/** check-tag-url: by id, or by name without the '#'. */
export async function tagExists(db: DbOrTx, by: { id?: number; slug?: string }): Promise<boolean> {
  const where =
    by.id !== undefined ? eq(tags.id, by.id) : sql`lower(${tags.name}) = ${(by.slug ?? '').replace(/^#/, '').toLocaleLowerCase('und')}`;
  const [row] = await db.select({ id: tags.id }).from(tags).where(where).limit(1);
  return Boolean(row);
}
