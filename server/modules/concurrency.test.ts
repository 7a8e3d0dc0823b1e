/**
 * The writes a per-user advisory lock serialises (posts/write.ts, polls/service.ts), raced for real
 * (tests/helpers/race.ts). PGlite cannot interleave two transactions, so there these would pass with or
 * without the lock: they run in the postgres project only, which CI always runs (vitest.config.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTS_PER_DAY } from '../../core/limits.ts';
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
