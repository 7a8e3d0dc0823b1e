/**
 * Input no one types (issue 11): a NUL character, which PostgreSQL cannot store, and text at the size limits built
 * to make a regular expression, the grapheme count, NFKC or language detection work hard. Every field where user
 * text enters refuses NUL with a 422 and answers such text with at most half a second of work on the event loop's
 * thread (the quadratic link stripping once made a 60 KB mood take 4.6 s, and everyone else waited).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, REPORT_NOTE_MAX, TAG_MAX } from '../../core/limits.ts';
import type { ApiResult } from '../../tests/helpers/api.ts';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../tests/helpers/app.ts';

let t: TestApp;
let ids: { postFeeling: number; moodFeeling: number; category: number; cover: number; reportType: number };
beforeAll(async () => {
  t = await createTestApp();
  const first = async (url: string) => (await t.call(null, 'GET', url)).body.data[0].id as number;
  ids = {
    postFeeling: await first('/api/feelings?type=post'),
    moodFeeling: await first('/api/feelings?type=mood'),
    category: await first('/api/categories'),
    cover: await first('/api/topic-covers'),
    reportType: await first('/api/report-types'),
  };
});
afterAll(() => t.close());

const story = (seed: string) => `${seed}: the evenings are the hardest part of it, every single one of them. `.repeat(3).trim();

async function created(g: Guest, url: string, body: object): Promise<number> {
  const res = await t.call(g, 'POST', url, body);
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** One place user text enters: its name in `errors`, its limit, and how to send a value there as a fresh guest. */
interface Field {
  name: string;
  field: string;
  /** Graphemes for `text()` fields, UTF-16 code units for plain strings. */
  max: number;
  /** The message a NUL gets when the field's own format already refuses it. */
  nul?: string;
  send(g: Guest, value: string): Promise<ApiResult<{ code?: string; errors?: Record<string, string[]> }>>;
}

const fields: Field[] = [
  { name: 'post', field: 'content', max: LIMITS.post, send: (g, v) => t.call(g, 'POST', '/api/posts', { content: v }) },
  {
    name: 'post edit',
    field: 'content',
    max: LIMITS.post,
    send: async (g, v) => t.call(g, 'PUT', `/api/posts/${await created(g, '/api/posts', { content: story('Edit') })}`, { content: v }),
  },
  {
    name: 'mood',
    field: 'content',
    max: LIMITS.post,
    send: (g, v) => t.call(g, 'POST', '/api/user/store/moods', { content: v, feeling_id: ids.moodFeeling }),
  },
  {
    name: 'mood edit',
    field: 'content',
    max: LIMITS.post,
    send: async (g, v) => {
      const id = await created(g, '/api/user/store/moods', { content: 'A quiet day', feeling_id: ids.moodFeeling });
      return t.call(g, 'POST', `/api/user/update/mood/${id}`, { content: v, feeling_id: ids.moodFeeling });
    },
  },
  {
    name: 'poll question',
    field: 'poll.question',
    max: LIMITS.pollQuestion,
    send: (g, v) =>
      t.call(g, 'POST', '/api/user/store/moods', {
        content: 'Tonight?',
        feeling_id: ids.moodFeeling,
        poll: { question: v, options: ['Tea', 'Coffee'] },
      }),
  },
  {
    name: 'poll option',
    field: 'poll.options.0',
    max: LIMITS.pollOptionText,
    send: (g, v) =>
      t.call(g, 'POST', '/api/user/store/moods', { content: 'Tonight?', feeling_id: ids.moodFeeling, poll: { options: [v, 'Coffee'] } }),
  },
  { name: 'thought', field: 'content', max: LIMITS.thought, send: (g, v) => t.call(g, 'POST', '/api/thoughts', { content: v }) },
  {
    name: 'thought edit',
    field: 'content',
    max: LIMITS.thought,
    send: async (g, v) =>
      t.call(g, 'PUT', `/api/thoughts/${await created(g, '/api/thoughts', { content: 'Be kind today' })}`, { content: v }),
  },
  {
    name: 'topic title',
    field: 'title',
    max: LIMITS.topicTitle.max,
    send: (g, v) => t.call(g, 'POST', '/api/topics', { title: v, description: 'About it', category_id: ids.category, cover_id: ids.cover }),
  },
  {
    name: 'topic description',
    field: 'description',
    max: LIMITS.topicDescription,
    send: (g, v) =>
      t.call(g, 'POST', '/api/topics', { title: 'Night shifts', description: v, category_id: ids.category, cover_id: ids.cover }),
  },
  {
    name: 'comment',
    field: 'content',
    max: LIMITS.comment,
    send: async (g, v) =>
      t.call(g, 'POST', '/api/comments', { post_id: await created(g, '/api/posts', { content: story('Comment') }), content: v }),
  },
  {
    name: 'reply',
    field: 'content',
    max: LIMITS.comment,
    send: async (g, v) => {
      const post = await created(g, '/api/posts', { content: story('Reply') });
      const comment = await created(g, '/api/comments', { post_id: post, content: 'Hugs' });
      return t.call(g, 'POST', '/api/comment-reply', { comment_id: comment, content: v });
    },
  },
  {
    name: 'comment edit',
    field: 'content',
    max: LIMITS.comment,
    send: async (g, v) => {
      const post = await created(g, '/api/posts', { content: story('Comment edit') });
      return t.call(g, 'PUT', `/api/comments/${await created(g, '/api/comments', { post_id: post, content: 'Hugs' })}`, { content: v });
    },
  },
  {
    name: 'report note',
    field: 'note',
    max: REPORT_NOTE_MAX,
    send: async (g, v) => {
      const post = await created(await signInGuest(t.app), '/api/posts', { content: story('Report') });
      return t.call(g, 'POST', '/api/reports', { post_id: post, report_type_id: ids.reportType, note: v });
    },
  },
  {
    name: 'message',
    field: 'content',
    max: LIMITS.message,
    send: async (g, v) => t.call(g, 'POST', '/api/messages', { user_id: (await signInGuest(t.app)).id, content: v }),
  },
  {
    name: 'advice',
    field: 'content',
    max: LIMITS.advice,
    send: async (g, v) =>
      t.call(g, 'POST', '/api/advices', {
        post_id: await created(await signInGuest(t.app), '/api/posts', { content: story('Advice') }),
        content: v,
      }),
  },
  {
    name: 'message report note',
    field: 'note',
    max: REPORT_NOTE_MAX,
    send: async (g, v) => {
      const sender = await signInGuest(t.app);
      const message = await created(sender, '/api/messages', { user_id: g.id, content: 'Hello' });
      return t.call(g, 'POST', '/api/report-message', { message_id: message, report_type_id: ids.reportType, note: v });
    },
  },
  {
    name: 'nickname',
    field: 'nickname',
    max: LIMITS.nickname.max,
    send: (g, v) => t.call(g, 'PUT', `/api/users/${g.id}`, { nickname: v }),
  },
  {
    name: 'username',
    field: 'username',
    max: LIMITS.username.max,
    send: (g, v) => t.call(g, 'PUT', '/api/user/profile-information', { username: v }),
  },
  {
    name: 'email',
    field: 'email',
    max: LIMITS.email,
    nul: 'Enter a valid email address.',
    send: (g, v) => t.call(g, 'PUT', '/api/user/profile-information', { email: v }),
  },
  { name: 'fcm_token', field: 'fcm_token', max: 4096, send: (g, v) => t.call(g, 'POST', '/api/user', { fcm_token: v }) },
  {
    name: 'login',
    field: 'login',
    max: 254,
    send: (_, v) => t.call(null, 'POST', '/api/login', { login: v, password: 'not my password' }),
  },
  { name: 'qr_token', field: 'qr_token', max: 200, send: (g, v) => t.call(g, 'POST', '/api/qr-token', { qr_token: v }) },
  {
    name: 'keyword',
    field: 'keyword',
    max: 100,
    send: (g, v) => t.call(g, 'GET', `/api/posts-by-keyword?keyword=${encodeURIComponent(v)}`),
  },
  {
    name: 'tag slug',
    field: 'slug',
    max: TAG_MAX + 1,
    send: (g, v) => t.call(g, 'GET', `/api/check-tag-url?slug=${encodeURIComponent(v)}`),
  },
];

const family = '👨‍👩‍👧‍👦'; // 11 code units, one character

/** Text built against one weakness each, `max` long (or past every limit, for the last two). */
const adversarial = (max: number): [string, string][] => [
  ['no space', 'a'.repeat(max)],
  ['only @', '@'.repeat(max)],
  ['@ and dots', 'a@b.'.repeat(Math.ceil(max / 4)).slice(0, max)],
  ['links', 'http://a'.repeat(Math.ceil(max / 8)).slice(0, max)],
  ['hashtags', '#ab'.repeat(Math.ceil(max / 3)).slice(0, max)],
  ['emoji sequences', family.repeat(max)],
  // One "character" of 120,000 combining marks of two classes, which NFKC sorts.
  ['stacked marks', `a${'\u0301\u0316'.repeat(60_000)}`],
  ['near the body limit', 'a'.repeat(250_000)],
];

describe('bad input', () => {
  it.each(fields)('refuses a NUL character in the $name with a 422', async (f) => {
    const res = await f.send(await signInGuest(t.app), 'Hello\u0000 there');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.errors?.[f.field]).toEqual([f.nul ?? 'This value is not valid.']);
  });

  // What could hold everyone up is work on the event loop's thread: a backtracking pattern or an unbounded
  // normalisation of the text. It is measured as this thread's CPU time (Node's threadCpuUsage), which the
  // machine's other work does not lengthen, unlike the wall clock (CI at a load of 20 took 1.2 s to answer a login,
  // its scrypt waiting in the thread pool). PGlite's queries run on this thread too and are counted; PostgreSQL's
  // and scrypt's are not. The budget is far above a normal answer (5-70 ms on PGlite) and far below a catastrophic one.
  it.each(fields)('answers adversarial text in the $name with bounded work on the event loop', async (f) => {
    for (const [kind, value] of adversarial(f.max)) {
      const g = await signInGuest(t.app);
      const before = process.threadCpuUsage();
      const res = await f.send(g, value);
      const spent = process.threadCpuUsage(before);
      expect({ kind, status: res.status < 500 }).toEqual({ kind, status: true });
      expect({ kind, heavy: (spent.user + spent.system) / 1000 > 500 }).toEqual({ kind, heavy: false });
    }
  });

  it('refuses one character of stacked marks and a body-sized text as not valid and too long', async () => {
    const g = await signInGuest(t.app);
    expect(await t.call(g, 'POST', '/api/posts', { content: `a${'\u0301\u0316'.repeat(60_000)}` })).toMatchObject({
      status: 422,
      body: { code: 'VALIDATION', errors: { content: ['This value is not valid.'] } },
    });
    expect(await t.call(g, 'POST', '/api/posts', { content: 'a'.repeat(250_000) })).toMatchObject({
      status: 422,
      body: { code: 'VALIDATION', errors: { content: ['Must be at most 5,000 characters.'] } },
    });
    // Emoji sequences are one character each, however many code units they take.
    expect((await t.call(g, 'POST', '/api/thoughts', { content: family.repeat(LIMITS.thought) })).status).toBe(201);
  });

  it('says "not valid" of a value of the wrong type, and "required" only of one left out', async () => {
    const g = await signInGuest(t.app);
    const refused = (body: unknown) => ({ status: 422, body: { code: 'VALIDATION', errors: body } });
    expect(await t.call(g, 'POST', '/api/supports', { post_id: '1' })).toMatchObject(refused({ post_id: ['This value is not valid.'] }));
    expect(await t.call(g, 'POST', '/api/supports', { post_id: null })).toMatchObject(refused({ post_id: ['This field is required.'] }));
    expect(await t.call(g, 'POST', '/api/supports', {})).toMatchObject(refused({ post_id: ['This field is required.'] }));
    expect(await t.call(g, 'POST', '/api/deactivate', { password: 12345 })).toMatchObject(
      refused({ password: ['This value is not valid.'] }),
    );
    expect(await t.call(g, 'DELETE', '/api/blocks/abc')).toMatchObject(refused({ user_id: ['This value is not valid.'] }));
  });
});
