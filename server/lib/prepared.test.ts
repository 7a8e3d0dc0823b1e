import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatars, feelings, posts, users } from '../../db/schema.ts';
import { createTestApp, signInGuest, type TestApp } from '../../tests/helpers/app.ts';
import { prepared, preparedArrays } from './prepared.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('prepared statements', () => {
  it('shape rows exactly as drizzle does: nested tables, a left join with and without a row, decoded columns', async () => {
    const g = await signInGuest(t.app);
    const feeling = (await t.call(null, 'GET', '/api/feelings?type=post')).body.data[0].id;
    const body = (n: number) => `${n} ${'b'.repeat(200)}`;
    expect((await t.call(g, 'POST', '/api/posts', { content: body(1), feeling_id: feeling })).status).toBe(201);
    expect((await t.call(g, 'POST', '/api/posts', { content: body(2) })).status).toBe(201);
    const { db } = t.database;
    const query = (user: number | ReturnType<typeof sql.placeholder>) =>
      db
        .select({
          post: posts,
          feeling: feelings,
          authorId: users.id,
          avatarFile: avatars.file,
          created: sql<Date>`${posts.createdAt}`.mapWith(posts.createdAt),
          n: sql<number>`${posts.supportsCount} + 1`.mapWith(Number),
        })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .leftJoin(avatars, eq(avatars.id, users.avatarId))
        .leftJoin(feelings, eq(feelings.id, posts.feelingId))
        .where(eq(posts.userId, user))
        .orderBy(desc(posts.id));
    const compiled = await prepared(db, 'test_prepared_rows', (name) => query(sql.placeholder('user')).prepare(name)).execute({
      user: g.id,
    });
    const drizzle = await query(g.id);
    expect(compiled).toHaveLength(2);
    expect(compiled[0].feeling).toBeNull();
    expect(compiled[1].feeling?.id).toBe(feeling);
    expect(compiled[0].created).toBeInstanceOf(Date);
    expect(compiled).toEqual(drizzle);
    // Key order too: the answers are written from these objects.
    expect(JSON.stringify(compiled)).toBe(JSON.stringify(drizzle));

    // The same rows read field by field from the driver's arrays: every value decoded as drizzle decodes it.
    const paths = ['post.id', 'post.content', 'post.createdAt', 'feeling.id', 'feeling.key', 'authorId', 'avatarFile', 'created', 'n'];
    const arrays = preparedArrays(
      db,
      'test_prepared_arrays',
      (name) => query(sql.placeholder('user')).prepare(name),
      (field) => {
        const reads = paths.map((path) => field(path));
        return (row: unknown[]) => reads.map((read) => read(row));
      },
    );
    const read = (await arrays.query.execute({ user: g.id })).map(arrays.shape);
    expect(read).toEqual(
      drizzle.map((r) => [
        r.post.id,
        r.post.content,
        r.post.createdAt,
        r.feeling?.id ?? null,
        r.feeling?.key ?? null,
        r.authorId,
        r.avatarFile,
        r.created,
        r.n,
      ]),
    );
    expect(read[0][2]).toBeInstanceOf(Date);
    expect(read[0][7]).toBeInstanceOf(Date);
    expect(read[1][3]).toBe(feeling);
    // Built once per statement: a second call finds the same statement and shape.
    expect(
      preparedArrays(
        db,
        'test_prepared_arrays',
        () => null,
        () => null,
      ),
    ).toBe(arrays);
    // A path the select does not have is an error when the statement is first prepared, not an undefined per row.
    expect(() =>
      preparedArrays(
        db,
        'test_prepared_arrays_missing',
        (name) => query(sql.placeholder('user')).prepare(name),
        (field) => field('post.nope'),
      ),
    ).toThrow('test_prepared_arrays_missing: no field post.nope');
  });
});
