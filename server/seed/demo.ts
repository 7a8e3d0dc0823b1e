/**
 * Demo content for an empty database, written through the same services users go through, in several
 * languages. Runs on first start (SEED_DEMO) and by `npm run db:seed` (scripts/seed.ts). It lives with the server,
 * not in db/, because it writes through the server's services.
 */
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, feelings, topicCovers, users } from '../../db/schema.ts';
import { createGuest } from '../modules/auth/service.ts';
import { addComment } from '../modules/comments/service.ts';
import { setSupport } from '../modules/posts/actions.ts';
import { write } from '../modules/posts/write.ts';
import { createThought } from '../modules/thoughts/service.ts';
import { createTopic } from '../modules/topics/service.ts';
import type { UserRow } from '../modules/users/service.ts';
import { DEMO_MOODS, DEMO_POSTS, DEMO_THOUGHTS, DEMO_TOPICS } from './content.ts';

const EXTRA_LOCALES = ['en', 'es', 'fr', 'de', 'ar', 'hi', 'ja', 'pt', 'ru', 'tr', 'id', 'sw', 'ko', 'it', 'fa', 'uk'];

export interface Seeded {
  users: number;
  posts: number;
  moods: number;
  comments: number;
  topics: number;
  thoughts: number;
}

/** Seeds only an empty database; returns what was written, or null when there was already content. */
export async function seedDemoContent(db: Db): Promise<Seeded | null> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return null;
  const people: UserRow[] = [];
  const person = async (locale: string) => {
    const { user } = await createGuest(db, locale);
    people.push(user);
    return user;
  };
  const feelingIds = async (type: 'post' | 'mood') =>
    new Map((await db.select().from(feelings).where(eq(feelings.type, type))).map((f) => [f.key, f.id]));
  const postFeelings = await feelingIds('post');
  const moodFeelings = await feelingIds('mood');
  const tally: Seeded = { users: 0, posts: 0, moods: 0, comments: 0, topics: 0, thoughts: 0 };

  for (const p of DEMO_POSTS) {
    const author = await person(p.locale);
    const feeling_id = postFeelings.get(p.feeling);
    if (!feeling_id) throw new Error(`unknown demo feeling ${p.feeling}`);
    const w = await write(db, author, { content: p.content, feeling_id }, 'post', author.locale);
    if (w.placed !== 'post') throw new Error(`demo post landed in moods: ${p.content.slice(0, 40)}`);
    tally.posts++;
    for (const text of p.comments) {
      const commenter = await person(p.locale);
      await addComment(db, commenter, { id: commenter.id, locale: p.locale, languages: null }, w.post.id, text);
      // People who comment on a problem usually support it too.
      await setSupport(db, commenter.id, w.post.id, true);
      tally.comments++;
    }
  }
  for (const m of DEMO_MOODS) {
    const author = await person(m.locale);
    await write(db, author, { content: m.content, feeling_id: moodFeelings.get(m.feeling) }, 'mood', author.locale);
    tally.moods++;
  }
  const categoryIds = new Map((await db.select().from(categories)).map((c) => [c.key, c.id]));
  const coverIds = (await db.select().from(topicCovers).orderBy(topicCovers.sortOrder)).map((c) => c.id);
  for (const t of DEMO_TOPICS) {
    const author = await person(t.locale);
    const category_id = categoryIds.get(t.category);
    if (!category_id) throw new Error(`unknown demo category ${t.category}`);
    const viewer = { id: author.id, locale: t.locale, languages: null };
    const topic = await createTopic(db, author, viewer, {
      title: t.title,
      description: t.description,
      category_id,
      cover_id: coverIds[t.cover % coverIds.length],
    });
    tally.topics++;
    // Each post in a topic by its own person: the 30-minute rule holds per person.
    for (const content of t.posts) {
      await write(db, await person(t.locale), { content, topic_id: topic.id }, 'post', t.locale);
      tally.posts++;
    }
  }
  for (const th of DEMO_THOUGHTS) {
    const author = await person(th.locale);
    await createThought(db, author, { id: author.id, locale: th.locale, languages: null }, th.content);
    tally.thoughts++;
  }
  for (const locale of EXTRA_LOCALES) await person(locale);
  tally.users = people.length;
  return tally;
}
