import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ModeratedTarget, NEW_ACCOUNT_MS } from '../../../core/moderation.ts';
import { careNotices, moderationItems, reportTypes, users } from '../../../db/schema.ts';
import type { ApiBody } from '../../../tests/helpers/api.ts';
import { createTestApp, type Guest, signInEstablished, signInGuest, type TestApp, writingRefs } from '../../../tests/helpers/app.ts';
import { madeAgo } from '../../../tests/helpers/clock.ts';

let t: TestApp;
let reasonIds: Record<string, number>;
let moodFeeling: number;
let topicRefs: { category_id: number; cover_id: number };
let moderator: Guest;

beforeAll(async () => {
  t = await createTestApp();
  const types = await t.database.db.select().from(reportTypes);
  reasonIds = Object.fromEntries(types.map((r) => [r.key, r.id]));
  ({ moodFeeling, topicRefs } = await writingRefs(t));
  moderator = await makeModerator();
});
afterAll(() => t.close());

async function makeModerator(): Promise<Guest> {
  const g = await signInGuest(t.app);
  await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, g.id));
  return g;
}

const long = (words: string) => `${words} ${'and the evening is long, quiet and slow. '.repeat(5)}`.trim();

// Advice has no report call (API.md); it reaches the queue through the crisis detector only.
type Reportable = Exclude<ModeratedTarget, 'advice'>;
const reportPaths: Record<Reportable, [string, string]> = {
  post: ['/api/reports', 'post_id'],
  mood: ['/api/user/store/report/mood', 'mood_id'],
  comment: ['/api/report-comment', 'comment_id'],
  thought: ['/api/report-thought', 'thought_id'],
  topic: ['/api/report-topic', 'topic_id'],
  message: ['/api/report-message', 'message_id'],
};

const reportAs = (g: Guest, target: Reportable, id: number, key = 'spam', note?: string) =>
  t.call(g, 'POST', reportPaths[target][0], { [reportPaths[target][1]]: id, report_type_id: reasonIds[key], ...(note ? { note } : {}) });

/** `n` different people report the item, their accounts old enough for it to count toward the hide; each answer's status. */
async function reportedBy(n: number, target: Reportable, id: number, key = 'spam', signIn = signInEstablished) {
  const statuses = [];
  for (let i = 0; i < n; i++) statuses.push((await reportAs(await signIn(t.app), target, id, key, `note ${i}`)).status);
  return statuses;
}

const ids = (body: ApiBody) => (body.data as { id: number }[]).map((x) => x.id);

async function openEntry(target: ModeratedTarget, id: number) {
  const queue = (await t.call(moderator, 'GET', '/api/moderation/queue?per_page=50')).body;
  return queue.data.find((e: { target: string; target_id: number }) => e.target === target && e.target_id === id);
}

describe('three reports hide an item pending review', () => {
  it('takes a post out of every list, page and JSON-LD for others, not for its author or moderators', async () => {
    const author = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    const topic = (await t.call(author, 'POST', '/api/topics', { title: 'Evenings', description: 'Long evenings alone', ...topicRefs }))
      .body.data;
    const post = (await t.call(author, 'POST', '/api/posts', { content: long('#quietnights hidden soon'), topic_id: topic.id })).body.data;
    const sibling = (await t.call(other, 'POST', '/api/posts', { content: long('#quietnights stays') })).body.data;
    expect((await t.call(other, 'POST', '/api/supports', { post_id: post.id })).status).toBe(200);
    const tagId = post.tags[0].id;
    const lists = [
      '/api/posts?per_page=50',
      `/api/posts?topic_id=${topic.id}`,
      `/api/tags/${tagId}/posts`,
      '/api/trendingPosts',
      `/api/relatedPosts?post_id=${sibling.id}`,
      '/api/posts-by-keyword?keyword=hidden%20soon',
      '/api/latestTopicPosts',
    ];
    const seenIn = async (as: Guest | null) => {
      const found = [];
      for (const url of lists) found.push(ids((await t.call(as, 'GET', url)).body).includes(post.id));
      return found;
    };
    const everywhere = lists.map(() => true);
    const nowhere = lists.map(() => false);
    expect(await seenIn(null)).toEqual(everywhere);

    expect(await reportedBy(2, 'post', post.id)).toEqual([201, 201]);
    expect(await seenIn(null)).toEqual(everywhere);
    expect(await reportedBy(1, 'post', post.id)).toEqual([201]);

    // The guest cache kept the lists above; the hide cleared it.
    expect(await seenIn(null)).toEqual(nowhere);
    expect(await seenIn(other)).toEqual(nowhere);
    expect((await t.call(null, 'GET', `/api/posts/${post.id}`)).status).toBe(404);
    expect((await t.call(other, 'GET', `/api/posts/${post.id}`)).status).toBe(404);
    expect((await t.call(null, 'GET', `/api/schema/post/${post.id}`)).status).toBe(404);
    expect((await t.call(null, 'GET', `/api/check-problem-url?id=${post.id}`)).body).toEqual({ exists: false });
    const page = await t.app.inject({ method: 'GET', url: `/api/schema/post/${post.id}` });
    expect(page.statusCode).toBe(404);

    expect(await seenIn(author)).toEqual(everywhere);
    const own = await t.call(author, 'GET', `/api/posts/${post.id}`);
    expect(own.body.data).toMatchObject({ id: post.id, under_review: true });
    expect((await t.call(moderator, 'GET', `/api/posts/${post.id}`)).body.data.under_review).toBe(true);
    expect((await t.call(moderator, 'GET', `/api/schema/post/${post.id}`)).status).toBe(200);
    expect((await t.call(other, 'GET', `/api/posts/${sibling.id}`)).body.data.under_review).toBeUndefined();

    const entry = await openEntry('post', post.id);
    expect(entry).toMatchObject({ state: 'hidden', reports_count: 3, crisis: false, context: { target: 'topic', id: topic.id } });
    expect(entry.reports.map((r: { reason: string; note: string }) => [r.reason, r.note])).toEqual([
      ['Spam or advertising', 'note 0'],
      ['Spam or advertising', 'note 1'],
      ['Spam or advertising', 'note 0'],
    ]);
    // The author hears that it is under review, from nobody in particular.
    const history = (await t.call(author, 'GET', '/api/moderation/history')).body.data;
    expect(history).toEqual([
      {
        id: history[0].id,
        target: 'post',
        target_id: post.id,
        action: 'hide',
        reason: null,
        days: null,
        created_at: history[0].created_at,
      },
    ]);
  });

  it('hides moods, comments, thoughts and topics from their lists and pages', async () => {
    const author = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    const host = (await t.call(other, 'POST', '/api/posts', { content: long('A place to talk') })).body.data;
    const mood = (await t.call(author, 'POST', '/api/user/store/moods', { content: 'Tired but here', feeling_id: moodFeeling })).body.data;
    const comment = (await t.call(author, 'POST', '/api/comments', { post_id: host.id, content: 'Unkind words' })).body.data;
    const thought = (await t.call(author, 'POST', '/api/thoughts', { content: 'A thought to hide' })).body.data;
    const topic = (await t.call(author, 'POST', '/api/topics', { title: 'To hide', description: 'Soon gone', ...topicRefs })).body.data;
    const cases: [Reportable, number, string[], string][] = [
      ['mood', mood.id, ['/api/user/get/moods?per_page=50'], `/api/user/show/mood/${mood.id}`],
      ['comment', comment.id, [`/api/post-comments?post_id=${host.id}`], ''],
      ['thought', thought.id, ['/api/thoughts?per_page=50', `/api/check-thought-url?id=${thought.id}`], `/api/thoughts/${thought.id}`],
      ['topic', topic.id, ['/api/topics?per_page=50', '/api/topics/latest'], `/api/topics/${topic.id}`],
    ];
    for (const [target, id, lists, page] of cases) {
      expect(await reportedBy(3, target, id)).toEqual([201, 201, 201]);
      for (const url of lists) {
        const body = (await t.call(other, 'GET', url)).body;
        if ('exists' in body) expect(body.exists).toBe(false);
        else expect(ids(body).includes(id)).toBe(false);
        const mine = (await t.call(author, 'GET', url)).body;
        if ('exists' in mine) expect(mine.exists).toBe(true);
        else expect(mine.data.find((x: { id: number }) => x.id === id).under_review).toBe(true);
      }
      if (page) {
        expect((await t.call(other, 'GET', page)).status).toBe(404);
        expect((await t.call(author, 'GET', page)).body.data.under_review).toBe(true);
        expect((await t.call(moderator, 'GET', page)).status).toBe(200);
      }
    }
    expect((await t.call(other, 'GET', `/api/schema/thought/${thought.id}`)).status).toBe(404);
    expect((await t.call(other, 'GET', `/api/schema/topic/${topic.id}`)).status).toBe(404);
    expect((await openEntry('comment', comment.id)).context).toEqual({ target: 'post', id: host.id, content: host.content });
  });

  it('reports stay one per person per item, and an unknown item is 404', async () => {
    const author = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const thought = (await t.call(author, 'POST', '/api/thoughts', { content: 'Once is enough' })).body.data;
    expect((await reportAs(reader, 'thought', thought.id)).status).toBe(201);
    expect(await reportAs(reader, 'thought', thought.id)).toMatchObject({ status: 422, body: { code: 'ALREADY_REPORTED' } });
    expect(await reportAs(reader, 'topic', 999_999)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await t.call(reader, 'POST', '/api/report-topic', { topic_id: 'x', report_type_id: 1 })).toMatchObject({
      status: 422,
      body: { code: 'VALIDATION' },
    });
  });
});

describe('moderators act on the queue', () => {
  const MODERATION_CALLS: [string, string, object?][] = [
    ['GET', '/api/moderation/queue'],
    ['GET', '/api/moderation/reasons'],
    ['GET', '/api/moderation/log'],
    ['POST', '/api/moderation/items/1/action', { action: 'keep' }],
    ['POST', '/api/moderation/items/1/action', { action: 'nonsense', reason: 7 }],
  ];

  it('answers every moderation call with the unknown-path 404 for members and signed-out visitors', async () => {
    const member = await signInGuest(t.app);
    for (const as of [member, null]) {
      for (const [method, url, body] of MODERATION_CALLS) {
        const res = await t.call(as, method as 'GET' | 'POST', url, body);
        expect([url, res.status, res.body.code]).toEqual([url, 404, 'ROUTE_NOT_FOUND']);
      }
    }
  });

  it('orders crisis first, the newest of them first, then by report count; keep restores, remove removes with a listed reason', async () => {
    const author = await signInGuest(t.app);
    const one = (await t.call(author, 'POST', '/api/thoughts', { content: 'One report' })).body.data;
    const two = (await t.call(author, 'POST', '/api/thoughts', { content: 'Two reports' })).body.data;
    const worried = (await t.call(author, 'POST', '/api/thoughts', { content: 'Someone is worried' })).body.data;
    await reportedBy(1, 'thought', one.id);
    await reportedBy(2, 'thought', two.id);
    await reportedBy(1, 'thought', worried.id, 'worried');
    const later = (await t.call(author, 'POST', '/api/thoughts', { content: 'Someone else is worried' })).body.data;
    await reportedBy(1, 'thought', later.id, 'worried');
    const queue = (await t.call(moderator, 'GET', '/api/moderation/queue?per_page=50')).body.data as {
      target: string;
      target_id: number;
      crisis: boolean;
    }[];
    const order = queue
      .filter((e) => e.target === 'thought' && [one.id, two.id, worried.id, later.id].includes(e.target_id))
      .map((e) => e.target_id);
    expect(order).toEqual([later.id, worried.id, two.id, one.id]);
    expect(queue[0].crisis).toBe(true);
    // An entry open for a report that becomes a crisis entry joins the crisis items as their newest.
    await reportedBy(1, 'thought', one.id, 'worried');
    const again = (await t.call(moderator, 'GET', '/api/moderation/queue?per_page=50')).body.data as typeof queue;
    expect(
      again.filter((e) => e.target === 'thought' && [one.id, two.id, worried.id, later.id].includes(e.target_id)).map((e) => e.target_id),
    ).toEqual([one.id, later.id, worried.id, two.id]);

    const hidden = (await t.call(author, 'POST', '/api/thoughts', { content: 'Hidden then kept' })).body.data;
    await reportedBy(3, 'thought', hidden.id);
    const keep = await openEntry('thought', hidden.id);
    expect(await t.call(moderator, 'POST', `/api/moderation/items/${keep.id}/action`, { action: 'keep' })).toMatchObject({
      status: 200,
      body: { message: 'Kept and restored' },
    });
    expect((await t.call(null, 'GET', `/api/thoughts/${hidden.id}`)).status).toBe(200);
    expect(await openEntry('thought', hidden.id)).toBeUndefined();
    // A kept item is hidden again only by three new reports.
    await reportedBy(1, 'thought', hidden.id);
    expect((await t.call(null, 'GET', `/api/thoughts/${hidden.id}`)).status).toBe(200);
    // Acting on a closed entry, or one that never was, is 404.
    expect(await t.call(moderator, 'POST', `/api/moderation/items/${keep.id}/action`, { action: 'keep' })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect((await t.call(moderator, 'POST', '/api/moderation/items/999999/action', { action: 'keep' })).status).toBe(404);

    const entry = await openEntry('thought', two.id);
    for (const body of [{ action: 'remove' }, { action: 'remove', reason: 'rude' }, { action: 'warn', reason: '' }]) {
      const res = await t.call(moderator, 'POST', `/api/moderation/items/${entry.id}/action`, body);
      expect([res.status, res.body.code, Object.keys(res.body.errors ?? {})]).toEqual([422, 'VALIDATION', ['reason']]);
    }
    expect(
      (await t.call(moderator, 'POST', `/api/moderation/items/${entry.id}/action`, { action: 'remove', reason: 'harassment' })).status,
    ).toBe(200);
    // Removed: gone for everyone, its author included, who finds it among the removed items with the reason.
    expect((await t.call(author, 'GET', `/api/thoughts/${two.id}`)).status).toBe(404);
    expect((await t.call(moderator, 'GET', `/api/thoughts/${two.id}`)).status).toBe(404);
    const violating = (await t.call(author, 'GET', '/api/get/user-violating')).body;
    expect(violating.data).toEqual([
      {
        id: violating.data[0].id,
        type: 'thought',
        target_id: two.id,
        content: 'Two reports',
        reason: 'Harassment or bullying',
        reason_key: 'harassment',
        removed_at: violating.data[0].removed_at,
        appealed: false,
      },
    ]);
    expect(violating.meta.total).toBe(1);
    // Reports of a removed item find nothing.
    expect((await reportAs(moderator, 'thought', two.id)).status).toBe(404);
  });

  it('warns and suspends the author: writes answer 403 SUSPENDED until when, reading and reporting still work', async () => {
    const author = await signInGuest(t.app);
    const thought = (await t.call(author, 'POST', '/api/thoughts', { content: 'Rude words' })).body.data;
    await reportedBy(1, 'thought', thought.id);
    const entry = await openEntry('thought', thought.id);
    const act = (body: object) => t.call(moderator, 'POST', `/api/moderation/items/${entry.id}/action`, body);
    expect((await act({ action: 'warn', reason: 'harassment' })).status).toBe(200);
    for (const days of [0, 366, 1.5, undefined]) {
      const res = await act({ action: 'suspend', days });
      expect([res.status, res.body.code, Object.keys(res.body.errors ?? {})]).toEqual([422, 'VALIDATION', ['days']]);
    }
    expect((await act({ action: 'suspend', days: 7 })).status).toBe(200);
    // One suspension at a time: pressed again, nothing more is logged.
    expect(await act({ action: 'suspend', days: 30 })).toMatchObject({
      status: 422,
      body: { code: 'ALREADY_SUSPENDED', message: 'This person is already suspended.' },
    });
    // Warn and suspend leave the entry open for keep or remove.
    expect((await openEntry('thought', thought.id)).id).toBe(entry.id);

    const refused = await t.call(author, 'POST', '/api/thoughts', { content: 'Trying again' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('SUSPENDED');
    const until = new Date(refused.body.suspended_until).getTime();
    expect(Math.abs(until - (Date.now() + 7 * 24 * 60 * 60 * 1000))).toBeLessThan(60_000);
    expect(refused.body.message).toMatch(/^Your account is suspended until .+\. You can still read\.$/);
    expect((await t.call(author, 'DELETE', `/api/thoughts/${thought.id}`)).status).toBe(403);
    expect((await t.call(author, 'GET', '/api/thoughts')).status).toBe(200);
    expect((await t.call(author, 'GET', '/api/get/data/user')).status).toBe(200);
    const somebody = (await t.call(moderator, 'POST', '/api/thoughts', { content: 'Report me' })).body.data;
    expect((await reportAs(author, 'thought', somebody.id)).status).toBe(201);

    // The log names the moderator for moderators only.
    const history = (await t.call(author, 'GET', '/api/moderation/history')).body.data;
    expect(history.map((e: { action: string }) => e.action)).toEqual(['suspend', 'warn']);
    expect(history[0]).toEqual({
      id: history[0].id,
      target: 'thought',
      target_id: thought.id,
      action: 'suspend',
      reason: null,
      days: 7,
      created_at: history[0].created_at,
    });
    expect(history[1].reason).toEqual({ key: 'harassment', name: 'Harassment or bullying' });
    expect(JSON.stringify(history)).not.toContain('moderator');
    const full = (await t.call(moderator, 'GET', '/api/moderation/log?per_page=50')).body.data;
    const suspension = full.find((e: { id: number }) => e.id === history[0].id);
    expect(suspension.moderator).toEqual({ id: moderator.id, nickname: moderator.nickname });
    expect(suspension.author_id).toBe(author.id);
  });
});

describe('a report of something that is gone', () => {
  it('answers 404 NOT_FOUND saying plainly that it is no longer there', async () => {
    const author = await signInGuest(t.app);
    const reporter = await signInGuest(t.app);
    const thought = (await t.call(author, 'POST', '/api/thoughts', { content: 'Gone before the report' })).body.data;
    expect((await t.call(author, 'DELETE', `/api/thoughts/${thought.id}`)).status).toBe(204);
    const gone = { status: 404, body: { code: 'NOT_FOUND', message: 'This is no longer here, so there is nothing to report.' } };
    expect(await reportAs(reporter, 'thought', thought.id)).toMatchObject(gone);
    expect(await reportAs(reporter, 'post', 99_999_999)).toMatchObject(gone);
    expect(await reportAs(reporter, 'message', 99_999_999)).toMatchObject(gone);
  });
});

describe('reports from new accounts', () => {
  const shown = async (id: number) => (await t.call(null, 'GET', `/api/thoughts/${id}`)).status;
  const reportsOf = (entry: { reports: { new_account: boolean }[] }) => entry.reports.map((r) => r.new_account);

  it('reach the queue, marked, but do not hide the item; three established people still do', async () => {
    const author = await signInGuest(t.app);
    const thought = (await t.call(author, 'POST', '/api/thoughts', { content: 'Said on a bad day' })).body.data;
    // Three accounts made a click ago, one of them with a password set (it costs no more than a guest's), and one a
    // minute short of NEW_ACCOUNT_MS.
    const [fresh, withPassword] = [await signInGuest(t.app), await signInGuest(t.app)];
    const password = 'a long and quiet evening';
    expect((await t.call(withPassword, 'PUT', '/api/user/password', { password, password_confirmation: password })).status).toBe(204);
    const almost = await madeAgo(NEW_ACCOUNT_MS - 60_000, () => signInGuest(t.app));
    for (const g of [fresh, withPassword, almost]) expect((await reportAs(g, 'thought', thought.id)).status).toBe(201);
    expect(await shown(thought.id)).toBe(200);
    let entry = await openEntry('thought', thought.id);
    expect(entry).toMatchObject({ state: 'visible', reports_count: 3, new_account_reports: 3 });
    expect(reportsOf(entry)).toEqual([true, true, true]);

    expect(await reportedBy(2, 'thought', thought.id)).toEqual([201, 201]);
    expect(await shown(thought.id)).toBe(200);
    expect(await reportedBy(1, 'thought', thought.id)).toEqual([201]);
    expect(await shown(thought.id)).toBe(404);
    entry = await openEntry('thought', thought.id);
    expect(entry).toMatchObject({ state: 'hidden', reports_count: 6, new_account_reports: 3 });
    expect(reportsOf(entry)).toEqual([true, true, true, false, false, false]);
  });

  it("count at once from a moderator's account, however new", async () => {
    const author = await signInGuest(t.app);
    const thought = (await t.call(author, 'POST', '/api/thoughts', { content: 'Said on another bad day' })).body.data;
    expect(await reportedBy(2, 'thought', thought.id)).toEqual([201, 201]);
    expect((await reportAs(await makeModerator(), 'thought', thought.id)).status).toBe(201);
    expect(await shown(thought.id)).toBe(404);
    expect(await openEntry('thought', thought.id)).toMatchObject({ state: 'hidden', reports_count: 3, new_account_reports: 0 });
  });
});

describe('the queue keeps the text that was reported', () => {
  it('shows the reported words beside an edit the author made while the item was queued or hidden', async () => {
    const author = await signInGuest(t.app);
    const host = (await t.call(moderator, 'POST', '/api/posts', { content: long('Somewhere to answer') })).body.data;
    const post = (await t.call(author, 'POST', '/api/posts', { content: long('Reported post words') })).body.data;
    const mood = (await t.call(author, 'POST', '/api/user/store/moods', { content: 'Reported mood words', feeling_id: moodFeeling })).body
      .data;
    const comment = (await t.call(author, 'POST', '/api/comments', { post_id: host.id, content: 'Reported comment words' })).body.data;
    const thought = (await t.call(author, 'POST', '/api/thoughts', { content: 'Reported thought words' })).body.data;
    const cases: [Reportable, { id: number; content: string }, string, Record<string, unknown>][] = [
      ['post', post, `/api/posts/${post.id}`, { content: long('Edited post words') }],
      ['mood', mood, `/api/user/update/mood/${mood.id}`, { content: 'Edited mood words', feeling_id: moodFeeling }],
      ['comment', comment, `/api/comments/${comment.id}`, { content: 'Edited comment words' }],
      ['thought', thought, `/api/thoughts/${thought.id}`, { content: 'Edited thought words' }],
    ];
    for (const [target, item, path, edit] of cases) {
      // One report queues it; the edit comes while it waits, the next two reports hide it, then another edit.
      expect(await reportedBy(1, target, item.id)).toEqual([201]);
      expect((await openEntry(target, item.id)).queued_content).toBe(null);
      const method = target === 'mood' ? 'POST' : 'PUT';
      expect((await t.call(author, method, path, edit)).status).toBe(200);
      expect(await reportedBy(2, target, item.id)).toEqual([201, 201]);
      const again = { ...edit, content: `${edit.content} again` };
      expect((await t.call(author, method, path, again)).status).toBe(200);
      expect(await openEntry(target, item.id)).toMatchObject({ state: 'hidden', content: again.content, queued_content: item.content });
    }
  });

  it('keeps the words of an item its author deleted while queued, until a moderator closes the entry', async () => {
    const author = await signInGuest(t.app);
    const thought = (await t.call(author, 'POST', '/api/thoughts', { content: 'Words then deleted' })).body.data;
    expect(await reportedBy(1, 'thought', thought.id)).toEqual([201]);
    expect((await t.call(author, 'DELETE', `/api/thoughts/${thought.id}`)).status).toBe(204);
    const entry = await openEntry('thought', thought.id);
    expect(entry).toMatchObject({ state: 'removed', content: '', queued_content: 'Words then deleted' });
    expect((await t.call(moderator, 'POST', `/api/moderation/items/${entry.id}/action`, { action: 'remove', reason: 'spam' })).status).toBe(
      200,
    );
    const [closed] = await t.database.db.select().from(moderationItems).where(eq(moderationItems.id, entry.id));
    expect(closed).toMatchObject({ status: 'closed', content: null });
  });

  it('opens a new entry with the text as it is when reported again after a keep', async () => {
    const author = await signInGuest(t.app);
    const thought = (await t.call(author, 'POST', '/api/thoughts', { content: 'First words' })).body.data;
    expect(await reportedBy(1, 'thought', thought.id)).toEqual([201]);
    const first = await openEntry('thought', thought.id);
    expect((await t.call(moderator, 'POST', `/api/moderation/items/${first.id}/action`, { action: 'keep' })).status).toBe(200);
    expect((await t.call(author, 'PUT', `/api/thoughts/${thought.id}`, { content: 'Second words' })).status).toBe(200);
    expect(await reportedBy(1, 'thought', thought.id)).toEqual([201]);
    expect(await openEntry('thought', thought.id)).toMatchObject({ content: 'Second words', queued_content: null });
  });
});

describe('appeals', () => {
  it('lets the author appeal a removal once; the appeal returns to the queue and keep restores the item', async () => {
    const author = await signInGuest(t.app);
    const stranger = await signInGuest(t.app);
    const mood = (await t.call(author, 'POST', '/api/user/store/moods', { content: 'Removed mood', feeling_id: moodFeeling })).body.data;
    await reportedBy(1, 'mood', mood.id);
    const entry = await openEntry('mood', mood.id);
    await t.call(moderator, 'POST', `/api/moderation/items/${entry.id}/action`, { action: 'remove', reason: 'spam' });
    const removal = (await t.call(author, 'GET', '/api/get/user-violating')).body.data[0];
    expect(removal).toMatchObject({ type: 'mood', target_id: mood.id, appealed: false });

    expect((await t.call(stranger, 'POST', '/api/moderation/appeal', { removal_id: removal.id })).status).toBe(404);
    expect((await t.call(author, 'POST', '/api/moderation/appeal', { removal_id: 999_999 })).status).toBe(404);
    expect((await t.call(author, 'POST', '/api/moderation/appeal', { removal_id: removal.id, note: 'x'.repeat(1001) })).status).toBe(422);
    expect(
      await t.call(author, 'POST', '/api/moderation/appeal', { removal_id: removal.id, note: 'It was a joke between friends' }),
    ).toMatchObject({
      status: 201,
      body: { message: 'Your appeal was sent. A moderator will look at it again.' },
    });
    expect(await t.call(author, 'POST', '/api/moderation/appeal', { removal_id: removal.id })).toMatchObject({
      status: 422,
      body: { code: 'ALREADY_APPEALED' },
    });
    expect((await t.call(author, 'GET', '/api/get/user-violating')).body.data[0].appealed).toBe(true);

    const appealed = await openEntry('mood', mood.id);
    // Back with the report that led to the removal counted, as it is listed.
    expect(appealed).toMatchObject({
      appeal: true,
      queued_for: 'appeal',
      state: 'removed',
      appeal_note: 'It was a joke between friends',
      reports_count: 1,
    });
    // Denied: removed again, and no second appeal.
    await t.call(moderator, 'POST', `/api/moderation/items/${appealed.id}/action`, { action: 'remove', reason: 'spam' });
    const again = (await t.call(author, 'GET', '/api/get/user-violating')).body.data[0];
    expect(again.appealed).toBe(true);
    expect((await t.call(author, 'POST', '/api/moderation/appeal', { removal_id: again.id })).body.code).toBe('ALREADY_APPEALED');
  });

  it("says appealed only of the removals their author appealed, not of another person's", async () => {
    const appealing = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    const removeThought = async (g: Guest, content: string) => {
      const thought = (await t.call(g, 'POST', '/api/thoughts', { content })).body.data;
      await reportedBy(1, 'thought', thought.id);
      await t.call(moderator, 'POST', `/api/moderation/items/${(await openEntry('thought', thought.id)).id}/action`, {
        action: 'remove',
        reason: 'spam',
      });
      return (await t.call(g, 'GET', '/api/get/user-violating')).body.data[0];
    };
    const first = await removeThought(appealing, 'Removed and appealed');
    expect((await t.call(appealing, 'POST', '/api/moderation/appeal', { removal_id: first.id })).status).toBe(201);
    const second = await removeThought(other, 'Removed, not appealed');
    expect(second.appealed).toBe(false);
    expect((await t.call(appealing, 'GET', '/api/get/user-violating')).body.data.map((r: { appealed: boolean }) => r.appealed)).toEqual([
      true,
    ]);
  });

  it('restores an item whose appeal a moderator grants', async () => {
    const author = await signInGuest(t.app);
    const thought = (await t.call(author, 'POST', '/api/thoughts', { content: 'Wrongly removed' })).body.data;
    await reportedBy(1, 'thought', thought.id);
    await t.call(moderator, 'POST', `/api/moderation/items/${(await openEntry('thought', thought.id)).id}/action`, {
      action: 'remove',
      reason: 'other',
    });
    const removal = (await t.call(author, 'GET', '/api/get/user-violating')).body.data[0];
    expect((await t.call(author, 'POST', '/api/moderation/appeal', { removal_id: removal.id })).status).toBe(201);
    await t.call(moderator, 'POST', `/api/moderation/items/${(await openEntry('thought', thought.id)).id}/action`, { action: 'keep' });
    expect((await t.call(null, 'GET', `/api/thoughts/${thought.id}`)).status).toBe(200);
    expect((await t.call(author, 'GET', '/api/get/user-violating')).body.data).toEqual([]);
  });
});

describe("I'm worried about this person", () => {
  const noticesOf = (g: Guest) => t.call(g, 'GET', '/api/care-notices');

  it('sends the author a private care notice instead of counting toward the hide, never naming the reporter', async () => {
    const author = await signInGuest(t.app);
    const thought = (await t.call(author, 'POST', '/api/thoughts', { content: 'I cannot go on like this' })).body.data;
    const statuses = await reportedBy(3, 'thought', thought.id, 'worried');
    expect(statuses).toEqual([201, 201, 201]);
    expect((await t.call(null, 'GET', `/api/thoughts/${thought.id}`)).status).toBe(200);
    // One notice a day however many worry.
    const notices = (await noticesOf(author)).body.data;
    expect(notices).toEqual([{ id: notices[0].id, created_at: notices[0].created_at }]);
    const entry = await openEntry('thought', thought.id);
    expect(entry).toMatchObject({ crisis: true, queued_for: 'worried', reports_count: 0, state: 'visible' });

    expect((await t.call(await signInGuest(t.app), 'POST', `/api/care-notices/${notices[0].id}/dismiss`)).status).toBe(404);
    expect((await t.call(author, 'POST', `/api/care-notices/${notices[0].id}/dismiss`)).status).toBe(200);
    expect((await noticesOf(author)).body.data).toEqual([]);
  });

  it('limits a reporter to three notices a day, answering the fourth with the usual thanks', async () => {
    const reporter = await signInGuest(t.app);
    const authors = [];
    for (let i = 0; i < 4; i++) {
      const author = await signInGuest(t.app);
      const thought = (await t.call(author, 'POST', '/api/thoughts', { content: `Heavy day ${i}` })).body.data;
      const res = await reportAs(reporter, 'thought', thought.id, 'worried');
      expect(res).toMatchObject({ status: 201, body: { message: 'Thanks for reporting this thought' } });
      authors.push(author);
    }
    const counts = [];
    for (const a of authors) counts.push((await noticesOf(a)).body.data.length);
    expect(counts).toEqual([1, 1, 1, 0]);
    const stored = await t.database.db.select().from(careNotices).where(eq(careNotices.userId, authors[3].id));
    expect(stored).toEqual([]);
  });
});

describe('the queue updates live', () => {
  it('lets only moderators watch the queue and tells them of a new report', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const sockets: Socket[] = [];
    const open = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
        sockets.push(socket);
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', reject);
      });
    try {
      const member = await signInGuest(t.app);
      const modSocket = await open(moderator.token);
      const memberSocket = await open(member.token);
      expect(await modSocket.emitWithAck('moderation:watch')).toBe(true);
      expect(await memberSocket.emitWithAck('moderation:watch')).toBe(false);
      let memberHeard = 0;
      memberSocket.on('moderation:queue', () => memberHeard++);
      const heard = new Promise((resolve) => modSocket.once('moderation:queue', resolve));
      const thought = (await t.call(member, 'POST', '/api/thoughts', { content: 'Live' })).body.data;
      await reportAs(moderator, 'thought', thought.id);
      expect(await heard).toEqual({ change: 'queued' });
      // The member's socket is not in the room: a round trip on it later, it still heard nothing.
      expect(await memberSocket.emitWithAck('moderation:watch')).toBe(false);
      expect(memberHeard).toBe(0);
    } finally {
      for (const s of sockets) s.close();
    }
  });
});
