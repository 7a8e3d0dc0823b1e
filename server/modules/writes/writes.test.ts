/**
 * The writing limits (core/limits.ts WRITE_LIMITS) count what was written, deleted or not, and points go with what
 * is deleted. Concurrent writes are raced in server/modules/concurrency.test.ts.
 */
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINTS, WRITE_LIMITS } from '../../../core/limits.ts';
import { createTestApp, type Guest, signInGuest, type TestApp, writingRefs } from '../../../tests/helpers/app.ts';
import { frozenClock } from '../../../tests/helpers/clock.ts';
import { waitMessage } from './service.ts';

let t: TestApp;
let moodFeeling: number;
let topicRefs: { category_id: number; cover_id: number };
beforeAll(async () => {
  t = await createTestApp();
  ({ moodFeeling, topicRefs } = await writingRefs(t));
});
afterAll(() => t.close());

const long = (seed: string) => `${seed} ${'and the evenings are the hardest part of it, every single one. '.repeat(3)}`.trim();
const points = async (g: Guest) => (await t.call(g, 'GET', '/api/get/data/user')).body.data.points as number;

/** One write of each limited kind, by `g`, numbered so no two are duplicates. */
async function writeOne(g: Guest, kind: 'topic' | 'mood' | 'thought' | 'comment', i: number, postId?: number) {
  switch (kind) {
    case 'topic':
      return t.call(g, 'POST', '/api/topics', { title: `Evening walks ${i}`, description: 'Where we talk about walking.', ...topicRefs });
    case 'mood':
      return t.call(g, 'POST', '/api/user/store/moods', { content: `Tired but hopeful, day ${i}`, feeling_id: moodFeeling });
    case 'thought':
      return t.call(g, 'POST', '/api/thoughts', { content: `Small steps still count, ${i}` });
    case 'comment':
      return i % 2 === 0
        ? t.call(g, 'POST', '/api/comments', { post_id: postId, content: `You are not alone in this, ${i}` })
        : t.call(g, 'POST', '/api/comments', { post_id: postId, content: `Thinking of you, ${i}` });
  }
}

describe('writing limits', () => {
  for (const kind of ['topic', 'mood', 'thought', 'comment'] as const) {
    it(`stops a person at ${WRITE_LIMITS[kind].max} ${kind}s in the window, deleted ones included, until the window moves on`, async () => {
      const clock = frozenClock();
      const g = await signInGuest(t.app);
      const author = await signInGuest(t.app);
      const postId = (await t.call(author, 'POST', '/api/posts', { content: long('A post to comment on') })).body.data.id;
      const { max, windowMs } = WRITE_LIMITS[kind];
      for (let i = 0; i < max; i++) expect((await writeOne(g, kind, i, postId)).status, `${kind} ${i}`).toBe(201);
      if (kind === 'thought') {
        const { id } = (await t.call(g, 'GET', '/api/thoughts')).body.data[0];
        expect((await t.call(g, 'DELETE', `/api/thoughts/${id}`)).status).toBe(204);
      }
      if (kind === 'comment') {
        const { id } = (await t.call(g, 'GET', `/api/post-comments?post_id=${postId}`)).body.data[0];
        expect((await t.call(g, 'DELETE', `/api/comments/${id}`)).status).toBe(204);
      }
      const refused = await writeOne(g, kind, max, postId);
      expect(refused.status).toBe(429);
      // Up to an hour and a half the wait is told in minutes; a topic's day is told in hours.
      const wait = kind === 'topic' ? '24 hours' : `${windowMs / 60000} minutes`;
      expect(refused.body).toEqual({
        code: 'WRITE_LIMIT',
        message: `You have written a lot in a short time. Take a breath: you can write again in ${wait}.`,
        retry_at: new Date(clock.start + windowMs).toISOString(),
      });
      clock.at(windowMs);
      expect((await writeOne(g, kind, max + 1, postId)).status).toBe(201);
    });
  }

  it(`stops a person at ${WRITE_LIMITS.report.max} reports an hour, messages' included, until the hour moves on`, async () => {
    const clock = frozenClock();
    const g = await signInGuest(t.app);
    const author = await signInGuest(t.app);
    const spam = (await t.call(g, 'GET', '/api/report-types')).body.data[0].id;
    const postId = (await t.call(author, 'POST', '/api/posts', { content: long('Reported again and again') })).body.data.id;
    const { max, windowMs } = WRITE_LIMITS.report;
    const comments: number[] = [];
    for (let i = 0; i <= max; i++) comments.push((await writeOne(author, 'comment', i, postId)).body.data.id);
    for (const id of comments.slice(0, max - 1))
      expect((await t.call(g, 'POST', '/api/report-comment', { comment_id: id, report_type_id: spam })).status).toBe(201);
    const message = (await t.call(author, 'POST', '/api/messages', { user_id: g.id, content: 'Why did you report me?' })).body.data.id;
    expect((await t.call(g, 'POST', '/api/report-message', { message_id: message, report_type_id: spam })).status).toBe(201);

    const refused = await t.call(g, 'POST', '/api/report-comment', { comment_id: comments[max], report_type_id: spam });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'WRITE_LIMIT',
      message: 'You have sent many reports in a short time. Thank you for looking out for others: you can report again in 60 minutes.',
      retry_at: new Date(clock.start + windowMs).toISOString(),
    });
    clock.at(windowMs);
    expect((await t.call(g, 'POST', '/api/report-comment', { comment_id: comments[max], report_type_id: spam })).status).toBe(201);
  });

  it('gives no post back when one is deleted: the sixth in 24 hours is refused', async () => {
    const g = await signInGuest(t.app);
    const ids: number[] = [];
    for (let i = 0; i < WRITE_LIMITS.post.max; i++)
      ids.push((await t.call(g, 'POST', '/api/posts', { content: long(`Post ${i}`) })).body.data.id);
    for (const id of ids.slice(0, 2)) expect((await t.call(g, 'DELETE', `/api/posts/${id}`)).status).toBe(200);
    expect((await t.call(g, 'GET', '/api/check-new-note?type=post')).body).toMatchObject({ isAllowed: false, limit: true });
    const refused = await t.call(g, 'POST', '/api/posts', { content: long('One more') });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('POST_LIMIT');
  });
});

describe('points go with what is deleted', () => {
  it('takes back a deleted comment’s points, and its replies’ from their authors', async () => {
    const author = await signInGuest(t.app);
    const g = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    const postId = (await t.call(author, 'POST', '/api/posts', { content: long('Hard week') })).body.data.id;
    for (let round = 0; round < 3; round++) {
      const c = await t.call(g, 'POST', '/api/comments', { post_id: postId, content: `Sending strength, round ${round}` });
      expect(c.status).toBe(201);
      expect(await points(g)).toBe(POINTS.comment);
      expect((await t.call(g, 'DELETE', `/api/comments/${c.body.data.id}`)).status).toBe(204);
      expect(await points(g)).toBe(0);
    }
    const c = await t.call(g, 'POST', '/api/comments', { post_id: postId, content: 'Still here for you' });
    expect((await t.call(other, 'POST', '/api/comment-reply', { comment_id: c.body.data.id, content: 'Me too' })).status).toBe(201);
    expect((await t.call(g, 'POST', '/api/comment-reply', { comment_id: c.body.data.id, content: 'Thank you both' })).status).toBe(201);
    expect([await points(g), await points(other)]).toEqual([2 * POINTS.comment, POINTS.comment]);
    expect((await t.call(g, 'DELETE', `/api/comments/${c.body.data.id}`)).status).toBe(204);
    expect([await points(g), await points(other)]).toEqual([0, 0]);
  });

  it('takes back a deleted post’s points, its supports’ and those of the comments deleted with it', async () => {
    const author = await signInGuest(t.app);
    const g = await signInGuest(t.app);
    const postId = (await t.call(author, 'POST', '/api/posts', { content: long('Sleepless again') })).body.data.id;
    expect((await t.call(author, 'POST', '/api/comments', { post_id: postId, content: 'Update: a bit better' })).status).toBe(201);
    expect((await t.call(g, 'POST', '/api/comments', { post_id: postId, content: 'Glad to hear it' })).status).toBe(201);
    expect((await t.call(g, 'POST', '/api/supports', { post_id: postId })).status).toBe(200);
    expect((await t.call(author, 'POST', '/api/supports', { post_id: postId })).status).toBe(200);
    expect([await points(author), await points(g)]).toEqual([
      POINTS.post + POINTS.comment + POINTS.supportReceived,
      POINTS.comment + POINTS.supportGiven,
    ]);
    expect((await t.call(author, 'DELETE', `/api/posts/${postId}`)).status).toBe(200);
    expect([await points(author), await points(g)]).toEqual([0, 0]);
  });
});

describe('nickname suggestions', () => {
  /** Every row of every table: a read must leave the total as it was. */
  async function rowCount() {
    // Both drivers answer raw SQL with `rows`; the union of their result types does not say so.
    const rows = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const tables = await rows<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    let total = 0;
    for (const { name } of tables) total += (await rows<{ n: number }>(sql.raw(`select count(*)::int as n from "${name}"`)))[0].n;
    return total;
  }

  it('are read without writing anything, and a chosen one is the nickname suggested', async () => {
    const before = await rowCount();
    for (let i = 0; i < 10; i++) expect((await t.call(null, 'GET', '/api/nicknames')).status).toBe(200);
    expect(await rowCount()).toBe(before);

    const ja = (await t.call(null, 'GET', '/api/nicknames', undefined, { headers: { 'x-locale': 'ja' } })).body.data;
    const g = await signInGuest(t.app);
    // Chosen later, from a page in another language: the id still names the Japanese nickname.
    const res = await t.call(g, 'PUT', `/api/users/${g.id}`, { nickname_id: ja[0].id }, { headers: { 'x-locale': 'de' } });
    expect(res.status).toBe(200);
    expect(res.body.user.nickname).toBe(ja[0].nickname);
  });
});

describe('the wait a refused write names', () => {
  it('is in minutes up to an hour and a half, and in whole hours beyond', () => {
    expect(waitMessage(1)).toEqual({ key: 'errors.write_limit', values: { minutes: 1 } });
    expect(waitMessage(90 * 60_000)).toEqual({ key: 'errors.write_limit', values: { minutes: 90 } });
    expect(waitMessage(90 * 60_000 + 1)).toEqual({ key: 'errors.write_limit_hours', values: { hours: 2 } });
    expect(waitMessage(24 * 60 * 60_000)).toEqual({ key: 'errors.write_limit_hours', values: { hours: 24 } });
    expect(waitMessage(60 * 60_000, 'report')).toEqual({ key: 'errors.report_limit', values: { minutes: 60 } });
  });
});
