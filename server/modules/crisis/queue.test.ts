import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema.ts';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';

// Issue 14: a write the crisis detector matches is queued for a moderator with crisis priority, and stays visible.
let t: TestApp;
let moderator: Guest;
let moodFeeling: number;

beforeAll(async () => {
  t = await createTestApp();
  moodFeeling = (await t.call(null, 'GET', '/api/feelings?type=mood')).body.data[0].id;
  moderator = await signInGuest(t.app);
  await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
});
afterAll(() => t.close());

const long = (words: string) => `${words} ${'and the evening is long, quiet and slow. '.repeat(5)}`.trim();

type Entry = { target: string; target_id: number; crisis: boolean; queued_for: string | null };
const queue = async (): Promise<Entry[]> => (await t.call(moderator, 'GET', '/api/moderation/queue?per_page=50')).body.data;

describe('the crisis detector queues a write for a moderator', () => {
  it('queues a post, a mood, a comment and an edit with crisis priority, ahead of reported items; never hides them', async () => {
    const en = await signInGuest(t.app);
    const ar = await signInGuest(t.app, 'ar');
    const ja = await signInGuest(t.app, 'ja');
    const other = await signInGuest(t.app);

    // An ordinary post, reported, sits in the queue too: crisis entries come before it.
    const plain = (await t.call(other, 'POST', '/api/posts', { content: long('A plain evening') })).body.data;
    const types = (await t.call(other, 'GET', '/api/report-types')).body.data as { id: number }[];
    expect((await t.call(en, 'POST', '/api/reports', { post_id: plain.id, report_type_id: types[0].id })).status).toBe(201);

    const post = (await t.call(en, 'POST', '/api/posts', { content: long('I keep thinking I want to end my life') })).body.data;
    const mood = (await t.call(ar, 'POST', '/api/user/store/moods', { content: 'صرت أفكر إني أقتل نفسي', feeling_id: moodFeeling })).body
      .data;
    const comment = (await t.call(ja, 'POST', '/api/comments', { post_id: plain.id, content: '最近ずっと死にたいと思ってる' })).body.data;
    const sad = (await t.call(other, 'POST', '/api/posts', { content: long('I had a bad day and feel sad') })).body.data;
    const edited = (await t.call(other, 'POST', '/api/posts', { content: long('Nothing much happened today') })).body.data;
    expect((await t.call(other, 'PUT', `/api/posts/${edited.id}`, { content: long('I want to end my life tonight') })).status).toBe(200);

    const entries = await queue();
    const find = (target: string, id: number) => entries.find((e) => e.target === target && e.target_id === id);
    for (const [target, id] of [
      ['post', post.id],
      ['mood', mood.id],
      ['comment', comment.id],
      ['post', edited.id],
    ] as const) {
      expect(find(target, id), `${target} ${id}`).toMatchObject({ crisis: true, queued_for: 'crisis' });
    }
    expect(find('post', sad.id)).toBeUndefined();
    // Crisis first, the newest first among them (decision 077), then the reported post: the exact order of what
    // this test queued.
    expect(entries.map((e) => [e.target, e.target_id, e.crisis])).toEqual([
      ['post', edited.id, true],
      ['comment', comment.id, true],
      ['mood', mood.id, true],
      ['post', post.id, true],
      ['post', plain.id, false],
    ]);

    // Never hidden: the post is in the public feed and readable by anyone.
    const feed = (await t.call(null, 'GET', '/api/posts?per_page=50')).body.data as { id: number; under_review?: boolean }[];
    expect(feed.map((p) => p.id)).toContain(post.id);
    const read = await t.call(null, 'GET', `/api/posts/${post.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.under_review).toBeUndefined();
  });

  it('queues a message in Latin letters in any of their languages, written from the English pages (decision 079)', async () => {
    // Too short to detect its language: filed under the writer's English, and checked in every Latin-script list.
    const writer = await signInGuest(t.app);
    const plain = (await t.call(writer, 'POST', '/api/posts', { content: long('A quiet walk by the river') })).body.data;
    const spanish = (await t.call(writer, 'POST', '/api/comments', { post_id: plain.id, content: 'quiero morir, ya no aguanto más' })).body
      .data;
    const hinglish = (await t.call(writer, 'POST', '/api/comments', { post_id: plain.id, content: 'yaar main marna chahta hoon' })).body
      .data;
    const sad = (await t.call(writer, 'POST', '/api/comments', { post_id: plain.id, content: 'Estoy triste porque se fue mi perro' })).body
      .data;
    const entries = await queue();
    const find = (id: number) => entries.find((e) => e.target === 'comment' && e.target_id === id);
    expect(find(spanish.id)).toMatchObject({ crisis: true, queued_for: 'crisis' });
    expect(find(hinglish.id)).toMatchObject({ crisis: true, queued_for: 'crisis' });
    expect(find(sad.id)).toBeUndefined();
  });
});
