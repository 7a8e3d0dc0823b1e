import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moodMax } from '../../../core/limits.ts';
import { moods, polls, posts } from '../../../db/schema.ts';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';

let t: TestApp;
let moodFeelings: number[];
beforeAll(async () => {
  t = await createTestApp();
  moodFeelings = (await t.call(null, 'GET', '/api/feelings?type=mood')).body.data.map((f: { id: number }) => f.id);
});
afterAll(() => t.close());

async function newMood(g: Guest, content = `Feeling a bit better today ${Math.random()}`, extra: Record<string, unknown> = {}) {
  const res = await t.call(g, 'POST', '/api/user/store/moods', { content, feeling_id: moodFeelings[0], ...extra });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; poll: { id: number; options: { id: number }[] } | null };
}

describe('editing and deleting moods', () => {
  it('lets the author edit and delete, with the SPEC messages; others get 403, anonymous 401', async () => {
    const author = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    const m = await newMood(author);
    const edit = await t.call(author, 'POST', `/api/user/update/mood/${m.id}`, { content: 'Calmer now', feeling_id: moodFeelings[1] });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ message: 'Mood Updated', data: { content: 'Calmer now', feeling: { id: moodFeelings[1] } } });
    expect(await t.call(other, 'POST', `/api/user/update/mood/${m.id}`, { content: 'x', feeling_id: moodFeelings[0] })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect(await t.call(null, 'POST', `/api/user/update/mood/${m.id}`, { content: 'x', feeling_id: moodFeelings[0] })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
    const tooLong = await t.call(author, 'POST', `/api/user/update/mood/${m.id}`, {
      content: 'a'.repeat(150),
      feeling_id: moodFeelings[0],
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.code).toBe('VALIDATION');
    expect(tooLong.body.errors).toHaveProperty('content');
    const badFeeling = await t.call(author, 'POST', `/api/user/update/mood/${m.id}`, { content: 'ok', feeling_id: 999999 });
    expect(badFeeling.status).toBe(422);
    expect(badFeeling.body.code).toBe('VALIDATION');

    expect(await t.call(other, 'DELETE', `/api/user/delete/mood/${m.id}`)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    const del = await t.call(author, 'DELETE', `/api/user/delete/mood/${m.id}`);
    expect(del.body).toEqual({ message: 'Mood Deleted' });
    expect(await t.call(null, 'GET', `/api/user/show/mood/${m.id}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });
});

describe('the mood and post boundary (core/limits.ts moodMax)', () => {
  // Counted as a reader sees characters: an emoji, a family emoji of five code points and a CJK character are one each.
  it.each([
    ['latin', 'a'],
    ['emoji', '😌'],
    ['zwj emoji', '👨‍👩‍👧'],
    ['cjk', '静'],
  ])('keeps %s text of 149 characters as a mood and moves 150 to the feed; a post keeps 150 in Moods', async (_, unit) => {
    const g = await signInGuest(t.app);
    // One character of the length differs per text, so no two are the same text (the duplicate rule).
    const text = (length: number, tail: string) => unit.repeat(length - 1) + tail;
    const writeMood = (content: string) => t.call(g, 'POST', '/api/user/store/moods', { content, feeling_id: moodFeelings[0] });
    const writePost = (content: string) => t.call(g, 'POST', '/api/posts', { content });

    const kept = await writeMood(text(moodMax('mood'), '1'));
    expect(kept.status).toBe(201);
    expect(kept.body.placed_as).toBeUndefined();
    expect([...new Intl.Segmenter().segment(kept.body.data.content)]).toHaveLength(149);
    expect((await writeMood(text(moodMax('mood') + 1, '2'))).body.placed_as).toBe('post');
    expect((await writePost(text(moodMax('post'), '3'))).body.placed_as).toBe('mood');
    const feed = await writePost(text(moodMax('post') + 1, '4'));
    expect(feed.status).toBe(201);
    expect(feed.body.placed_as).toBeUndefined();

    // An edit keeps a mood a mood: 149 is taken, 150 refused with the same number.
    const edit = (content: string) =>
      t.call(g, 'POST', `/api/user/update/mood/${kept.body.data.id}`, { content, feeling_id: moodFeelings[0] });
    expect((await edit(text(149, '5'))).status).toBe(200);
    const refused = await edit(text(150, '6'));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ content: ['Must be at most 149 characters.'] });
  });
});

describe('hiding and interactions', () => {
  it("hides a mood from the viewer's list and shows it again", async () => {
    const author = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const m = await newMood(author);
    expect((await t.call(reader, 'POST', '/api/user/hide/mood', { mood_id: m.id })).body).toEqual({ is_hidden: true });
    const list = (await t.call(reader, 'GET', '/api/user/get/moods?per_page=50')).body;
    expect(list.data.some((x: { id: number }) => x.id === m.id)).toBe(false);
    expect((await t.call(reader, 'GET', `/api/user/show/mood/${m.id}`)).body.data.is_hidden).toBe(true);
    expect((await t.call(reader, 'POST', '/api/user/unhide/mood', { mood_id: m.id })).body).toEqual({ is_hidden: false });
    expect((await t.call(reader, 'GET', '/api/user/get/moods?per_page=50')).body.meta.total).toBe(list.meta.total + 1);
    expect(await t.call(reader, 'POST', '/api/user/hide/mood', { mood_id: 999999 })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
  });

  it('lists the moods a person hid, their own only, last hidden first, paged (decision 066)', async () => {
    const author = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    const first = await newMood(author);
    const second = await newMood(author);
    await t.call(reader, 'POST', '/api/user/hide/mood', { mood_id: first.id });
    await t.call(reader, 'POST', '/api/user/hide/mood', { mood_id: second.id });
    const ids = (body: { data?: { id: number }[] }) => (body.data ?? []).map((x) => x.id);

    const all = await t.call(reader, 'GET', '/api/user/get/hidden-moods');
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([second.id, first.id]);
    expect(all.body.data.map((x: { is_hidden: boolean }) => x.is_hidden)).toEqual([true, true]);
    expect(all.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 2 });
    const page2 = (await t.call(reader, 'GET', '/api/user/get/hidden-moods?per_page=1&page=2')).body;
    expect(ids(page2)).toEqual([first.id]);
    expect(page2.links).toEqual({ next: null, prev: '/api/user/get/hidden-moods?page=1&per_page=1' });
    expect((await t.call(other, 'GET', '/api/user/get/hidden-moods')).body).toMatchObject({ data: [], meta: { total: 0 } });

    await t.call(reader, 'POST', '/api/user/unhide/mood', { mood_id: second.id });
    expect(ids((await t.call(reader, 'GET', '/api/user/get/hidden-moods')).body)).toEqual([first.id]);
    // Across a block the mood is out of reach, as on every other read.
    await t.call(reader, 'POST', '/api/blocks', { user_id: author.id });
    expect((await t.call(reader, 'GET', '/api/user/get/hidden-moods')).body).toMatchObject({ data: [], meta: { total: 0 } });

    expect(await t.call(null, 'GET', '/api/user/get/hidden-moods')).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect(await t.call(reader, 'GET', '/api/user/get/hidden-moods?per_page=51')).toMatchObject({
      status: 422,
      body: { code: 'VALIDATION' },
    });
  });

  it('keeps one interaction per user, replacing the type, and counts them', async () => {
    const author = await signInGuest(t.app);
    const a = await signInGuest(t.app);
    const b = await signInGuest(t.app);
    const m = await newMood(author);
    expect((await t.call(a, 'POST', '/api/interactions', { mood_id: m.id, type: 'hug' })).body).toEqual({
      interactions: { hug: 1, relate: 0, strength: 0, care: 0 },
      my_interaction: 'hug',
    });
    await t.call(b, 'POST', '/api/interactions', { mood_id: m.id, type: 'hug' });
    const moved = (await t.call(a, 'POST', '/api/interactions', { mood_id: m.id, type: 'care' })).body;
    expect(moved).toEqual({ interactions: { hug: 1, relate: 0, strength: 0, care: 1 }, my_interaction: 'care' });
    const same = (await t.call(a, 'POST', '/api/interactions', { mood_id: m.id, type: 'care' })).body;
    expect(same.interactions.care).toBe(1);
    expect((await t.call(a, 'GET', `/api/user/show/mood/${m.id}`)).body.data.my_interaction).toBe('care');
    expect((await t.call(a, 'POST', '/api/delete-interaction', { mood_id: m.id })).body).toEqual({
      interactions: { hug: 1, relate: 0, strength: 0, care: 0 },
      my_interaction: null,
    });
    expect(await t.call(a, 'POST', '/api/interactions', { mood_id: m.id, type: 'love' })).toMatchObject({
      status: 422,
      body: { code: 'VALIDATION' },
    });
    expect(await t.call(null, 'POST', '/api/interactions', { mood_id: m.id, type: 'hug' })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
    expect(await t.call(a, 'POST', '/api/interactions', { mood_id: 999999, type: 'hug' })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
  });
});

describe('polls', () => {
  it('counts one vote per user, moves it, removes it', async () => {
    const author = await signInGuest(t.app);
    const voter = await signInGuest(t.app);
    const m = await newMood(author, 'Tea or coffee tonight?', { poll: { options: ['Tea', 'Coffee', 'Neither'] } });
    const [tea, coffee] = m.poll?.options ?? [];
    const first = (await t.call(voter, 'POST', '/api/user/update/vote', { poll_option_id: tea.id })).body.data;
    expect(first).toMatchObject({ votes_count: 1, my_vote_option_id: tea.id });
    // Votes that race are in concurrency.test.ts, where they can.
    expect((await t.call(voter, 'POST', '/api/user/update/vote', { poll_option_id: tea.id })).body.data.votes_count).toBe(1);
    const moved = (await t.call(voter, 'POST', '/api/user/update/vote', { poll_option_id: coffee.id })).body.data;
    expect(moved.votes_count).toBe(1);
    expect(moved.options.map((o: { votes_count: number }) => o.votes_count)).toEqual([0, 1, 0]);
    expect(moved.my_vote_option_id).toBe(coffee.id);
    const removed = (await t.call(voter, 'POST', '/api/user/remove/vote', { poll_id: moved.id })).body.data;
    expect(removed).toMatchObject({ votes_count: 0, my_vote_option_id: null });
    expect(await t.call(voter, 'POST', '/api/user/update/vote', { poll_option_id: 999999 })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect(await t.call(voter, 'POST', '/api/user/remove/vote', { poll_id: 999999 })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect(await t.call(null, 'POST', '/api/user/update/vote', { poll_option_id: tea.id })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
  });

  it('refuses a poll with an empty option', async () => {
    const g = await signInGuest(t.app);
    const res = await t.call(g, 'POST', '/api/user/store/moods', {
      content: 'Which one?',
      feeling_id: moodFeelings[0],
      poll: { options: ['A', '  '] },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION');
    expect(Object.keys(res.body.errors ?? {})).toContain('poll.options.1');
  });

  it('refuses a poll on a mood or a post whose options repeat one another, at the repeated option, storing nothing', async () => {
    const g = await signInGuest(t.app);
    const stored = async () => ({
      moods: await t.database.db.$count(moods, eq(moods.userId, g.id)),
      posts: await t.database.db.$count(posts, eq(posts.userId, g.id)),
      polls: await t.database.db.$count(polls),
    });
    const before = await stored();
    // The same after trimming, case and width: two such buttons would split one choice's votes.
    const mood = await t.call(
      g,
      'POST',
      '/api/user/store/moods',
      { content: 'Что поможет?', feeling_id: moodFeelings[0], poll: { options: ['Кофе', 'Прогулка', ' КОФЕ '] } },
      { headers: { 'x-locale': 'ru' } },
    );
    expect(mood.status).toBe(422);
    expect(mood.body).toMatchObject({ code: 'VALIDATION', errors: { 'poll.options.2': ['Этот вариант уже есть в опросе.'] } });
    expect(Object.keys(mood.body.errors ?? {})).toEqual(['poll.options.2']);
    const post = await t.call(g, 'POST', '/api/posts', {
      content: `Which of these helps you most on a hard evening? ${'a'.repeat(160)}`,
      poll: { question: 'Which helps?', options: ['Walking', 'Ｔalking', 'talking', 'Sleep', 'walking'] },
    });
    expect(post.status).toBe(422);
    expect(post.body).toMatchObject({ code: 'VALIDATION' });
    expect(post.body.errors).toEqual({
      'poll.options.2': ['This option is already in the poll.'],
      'poll.options.4': ['This option is already in the poll.'],
    });
    expect(await stored()).toEqual(before);
  });
});

describe('reports', () => {
  it('thanks the reporter once per mood, with translated report types', async () => {
    const author = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const m = await newMood(author);
    const types = (await t.call(null, 'GET', '/api/report-types', undefined, { headers: { 'x-locale': 'es' } })).body.data;
    expect(types.length).toBeGreaterThanOrEqual(5);
    expect(types[0].name).toBe('Spam o publicidad');
    const res = await t.call(reader, 'POST', '/api/user/store/report/mood', {
      mood_id: m.id,
      report_type_id: types[0].id,
      note: 'Looks like an ad',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Thanks for reporting this mood',
      description:
        'We appreciate your help in keeping our community safe. Our team will review this mood based on our Community Guidelines.',
    });
    const again = await t.call(reader, 'POST', '/api/user/store/report/mood', { mood_id: m.id, report_type_id: types[0].id });
    expect(again.status).toBe(422);
    expect(await t.call(reader, 'POST', '/api/user/store/report/mood', { mood_id: m.id, report_type_id: 999 })).toMatchObject({
      status: 422,
      body: { code: 'VALIDATION' },
    });
    expect((await t.call(reader, 'POST', '/api/user/store/report/mood', { mood_id: 999999, report_type_id: types[0].id })).status).toBe(
      404,
    );
  });
});
