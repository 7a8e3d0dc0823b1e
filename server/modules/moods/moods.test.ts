import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';

let t: TestApp;
let moodFeelings: number[];
beforeAll(async () => {
  t = await createTestApp();
  moodFeelings = (await t.app.inject({ method: 'GET', url: '/api/feelings?type=mood' })).json().data.map((f: { id: number }) => f.id);
});
afterAll(() => t.close());

const call = (g: Guest | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: g?.auth ?? {}, payload: payload as Record<string, unknown> | undefined });

async function newMood(g: Guest, content = `Feeling a bit better today ${Math.random()}`, extra: Record<string, unknown> = {}) {
  const res = await call(g, 'POST', '/api/user/store/moods', { content, feeling_id: moodFeelings[0], ...extra });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; poll: { id: number; options: { id: number }[] } | null };
}

describe('editing and deleting moods', () => {
  it('lets the author edit and delete, with the SPEC messages; others get 403, anonymous 401', async () => {
    const author = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    const m = await newMood(author);
    const edit = await call(author, 'POST', `/api/user/update/mood/${m.id}`, { content: 'Calmer now', feeling_id: moodFeelings[1] });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ message: 'Mood Updated', data: { content: 'Calmer now', feeling: { id: moodFeelings[1] } } });
    expect((await call(other, 'POST', `/api/user/update/mood/${m.id}`, { content: 'x', feeling_id: moodFeelings[0] })).statusCode).toBe(
      403,
    );
    expect((await call(null, 'POST', `/api/user/update/mood/${m.id}`, { content: 'x', feeling_id: moodFeelings[0] })).statusCode).toBe(401);
    const tooLong = await call(author, 'POST', `/api/user/update/mood/${m.id}`, { content: 'a'.repeat(150), feeling_id: moodFeelings[0] });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toHaveProperty('content');
    const badFeeling = await call(author, 'POST', `/api/user/update/mood/${m.id}`, { content: 'ok', feeling_id: 999999 });
    expect(badFeeling.statusCode).toBe(422);

    expect((await call(other, 'DELETE', `/api/user/delete/mood/${m.id}`)).statusCode).toBe(403);
    const del = await call(author, 'DELETE', `/api/user/delete/mood/${m.id}`);
    expect(del.json()).toEqual({ message: 'Mood Deleted' });
    expect((await call(null, 'GET', `/api/user/show/mood/${m.id}`)).statusCode).toBe(404);
  });
});

describe('hiding and interactions', () => {
  it("hides a mood from the viewer's list and shows it again", async () => {
    const author = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const m = await newMood(author);
    expect((await call(reader, 'POST', '/api/user/hide/mood', { mood_id: m.id })).json()).toEqual({ is_hidden: true });
    const list = (await call(reader, 'GET', '/api/user/get/moods?per_page=50')).json();
    expect(list.data.some((x: { id: number }) => x.id === m.id)).toBe(false);
    expect((await call(reader, 'GET', `/api/user/show/mood/${m.id}`)).json().data.is_hidden).toBe(true);
    expect((await call(reader, 'POST', '/api/user/unhide/mood', { mood_id: m.id })).json()).toEqual({ is_hidden: false });
    expect((await call(reader, 'GET', '/api/user/get/moods?per_page=50')).json().meta.total).toBe(list.meta.total + 1);
    expect((await call(reader, 'POST', '/api/user/hide/mood', { mood_id: 999999 })).statusCode).toBe(404);
  });

  it('keeps one interaction per user, replacing the type, and counts them', async () => {
    const author = await signInGuest(t.app);
    const a = await signInGuest(t.app);
    const b = await signInGuest(t.app);
    const m = await newMood(author);
    expect((await call(a, 'POST', '/api/interactions', { mood_id: m.id, type: 'hug' })).json()).toEqual({
      interactions: { hug: 1, relate: 0, strength: 0, care: 0 },
      my_interaction: 'hug',
    });
    await call(b, 'POST', '/api/interactions', { mood_id: m.id, type: 'hug' });
    const moved = (await call(a, 'POST', '/api/interactions', { mood_id: m.id, type: 'care' })).json();
    expect(moved).toEqual({ interactions: { hug: 1, relate: 0, strength: 0, care: 1 }, my_interaction: 'care' });
    const same = (await call(a, 'POST', '/api/interactions', { mood_id: m.id, type: 'care' })).json();
    expect(same.interactions.care).toBe(1);
    expect((await call(a, 'GET', `/api/user/show/mood/${m.id}`)).json().data.my_interaction).toBe('care');
    expect((await call(a, 'POST', '/api/delete-interaction', { mood_id: m.id })).json()).toEqual({
      interactions: { hug: 1, relate: 0, strength: 0, care: 0 },
      my_interaction: null,
    });
    expect((await call(a, 'POST', '/api/interactions', { mood_id: m.id, type: 'love' })).statusCode).toBe(422);
    expect((await call(null, 'POST', '/api/interactions', { mood_id: m.id, type: 'hug' })).statusCode).toBe(401);
    expect((await call(a, 'POST', '/api/interactions', { mood_id: 999999, type: 'hug' })).statusCode).toBe(404);
  });
});

describe('polls', () => {
  it('counts one vote per user, moves it, removes it', async () => {
    const author = await signInGuest(t.app);
    const voter = await signInGuest(t.app);
    const m = await newMood(author, 'Tea or coffee tonight?', { poll: { options: ['Tea', 'Coffee', 'Neither'] } });
    const [tea, coffee] = m.poll?.options ?? [];
    const first = (await call(voter, 'POST', '/api/user/update/vote', { poll_option_id: tea.id })).json().data;
    expect(first).toMatchObject({ votes_count: 1, my_vote_option_id: tea.id });
    // A double click counts once.
    await Promise.all([1, 2, 3].map(() => call(voter, 'POST', '/api/user/update/vote', { poll_option_id: tea.id })));
    const moved = (await call(voter, 'POST', '/api/user/update/vote', { poll_option_id: coffee.id })).json().data;
    expect(moved.votes_count).toBe(1);
    expect(moved.options.map((o: { votes_count: number }) => o.votes_count)).toEqual([0, 1, 0]);
    expect(moved.my_vote_option_id).toBe(coffee.id);
    const removed = (await call(voter, 'POST', '/api/user/remove/vote', { poll_id: moved.id })).json().data;
    expect(removed).toMatchObject({ votes_count: 0, my_vote_option_id: null });
    expect((await call(voter, 'POST', '/api/user/update/vote', { poll_option_id: 999999 })).statusCode).toBe(404);
    expect((await call(voter, 'POST', '/api/user/remove/vote', { poll_id: 999999 })).statusCode).toBe(404);
    expect((await call(null, 'POST', '/api/user/update/vote', { poll_option_id: tea.id })).statusCode).toBe(401);
  });

  it('refuses a poll with an empty option', async () => {
    const g = await signInGuest(t.app);
    const res = await call(g, 'POST', '/api/user/store/moods', {
      content: 'Which one?',
      feeling_id: moodFeelings[0],
      poll: { options: ['A', '  '] },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain('poll.options.1');
  });
});

describe('reports', () => {
  it('thanks the reporter once per mood, with translated report types', async () => {
    const author = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const m = await newMood(author);
    const types = (await t.app.inject({ method: 'GET', url: '/api/report-types', headers: { 'x-locale': 'es' } })).json().data;
    expect(types.length).toBeGreaterThanOrEqual(5);
    expect(types[0].name).not.toBe('Spam or advertising');
    const res = await call(reader, 'POST', '/api/user/store/report/mood', {
      mood_id: m.id,
      report_type_id: types[0].id,
      note: 'Looks like an ad',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Thanks for reporting this mood',
      description:
        'We appreciate your help in keeping our community safe. Our team will review this mood based on our Community Guidelines.',
    });
    const again = await call(reader, 'POST', '/api/user/store/report/mood', { mood_id: m.id, report_type_id: types[0].id });
    expect(again.statusCode).toBe(422);
    expect((await call(reader, 'POST', '/api/user/store/report/mood', { mood_id: m.id, report_type_id: 999 })).statusCode).toBe(422);
    expect((await call(reader, 'POST', '/api/user/store/report/mood', { mood_id: 999999, report_type_id: types[0].id })).statusCode).toBe(
      404,
    );
  });
});
