import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newThought(g: Guest, content = `Small steps still count ${Math.random().toString(36).slice(2, 6)}`) {
  const res = await t.call(g, 'POST', '/api/thoughts', { content });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; content: string };
}

describe('thoughts', () => {
  it('writes, lists, shows, edits and deletes, for the author only', async () => {
    const author = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    const th = await newThought(author, 'Rest is not a reward, it is a need.');
    expect((await t.call(null, 'GET', `/api/thoughts/${th.id}`)).body.data).toMatchObject({
      id: th.id,
      slug: String(th.id),
      is_mine: false,
      my_reaction: null,
    });
    const list = (await t.call(null, 'GET', '/api/thoughts')).body;
    expect(list.data[0].id).toBe(th.id);
    expect(list.meta.total).toBe(1);

    expect(await t.call(other, 'PUT', `/api/thoughts/${th.id}`, { content: 'Mine now' })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect(await t.call(null, 'PUT', `/api/thoughts/${th.id}`, { content: 'Mine now' })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
    const edited = await t.call(author, 'PUT', `/api/thoughts/${th.id}`, { content: 'Rest is a need, not a reward.' });
    expect(edited.body.data.content).toBe('Rest is a need, not a reward.');
    expect(await t.call(author, 'PUT', `/api/thoughts/${th.id}`, { content: 'x'.repeat(501) })).toMatchObject({
      status: 422,
      body: { code: 'VALIDATION' },
    });
    expect(await t.call(author, 'POST', '/api/thoughts', { content: '   ' })).toMatchObject({ status: 422, body: { code: 'VALIDATION' } });

    expect(await t.call(other, 'DELETE', `/api/thoughts/${th.id}`)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await t.call(author, 'DELETE', `/api/thoughts/${th.id}`)).status).toBe(204);
    expect(await t.call(null, 'GET', `/api/thoughts/${th.id}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await t.call(null, 'GET', `/api/check-thought-url?id=${th.id}`)).body).toEqual({ exists: false });
    expect(await t.call(author, 'DELETE', `/api/thoughts/${th.id}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('keeps one reaction per reader: same type again removes it, another replaces it', async () => {
    const author = await signInGuest(t.app);
    const [a, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    const th = await newThought(author);
    const react = (g: Guest, type: string) => t.call(g, 'POST', '/api/thoughts-reaction', { thought_id: th.id, type });
    expect((await react(a, 'love')).body).toEqual({ reactions: { love: 1, insightful: 0, relate: 0, hope: 0 }, my_reaction: 'love' });
    await react(b, 'love');
    expect((await react(a, 'hope')).body).toEqual({ reactions: { love: 1, insightful: 0, relate: 0, hope: 1 }, my_reaction: 'hope' });
    expect((await react(a, 'hope')).body).toEqual({ reactions: { love: 1, insightful: 0, relate: 0, hope: 0 }, my_reaction: null });
    expect((await t.call(b, 'GET', `/api/thoughts/${th.id}`)).body.data.my_reaction).toBe('love');
    expect((await react(a, 'angry')).status).toBe(422);
    expect(await t.call(null, 'POST', '/api/thoughts-reaction', { thought_id: th.id, type: 'love' })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
    expect(await t.call(a, 'POST', '/api/thoughts-reaction', { thought_id: 999999, type: 'love' })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
  });

  it('lists popular thoughts, top contributors, related thoughts and JSON-LD', async () => {
    const prolific = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const ths = [];
    for (let i = 0; i < 3; i++) ths.push(await newThought(prolific, `Gratitude note number ${i} for a quiet morning`));
    await t.call(reader, 'POST', '/api/thoughts-reaction', { thought_id: ths[1].id, type: 'insightful' });
    const popular = (await t.call(null, 'GET', '/api/thoughts/popular')).body.data.map((x: { id: number }) => x.id);
    expect(popular[0]).toBe(ths[1].id);
    const top = (await t.call(null, 'GET', '/api/thoughts/top/contributers')).body.data;
    expect(top[0]).toMatchObject({ user: { id: prolific.id }, thoughts_count: 3 });
    const related = (await t.call(null, 'GET', `/api/relatedThoughts?thought_id=${ths[0].id}`)).body.data.map((x: { id: number }) => x.id);
    expect(related).toContain(ths[1].id);
    expect(related).not.toContain(ths[0].id);
    expect(await t.call(null, 'GET', '/api/relatedThoughts?thought_id=999999')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await t.call(null, 'GET', `/api/check-thought-url?id=${ths[0].id}`)).body).toEqual({ exists: true });
    expect((await t.call(null, 'GET', `/api/schema/thought/${ths[0].id}`)).body).toMatchObject({ '@type': 'SocialMediaPosting' });
  });
});
