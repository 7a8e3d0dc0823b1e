/**
 * The writes a per-user advisory lock serialises (posts/write.ts, writes/service.ts, polls/service.ts), raced for real
 * (tests/helpers/race.ts). PGlite cannot interleave two transactions, so there these would pass with or
 * without the lock: they run in the postgres project only, which CI always runs (vitest.config.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTS_PER_DAY, WRITE_LIMITS } from '../../core/limits.ts';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../tests/helpers/app.ts';
import { race } from '../../tests/helpers/race.ts';

const long = (seed: string) => `${seed} ${'and the evenings are the hardest part of it, every single one. '.repeat(3)}`.trim();
const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

describe('racing writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (g: Guest, content: string) => t.call(g, 'POST', '/api/posts', { content });

  it('lets through exactly as many concurrent posts as the daily limit leaves', async () => {
    const g = await signInGuest(t.app);
    for (let i = 0; i < POSTS_PER_DAY - 2; i++) expect((await post(g, long(`Before ${i}`))).status).toBe(201);
    const results = await race(
      t,
      'posts',
      [0, 1, 2, 3, 4].map((i) => () => post(g, long(`Racing ${i}`))),
    );
    expect(statuses(results)).toEqual([201, 201, 429, 429, 429]);
    expect((await t.call(g, 'GET', `/api/posts?per_page=20`)).body.meta.total).toBe(POSTS_PER_DAY);
  });

  for (const kind of ['topic', 'mood', 'thought', 'comment', 'report'] as const) {
    it(`lets through exactly as many concurrent ${kind}s as the writing limit leaves`, async () => {
      const g = await signInGuest(t.app);
      const author = await signInGuest(t.app);
      const postId = (await post(author, long('Somewhere to comment'))).body.data.id;
      const refs = {
        category_id: (await t.call(null, 'GET', '/api/categories')).body.data[0].id,
        cover_id: (await t.call(null, 'GET', '/api/topic-covers')).body.data[0].id,
      };
      const feeling_id = (await t.call(null, 'GET', '/api/feelings?type=mood')).body.data[0].id;
      const { max } = WRITE_LIMITS[kind];
      // Each report is of another comment: the first max - 2 of them, then the five raced.
      const reported: number[] = [];
      if (kind === 'report')
        for (let i = 0; i < max + 3; i++)
          reported.push((await t.call(author, 'POST', '/api/comments', { post_id: postId, content: `Reported ${i}` })).body.data.id);
      const reportType = (await t.call(g, 'GET', '/api/report-types')).body.data[0].id;
      const send = (i: number) => {
        if (kind === 'report')
          return t.call(g, 'POST', '/api/report-comment', {
            comment_id: reported[i < 100 ? i : max - 2 + (i - 100)],
            report_type_id: reportType,
          });
        if (kind === 'topic')
          return t.call(g, 'POST', '/api/topics', { title: `Night shifts ${i}`, description: 'Talking it through.', ...refs });
        if (kind === 'mood') return t.call(g, 'POST', '/api/user/store/moods', { content: `Heavy but here ${i}`, feeling_id });
        if (kind === 'thought') return t.call(g, 'POST', '/api/thoughts', { content: `One breath at a time ${i}` });
        return t.call(g, 'POST', '/api/comments', { post_id: postId, content: `With you ${i}` });
      };
      for (let i = 0; i < max - 2; i++) expect((await send(i)).status).toBe(201);
      const results = await race(
        t,
        'writes',
        [0, 1, 2, 3, 4].map((i) => () => send(100 + i)),
      );
      expect(statuses(results)).toEqual([201, 201, 429, 429, 429]);
    });
  }

  it('lets one of several concurrent identical posts through', async () => {
    const g = await signInGuest(t.app);
    const content = long('Twin');
    const results = await race(
      t,
      'posts',
      [0, 1, 2, 3].map(() => () => post(g, content)),
    );
    expect(statuses(results)).toEqual([201, 422, 422, 422]);
  });

  it('moves a vote once however many moves race, keeping every count right', async () => {
    const author = await signInGuest(t.app);
    const voter = await signInGuest(t.app);
    const created = await t.call(author, 'POST', '/api/user/store/moods', {
      content: 'Tea or coffee tonight?',
      feeling_id: (await t.call(null, 'GET', '/api/feelings?type=mood')).body.data[0].id,
      poll: { options: ['Tea', 'Coffee', 'Neither'] },
    });
    expect(created.status).toBe(201);
    const mood = created.body.data as { id: number; poll: { options: { id: number }[] } };
    const [tea, coffee, neither] = mood.poll.options;
    expect((await t.call(voter, 'POST', '/api/user/update/vote', { poll_option_id: tea.id })).status).toBe(200);

    const results = await race(
      t,
      'poll_votes',
      [coffee, neither, coffee, neither].map(
        (option) => () => t.call(voter, 'POST', '/api/user/update/vote', { poll_option_id: option.id }),
      ),
    );
    expect(statuses(results)).toEqual([200, 200, 200, 200]);
    const poll = (await t.call(voter, 'GET', `/api/user/show/mood/${mood.id}`)).body.data.poll;
    const mine = poll.my_vote_option_id;
    expect([coffee.id, neither.id]).toContain(mine);
    expect(poll.votes_count).toBe(1);
    expect(poll.options.map((o: { votes_count: number }) => o.votes_count)).toEqual([
      0,
      mine === coffee.id ? 1 : 0,
      mine === neither.id ? 1 : 0,
    ]);
  });
});
