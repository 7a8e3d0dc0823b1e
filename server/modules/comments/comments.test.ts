import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newPost(g: Guest) {
  const content = `I keep thinking about what happened at work ${Math.random()} `.padEnd(180, 'and I cannot let it go. ');
  return (await t.call(g, 'POST', '/api/posts', { content })).body.data as { id: number };
}

const comment = async (g: Guest, postId: number, content: string) =>
  (await t.call(g, 'POST', '/api/comments', { post_id: postId, content })).body.data;
const reply = async (g: Guest, commentId: number, content: string) =>
  (await t.call(g, 'POST', '/api/comment-reply', { comment_id: commentId, content })).body.data;

describe('comments and replies', () => {
  it('lists top-level comments oldest first with their first 3 replies, and pages the rest', async () => {
    const author = await signInGuest(t.app);
    const friend = await signInGuest(t.app);
    const p = await newPost(author);
    const first = await comment(friend, p.id, 'You are not alone.');
    await comment(author, p.id, 'Thank you all.');
    const replies = [];
    for (const text of ['One', 'Two', 'Three', 'Four']) replies.push(await reply(author, first.id, text));
    expect(replies[0]).toMatchObject({ parent_id: first.id, post_id: p.id, is_mine: true });
    // A reply to a reply joins the same thread.
    const nested = await reply(friend, replies[0].id, 'Five');
    expect(nested.parent_id).toBe(first.id);

    const list = (await t.call(null, 'GET', `/api/post-comments?post_id=${p.id}`)).body;
    expect(list.data.map((c: { content: string }) => c.content)).toEqual(['You are not alone.', 'Thank you all.']);
    expect(list.data[0].replies_count).toBe(5);
    expect(list.data[0].replies.map((c: { content: string }) => c.content)).toEqual(['One', 'Two', 'Three']);
    // The total travels with a page's rows, and past the last page it is counted on its own.
    const paging = async (page: number) =>
      (await t.call(null, 'GET', `/api/post-comments?post_id=${p.id}&page=${page}&per_page=1`)).body as {
        data: { content: string }[];
        meta: { total: number };
      };
    expect(await paging(2)).toMatchObject({ data: [{ content: 'Thank you all.' }], meta: { total: 2 } });
    expect(await paging(3)).toMatchObject({ data: [], meta: { total: 2 } });
    const rest = (await t.call(null, 'GET', `/api/comments/${first.id}/replies?page=2&per_page=3`)).body;
    expect(rest.data.map((c: { content: string }) => c.content)).toEqual(['Four', 'Five']);
    expect((await t.call(null, 'GET', `/api/posts/${p.id}`)).body.data.comments_count).toBe(7);
    expect(await t.call(null, 'GET', '/api/post-comments?post_id=999999')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await t.call(friend, 'POST', '/api/comment-reply', { comment_id: 999999, content: 'x' })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
  });

  it('stores the language a comment or reply is written in, not the page or author language, and detects it again on edit', async () => {
    const ja = { headers: { 'x-locale': 'ja' } };
    const author = await signInGuest(t.app, 'ja');
    const p = await newPost(author);
    const arabic = 'أشعر بالوحدة منذ أن انتقلت إلى مدينة جديدة ولا أعرف أحدا هنا.';
    const c = await t.call(author, 'POST', '/api/comments', { post_id: p.id, content: arabic }, ja);
    expect(c.status).toBe(201);
    expect(c.body.data.language).toBe('ar');
    const r = await t.call(author, 'POST', '/api/comment-reply', { comment_id: c.body.data.id, content: arabic }, ja);
    expect(r.status).toBe(201);
    expect(r.body.data.language).toBe('ar');
    // Too short to tell: the author's own language.
    expect((await t.call(author, 'POST', '/api/comment-reply', { comment_id: c.body.data.id, content: 'ok' }, ja)).body.data.language).toBe(
      'ja',
    );
    const list = (await t.call(null, 'GET', `/api/post-comments?post_id=${p.id}`, undefined, ja)).body.data;
    expect(list[0].language).toBe('ar');
    expect(list[0].replies.map((x: { language: string }) => x.language)).toEqual(['ar', 'ja']);
    const english = 'I moved to a new city last month and I still do not know anyone here.';
    const edit = await t.call(author, 'PUT', `/api/comments/${c.body.data.id}`, { content: english }, ja);
    expect(edit.body.data).toMatchObject({ content: english, language: 'en' });
  });

  it('edits and deletes only for the author; deleting removes the replies from the counts', async () => {
    const author = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    const p = await newPost(author);
    const c = await comment(author, p.id, 'First thought');
    await reply(other, c.id, 'A reply');
    const edit = await t.call(author, 'PUT', `/api/comments/${c.id}`, { content: 'Second thought' });
    expect(edit.body.data).toMatchObject({ id: c.id, content: 'Second thought' });
    expect(await t.call(other, 'PUT', `/api/comments/${c.id}`, { content: 'Mine now' })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect(await t.call(null, 'PUT', `/api/comments/${c.id}`, { content: 'Mine now' })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
    expect(await t.call(author, 'PUT', `/api/comments/${c.id}`, { content: ' ' })).toMatchObject({
      status: 422,
      body: { code: 'VALIDATION' },
    });
    expect(await t.call(other, 'DELETE', `/api/comments/${c.id}`)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await t.call(author, 'DELETE', `/api/comments/${c.id}`)).status).toBe(204);
    expect((await t.call(null, 'GET', `/api/posts/${p.id}`)).body.data.comments_count).toBe(0);
    expect((await t.call(null, 'GET', `/api/post-comments?post_id=${p.id}`)).body.meta.total).toBe(0);
  });

  it('refuses empty and over-long comments without storing anything', async () => {
    const g = await signInGuest(t.app);
    const p = await newPost(g);
    for (const content of ['', '   ', 'x'.repeat(2001)]) {
      const res = await t.call(g, 'POST', '/api/comments', { post_id: p.id, content });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.errors).toHaveProperty('content');
    }
    expect((await t.call(null, 'GET', `/api/posts/${p.id}`)).body.data.comments_count).toBe(0);
  });
});

describe('comment votes', () => {
  it('keeps the score by the difference of each vote', async () => {
    const author = await signInGuest(t.app);
    const [a, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    const p = await newPost(author);
    const c = await comment(author, p.id, 'Helpful words');
    expect((await t.call(a, 'POST', '/api/comment-vote', { comment_id: c.id, vote: 1 })).body).toEqual({ votes_score: 1, my_vote: 1 });
    expect((await t.call(b, 'POST', '/api/comment-vote', { comment_id: c.id, vote: 1 })).body).toEqual({ votes_score: 2, my_vote: 1 });
    expect((await t.call(a, 'POST', '/api/comment-vote', { comment_id: c.id, vote: -1 })).body).toEqual({ votes_score: 0, my_vote: -1 });
    expect((await t.call(a, 'POST', '/api/comment-vote', { comment_id: c.id, vote: 0 })).body).toEqual({ votes_score: 1, my_vote: 0 });
    const listed = (await t.call(b, 'GET', `/api/post-comments?post_id=${p.id}`)).body.data[0];
    expect(listed).toMatchObject({ votes_score: 1, my_vote: 1 });
    expect(await t.call(a, 'POST', '/api/comment-vote', { comment_id: c.id, vote: 2 })).toMatchObject({
      status: 422,
      body: { code: 'VALIDATION' },
    });
    expect(await t.call(null, 'POST', '/api/comment-vote', { comment_id: c.id, vote: 1 })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
  });
});

describe('reporting posts and comments', () => {
  it('answers with the SPEC thank-you text, once per user per item', async () => {
    const author = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const p = await newPost(author);
    const c = await comment(author, p.id, 'Some comment');
    const [type] = (await t.call(null, 'GET', '/api/report-types')).body.data;
    const res = await t.call(reader, 'POST', '/api/reports', { post_id: p.id, report_type_id: type.id });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Thanks for reporting this post',
      description:
        'We appreciate your help in keeping our community safe. Our team will review this post based on our Community Guidelines.',
    });
    const twice = await t.call(reader, 'POST', '/api/reports', { post_id: p.id, report_type_id: type.id });
    expect(twice.status).toBe(422);
    expect(twice.body).toEqual({ code: 'ALREADY_REPORTED', message: 'You have already reported this post.' });
    expect((await t.call(reader, 'POST', '/api/report-comment', { comment_id: c.id, report_type_id: type.id })).status).toBe(201);
    expect(await t.call(null, 'POST', '/api/reports', { post_id: p.id, report_type_id: type.id })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
    expect((await t.call(reader, 'POST', '/api/reports', { post_id: p.id, report_type_id: type.id, note: 'x'.repeat(501) })).status).toBe(
      422,
    );
  });

  it('marks a comment the reader reported, on the reader’s copy only', async () => {
    const author = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const p = await newPost(author);
    const c = await comment(author, p.id, 'A comment someone will report');
    const [type] = (await t.call(null, 'GET', '/api/report-types')).body.data;
    expect((await t.call(reader, 'POST', '/api/report-comment', { comment_id: c.id, report_type_id: type.id })).status).toBe(201);
    const marks = async (g: Guest | null) =>
      (await t.call(g, 'GET', `/api/post-comments?post_id=${p.id}`)).body.data.map((x: { id: number; reported?: true }) => [
        x.id,
        x.reported,
      ]);
    expect(await marks(reader)).toEqual([[c.id, true]]);
    expect(await marks(author)).toEqual([[c.id, undefined]]);
    expect(await marks(null)).toEqual([[c.id, undefined]]);
  });
});
