/**
 * Related posts (relatedPosts): which posts, in which order, ties included. The order is part of what the page
 * shows, so it is pinned here: posts sharing a tag first, newest first (equal times: the higher id first), then
 * posts of the same feeling sharing no tag, the same way; the post's language only; at most 6.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, postTags } from '../../../db/schema.ts';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';

let t: TestApp;
let feelings: number[];
beforeAll(async () => {
  t = await createTestApp();
  feelings = (await t.call(null, 'GET', '/api/feelings?type=post')).body.data.map((f: { id: number }) => f.id);
});
afterAll(() => t.close());

const long = (words: string) => `${words} ${'and it keeps coming back every single evening when the house gets quiet. '.repeat(3)}`.trim();

/** Each post by a new guest, so no writing limit is reached. */
async function post(content: string, feeling?: number): Promise<number> {
  const g: Guest = await signInGuest(t.app);
  const res = await t.call(g, 'POST', '/api/posts', { content: long(content), ...(feeling ? { feeling_id: feeling } : {}) });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/** Gives posts one creation time (as written, beside their tags too), so their order falls to the id. */
async function sameTime(ids: number[], at: string) {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await t.database.db.execute(sql`update posts set created_at = ${at}::timestamptz where id in (${list})`);
  await t.database.db.execute(sql`update post_tags set post_created_at = ${at}::timestamptz where post_id in (${list})`);
}

const related = async (id: number, guest: Guest | null = null): Promise<number[]> =>
  (await t.call(guest, 'GET', `/api/relatedPosts?post_id=${id}`)).body.data.map((p: { id: number }) => p.id);

describe('related posts', () => {
  it('lists posts sharing a tag, then of the feeling, newest first with ties by id, at most 6', async () => {
    const [feeling, other] = feelings;
    const source = await post('Cannot sleep again #rpalpha #rpbeta', feeling);
    const alpha = await post('Also awake #rpalpha', other);
    const beta = await post('Same here #rpbeta');
    const both = await post('Both of them #rpalpha #rpbeta', other);
    const taggedSameFeeling = await post('The feeling and a tag #rpalpha', feeling);
    const feelingOld = await post('Only the feeling, older', feeling);
    const feelingA = await post('Only the feeling, first', feeling);
    const feelingB = await post('Only the feeling, second', feeling);
    const unrelated = await post('Nothing in common #rpgamma', other);

    // Tag part: `both` newest; `alpha` and `beta` tie (the higher id first); then `taggedSameFeeling`.
    await sameTime([both], '2026-01-05T00:00:00Z');
    await sameTime([alpha, beta], '2026-01-04T00:00:00Z');
    await sameTime([taggedSameFeeling], '2026-01-03T00:00:00Z');
    // Feeling part: `feelingA` and `feelingB` tie, newer than every tagged post; `feelingOld` is the 7th.
    await sameTime([feelingA, feelingB], '2026-01-09T00:00:00Z');
    await sameTime([feelingOld], '2026-01-01T00:00:00Z');

    expect(await related(source)).toEqual([both, beta, alpha, taggedSameFeeling, feelingB, feelingA]);
    expect(await related(source)).not.toContain(unrelated);
    // From a tagged post without a feeling: the posts sharing its tag, the source (written now) among them.
    expect(await related(beta)).toEqual([source, both]);
  });

  it('keeps to the post language and to what the viewer sees, and is empty without tags or feeling', async () => {
    const source = await post('Lonely tonight #rpdelta');
    const inEnglish = await post('Me too #rpdelta');
    const elsewhere = await post('Another language #rpdelta');
    await t.database.db.execute(sql`update posts set language = 'es' where id = ${elsewhere}`);
    await t.database.db.execute(sql`update post_tags set post_language = 'es' where post_id = ${elsewhere}`);
    expect(await related(source)).toEqual([inEnglish]);

    const reader = await signInGuest(t.app);
    expect((await t.call(reader, 'POST', '/api/blocks', { user_id: await authorOf(inEnglish) })).status).toBeLessThan(300);
    expect(await related(source, reader)).toEqual([]);

    expect(await related(await post('No tag and no feeling'))).toEqual([]);
  });

  it('keeps the post language and time beside its tags when its text is edited', async () => {
    const g = await signInGuest(t.app);
    const res = await t.call(g, 'POST', '/api/posts', { content: long('Tired of it all #rpepsilon') });
    const id = res.body.data.id;
    const copies = () =>
      t.database.db
        .select({ same: sql<boolean>`${postTags.postLanguage} = ${posts.language} and ${postTags.postCreatedAt} = ${posts.createdAt}` })
        .from(postTags)
        .innerJoin(posts, eq(posts.id, postTags.postId))
        .where(eq(postTags.postId, id));
    expect(await copies()).toEqual([{ same: true }]);
    const edit = await t.call(g, 'PUT', `/api/posts/${id}`, {
      content: long('Still tired #rpepsilon #rpzeta'),
    });
    expect(edit.status).toBe(200);
    expect(await copies()).toEqual([{ same: true }, { same: true }]);
  });
});

async function authorOf(id: number): Promise<number> {
  return (await t.call(null, 'GET', `/api/posts/${id}`)).body.data.user.id;
}
