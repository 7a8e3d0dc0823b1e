/**
 * An erasure racing a write of the same person (tests/helpers/race.ts; PostgreSQL only, as PGlite never interleaves
 * two transactions). The erasure locks the person's row first and every write holds it first (users/service.ts
 * activeUser), so the write runs wholly before the erasure (which then takes it back) or is refused after it: either
 * way the counts on the other person's post end as if it never happened. Without the lock, the write lands between
 * the erasure's reading of the person's rows and its deleting of the account, and its count stays behind.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, posts, supports } from '../../../db/schema.ts';
import { createTestApp, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';
import { race } from '../../../tests/helpers/race.ts';

const long = (seed: string) => `${seed} ${'and the evenings are the hardest part of it, every single one. '.repeat(3)}`.trim();

describe('an erasure racing a write of the same person', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function counts(postId: number) {
    const [row] = await t.database.db
      .select({ supports: posts.supportsCount, comments: posts.commentsCount })
      .from(posts)
      .where(eq(posts.id, postId));
    return {
      ...row,
      supportRows: (await t.database.db.select().from(supports).where(eq(supports.postId, postId))).length,
      commentRows: (await t.database.db.select().from(comments).where(eq(comments.postId, postId))).length,
    };
  }

  for (const [kind, table] of [
    ['support', 'supports'],
    // A comment waits on the writing ledger, which the erasure reaches after it has settled the comments.
    ['comment', 'writes'],
  ] as const) {
    it(`leaves no ${kind} count behind`, async () => {
      const a = await signInGuest(t.app);
      const b = await signInGuest(t.app);
      const postId = (await t.call(b, 'POST', '/api/posts', { content: long('Somewhere to be with') })).body.data.id;
      const write = () =>
        kind === 'support'
          ? t.call(a, 'POST', '/api/supports', { post_id: postId })
          : t.call(a, 'POST', '/api/comments', { post_id: postId, content: 'With you' });
      const [erased, wrote] = await race(t, table, [() => t.call(a, 'POST', '/api/deactivate', {}), write]);
      expect(erased.status).toBe(204);
      // Before the erasure (then taken back with it) or refused after it.
      expect([200, 201, 401]).toContain(wrote.status);
      expect(await counts(postId)).toEqual({ supports: 0, comments: 0, supportRows: 0, commentRows: 0 });
    });
  }
});
